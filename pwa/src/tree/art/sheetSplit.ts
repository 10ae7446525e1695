/**
 * The largest texture the GPU takes, and sprite sheets split into pieces that fit it (pure:
 * no GPU, no image). A sheet no larger than the limit is one piece; a larger one is cut on a
 * grid of columns and rows, each at most the limit wide, placed so every sprite lies wholly
 * inside one piece (a sprite is never drawn from two textures, so no seam can open inside it).
 */
import type { Rect } from "./artQuads";

/** The spec's maximum texture size when the GPU gives none (spec section 9). */
export const FALLBACK_TEXTURE_SIZE = 4096;

/**
 * The texture size to split sheets to: the GPU's MAX_TEXTURE_SIZE, or 4096 when it answers
 * nothing usable (no context, a lost one, 0). A GPU that allows less than 4096 is honoured:
 * a larger texture would fail to upload there.
 */
export function textureLimit(reported: unknown): number {
  const n = typeof reported === "number" ? Math.floor(reported) : NaN;
  return Number.isFinite(n) && n > 0 ? n : FALLBACK_TEXTURE_SIZE;
}

/** Reads the GPU's limit (textureLimit of its MAX_TEXTURE_SIZE). */
export function gpuTextureLimit(gl: Pick<WebGLRenderingContext, "getParameter" | "MAX_TEXTURE_SIZE">): number {
  let reported: unknown = null;
  try {
    reported = gl.getParameter(gl.MAX_TEXTURE_SIZE);
  } catch {
    // A lost context: the fallback.
  }
  return textureLimit(reported);
}

/** A piece of a sheet: its rectangle in the sheet's pixels. */
export interface Piece {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface SheetPlan {
  pieces: Piece[];
  /** For each rect given, the piece holding it. */
  pieceOf: number[];
}

/**
 * Splits [0, extent) into spans of at most `limit`, each interval wholly inside one span:
 * greedily, a span starts at the first interval the last span did not hold. Returns the
 * spans' starts and lengths and each interval's span.
 */
export function splitAxis(intervals: readonly [number, number][], extent: number, limit: number): { spans: [number, number][]; spanOf: number[] } {
  if (extent <= limit) return { spans: [[0, extent]], spanOf: intervals.map(() => 0) };
  const order = intervals.map((_, i) => i).sort((a, b) => intervals[a][0] - intervals[b][0]);
  const spans: [number, number][] = [];
  const spanOf = intervals.map(() => -1);
  for (const i of order) {
    const [start, len] = intervals[i];
    if (len > limit) throw new Error(`a sprite ${len} px long does not fit a ${limit} px texture`);
    // The newest span holding it, else a new span from its start (kept inside the sheet).
    let s = spans.length - 1;
    if (s < 0 || start < spans[s][0] || start + len > spans[s][0] + spans[s][1]) {
      const from = Math.max(0, Math.min(start, extent - limit));
      spans.push([from, Math.min(limit, extent - from)]);
      s = spans.length - 1;
    }
    spanOf[i] = s;
  }
  if (spans.length === 0) spans.push([0, Math.min(limit, extent)]);
  return { spans, spanOf };
}

/**
 * Pieces of a `size` sheet that each fit `limit` and together hold every rect ([x, y, w, h]
 * in sheet pixels): the columns and rows splitAxis gives, crossed; only pieces holding a rect
 * are kept.
 */
export function planSheet(size: readonly [number, number], rects: readonly Rect[], limit: number): SheetPlan {
  if (size[0] <= limit && size[1] <= limit) return { pieces: [{ x: 0, y: 0, w: size[0], h: size[1] }], pieceOf: rects.map(() => 0) };
  const cols = splitAxis(rects.map((r) => [r[0], r[2]]), size[0], limit);
  const rows = splitAxis(rects.map((r) => [r[1], r[3]]), size[1], limit);
  const pieces: Piece[] = [];
  const index = new Map<number, number>();
  const pieceOf = rects.map((_, i) => {
    const key = rows.spanOf[i] * cols.spans.length + cols.spanOf[i];
    let p = index.get(key);
    if (p === undefined) {
      const [x, w] = cols.spans[cols.spanOf[i]], [y, h] = rows.spans[rows.spanOf[i]];
      p = pieces.push({ x, y, w, h }) - 1;
      index.set(key, p);
    }
    return p;
  });
  return { pieces, pieceOf };
}

/** A uv rectangle (0..1 of the whole sheet) as uv of the piece holding it. */
export function uvInPiece(uv: Rect, size: readonly [number, number], piece: Piece): Rect {
  return [(uv[0] * size[0] - piece.x) / piece.w, (uv[1] * size[1] - piece.y) / piece.h, (uv[2] * size[0]) / piece.w, (uv[3] * size[1]) / piece.h];
}
