/**
 * Reads the bytes appended to a log since the last look, in bounded chunks, and
 * hands over whole lines only. The offset only ever moves past a line break, so a
 * line the game was still writing when we read (cut in half) is read again, whole,
 * next time; no carry has to be kept between reads. Client.txt reaches hundreds of
 * MB: a file seen for the first time is read from its last TAIL_BYTES only.
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

export interface ReadStart {
  offset: number;
  /** The start is inside a line (a tail read): drop the bytes up to the first line break. */
  midLine: boolean;
  /** The file is shorter than where we stopped: the game started a new log, read it from the start. */
  restarted: boolean;
}

/** Where the next read starts, given the file's size and the offset saved after the last read (null: never read). */
export function readStart(size: number, saved: number | null): ReadStart {
  if (saved === null) {
    const offset = Math.max(0, size - TAIL_BYTES);
    return { offset, midLine: offset > 0, restarted: false };
  }
  if (size < saved) return { offset: 0, midLine: false, restarted: true };
  return { offset: saved, midLine: false, restarted: false };
}

export interface ReadResult {
  /** Where the next read starts: just past the last whole line handed over. */
  offset: number;
  bytesRead: number;
}

/**
 * Calls onText with the whole lines in [start.offset, file.size), a block per
 * chunk (lines joined by "\n", without the last one's), and returns the offset
 * to resume from. Line breaks are found in the bytes before any decoding, so a
 * chunk never splits a UTF-8 character.
 */
export async function readAppended(file: LogBlob, start: ReadStart, onText: (text: string) => void, chunkBytes = CHUNK_BYTES): Promise<ReadResult> {
  const decoder = new TextDecoder("utf-8");
  const end = file.size;
  let offset = start.offset;
  let skipping = start.midLine;
  let bytesRead = 0;
  while (offset < end) {
    const upTo = Math.min(end, offset + chunkBytes);
    const bytes = new Uint8Array(await file.slice(offset, upTo).arrayBuffer());
    bytesRead += bytes.length;
    let from = 0;
    if (skipping) {
      const first = bytes.indexOf(NEWLINE);
      if (first < 0) {
        // No line break in a whole chunk: still inside the same (cut or absurdly long) line.
        if (upTo === end) break;
        offset = upTo;
        continue;
      }
      from = first + 1;
      skipping = false;
    }
    const last = bytes.lastIndexOf(NEWLINE);
    if (last < from) {
      // No whole line left in this chunk. At the end of the file it is a line still being
      // written (read again next time); a full chunk without a break is skipped.
      if (upTo === end) {
        offset += from;
        break;
      }
      offset = upTo;
      skipping = true;
      continue;
    }
    onText(decoder.decode(bytes.subarray(from, last)));
    offset += last + 1;
    // What follows the last break is a line still being written: read it whole next time.
    if (upTo === end) break;
  }
  return { offset, bytesRead };
}

/** The lines of a block onText was given. */
export function linesOf(text: string): string[] {
  return text.split("\n");
}
