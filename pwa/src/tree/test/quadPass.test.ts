import { describe, expect, it } from "vitest";
import { QuadPass, quadState } from "../art/program";
import { NodeState, StateBuffer } from "../states";

/** Just enough WebGL for QuadPass: records what each buffer was given. */
function fakeGl() {
  let next = 0, bound: number | null = null;
  type Data = Float32Array | Uint8Array | Uint16Array;
  const data = new Map<unknown, Data>();
  const uploads: unknown[] = [];
  const gl = {
    ARRAY_BUFFER: 1, ELEMENT_ARRAY_BUFFER: 2, STATIC_DRAW: 3, DYNAMIC_DRAW: 4,
    createBuffer: () => ++next,
    bindBuffer: (_t: number, b: number) => { bound = b; },
    bufferData: (_t: number, d: Data) => { data.set(bound!, d.slice()); },
    bufferSubData: (_t: number, _o: number, d: Data) => { uploads.push(bound!); data.set(bound!, d.slice()); },
    deleteBuffer: () => {},
  };
  return { gl: gl as unknown as WebGLRenderingContext, data, uploads };
}

interface Q { node: number; x: number }
const corner = (q: Q, c: number) => [q.x, c];
const state = (q: Q, s: StateBuffer) => (q.node < 0 ? null : quadState(s.has(q.node, NodeState.Active), s.visible(q.node)));

describe("QuadPass", () => {
  it("lays out each corner's floats and rewrites state bytes only when the revision changes", () => {
    const { gl, data, uploads } = fakeGl();
    const pass = new QuadPass<Q>(gl, [{ node: 0, x: 5 }, { node: -1, x: 6 }, { node: 1, x: 7 }], 2, corner, state);
    expect([...data.get(pass.buffers.vertices)!]).toEqual([
      5, 0, 5, 1, 5, 2, 5, 3, 6, 0, 6, 1, 6, 2, 6, 3, 7, 0, 7, 1, 7, 2, 7, 3,
    ]);
    const s = new StateBuffer(2);
    s.data[0 * 4 + 2] = 1; // node 0 visible, node 1 hidden
    s.add(0, NodeState.Active);
    pass.sync(s);
    const bytes = () => [...data.get(pass.buffers.stateBuf)!];
    // Node 0: active, visible; the fixed quad: inactive, visible; node 1: inactive, hidden.
    expect(bytes()).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0]);
    pass.sync(s);
    expect(uploads.length).toBe(1);
    s.remove(0, NodeState.Active);
    pass.sync(s);
    expect(uploads.length).toBe(2);
    expect(bytes().slice(0, 8)).toEqual([0, 1, 0, 1, 0, 1, 0, 1]);
  });

  it("refuses a corner whose floats do not fill the stride", () => {
    const { gl } = fakeGl();
    expect(() => new QuadPass<Q>(gl, [{ node: 0, x: 1 }], 3, corner, state)).toThrow(/2 floats, not 3/);
  });
});
