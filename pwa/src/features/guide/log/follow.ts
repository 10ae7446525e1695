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
 *
 * The log writes the level-ups and deaths of the party members in the player's
 * area as it writes the player's; a name it saw join or leave the player's area
 * is another player's, and their level-ups and deaths are passed over.
 */
import type { Area } from "@workers/guide/types";
import { parseLogLine, scanEventBytes, type EventSink, type LogEvent } from "./clientLog";
import { markAt, readAppendedBytes, readStart, type LogBlob } from "./logReader";
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
  /** Players the log saw join or leave the player's area (party members, buyers), the latest last; absent in states kept before. */
  others?: string[];
}

/** Other players remembered: a party's members and the last buyers. */
export const OTHERS_KEPT = 64;

export function emptyFollowState(): FollowState {
  return { characters: {}, current: null, areaAct: null, lastTime: null, entries: [], seq: 0, unnamed: { actMs: zeroActs(), act: 0 }, others: [] };
}

function zeroActs(): number[] {
  return Array.from({ length: ACTS }, () => 0);
}

function newCharacter(name: string): CharacterLog {
  return { name, className: null, level: null, deaths: 0, actMs: zeroActs(), act: 0, areaId: null };
}

/** What the fold needs to know of an area id, looked up once per id. */
interface AreaFacts {
  labyrinth: boolean;
  /** In the campaign facts (or the labyrinth): numbered for the guides. */
  known: boolean;
  /** Its act in the facts, undefined when it has none (unknown areas). */
  act: number | undefined;
}

/**
 * Folds events into a state. The state passed in is changed in place (the
 * reader folds thousands of lines per read); callers that keep the old state
 * pass a copy (copyState).
 */
export class Follow implements EventSink {
  private readonly facts = new Map<string, AreaFacts>();

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
  bytes(block: Uint8Array): void {
    scanEventBytes(block, this);
  }

  event(e: LogEvent): void {
    switch (e.kind) {
      case "opening":
        return this.opening(e.time);
      case "area":
        return this.area(e.time, e.areaLevel, e.areaId);
      case "level":
        return this.level(e.time, e.character, e.className, e.level);
      case "slain":
        return this.slain(e.time, e.character);
      case "other":
        return this.other(e.time, e.name);
      case "entered":
        this.played(e.time);
        return;
    }
  }

  opening(time: number): void {
    this.state.lastTime = time;
    this.state.areaAct = null;
  }

  area(time: number, _areaLevel: number, areaId: string): void {
    const s = this.state;
    const who = this.played(time);
    const facts = this.factsOf(areaId);
    // The labyrinth and unknown areas (hideouts) keep the act being played.
    if (!facts.labyrinth && facts.act !== undefined) s.areaAct = facts.act >= 1 && facts.act <= ACTS ? facts.act : null;
    if (s.areaAct !== null && s.areaAct > who.act) who.act = s.areaAct;
    if (!facts.known) return;
    s.seq += 1;
    s.entries.push({ seq: s.seq, areaId, character: s.current, time });
    // Trimmed in batches: a long read adds thousands of entries, each shift would move them all.
    if (s.entries.length >= 2 * ENTRIES_KEPT) s.entries.splice(0, s.entries.length - ENTRIES_KEPT);
    if (s.current) s.characters[s.current].areaId = areaId;
  }

  level(time: number, character: string, className: string, level: number): void {
    this.played(time);
    if (this.isOther(character)) return;
    const c = this.named(character);
    c.className = className;
    c.level = level;
  }

  slain(time: number, character: string): void {
    this.played(time);
    if (this.isOther(character)) return;
    this.named(character).deaths += 1;
  }

  other(time: number, name: string): void {
    this.played(time);
    const others = (this.state.others ??= []);
    const known = others.indexOf(name);
    if (known >= 0) others.splice(known, 1);
    others.push(name);
    if (others.length > OTHERS_KEPT) others.shift();
  }

  /** Someone the log saw join or leave the player's area: never the player (the player enters, others join and leave). */
  private isOther(name: string): boolean {
    return this.state.others?.includes(name) ?? false;
  }

  /** Counts the time since the last line to the act being played; returns who played it. */
  private played(time: number): { actMs: number[]; act: number } {
    const s = this.state;
    const who = s.current ? s.characters[s.current] : s.unnamed;
    if (s.lastTime !== null && s.areaAct !== null && time > s.lastTime) who.actMs[Math.max(who.act, s.areaAct) - 1] += time - s.lastTime;
    s.lastTime = time;
    return who;
  }

  private factsOf(areaId: string): AreaFacts {
    let f = this.facts.get(areaId);
    if (!f) {
      const labyrinth = isLabyrinthArea(areaId);
      const area = Object.hasOwn(this.areas, areaId) ? this.areas[areaId] : undefined;
      f = { labyrinth, known: labyrinth || area !== undefined, act: area?.act };
      this.facts.set(areaId, f);
    }
    return f;
  }

  /** The character the log just named becomes the one playing; the first one also takes what happened before. */
  private named(name: string): CharacterLog {
    const s = this.state;
    if (s.current === name) return s.characters[name];
    let c = s.characters[name];
    if (!c) {
      c = newCharacter(name);
      s.characters[name] = c;
    }
    if (s.current === null && Object.keys(s.characters).length === 1) {
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
 * `state` and says where the next look starts, with the bytes before it (its
 * mark). A file shorter than `offset`, or with other bytes than `mark` before
 * it, is a new log (the game was reinstalled, or the player cleared it): it is
 * read from the start, the characters and entry numbers carry on. A null mark
 * (kept before marks were) is not checked.
 */
export async function followFile(
  file: LogBlob,
  offset: number | null,
  state: FollowState,
  areas: Record<string, Area>,
  mark: string | null = null,
): Promise<{ offset: number; mark: string; state: FollowState; bytesRead: number; restarted: boolean }> {
  const sameFile = offset === null || mark === null || offset > file.size || (await markAt(file, offset)) === mark;
  const start = readStart(file.size, offset, sameFile);
  const next = copyState(state);
  if (start.restarted) {
    next.lastTime = null;
    next.areaAct = null;
  }
  const follow = new Follow(next, areas);
  const read = await readAppendedBytes(file, start, (block) => follow.bytes(block));
  follow.trim();
  return { offset: read.offset, mark: await markAt(file, read.offset), state: next, bytesRead: read.bytesRead, restarted: start.restarted };
}
