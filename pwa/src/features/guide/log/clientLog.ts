/**
 * The game's log, Client.txt. Only these line shapes matter; everything else
 * (and anything malformed) is passed over, so a new client version that adds
 * lines, or a read that ends inside a line, never breaks the follower.
 *
 *   2023/12/09 20:15:19 76512546 1186a0e0 [DEBUG Client 22384] Generating level 1 area "1_1_1" with seed 1780194933
 *   2023/12/09 20:15:22 76515625 f22b6b26 [INFO Client 22384] : You have entered The Twilight Strand.
 *   2023/12/09 20:18:40 76713640 f22b6b26 [INFO Client 22384] : Wanderer (Ranger) is now level 2
 *   2023/12/09 20:20:01 76794001 f22b6b26 [INFO Client 22384] : Wanderer has been slain.
 *   2023/12/09 20:21:30 76883000 f22b6b26 [INFO Client 22384] : Helper has joined the area.
 *   2023/12/09 20:25:00 77093000 f22b6b26 [INFO Client 22384] : Helper has left the area.
 *   2023/12/09 20:10:00 ***** LOG FILE OPENING *****
 *
 * Level-ups and deaths are written alike for the player and for the party
 * members in the player's area; a name that joined or left the player's area is
 * someone else's (the player enters an area, others join and leave it).
 *
 * Messages the game writes itself start with "] : "; chat lines start with a
 * channel sign or a name ("] #Name: ...", "] @From Name: ..."), so a chat line
 * that says "is now level 90" is not taken for a level-up. Character names are
 * one word (letters, digits, underscores).
 */

export type LogEvent =
  | { kind: "area"; time: number; areaLevel: number; areaId: string }
  | { kind: "entered"; time: number; name: string }
  | { kind: "level"; time: number; character: string; className: string; level: number }
  | { kind: "slain"; time: number; character: string }
  /** Another player (a party member, a buyer) joined or left the player's area. */
  | { kind: "other"; time: number; name: string }
  /** The client started: time before this line is not play time. */
  | { kind: "opening"; time: number };

const STAMP = String.raw`(\d{4}\/\d\d\/\d\d \d\d:\d\d:\d\d) `;
const TAG = String.raw`[^\]\n]*\] `; // "76512546 1186a0e0 [DEBUG Client 22384] "
const AREA = String.raw`Generating level (\d+) area "([^"\n]+)" with seed \d+`;
const ENTERED = String.raw`You have entered ([^\n]*)\.`;
const PERSON = String.raw`(\w+) (?:\(([A-Za-z]+)\) is now level (\d+)|has (been slain|joined the area|left the area)\.)`;
const OPENING = String.raw`\*\*\*\*\* LOG FILE OPENING \*\*\*\*\*`;

/** One line, every shape (the reader's byte scan, scanEventBytes, takes the same lines but "You have entered"). */
const LINE = new RegExp(`^${STAMP}(?:${TAG}(?:${AREA}|: (?:${ENTERED}|${PERSON}))|${OPENING})\\r?$`);

/** "2023/12/09 20:15:19" read as if UTC: the log writes local time without a zone, and only differences are used. */
function stampTime(stamp: string): number {
  return Date.UTC(digits(stamp, 0, 4), digits(stamp, 5, 2) - 1, digits(stamp, 8, 2), digits(stamp, 11, 2), digits(stamp, 14, 2), digits(stamp, 17, 2));
}

function digits(s: string, from: number, count: number): number {
  let n = 0;
  for (let i = from; i < from + count; i++) n = n * 10 + s.charCodeAt(i) - 48;
  return n;
}

// Many lines share a second: the last stamp read is kept.
let lastStamp = "";
let lastStampTime = NaN;

function eventOf(m: RegExpExecArray): LogEvent | null {
  const [, stamp, areaLevel, areaId, entered, character, className, level, what] = m;
  if (stamp !== lastStamp) {
    lastStamp = stamp;
    lastStampTime = stampTime(stamp);
  }
  const time = lastStampTime;
  if (Number.isNaN(time)) return null;
  if (areaId !== undefined) return { kind: "area", time, areaLevel: +areaLevel, areaId };
  if (entered !== undefined && entered !== "") return { kind: "entered", time, name: entered };
  if (level !== undefined) return { kind: "level", time, character, className, level: +level };
  if (what !== undefined && what !== "been slain") return { kind: "other", time, name: character };
  if (character !== undefined) return { kind: "slain", time, character };
  return { kind: "opening", time };
}

/** One line (without its line break) to an event, or null for every line the follower does not use. */
export function parseLogLine(line: string): LogEvent | null {
  const m = LINE.exec(line);
  return m ? eventOf(m) : null;
}

const STAMP_ONLY = new RegExp(`^${STAMP.slice(0, -1)}`);

