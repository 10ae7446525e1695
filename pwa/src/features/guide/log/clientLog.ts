/**
 * The game's log, Client.txt. Only these line shapes matter; everything else
 * (and anything malformed) is passed over, so a new client version that adds
 * lines, or a read that ends inside a line, never breaks the follower.
 *
 *   2023/12/09 20:15:19 76512546 1186a0e0 [DEBUG Client 22384] Generating level 1 area "1_1_1" with seed 1780194933
 *   2023/12/09 20:15:22 76515625 f22b6b26 [INFO Client 22384] : You have entered The Twilight Strand.
 *   2023/12/09 20:18:40 76713640 f22b6b26 [INFO Client 22384] : Wanderer (Ranger) is now level 2
 *   2023/12/09 20:20:01 76794001 f22b6b26 [INFO Client 22384] : Wanderer has been slain.
 *   2023/12/09 20:10:00 ***** LOG FILE OPENING *****
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
  /** The client started: time before this line is not play time. */
  | { kind: "opening"; time: number };

const STAMP = String.raw`(\d{4}\/\d\d\/\d\d \d\d:\d\d:\d\d) `;
const TAG = String.raw`[^\]\n]*\] `; // "76512546 1186a0e0 [DEBUG Client 22384] "
const AREA = String.raw`Generating level (\d+) area "([^"\n]+)" with seed \d+`;
const ENTERED = String.raw`You have entered ([^\n]*)\.`;
const PERSON = String.raw`(\w+) (?:\(([A-Za-z]+)\) is now level (\d+)|has been slain\.)`;
const OPENING = String.raw`\*\*\*\*\* LOG FILE OPENING \*\*\*\*\*`;

function shape(withEntered: boolean, flags: string): RegExp {
  const own = withEntered ? `: (?:${ENTERED}|${PERSON})` : `: (?:()${PERSON})`;
  return new RegExp(`^${STAMP}(?:${TAG}(?:${AREA}|${own})|${OPENING})\\r?$`, flags);
}

/** One line, every shape. */
const LINE = shape(true, "");
/**
 * The shapes the follower uses ("You have entered" is not: the area's id comes before it), tried at
 * one line's start in a block (sticky; multiline so ^ and $ are the line's ends).
 */
const LINE_AT = shape(false, "my");
/**
 * Words every such line holds. A search for these literals skips the many other lines (network,
 * shaders, chat) at a few GB a second; the full shape then runs on the few lines they hit. One
 * anchored regex over the whole block had managed about a hundred MB a second.
 */
const HINT = / is now level | has been slain\.|Generating level |LOG FILE OPENING/g;

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
  const [, stamp, areaLevel, areaId, entered, character, className, level] = m;
  if (stamp !== lastStamp) {
    lastStamp = stamp;
    lastStampTime = stampTime(stamp);
  }
  const time = lastStampTime;
  if (Number.isNaN(time)) return null;
  if (areaId !== undefined) return { kind: "area", time, areaLevel: +areaLevel, areaId };
  if (entered !== undefined && entered !== "") return { kind: "entered", time, name: entered };
  if (level !== undefined) return { kind: "level", time, character, className, level: +level };
  if (character !== undefined) return { kind: "slain", time, character };
  return { kind: "opening", time };
}

/** One line (without its line break) to an event, or null for every line the follower does not use. */
export function parseLogLine(line: string): LogEvent | null {
  const m = LINE.exec(line);
  return m ? eventOf(m) : null;
}

/** Every area, level-up, death and client start in a block of whole lines, in order. */
export function scanEvents(text: string, onEvent: (e: LogEvent) => void): void {
  HINT.lastIndex = 0;
  for (let hit = HINT.exec(text); hit !== null; hit = HINT.exec(text)) {
    LINE_AT.lastIndex = text.lastIndexOf("\n", hit.index) + 1;
    const m = LINE_AT.exec(text);
    const e = m && eventOf(m);
    if (e) onEvent(e);
    // One event a line: the search goes on from the next line.
    const end = text.indexOf("\n", hit.index);
    if (end < 0) break;
    HINT.lastIndex = end + 1;
  }
}

const STAMP_ONLY = new RegExp(`^${STAMP.slice(0, -1)}`);

/** The line's leading timestamp in milliseconds (as UTC), or null. */
export function lineTime(line: string): number | null {
  const m = STAMP_ONLY.exec(line);
  if (!m) return null;
  const t = stampTime(m[1]);
  return Number.isNaN(t) ? null : t;
}
