/**
 * What the log tells about the player, folded line by line into one plain,
 * storable state: the characters seen (class, level, deaths, time per act), the
 * one playing now, and the campaign areas entered, numbered, for the guide.
 *
 * The log names a character only when it levels up or dies. Until the first
 * name, what happens is kept aside and given to the first character named
 * (a new character levels up within minutes of starting). Time is the sum of
 * the gaps between lines while in a campaign area, counted to the furthest act
 * the character has reached (a trip back to act 1's town for a reward during
 * act 2 is act 2's time); the gap before a "LOG FILE OPENING" line is the game
 * being closed and is not counted.
 */
import type { Area } from "@workers/guide/types";
import { parseLogLine, scanEvents, type LogEvent } from "./clientLog";
import { readAppended, readStart, type LogBlob } from "./logReader";
import { isLabyrinthArea } from "./routeAreas";

export const ACTS = 10;
/** Area entries kept for guides that catch up later; older ones are dropped. */
export const ENTRIES_KEPT = 500;

export interface CharacterLog {
  name: string;
  /** As the log writes it: the base class, or the ascendancy once ascended. */
  className: string | null;
  level: number | null;
  deaths: number;
  /** Milliseconds played per act, index 0 = act 1. */
  actMs: number[];
  /** The furthest act (1-10) entered. */
  act: number;
  /** The campaign area last entered. */
  areaId: string | null;
}

export interface AreaEntry {
  /** Increasing number; a guide remembers the last one it applied. */
  seq: number;
  areaId: string;
  /** null until the log names who is playing. */
  character: string | null;
  time: number;
}

export interface FollowState {
  characters: Record<string, CharacterLog>;
  current: string | null;
  /** The act (1-10) of the campaign area the player is in; null outside the campaign or after the game restarted. */
  areaAct: number | null;
  lastTime: number | null;
  entries: AreaEntry[];
  seq: number;
  /** Time played before any character was named (a death names one). */
  unnamed: { actMs: number[]; act: number };
}

export function emptyFollowState(): FollowState {
  return { characters: {}, current: null, areaAct: null, lastTime: null, entries: [], seq: 0, unnamed: { actMs: zeroActs(), act: 0 } };
}

function zeroActs(): number[] {
  return Array.from({ length: ACTS }, () => 0);
}

function newCharacter(name: string): CharacterLog {
  return { name, className: null, level: null, deaths: 0, actMs: zeroActs(), act: 0, areaId: null };
}

/**
 * The act whose time an area counts to: its act in the facts, 1-10. The
 * labyrinth (its plaza is listed under act 3 but is run in acts 3, 7 and 10)
 * and unknown areas (hideouts) keep the act being played.
 */
function actOf(areas: Record<string, Area>, areaId: string, current: number | null): number | null {
  if (isLabyrinthArea(areaId)) return current;
  const act = areas[areaId]?.act;
  if (act === undefined) return current;
  return act >= 1 && act <= ACTS ? act : null;
}

/**
 * Folds events into a state. The state passed in is changed in place (the
 * reader folds thousands of lines per read); callers that keep the old state
 * pass a copy (copyState).
 */
export class Follow {
  constructor(
    readonly state: FollowState,
    private readonly areas: Record<string, Area>,
  ) {}

  line(line: string): void {
    const event = parseLogLine(line);
    if (event) this.event(event);
  }

  /** Keeps the newest ENTRIES_KEPT entries (event() trims only in batches). */
  trim(): void {
    const extra = this.state.entries.length - ENTRIES_KEPT;
    if (extra > 0) this.state.entries.splice(0, extra);
  }

  /** A block of whole lines, as the reader hands them over. */
  text(block: string): void {
    scanEvents(block, (e) => this.event(e));
  }

  event(e: LogEvent): void {
    const s = this.state;
    if (e.kind === "opening") {
      s.lastTime = e.time;
      s.areaAct = null;
      return;
    }
    const who = s.current ? s.characters[s.current] : s.unnamed;
    if (s.lastTime !== null && s.areaAct !== null && e.time > s.lastTime) who.actMs[Math.max(who.act, s.areaAct) - 1] += e.time - s.lastTime;
    s.lastTime = e.time;
    switch (e.kind) {
      case "area": {
        s.areaAct = actOf(this.areas, e.areaId, s.areaAct);
        if (s.areaAct !== null) who.act = Math.max(who.act, s.areaAct);
        if (!isLabyrinthArea(e.areaId) && !this.areas[e.areaId]) return;
        s.seq += 1;
        s.entries.push({ seq: s.seq, areaId: e.areaId, character: s.current, time: e.time });
        // Trimmed in batches: a long read adds thousands of entries, each shift would move them all.
        if (s.entries.length >= 2 * ENTRIES_KEPT) s.entries.splice(0, s.entries.length - ENTRIES_KEPT);
        if (s.current) s.characters[s.current].areaId = e.areaId;
        return;
      }
      case "level": {
        const c = this.named(e.character);
        c.className = e.className;
        c.level = e.level;
        return;
      }
      case "slain":
        this.named(e.character).deaths += 1;
        return;
      case "entered":
        return;
    }
  }

  /** The character the log just named becomes the one playing; the first one also takes what happened before. */
  private named(name: string): CharacterLog {
    const s = this.state;
    let c = s.characters[name];
    if (!c) {
      c = newCharacter(name);
      s.characters[name] = c;
    }
    if (Object.keys(s.characters).length === 1 && s.current === null) {
      c.actMs = c.actMs.map((ms, i) => ms + s.unnamed.actMs[i]);
      c.act = s.unnamed.act;
      s.unnamed = { actMs: zeroActs(), act: 0 };
      for (const entry of s.entries) {
        if (entry.character === null) entry.character = name;
        c.areaId = entry.areaId;
      }
    }
    s.current = name;
    return c;
  }
}

export function copyState(s: FollowState): FollowState {
  return structuredClone(s);
}

/** The entries after `seq` a guide should apply: every character's, or only the bound one's. */
export function entriesAfter(s: FollowState, seq: number, character: string | null): AreaEntry[] {
  return s.entries.filter((e) => e.seq > seq && (character === null || e.character === character));
}

/**
 * One look at the log: folds the lines appended since `offset` into a copy of
 * `state` and says where the next look starts. A file shorter than `offset`
 * is a new log (the game was reinstalled, or the player cleared it): it is read
 * from the start, the characters and entry numbers carry on.
 */
export async function followFile(
  file: LogBlob,
  offset: number | null,
  state: FollowState,
  areas: Record<string, Area>,
): Promise<{ offset: number; state: FollowState; bytesRead: number; restarted: boolean }> {
  const start = readStart(file.size, offset);
  const next = copyState(state);
  if (start.restarted) {
    next.lastTime = null;
    next.areaAct = null;
  }
  const follow = new Follow(next, areas);
  const read = await readAppended(file, start, (block) => follow.text(block));
  follow.trim();
  return { offset: read.offset, state: next, bytesRead: read.bytesRead, restarted: start.restarted };
}
