/**
 * The column coding of the prebuilt geometry file's sections (prebuiltGeometry.ts, game-data/FORMAT.md
 * "Prebuilt tree geometry"): a section is a table of `rows` rows of 32-bit words, stored column after
 * column (little-endian), each word the difference of its row's value from the row before's. Alike rows
 * (the points along an arc, ascending indices, one owner over many rows) then give gzip small numbers
 * and runs of zeros, which float bits or interleaved vertices never did. Reading a column back is one
 * pass over an Int32Array view of its bytes.
 */

/**
 * How a column's words are coded:
 * - `int`: an int32, its difference from the row before zigzagged (small negatives small too);
 * - `fixed`: a float32 that is a whole multiple of 1 / quantum (geometry.ts snapPosition), coded as
 *   that integer like `int` and read back exactly;
 * - `raw`: the word as it is (an edge vertex's four int8s: its normal changes along an arc in ways a
 *   difference does not make smaller, and repeats, which gzip finds as they are).
 */
export type ColumnKind = "int" | "fixed" | "raw";

export class ColumnCodingError extends Error {}

/**
 * The columns as one section: `values[c][r]` is column c's row r (`fixed`: the float; `raw`: the
 * word as an unsigned or signed 32-bit integer). Each column is `rows` long.
 */
export function packColumns(kinds: readonly ColumnKind[], values: readonly ArrayLike<number>[], rows: number, quantum: number): Uint8Array {
  // A power of two, so that reading back (v * (1 / quantum)) is exact.
  if (!(quantum > 0 && Number.isInteger(Math.log2(quantum)))) throw new ColumnCodingError(`quantum ${quantum} is not a power of two`);
  const out = new Int32Array(rows * kinds.length);
  kinds.forEach((kind, c) => {
    const column = values[c];
    if (column.length !== rows) throw new ColumnCodingError(`column ${c} has ${column.length} rows, not ${rows}`);
    let prev = 0;
    for (let r = 0; r < rows; r++) {
      let word: number;
      if (kind === "raw") {
        word = column[r] | 0;
      } else {
        const v = kind === "fixed" ? Math.round(column[r] * quantum) : column[r];
        if (kind === "fixed" && (v / quantum !== column[r] || Object.is(column[r], -0) || Math.abs(v) >= 2 ** 24)) throw new ColumnCodingError(`${column[r]} is not a multiple of 1/${quantum}`);
        if (!Number.isInteger(v) || v < -(2 ** 31) || v >= 2 ** 32) throw new ColumnCodingError(`${column[r]} is not a 32-bit integer`);
        const d = (v - prev) | 0;
        prev = v | 0;
        word = (d << 1) ^ (d >> 31);
      }
      out[c * rows + r] = word;
    }
  });
  return new Uint8Array(out.buffer);
}

/** A section's words (its byte offset in the file is a multiple of 8). */
export const wordsOf = (section: Uint8Array): Int32Array => new Int32Array(section.buffer, section.byteOffset, section.byteLength >> 2);

/** Any typed array a column is read into; `fixed` columns go to a Float32Array, the others to integer arrays. */
type Target = Float32Array | Int32Array | Uint32Array | Uint16Array;

/**
 * Column `column` of a section of `rows` rows (packColumns) into `out[offset + r * stride]`: a `fixed`
 * column as floats (out a Float32Array), an `int` or `raw` one as integers (a Uint32Array or Int32Array
 * view writes the word's bits as they are, whatever the buffer holds besides).
 */
export function unpackColumn(section: Uint8Array, rows: number, column: number, kind: ColumnKind, quantum: number, out: Target, stride = 1, offset = 0): void {
  const w = wordsOf(section), base = rows * column;
  if (kind === "raw") {
    for (let r = 0, o = offset; r < rows; r++, o += stride) out[o] = w[base + r];
    return;
  }
  const scale = kind === "fixed" ? 1 / quantum : 1;
  if (kind === "fixed" && !(out instanceof Float32Array)) throw new ColumnCodingError("a fixed column is read into floats");
  let v = 0;
  for (let r = 0, o = offset; r < rows; r++, o += stride) {
    const z = w[base + r];
    v = (v + ((z >>> 1) ^ -(z & 1))) | 0;
    // A power-of-two quantum: v * (1 / quantum) is v / quantum exactly.
    out[o] = v * scale;
  }
}

/**
 * An `int` column into `out` (its rows in order): unpackColumn for the long columns (indices, owners),
 * as a loop of its own, so that the page's first frame runs a tight loop over one array type.
 */
export function readInts<T extends Int32Array | Uint16Array | Uint32Array>(section: Uint8Array, rows: number, column: number, out: T): T {
  const w = wordsOf(section), base = rows * column;
  let v = 0;
  for (let r = 0; r < rows; r++) {
    const z = w[base + r];
    v = (v + ((z >>> 1) ^ -(z & 1))) | 0;
    out[r] = v;
  }
  return out;
}

/** A column of `rows` int32s. */
export const intColumn = (section: Uint8Array, rows: number, column: number): Int32Array => readInts(section, rows, column, new Int32Array(rows));
