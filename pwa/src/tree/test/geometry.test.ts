import { describe, expect, it } from "vitest";
import { arcPoint, arcSegments, arcSweep, buildGeometry, EDGE_STRIDE, GROUP_STRIDE, NODE_STRIDE } from "../geometry";
import { realTree, tinyModel } from "./testModel";

describe("geometry", () => {
  it("uses tree angles: 0 up, clockwise", () => {
    const [x0, y0] = arcPoint(0, 0, 100, 0);
    expect([x0, y0 + 100].map((v) => Math.abs(v) < 1e-9)).toEqual([true, true]);
    const [x1, y1] = arcPoint(0, 0, 100, Math.PI / 2);
    expect(x1).toBeCloseTo(100);
    expect(y1).toBeCloseTo(0);
    expect(arcSweep(0.1, 2 * Math.PI - 0.1)).toBeCloseTo(-0.2);
    expect(arcSweep(-Math.PI / 4, Math.PI / 4)).toBeCloseTo(Math.PI / 2);
  });

  it("tessellates arcs finely enough to stay round: at most 10 degrees and 60 units a segment", () => {
    expect(arcSegments({ cx: 0, cy: 0, r: 82, a0: 0, a1: Math.PI / 3 })).toBe(6);
    expect(arcSegments({ cx: 0, cy: 0, r: 846, a0: 0, a1: Math.PI / 18 })).toBe(3);
    expect(arcSegments({ cx: 0, cy: 0, r: 162, a0: 0, a1: 0.01 })).toBe(2);
  });

  it("builds four shared vertices and two triangles per node and per edge segment", () => {
    const m = tinyModel();
    const g = buildGeometry(m);
    expect(g.nodes.vertexCount).toBe(m.nodes.length * 4);
    expect(g.nodes.indices.length).toBe(m.nodes.length * 6);
    expect(g.nodes.vertices.length).toBe(g.nodes.vertexCount * NODE_STRIDE);
    const segs = arcSegments(m.edges[1].arc!);
    // Two straight edges (2 points each) and one arc (segs + 1 points), two vertices per point.
    expect(g.edges.vertexCount).toBe(2 * (2 + 2 + segs + 1));
    expect(g.edges.indices.length).toBe(6 * (2 + segs));
    expect(g.edges.vertices.length).toBe(g.edges.vertexCount * EDGE_STRIDE);
    expect(g.groups.vertices.length).toBe(4 * GROUP_STRIDE);
    for (const layer of [g.nodes, g.edges, g.groups]) {
      expect(Math.max(...layer.indices)).toBe(layer.vertexCount - 1);
    }
  });

  it("tessellates arcs along the orbit, ending on both nodes", () => {
    const m = tinyModel();
    const g = buildGeometry(m);
    const segs = arcSegments(m.edges[1].arc!);
    // The arc's vertices follow the straight edge's four.
    const first = 4, last = 4 + 2 * (segs + 1) - 1;
    const at = (v: number) => [g.edges.vertices[v * EDGE_STRIDE], g.edges.vertices[v * EDGE_STRIDE + 1]];
    const a = m.nodes[1], b = m.nodes[2];
    expect(at(first)[0]).toBeCloseTo(a.x, 0);
    expect(at(first)[1]).toBeCloseTo(a.y, 0);
    expect(at(last)[0]).toBeCloseTo(b.x, 0);
    expect(at(last)[1]).toBeCloseTo(b.y, 0);
    for (let v = first; v <= last; v++) {
      const [x, y] = at(v);
      expect(Math.hypot(x - 400, y - 600)).toBeCloseTo(141.42, 1);
      const o = v * EDGE_STRIDE;
      expect([g.edges.vertices[o + 5], g.edges.vertices[o + 6]]).toEqual([1, 2]);
    }
  });

  it("keeps every vertex of the real tree finite and inside the tree bounds, with 16-bit indices", () => {
    const { model } = realTree();
    const g = buildGeometry(model);
    const { minX, minY, maxX, maxY } = model.bounds;
    for (const [layer, stride] of [[g.nodes, NODE_STRIDE], [g.edges, EDGE_STRIDE]] as const) {
      for (let o = 0; o < layer.vertices.length; o += stride) {
        const x = layer.vertices[o], y = layer.vertices[o + 1];
        expect(Number.isFinite(x) && Number.isFinite(y) && x >= minX && x <= maxX && y >= minY && y <= maxY).toBe(true);
      }
      expect(layer.indices).toBeInstanceOf(Uint16Array);
    }
    const bytes = [g.nodes, g.edges, g.groups].reduce((s, l) => s + l.vertices.byteLength + l.indices.byteLength, 0);
    expect(bytes).toBeLessThan(3 * 1024 * 1024);
  });
});
