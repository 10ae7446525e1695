// Geometry uploaded ahead (preupload.ts): the renderer takes each buffer once, and what no view takes is
// freed. A recording stand-in for the WebGL context stands for the GPU (Vitest has none); the geometry
// is the real 3.28 tree's.
import { describe, expect, it } from "vitest";
import { buildGeometryData } from "../geometry";
import { dropUploaded, preuploadGeometry, uploadedOr } from "../preupload";
import type { GL } from "../renderer";
import { realTree } from "./testModel";

function recordingGl() {
  let next = 0;
  const made: object[] = [];
  const deleted: object[] = [];
  const uploaded: [number, number][] = [];
  const gl = {
    ARRAY_BUFFER: 0x8892,
    ELEMENT_ARRAY_BUFFER: 0x8893,
    STATIC_DRAW: 0x88e4,
    isContextLost: () => false,
    createBuffer: () => {
      const b = { id: next++ };
      made.push(b);
      return b;
    },
    bindBuffer: () => undefined,
    bufferData: (target: number, data: ArrayBufferView) => uploaded.push([target, data.byteLength]),
    deleteBuffer: (b: object) => deleted.push(b),
    flush: () => undefined,
  };
  return { gl: gl as unknown as GL, made, deleted, uploaded };
}

describe("geometry uploaded ahead", () => {
  const { model } = realTree("3.28");

  it("uploads what a first frame draws, and the renderer takes each buffer once", () => {
    const data = buildGeometryData(model);
    const { gl, made, uploaded } = recordingGl();
    preuploadGeometry(gl, data);
    expect(made).toHaveLength(4);
    expect(uploaded).toContainEqual([gl.ELEMENT_ARRAY_BUFFER, data.groups.indices.byteLength]);
    expect(uploaded.reduce((s, [, n]) => s + n, 0)).toBeGreaterThan(400_000);
    // Twice is once: a second call (the same answer seen again) makes no buffer.
    preuploadGeometry(gl, data);
    expect(made).toHaveLength(4);
    expect(uploadedOr(gl, data.edges.vertices)).toBe(made[2]);
    // Taken: the array itself next time, so no two renderers share (and delete) one buffer.
    expect(uploadedOr(gl, data.edges.vertices)).toBe(data.edges.vertices);
    // Another context never gets this one's buffers.
    expect(uploadedOr(recordingGl().gl, data.groups.vertices)).toBe(data.groups.vertices);
  });

  it("frees what no renderer took, and only that", () => {
    const data = buildGeometryData(model);
    const { gl, made, deleted } = recordingGl();
    preuploadGeometry(gl, data);
    const taken = uploadedOr(gl, data.nodePoints.vertices);
    dropUploaded(data);
    expect(deleted).toHaveLength(3);
    expect(deleted).not.toContain(taken);
    expect(new Set(deleted)).toEqual(new Set(made.filter((b) => b !== taken)));
    // Gone: the renderer would upload the arrays itself.
    expect(uploadedOr(gl, data.groups.vertices)).toBe(data.groups.vertices);
    dropUploaded(data);
    expect(deleted).toHaveLength(3);
  });

  it("moves to the context a canvas will take when the one it went to was never taken", () => {
    const data = buildGeometryData(model);
    const first = recordingGl(), second = recordingGl();
    preuploadGeometry(first.gl, data);
    preuploadGeometry(second.gl, data);
    expect(first.deleted).toHaveLength(4);
    expect(second.made).toHaveLength(4);
    expect(uploadedOr(second.gl, data.groups.indices)).toBe(second.made[1]);
    expect(uploadedOr(first.gl, data.groups.vertices)).toBe(data.groups.vertices);
  });
});
