// The prebuilt geometry file's column coding (geometryCoding.ts): what goes in comes back bit for bit,
// at the edges of each kind's range, and alike rows leave zeros for gzip.
import { describe, expect, it } from "vitest";
import { ColumnCodingError, intColumn, packColumns, unpackColumn } from "../geometryCoding";

const Q = 64;

describe("geometry column coding", () => {
  it("round-trips ints across the whole int32 range, jumps and wraps included", () => {
    const ints = [0, -1, 1, 2 ** 31 - 1, -(2 ** 31), 0, 7, 7, 7, -(2 ** 31), 2 ** 31 - 1, 12345, -54321];
    const section = packColumns(["int"], [ints], ints.length, Q);
    expect(section.length).toBe(4 * ints.length);
    expect(Array.from(intColumn(section, ints.length, 0))).toEqual(ints);
    // Unsigned words (u32 indices, float bits) come back as the same bits.
    const words = [0xffffffff, 0x80000000, 0x3f800000, 0];
    const out = new Uint32Array(words.length);
    unpackColumn(packColumns(["int"], [words], words.length, Q), words.length, 0, "int", Q, out);
    expect(Array.from(out)).toEqual(words);
  });

  it("round-trips fixed-point floats exactly, and refuses one off the grid or -0", () => {
    const floats = [0, 1 / Q, -1 / Q, 10199.984375, -10186.015625, (2 ** 24 - 1) / Q, -(2 ** 24 - 1) / Q, 0.5, 0];
    const out = new Float32Array(2 * floats.length);
    unpackColumn(packColumns(["fixed"], [floats], floats.length, Q), floats.length, 0, "fixed", Q, out, 2, 1);
    expect(Array.from(out.filter((_, k) => k % 2 === 1))).toEqual(floats);
    expect(out.filter((_, k) => k % 2 === 0).every((v) => v === 0)).toBe(true);
    expect(() => packColumns(["fixed"], [[1 / (2 * Q)]], 1, Q)).toThrow(ColumnCodingError);
    expect(() => packColumns(["fixed"], [[-0]], 1, Q)).toThrow(ColumnCodingError);
    expect(() => packColumns(["fixed"], [[2 ** 24 / Q]], 1, Q)).toThrow(ColumnCodingError);
    expect(() => packColumns(["fixed"], [[1]], 1, 60)).toThrow(/power of two/);
  });

  it("round-trips raw words as they are (an int8 normal crossing zero)", () => {
    const normal = (nx: number, ny: number, side: number) => ((nx & 255) | ((ny & 255) << 8) | ((side & 255) << 16)) >>> 0;
    const words = [normal(127, 0, -127), normal(126, -3, -127), normal(-1, -127, -127), normal(0, 127, -127), 0xffffffff, 0];
    const section = packColumns(["raw"], [words], words.length, Q);
    expect(Array.from(new Uint32Array(section.buffer))).toEqual(words);
    const out = new Uint32Array(2 * words.length);
    unpackColumn(section, words.length, 0, "raw", Q, out, 2, 0);
    expect(Array.from(out.filter((_, k) => k % 2 === 0))).toEqual(words);
  });

  it("stores columns one after another, each row as its difference from the row before: alike rows give zeros", () => {
    const rows = 100;
    const same = new Array(rows).fill(1234.5);
    const steps = Array.from({ length: rows }, (_, k) => 3 * k);
    const section = packColumns(["fixed", "int"], [same, steps], rows, Q);
    const words = new Int32Array(section.buffer);
    expect(words.length).toBe(2 * rows);
    // Column 0: only its first row differs from the row before (1234.5 * 64, zigzagged).
    expect(words[0]).toBe(2 * 1234.5 * Q);
    expect(words.subarray(1, rows).every((w) => w === 0)).toBe(true);
    // Column 1: steps of 3, zigzagged to 6.
    expect(Array.from(words.subarray(rows + 1))).toEqual(new Array(rows - 1).fill(6));
    expect(() => packColumns(["int"], [[1, 2]], 3, Q)).toThrow(/rows/);
  });
});