/** The line's leading timestamp in milliseconds (as UTC), or null. */
export function lineTime(line: string): number | null {
  const m = STAMP_ONLY.exec(line);
  if (!m) return null;
  const t = stampTime(m[1]);
  return Number.isNaN(t) ? null : t;
}

/**
 * What the reader's scan hands over, one call per event, so that the hundreds
 * of thousands of lines of a long read make no event objects.
 */
export interface EventSink {
  area(time: number, areaLevel: number, areaId: string): void;
  level(time: number, character: string, className: string, level: number): void;
  slain(time: number, character: string): void;
  other(time: number, name: string): void;
  opening(time: number): void;
}

const NL = 0x0a;
const CR = 0x0d;
const SPACE = 0x20;
const QUOTE = 0x22;
const STAR = 0x2a;
const DOT = 0x2e;
const LOWER_D = 0x64; // "seed N"
const LOWER_L = 0x6c; // "level N"
const COLON = 0x3a;
const OPEN = 0x28;
const CLOSE = 0x29;
const BRACKET = 0x5d;
const ZERO = 0x30;
const SLASH = 0x2f;
const STAMP_BYTES = 20; // "2024/07/26 20:00:00 "
/** Where the stamp's digits are. */
const STAMP_DIGITS = Uint8Array.of(0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18);

const bytesOf = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));
const GENERATING = bytesOf("Generating level ");
const AREA_WORD = bytesOf(' area "');
const WITH_SEED = bytesOf('" with seed ');
const NOW_LEVEL = bytesOf(") is now level ");
const SLAIN = bytesOf("has been slain.");
const JOINED = bytesOf("has joined the area.");
const LEFT = bytesOf("has left the area.");
const OPENING_BYTES = bytesOf("***** LOG FILE OPENING *****");

/**
 * Every area, level-up, death, other player joining or leaving and client start in a block of whole lines
 * (UTF-8 bytes, lines split by "\n", no break after the last), in order: the
 * shapes of parseLogLine but "You have entered", checked on the bytes. Nothing
 * is decoded but the few words an event keeps (an area id, a name, a class),
 * and those come from a small cache, so the same name is the same string.
 */
export function scanEventBytes(b: Uint8Array, sink: EventSink): void {
  const n = b.length;
  let start = 0;
  while (start < n) {
    let end = b.indexOf(NL, start);
    if (end < 0) end = n;
    if (end - start > STAMP_BYTES) lineEvent(b, start, end, sink);
    start = end + 1;
  }
}

function lineEvent(b: Uint8Array, s: number, e: number, sink: EventSink): void {
  if (b[e - 1] === CR) e--;
  // Every followed line ends in "seed N", "level N", "has been slain.", "... the area." or "*****": most others go here,
  // at their last bytes, before the tag is looked for.
  const last = b[e - 1];
  if (isDigit(last)) {
    let d = e - 2;
    while (d > s && isDigit(b[d])) d--;
    if (b[d] !== SPACE || (b[d - 1] !== LOWER_D && b[d - 1] !== LOWER_L)) return;
  } else if (last === DOT) {
    if (!endsWith(b, s, e, SLAIN) && !endsWith(b, s, e, JOINED) && !endsWith(b, s, e, LEFT)) return;
  } else if (last !== STAR) return;
  let p = s + STAMP_BYTES;
  if (b[p] === STAR) {
    if (e - p === OPENING_BYTES.length && at(b, p, OPENING_BYTES)) {
      const time = byteStampTime(b, s);
      if (time === time) sink.opening(time);
    }
    return;
  }
  // The tag ends at the line's first "]", which a space follows.
  while (p < e && b[p] !== BRACKET) p++;
  if (p + 2 >= e || b[p + 1] !== SPACE) return;
  p += 2;
  if (b[p] === COLON) {
    if (b[p + 1] !== SPACE) return;
    person(b, s, p + 2, e, sink);
  } else if (b[p] === GENERATING[0] && e - p > GENERATING.length && at(b, p, GENERATING)) {
    area(b, s, p + GENERATING.length, e, sink);
  }
}

/** `Generating level (\d+) area "([^"\n]+)" with seed \d+` from `p` (past "Generating level ") to `e`. */
function area(b: Uint8Array, s: number, p: number, e: number, sink: EventSink): void {
  const levelFrom = p;
  let areaLevel = 0;
  while (p < e && isDigit(b[p])) areaLevel = areaLevel * 10 + b[p++] - ZERO;
  if (p === levelFrom || e - p < AREA_WORD.length || !at(b, p, AREA_WORD)) return;
  p += AREA_WORD.length;
  const idFrom = p;
  while (p < e && b[p] !== QUOTE) p++;
  if (p === idFrom || e - p <= WITH_SEED.length || !at(b, p, WITH_SEED)) return;
  const idTo = p;
  p += WITH_SEED.length;
  while (p < e && isDigit(b[p])) p++;
  if (p !== e) return;
  const time = byteStampTime(b, s);
  if (time === time) sink.area(time, areaLevel, word(b, idFrom, idTo));
}

