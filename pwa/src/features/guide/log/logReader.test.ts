import { appendFileSync, mkdtempSync, openAsBlob, readFileSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { linesOf, readAppended, readStart, TAIL_BYTES, type LogBlob } from "./logReader";

const FIXTURE_PATH = new URL("./test/client-acts-1-3.txt", import.meta.url);
const FIXTURE = readFileSync(FIXTURE_PATH);
const FIXTURE_LINES = FIXTURE.toString("utf8").split("\n").slice(0, -1);

/** A Blob that counts the bytes read through it (the reader must not read what it has read before). */
function counted(blob: LogBlob): LogBlob & { read: number; ranges: [number, number][] } {
  const c = {
    read: 0,
    ranges: [] as [number, number][],
    get size() {
      return blob.size;
    },
    slice(start: number, end: number) {
      c.read += end - start;
      c.ranges.push([start, end]);
      return blob.slice(start, end);
    },
  };
  return c;
}

async function readAll(blob: LogBlob, saved: number | null, chunk?: number) {
  const lines: string[] = [];
  const result = await readAppended(blob, readStart(blob.size, saved), (text) => lines.push(...linesOf(text)), chunk);
  return { ...result, lines };
}

const dir = mkdtempSync(join(tmpdir(), "waypoint-log-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("reading the appended bytes of a log", () => {
  it("reads a whole small log from 0 when told to, line for line", async () => {
    const { lines, offset } = await readAll(new Blob([FIXTURE]), 0);
    expect(lines).toEqual(FIXTURE_LINES);
    expect(offset).toBe(FIXTURE.length);
  });

  it("hands a line cut in half by a read over whole on the next read, at any cut", async () => {
    for (let cut = 1; cut < FIXTURE.length; cut += 331) {
      const first = await readAll(new Blob([FIXTURE.subarray(0, cut)]), 0);
      // The offset never passes the last line break before the cut.
      expect(FIXTURE[first.offset - 1] === 0x0a || first.offset === 0).toBe(true);
      const second = await readAll(new Blob([FIXTURE]), first.offset);
      expect([...first.lines, ...second.lines]).toEqual(FIXTURE_LINES);
      expect(second.bytesRead).toBe(FIXTURE.length - first.offset);
    }
  });

  it("hands every line over whole, once, whatever the chunk size (each chunk read once)", async () => {
    const longest = Math.max(...FIXTURE_LINES.map((l) => Buffer.byteLength(l) + 1));
    for (const chunk of [longest, 150, 1000, 4099, FIXTURE.length - 1]) {
      const blob = counted(new Blob([FIXTURE]) as LogBlob);
      const { lines, offset, bytesRead } = await readAll(blob, 0, chunk);
      expect(lines).toEqual(FIXTURE_LINES);
      expect(offset).toBe(FIXTURE.length);
      expect(bytesRead).toBe(FIXTURE.length);
      expect(blob.read).toBe(FIXTURE.length);
    }
  });

  it("never splits a UTF-8 character between chunks", async () => {
    const text = "2024/07/26 20:00:00 1 a [INFO Client 1] : Wanderer: «ÄÖÜ» 猫\n".repeat(50);
    const bytes = new TextEncoder().encode(text);
    // Chunks of 97 bytes end anywhere, inside the three-byte 猫 too; a line (78 bytes) still fits in one.
    for (const chunk of [97, 101, 150]) {
      const { lines } = await readAll(new Blob([bytes]), 0, chunk);
      expect(lines).toEqual(text.split("\n").slice(0, -1));
    }
  });

  it("reads a file seen for the first time from its end, dropping the cut first line", async () => {
    const filler = Buffer.from("2024/07/26 19:00:00 1 a [INFO Client 1] [SCENE] Set Source [The Coast]\n".repeat(40_000));
    const blob = counted(new Blob([filler, FIXTURE]) as LogBlob);
    const { lines, bytesRead } = await readAll(blob, null);
    expect(bytesRead).toBe(TAIL_BYTES + 1); // the tail and the byte before it
    expect(lines.slice(-FIXTURE_LINES.length)).toEqual(FIXTURE_LINES);
    expect(lines[0]).toMatch(/^2024\/07\/26 19:00:00 /); // whole lines only
  });

  it("keeps the tail's first line when the tail begins exactly where a line begins", async () => {
    const filler = "2024/07/26 19:00:00 1 a [INFO Client 1] [SCENE] Set Source [The Coast]\n";
    const first = '2024/07/26 19:30:00 1 a [DEBUG Client 1] Generating level 2 area "1_1_2" with seed 1\n';
    // Whole lines after `first` fill the tail to exactly TAIL_BYTES, so the tail starts on its "2".
    const rest = filler.repeat(Math.floor((TAIL_BYTES - first.length - 200) / filler.length));
    const padStart = "2024/07/26 19:59:59 1 a [INFO Client 1] ";
    const pad = padStart + "x".repeat(TAIL_BYTES - first.length - rest.length - padStart.length - 1) + "\n";
    const tail = first + rest + pad;
    expect(tail.length).toBe(TAIL_BYTES);
    const { lines } = await readAll(new Blob([filler.repeat(100), tail]), null);
    expect(lines[0]).toBe(first.trimEnd());
    expect(lines).toHaveLength(tail.split("\n").length - 1);
  });

  it("reads a 300 MB log only from its end, and the next time only what was appended", async () => {
    const path = join(dir, "Client.txt");
    writeFileSync(path, "");
    truncateSync(path, 300 * 1024 * 1024); // sparse: years of play we must never read
    appendFileSync(path, "\n");
    appendFileSync(path, FIXTURE);
    const first = counted((await openAsBlob(path)) as LogBlob);
    expect(first.size).toBeGreaterThan(300 * 1024 * 1024);
    const a = await readAll(first, null);
    expect(first.read).toBeLessThanOrEqual(TAIL_BYTES + 1);
    expect(first.ranges.every(([start]) => start >= first.size - TAIL_BYTES - 1)).toBe(true);
    expect(a.lines.slice(-FIXTURE_LINES.length)).toEqual(FIXTURE_LINES);

    const more = "2024/07/26 23:00:00 1 a [INFO Client 22384] : Wanderer (Deadeye) is now level 34\n";
    appendFileSync(path, more);
    const second = counted((await openAsBlob(path)) as LogBlob);
    const b = await readAll(second, a.offset);
    expect(second.read).toBe(Buffer.byteLength(more));
    expect(b.lines).toEqual([more.trimEnd()]);
  });

  it("starts again from 0 when the file shrank (the game started a new log)", () => {
    expect(readStart(100, 5000)).toEqual({ offset: 0, midLine: false, restarted: true });
    expect(readStart(5000, 5000)).toEqual({ offset: 5000, midLine: false, restarted: false });
    expect(readStart(100, null)).toEqual({ offset: 0, midLine: false, restarted: false });
  });

  it("skips a chunk with no line break at all instead of stalling", async () => {
    const junk = new Uint8Array(100).fill(0x41);
    const tail = new TextEncoder().encode("\nline one\nline two\n");
    const { lines, offset } = await readAll(new Blob([junk, tail]), 0, 16);
    expect(lines).toEqual(["line one", "line two"]);
    expect(offset).toBe(junk.length + tail.length);
  });
});
