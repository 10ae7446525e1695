/**
 * The runs of a layer the camera sees, drawn as one call: their indices copied one after another
 * into an index buffer of their own. A software GPU pays about 10 µs per draw call (splitting each
 * run in two cost 9% of a zoomed-out frame), and such a frame has around ten runs per pass. The copy
 * is uploaded again only when the runs change: when a tile comes into view or leaves it.
 */
import type { GL } from "./renderer";

/** [first index, count], or for a layer without indices (the node points) [first vertex, count]. */
export type Run = [first: number, count: number];
export type Indices = Uint16Array | Uint32Array;

/** The indices of `runs` in `source`, one run after another. */
export function gatherRuns(source: Indices, runs: readonly Run[]): Indices {
  let n = 0;
  for (const [, count] of runs) n += count;
  const out = source instanceof Uint32Array ? new Uint32Array(n) : new Uint16Array(n);
  let o = 0;
  for (const [first, count] of runs) {
    out.set(source.subarray(first, first + count), o);
    o += count;
  }
  return out;
}

/** The vertex numbers of [first vertex, count] runs, as indices: 16-bit where they fit. */
export function runVertices(runs: readonly Run[]): Indices {
  let n = 0, end = 0;
  for (const [first, count] of runs) {
    n += count;
    end = Math.max(end, first + count);
  }
  const out = end <= 65536 ? new Uint16Array(n) : new Uint32Array(n);
  let o = 0;
  for (const [first, count] of runs) for (let k = 0; k < count; k++) out[o++] = first + k;
  return out;
}

function sameRuns(a: readonly Run[], b: readonly Run[]): boolean {
  if (a.length !== b.length) return false;
  for (let k = 0; k < a.length; k++) if (a[k][0] !== b[k][0] || a[k][1] !== b[k][1]) return false;
  return true;
}

interface Slot {
  source: Indices | null;
  runs: Run[];
  buffer: WebGLBuffer;
  count: number;
  type: number;
}

/** One index buffer per slot (a pass), holding the runs the slot drew last. */
export class GatheredRuns {
  private readonly slots = new Map<string, Slot>();

  /** `uint32`: whether the context draws 32-bit indices (renderer.ts drawsUint32). */
  constructor(
    private readonly gl: GL,
    private readonly uint32: boolean,
  ) {}

  /**
   * Binds the slot's index buffer holding `runs` of `source` (null: vertex runs), uploaded only when
   * they changed since the slot's last draw. Null when the context cannot draw 32-bit indices.
   */
  bind(slot: string, source: Indices | null, runs: readonly Run[]): { count: number; type: number } | null {
    const gl = this.gl;
    const got = this.slots.get(slot);
    if (got && got.source === source && sameRuns(got.runs, runs)) {
      gl.bindBuffer(gl.ELEMENT_ARRAY_BUFFER, got.buffer);
      return got;
    }
    const indices = source ? gatherRuns(source, runs) : runVertices(runs);
    const wide = indices instanceof Uint32Array;
    if (wide && !this.uint32) return null;
    const buffer = got?.buffer ?? gl.createBuffer()!;
    gl.bindBuffer(gl.ELEMENT_ARRAY_BUFFER, buffer);
    gl.bufferData(gl.ELEMENT_ARRAY_BUFFER, indices, gl.DYNAMIC_DRAW);
    const entry = { source, runs: runs.map(([first, count]): Run => [first, count]), buffer, count: indices.length, type: wide ? gl.UNSIGNED_INT : gl.UNSIGNED_SHORT };
    this.slots.set(slot, entry);
    return entry;
  }

  dispose(): void {
    for (const s of this.slots.values()) this.gl.deleteBuffer(s.buffer);
    this.slots.clear();
  }
}