/** `(\w+) (?:\(([A-Za-z]+)\) is now level (\d+)|has (been slain|joined the area|left the area)\.)` from `p` (past "] : ") to `e`. */
function person(b: Uint8Array, s: number, p: number, e: number, sink: EventSink): void {
  const nameFrom = p;
  while (p < e && isWordByte(b[p])) p++;
  if (p === nameFrom || b[p] !== SPACE) return;
  const nameTo = p++;
  if (b[p] === OPEN) {
    const classFrom = ++p;
    while (p < e && isLetter(b[p])) p++;
    if (p === classFrom || e - p <= NOW_LEVEL.length || !at(b, p, NOW_LEVEL)) return;
    const classTo = p;
    p += NOW_LEVEL.length;
    let level = 0;
    while (p < e && isDigit(b[p])) level = level * 10 + b[p++] - ZERO;
    if (p !== e) return;
    const time = byteStampTime(b, s);
    if (time === time) sink.level(time, word(b, nameFrom, nameTo), word(b, classFrom, classTo), level);
  } else if (e - p === SLAIN.length && at(b, p, SLAIN)) {
    const time = byteStampTime(b, s);
    if (time === time) sink.slain(time, word(b, nameFrom, nameTo));
  } else if ((e - p === JOINED.length && at(b, p, JOINED)) || (e - p === LEFT.length && at(b, p, LEFT))) {
    const time = byteStampTime(b, s);
    if (time === time) sink.other(time, word(b, nameFrom, nameTo));
  }
}

function endsWith(b: Uint8Array, s: number, e: number, word: Uint8Array): boolean {
  return e - s >= word.length && at(b, e - word.length, word);
}

function at(b: Uint8Array, p: number, word: Uint8Array): boolean {
  for (let i = 0; i < word.length; i++) if (b[p + i] !== word[i]) return false;
  return true;
}

const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
const isLetter = (c: number) => (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
const isWordByte = (c: number) => isLetter(c) || isDigit(c) || c === 0x5f;

// The stamp's digits as one number (YYYYMMDDhhmmss) and its time, kept while lines share a second.
let lastStampKey = -1;
let lastStampMs = NaN;
let lastDate = -1;
let lastDateMs = NaN;

/** The stamp at the line's start `s` as stampTime reads it, or NaN when it is not a stamp. */
function byteStampTime(b: Uint8Array, s: number): number {
  if (b[s + 4] !== SLASH || b[s + 7] !== SLASH || b[s + 10] !== SPACE || b[s + 13] !== COLON || b[s + 16] !== COLON || b[s + 19] !== SPACE) return NaN;
  let key = 0;
  for (let k = 0; k < STAMP_DIGITS.length; k++) {
    const d = b[s + STAMP_DIGITS[k]] - ZERO;
    if (d < 0 || d > 9) return NaN;
    key = key * 10 + d;
  }
  if (key !== lastStampKey) {
    lastStampKey = key;
    const date = Math.floor(key / 1e6);
    const clock = key % 1e6;
    if (date !== lastDate) {
      lastDate = date;
      lastDateMs = Date.UTC(Math.floor(date / 1e4), (Math.floor(date / 100) % 100) - 1, date % 100);
    }
    // As Date.UTC counts them: an hour, minute or second out of range carries over.
    lastStampMs = lastDateMs + Math.floor(clock / 1e4) * 3_600_000 + (Math.floor(clock / 100) % 100) * 60_000 + (clock % 100) * 1000;
  }
  return lastStampMs;
}

/**
 * The words events keep (area ids, names, classes) are few and repeat on every line: each is decoded
 * once and then found again by its bytes, so the fold's lookups meet the same string.
 */
const WORDS_KEPT = 4096;
const WORD_BYTES_KEPT = 64;
const words = new Map<number, string[]>();
let wordCount = 0;
const utf8 = new TextDecoder("utf-8");

function word(b: Uint8Array, from: number, to: number): string {
  let h = to - from;
  let ascii = true;
  for (let i = from; i < to; i++) {
    const c = b[i];
    h = (Math.imul(h, 31) + c) | 0;
    if (c >= 0x80) ascii = false;
  }
  if (!ascii || to - from > WORD_BYTES_KEPT) return utf8.decode(b.subarray(from, to));
  const bucket = words.get(h);
  if (bucket) {
    for (const w of bucket) if (sameAscii(w, b, from, to)) return w;
  }
  const w = String.fromCharCode(...b.subarray(from, to));
  if (wordCount >= WORDS_KEPT) {
    words.clear();
    wordCount = 0;
  }
  if (bucket) bucket.push(w);
  else words.set(h, [w]);
  wordCount++;
  return w;
}

function sameAscii(w: string, b: Uint8Array, from: number, to: number): boolean {
  if (w.length !== to - from) return false;
  for (let i = 0; i < w.length; i++) if (w.charCodeAt(i) !== b[from + i]) return false;
  return true;
}
