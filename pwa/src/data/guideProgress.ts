/**
 * Campaign progress per character (spec: '{product}:campaign-progress:{characterId}'):
 * the selected act and the selected step of every act. Kept in its own small
 * Dexie database so the guide never needs a migration of the main schema.
 * Progress is local only (DESIGN: "Campaign progress is local").
 */
import Dexie, { type EntityTable } from "dexie";
import type { FollowState } from "../features/guide/log/follow";

export const PRODUCT = "waypoint";
export const GUIDE_DB_NAME = "waypoint-guide";

export interface CampaignProgress {
  /** 0-based act tab. */
  act: number;
  /** 0-based selected step per act. */
  steps: number[];
}

interface ProgressRow extends CampaignProgress {
  key: string;
  savedAt: number;
}

/**
 * The game's log the guide follows (one per device, key GAME_LOG_KEY): the file
 * handle the player picked (null once they stopped following), where the next
 * read starts, and what was read so far. Never synced (DESIGN: progress is local).
 */
export interface GameLogRow {
  key: string;
  handle: FileSystemFileHandle | null;
  fileName: string;
  /** Byte offset the next read starts at; null until the file was first read (then only its end is read). */
  offset: number | null;
  /** The bytes before `offset` when it was read (followFile); a new log has others there. Absent in rows kept before. */
  mark?: string | null;
  state: FollowState;
  savedAt: number;
}

/** A guide's tie to the log: the log character it follows (null: whoever plays) and the last entry it applied. */
export interface GameLogBindingRow {
  /** The guide's character id (the progress key's). */
  key: string;
  character: string | null;
  seq: number;
}

export class GuideDatabase extends Dexie {
  progress!: EntityTable<ProgressRow, "key">;
  gameLog!: EntityTable<GameLogRow, "key">;
  gameLogBindings!: EntityTable<GameLogBindingRow, "key">;

  constructor(name = GUIDE_DB_NAME) {
    super(name);
    this.version(1).stores({ progress: "key" });
    // Version 2: following the game's log (features/guide/log). Progress rows are untouched.
    this.version(2).stores({ progress: "key", gameLog: "key", gameLogBindings: "key" });
  }
}

let shared: GuideDatabase | null = null;
export function guideDb(): GuideDatabase {
  shared ??= new GuideDatabase();
  return shared;
}

export function progressKey(characterId: string): string {
  return `${PRODUCT}:campaign-progress:${characterId}`;
}

function clampInt(value: unknown, max: number): number {
  const n = typeof value === "number" && Number.isFinite(value) ? Math.trunc(value) : 0;
  return Math.min(Math.max(n, 0), Math.max(max, 0));
}

/**
 * Stored progress fitted to the guide as it is now: acts and steps are
 * clamped into range (the route may have changed since it was saved), and
 * anything malformed falls back to the start.
 */
export function clampProgress(stored: unknown, stepCounts: readonly number[]): CampaignProgress {
  const s = (stored ?? {}) as Partial<CampaignProgress>;
  const steps = Array.isArray(s.steps) ? s.steps : [];
  return {
    act: clampInt(s.act, stepCounts.length - 1),
    steps: stepCounts.map((count, i) => clampInt(steps[i], count - 1)),
  };
}

export async function loadProgress(characterId: string, stepCounts: readonly number[], db = guideDb()): Promise<CampaignProgress> {
  const row = await db.progress.get(progressKey(characterId));
  return clampProgress(row, stepCounts);
}

export async function saveProgress(characterId: string, progress: CampaignProgress, db = guideDb()): Promise<void> {
  await db.progress.put({ key: progressKey(characterId), act: progress.act, steps: [...progress.steps], savedAt: Date.now() });
}
