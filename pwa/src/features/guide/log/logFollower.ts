/**
 * The one follower of the game's log per page: keeps the picked file's handle
 * (IndexedDB), asks for read permission again on a later visit, and while
 * anything shows what the log tells (a guide, the tracker's level) looks at the
 * file at most once a second, reading only what was appended (followFile).
 * Guides and the tracker subscribe to its snapshot (useFollowedLog).
 */
import type { Area } from "@workers/guide/types";
import { loadCampaign } from "../../../data/gameData";
import type { GameLogRow } from "../../../data/guideProgress";
import { followFile, type FollowState } from "./follow";
import { canFollowLog, pickLogFile, readPermission } from "./logFile";
import { loadGameLog, pickedRow, saveGameLog } from "./logStore";

/** At most one look a second: a size check, and a read only when the size changed. */
export const POLL_MS = 1000;

/**
 * A read of the file can fail because the game appended to it after the look took it (the browser
 * checks the file's modification time): looks in a row that may fail so before the player is told.
 */
export const STALE_READS_TRIED = 3;

export type LogPhase = "unsupported" | "loading" | "idle" | "needs-permission" | "following" | "error";

export interface LogSnapshot {
  phase: LogPhase;
  fileName: string | null;
  /** What the log told so far (also after the player stopped following). */
  state: FollowState | null;
  /** Why following stopped, for the player. */
  message: string | null;
}

type Row = Omit<GameLogRow, "key" | "savedAt">;

function describe(e: unknown): { phase: LogPhase; message: string } {
  const name = e instanceof DOMException ? e.name : "";
  if (name === "NotAllowedError" || name === "SecurityError")
    return { phase: "needs-permission", message: "The browser no longer lets Waypoint read the log." };
  if (name === "NotFoundError" || name === "NotReadableError")
    return { phase: "error", message: "The log file is gone from where it was picked (moved or deleted). Pick Client.txt again." };
  return { phase: "error", message: `Could not read the log: ${e instanceof Error ? e.message : String(e)}` };
}

export class GameLogFollower {
  private snapshot: LogSnapshot = { phase: "loading", fileName: null, state: null, message: null };
  private readonly listeners = new Set<() => void>();
  private row: Row | null = null;
  private areas: Record<string, Area> | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private lastSize = -1;
  private init: Promise<void> | null = null;
  private areasLoading: Promise<void> | null = null;
  private staleReads = 0;

  /** `loadAreas`: the campaign facts (area ids to acts) when no guide brings them. */
  constructor(private readonly loadAreas: () => Promise<Record<string, Area>> = async () => (await loadCampaign()).areas) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    if (this.listeners.size === 1 && this.snapshot.phase === "following") this.schedule(0);
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.cancel();
    };
  };

  getSnapshot = (): LogSnapshot => this.snapshot;

  /**
   * Restores the kept handle and follows it when the browser still lets us read it. Reading needs the
   * campaign facts (area ids to acts): a guide brings its own; others (the tracker's level, with no guide
   * on screen) start it without them and the follower loads them itself (the same cached game data).
   */
  start(areas?: Record<string, Area>): void {
    if (areas) this.useAreas(areas);
    else if (!this.areas)
      this.areasLoading ??= this.loadAreas().then(
        (loaded) => this.useAreas(loaded),
        (e: unknown) => {
          this.areasLoading = null; // the next start tries again
          console.warn("game log: could not load the campaign's areas", e);
        },
      );
    this.init ??= this.restore();
  }

  private useAreas(areas: Record<string, Area>): void {
    if (this.areas) return;
    this.areas = areas;
    if (this.snapshot.phase === "following") this.schedule(0);
  }

  /** "Follow the game": the player picks Client.txt. */
  async pick(): Promise<void> {
    await this.init;
    const handle = await pickLogFile().catch((e: unknown) => {
      this.emit({ ...describe(e) });
      return null;
    });
    if (!handle) return;
    this.row = pickedRow(handle, await loadGameLog().catch(() => null));
    this.lastSize = -1;
    await saveGameLog(this.row);
    this.follow();
  }

  /** The one click that gives back read permission on a later visit. */
  async resume(): Promise<void> {
    const handle = this.row?.handle;
    if (!handle) return;
    const permission = await readPermission(handle, true).catch(() => "denied" as const);
    if (permission === "granted") this.follow();
    else this.emit({ phase: "needs-permission", message: "Reading the log was not allowed. Click again to allow it." });
  }

  /** Stop following: the handle is dropped, what the log told is kept. */
  async stop(): Promise<void> {
    this.cancel();
    if (this.row) {
      this.row = { ...this.row, handle: null };
      await saveGameLog(this.row);
    }
    this.emit({ phase: "idle", message: null });
  }

  private async restore(): Promise<void> {
    if (!canFollowLog()) return this.emit({ phase: "unsupported" });
    try {
      this.row = await loadGameLog();
    } catch {
      this.row = null;
    }
    const handle = this.row?.handle;
    if (!handle) return this.emit({ phase: "idle", fileName: this.row?.fileName ?? null, state: this.row?.state ?? null });
    this.emit({ fileName: this.row!.fileName, state: this.row!.state });
    const permission = await readPermission(handle, false).catch(() => "prompt" as const);
    if (permission === "granted") this.follow();
    else this.emit({ phase: "needs-permission", message: null });
  }

  private follow(): void {
    this.emit({ phase: "following", fileName: this.row?.fileName ?? null, message: null });
    this.schedule(0);
  }

  private schedule(ms: number): void {
    this.cancel();
    if (this.listeners.size === 0) return;
    this.timer = setTimeout(() => void this.look(), ms);
  }

  private cancel(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private async look(): Promise<void> {
    this.timer = null;
    const row = this.row;
    if (!row?.handle || !this.areas || this.snapshot.phase !== "following") return;
    try {
      const file = await row.handle.getFile();
      if (file.size !== this.lastSize) {
        const read = await followFile(file, row.offset, row.state, this.areas, row.mark ?? null);
        this.lastSize = file.size;
        if (this.row !== row) return; // picked again or stopped while reading
        this.row = { ...row, offset: read.offset, mark: read.mark, state: read.state };
        this.emit({ state: read.state }); // the guide moves first, the write follows
        await saveGameLog(this.row);
      }
      this.staleReads = 0;
      this.schedule(POLL_MS);
    } catch (e) {
      // Chromium refuses to read a File the game wrote to after getFile(): a new look takes a new one.
      if (e instanceof DOMException && e.name === "NotReadableError" && ++this.staleReads < STALE_READS_TRIED) return this.schedule(0);
      this.staleReads = 0;
      this.emit(describe(e));
    }
  }

  private emit(change: Partial<LogSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...change };
    for (const l of this.listeners) l();
  }
}

let shared: GameLogFollower | null = null;
export function gameLogFollower(): GameLogFollower {
  shared ??= new GameLogFollower();
  return shared;
}
