import { describe, expect, it } from "vitest";
import { arcPoint, arcSegments, arcSweep, buildGeometry, EDGE_STRIDE, GROUP_STRIDE, NODE_STRIDE } from "./geometry";
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

  it("builds six vertices per node, per straight edge and per arc segment", () => {
    const m = tinyModel();
    const g = buildGeometry(m);
    expect(g.nodeVertices).toBe(m.nodes.length * 6);
    expect(g.nodes.length).toBe(g.nodeVertices * NODE_STRIDE);
    const segs = arcSegments(m.edges[1].arc!);
    expect(g.edgeVertices).toBe((2 + segs) * 6);
    expect(g.edges.length).toBe(g.edgeVertices * EDGE_STRIDE);
    expect(g.groups.length).toBe(6 * GROUP_STRIDE);
  });

  it("tessellates arcs along the orbit, ending on both nodes", () => {
    const m = tinyModel();
    const g = buildGeometry(m);
    // The arc's vertices start after the straight edge's six.
    const first = 6 * EDGE_STRIDE;
    const segs = arcSegments(m.edges[1].arc!);
    const last = first + (segs * 6 - 1) * EDGE_STRIDE;
    const a = m.nodes[1], b = m.nodes[2];
    expect(g.edges[first]).toBeCloseTo(a.x, 0);
    expect(g.edges[first + 1]).toBeCloseTo(a.y, 0);
    expect(g.edges[last]).toBeCloseTo(b.x, 0);
    expect(g.edges[last + 1]).toBeCloseTo(b.y, 0);
    for (let v = 0; v < segs * 6; v++) {
      const o = first + v * EDGE_STRIDE;
      expect(Math.hypot(g.edges[o] - 400, g.edges[o + 1] - 600)).toBeCloseTo(141.42, 1);
      expect([g.edges[o + 5], g.edges[o + 6]]).toEqual([1, 2]);
    }
  });

  it("keeps every vertex of the real tree finite and inside the tree bounds", () => {
    const { model } = realTree();
    const g = buildGeometry(model);
    const { minX, minY, maxX, maxY } = model.bounds;
    for (let o = 0; o < g.nodes.length; o += NODE_STRIDE) {
      expect(g.nodes[o] >= minX && g.nodes[o] <= maxX && g.nodes[o + 1] >= minY && g.nodes[o + 1] <= maxY).toBe(true);
    }
    for (let o = 0; o < g.edges.length; o += EDGE_STRIDE) {
      expect(Number.isFinite(g.edges[o]) && Number.isFinite(g.edges[o + 1])).toBe(true);
      expect(g.edges[o] >= minX && g.edges[o] <= maxX && g.edges[o + 1] >= minY && g.edges[o + 1] <= maxY).toBe(true);
    }
    // A one-time upload of well under a few MB.
    expect(g.nodes.byteLength + g.edges.byteLength + g.groups.byteLength).toBeLessThan(8 * 1024 * 1024);
  });
});
