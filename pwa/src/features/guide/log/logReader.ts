/**
 * Reads the bytes appended to a log since the last look, in bounded chunks, and
 * hands over whole lines only. The offset only ever moves past a line break, so a
 * line the game was still writing when we read (cut in half) is read again, whole,
 * next time; no carry has to be kept between reads. Client.txt reaches hundreds of
 * MB: a file seen for the first time is read from its last TAIL_BYTES only (and the byte before).
 */

/** The part of File / Blob the reader uses (a real File in the app, any Blob in tests). */
export interface LogBlob {
  readonly size: number;
  slice(start: number, end: number): { arrayBuffer(): Promise<ArrayBuffer> };
}

/** Largest single read: bounds memory however much was appended while the app was closed. */
export const CHUNK_BYTES = 4 * 1024 * 1024;
/** A newly picked log is read from this far before its end: the recent session, not years of play. */
export const TAIL_BYTES = 2 * 1024 * 1024;

const NEWLINE = 0x0a;
const EMPTY = new Uint8Array(0);

export interface ReadStart {
  offset: number;
  /** The start is inside a line (a tail read): drop the bytes up to the first line break. */
  midLine: boolean;
  /** The file is shorter than where we stopped: the game started a new log, read it from the start. */
  restarted: boolean;
}

/**
 * The bytes just before an offset, kept with it: the log the game writes anew (the player deleted
 * Client.txt) can grow past where the last read stopped before the next look, and then only these
 * bytes tell that it is another file.
 */
export const MARK_BYTES = 64;

/** The file's MARK_BYTES before `offset` (fewer at its start), one character per byte. */
export async function markAt(file: LogBlob, offset: number): Promise<string> {
  const bytes = new Uint8Array(await file.slice(Math.max(0, offset - MARK_BYTES), offset).arrayBuffer());
  let mark = "";
  for (const b of bytes) mark += String.fromCharCode(b);
  return mark;
}

/**
 * Where the next read starts, given the file's size and the offset saved after the last read (null:
 * never read); `sameFile` false when the bytes before the saved offset are not the ones read there.
 */
export function readStart(size: number, saved: number | null, sameFile = true): ReadStart {
  if (saved === null) {
    // From the byte before the tail: when the tail begins on a line's first byte, that byte is the
    // last line's break, so dropping up to the first break keeps the tail's first line whole.
    const offset = Math.max(0, size - TAIL_BYTES - 1);
    return { offset, midLine: offset > 0, restarted: false };
  }
  if (size < saved || !sameFile) return { offset: 0, midLine: false, restarted: true };
  return { offset: saved, midLine: false, restarted: false };
}

export interface ReadResult {
  /** Where the next read starts: just past the last whole line handed over. */
  offset: number;
  bytesRead: number;
}

/**
 * Calls onLines with the whole lines in [start.offset, file.size) as bytes (a
 * block of lines split by "\n", without the last one's break), and returns the
 * offset to resume from. Chunks are read one after another, the next one
 * while the last is being scanned; a line that runs over a chunk's end is
 * handed over whole, on its own, with the next chunk. A line longer than a
 * chunk is dropped.
 */
export async function readAppendedBytes(
  file: LogBlob,
  start: ReadStart,
  onLines: (lines: Uint8Array) => void,
  chunkBytes = CHUNK_BYTES,
): Promise<ReadResult> {
  const end = file.size;
  const read = (from: number) => file.slice(from, Math.min(end, from + chunkBytes)).arrayBuffer();
  let pos = start.offset;
  let offset = start.offset;
  // The start of the line the next chunk goes on with (empty: a line starts there); null while
  // skipping to the end of a line (a tail read starts inside one).
  let carry: Uint8Array | null = start.midLine ? null : EMPTY;
  let next = pos < end ? read(pos) : null;
  while (next) {
    const bytes = new Uint8Array(await next);
    const at = pos;
    pos += bytes.length;
    if (bytes.length === 0) break; // the file shrank while we read: the next look starts again
    next = pos < end ? read(pos) : null;
    const first = bytes.indexOf(NEWLINE);
    if (first < 0) {
      // Still inside one line: a cut or absurdly long one is skipped to its end.
      if (carry) carry = carry.length + bytes.length > chunkBytes ? null : concat(carry, bytes);
      if (!carry) offset = pos;
      continue;
    }
    const last = bytes.lastIndexOf(NEWLINE);
    if (carry?.length === 0) onLines(bytes.subarray(0, last));
    else {
      if (carry) onLines(concat(carry, bytes.subarray(0, first)));
      if (last > first) onLines(bytes.subarray(first + 1, last));
    }
    offset = at + last + 1;
    // What follows the last break is a line still being written, or one the next chunk ends.
    carry = bytes.subarray(last + 1);
  }
  return { offset, bytesRead: pos - start.offset };
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

/** readAppendedBytes with each block decoded to text. */
export async function readAppended(file: LogBlob, start: ReadStart, onText: (text: string) => void, chunkBytes = CHUNK_BYTES): Promise<ReadResult> {
  const decoder = new TextDecoder("utf-8");
  return readAppendedBytes(file, start, (bytes) => onText(decoder.decode(bytes)), chunkBytes);
}

/** The lines of a block onText was given. */
export function linesOf(text: string): string[] {
  return text.split("\n");
}
