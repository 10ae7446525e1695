import { describe, expect, it } from "vitest";
import { arcPoint, arcSegments, arcSweep, buildGeometry, edgeNormal, edgesAsHairlines, EDGE_LOD_SCALES, EDGE_SPAN, type Layer, EDGE_LOD_TOLERANCE_PX, EDGE_STRIDE, edgeLayerAt, GROUP_STRIDE, lodStride, MAX_NODE_POINT_PX, NODE_POINT_STRIDE, NODE_STRIDE, nodesAsPoints, POSITION_QUANTUM, snapPosition, visibleRuns } from "../geometry";
import { EDGE_WIDTH, nodeRadius, SHAPE } from "../style";
import { realTree, tinyModel } from "./testModel";

/** The ends of the edge that edge vertex `v` belongs to, from the layer's spans (one lookup table per layer). */
const spanOfVertex = new WeakMap<Layer, Int32Array>();
function endsOf(edges: Layer, v: number): [number, number] {
  let table = spanOfVertex.get(edges);
  if (!table) {
    table = new Int32Array(edges.vertexCount).fill(-1);
    for (let k = 0; k < edges.owners.length; k += EDGE_SPAN) table.fill(k, edges.owners[k], edges.owners[k] + edges.owners[k + 1]);
    spanOfVertex.set(edges, table);
  }
  const k = table[v];
  if (k < 0) throw new Error(`vertex ${v} is in no edge`);
  return [edges.owners[k + 2], edges.owners[k + 3]];
}

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
    // Owners: a node per node vertex, both ends per edge vertex, -1 (always shown) for a plain group.
    const quadOwners = Array.from({ length: m.nodes.length }, (_, k) => [...g.nodes.owners.subarray(4 * k, 4 * k + 4)]);
    expect(quadOwners.every((q) => q.every((o) => o === q[0]))).toBe(true);
    expect(quadOwners.map((q) => q[0]).sort((a, b) => a - b)).toEqual(m.nodes.map((n) => n.index));
    // Edges: a span each (first vertex, count, ends) covering the vertices once, in order.
    expect(g.edges.owners.length).toBe(EDGE_SPAN * m.edges.length);
    let nextVertex = 0;
    for (let k = 0; k < g.edges.owners.length; k += EDGE_SPAN) {
      expect(g.edges.owners[k]).toBe(nextVertex);
      nextVertex += g.edges.owners[k + 1];
    }
    expect(nextVertex).toBe(g.edges.vertexCount);
    expect([...g.groups.owners]).toEqual([-1, -1, -1, -1]);
  });

  it("tessellates arcs along the orbit, ending on both nodes", () => {
    const m = tinyModel();
    const g = buildGeometry(m);
    const segs = arcSegments(m.edges[1].arc!);
    // The arc's vertices are the run whose ends are nodes 1 and 2.
    const ends = (v: number) => endsOf(g.edges, v);
    let first = 0;
    while (ends(first).join() !== "1,2") first++;
    const last = first + 2 * (segs + 1) - 1;
    const at = (v: number) => [g.edges.vertices[v * EDGE_STRIDE], g.edges.vertices[v * EDGE_STRIDE + 1]];
    const a = m.nodes[1], b = m.nodes[2];
    expect(at(first)[0]).toBeCloseTo(a.x, 0);
    expect(at(first)[1]).toBeCloseTo(a.y, 0);
    expect(at(last)[0]).toBeCloseTo(b.x, 0);
    expect(at(last)[1]).toBeCloseTo(b.y, 0);
    for (let v = first; v <= last; v++) {
      const [x, y] = at(v);
      expect(Math.hypot(x - 400, y - 600)).toBeCloseTo(141.42, 1);
      expect(ends(v)).toEqual([1, 2]);
      // The normal is radial (so segments join without gaps), unit length, and the two vertices of a point take opposite sides.
      const [nx, ny, side] = edgeNormal(g.edges.vertices, v);
      expect(Math.hypot(nx, ny)).toBeCloseTo(1, 1);
      expect(Math.abs(nx * (y - 600) - ny * (x - 400)) / 141.42).toBeLessThan(0.01);
      expect(side).toBe((v - first) % 2 === 0 ? -1 : 1);
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

  it("cuts every layer into tiles that cover each index once and bound their shapes", () => {
    const { model } = realTree();
    const g = buildGeometry(model);
    for (const [layer, stride] of [[g.nodes, NODE_STRIDE], [g.edges, EDGE_STRIDE], [g.groups, GROUP_STRIDE]] as const) {
      expect(layer.tiles.length).toBeGreaterThan(layer === g.groups ? 10 : 50);
      let next = 0, outside = 0, gaps = 0;
      for (const t of layer.tiles) {
        if (t.start !== next) gaps++;
        next += t.count;
        for (let k = t.start; k < t.start + t.count; k++) {
          const o = layer.indices[k] * stride;
          const x = layer.vertices[o], y = layer.vertices[o + 1];
          if (!(x >= t.minX && x <= t.maxX && y >= t.minY && y <= t.maxY)) outside++;
        }
      }
      expect([gaps, outside, next]).toEqual([0, 0, layer.indices.length]);
    }
  });

  it("coarsens arcs zoomed out: fewer triangles, chords within the tolerance, every edge still drawn end to end", () => {
    const { model } = realTree();
    const g = buildGeometry(model);
    const lods = EDGE_LOD_SCALES.map((_, k) => g.edgeLod(k));
    expect(lods.map((l) => l.maxScale)).toEqual(EDGE_LOD_SCALES);
    // Built once per level, on first use.
    expect(g.edgeLod(2)).toBe(lods[2]);
    let prev = 0;
    for (const lod of lods) {
      // Coarser levels first; the coarsest has well under half the fine triangles.
      expect(lod.indices.length).toBeGreaterThanOrEqual(prev);
      prev = lod.indices.length;
      expect(Math.max(...lod.indices)).toBeLessThan(g.edges.vertexCount);
      // Tiles cover the level's indices once, in order, with the fine tiles' bounds.
      let next = 0;
      lod.tiles.forEach((t, k) => {
        expect(t.start).toBe(next);
        next += t.count;
        expect([t.minX, t.maxX]).toEqual([g.edges.tiles[k].minX, g.edges.tiles[k].maxX]);
      });
      expect(next).toBe(lod.indices.length);
      // The set of (point) vertices each level's quads start and end on includes both ends of every edge.
      const used = new Set(lod.indices);
      const fineUsed = new Set(g.edges.indices);
      for (const v of fineUsed) {
        const o = v * EDGE_STRIDE;
        const [a, b] = endsOf(g.edges, v);
        const at = [g.edges.vertices[o], g.edges.vertices[o + 1]];
        const na = model.nodes[a], nb = model.nodes[b];
        const isEnd = (Math.abs(at[0] - na.x) < 0.01 && Math.abs(at[1] - na.y) < 0.01) || (Math.abs(at[0] - nb.x) < 0.01 && Math.abs(at[1] - nb.y) < 0.01);
        if (isEnd) expect(used.has(v)).toBe(true);
      }
    }
    expect(lods[0].indices.length).toBeLessThan(g.edges.indices.length / 2);
    expect(edgeLayerAt(g, 0.01).lod).toBe(0);
    expect(edgeLayerAt(g, EDGE_LOD_SCALES[1]).lod).toBe(1);
    expect(edgeLayerAt(g, 10).indices).toBe(g.edges.indices);
  });

  it("gives each coarse level its chords as lines, from left vertex to left vertex, in the quads' order", () => {
    const { model } = realTree();
    const g = buildGeometry(model);
    for (const k of [0, Math.floor(EDGE_LOD_SCALES.length / 2), EDGE_LOD_SCALES.length - 1]) {
      const { indices, lines, tiles } = g.edgeLod(k);
      expect(lines.length).toBe(indices.length / 3);
      expect(lines instanceof Uint16Array).toBe(indices instanceof Uint16Array);
      const wrong: number[] = [];
      for (let q = 0; q < indices.length / 6; q++) {
        const [a, b] = [lines[2 * q], lines[2 * q + 1]];
        // The quad's first and last index: the left vertices of the chord's two points (EdgeBuilder.edgePoint).
        if (a !== indices[6 * q] || b !== indices[6 * q + 5] || edgeNormal(g.edges.vertices, a)[2] >= 0 || edgeNormal(g.edges.vertices, b)[2] >= 0) wrong.push(q);
      }
      expect(wrong).toEqual([]);
      // A tile's index range divided by 3 is its range of line indices.
      for (const t of tiles) expect([t.start % 6, t.count % 6]).toEqual([0, 0]);
    }
  });

  it("draws the plain edges as hairlines only where their quads would be at their least width", () => {
    const least = EDGE_WIDTH.normal.minHalfPx / EDGE_WIDTH.normal.half;
    expect(least).toBeCloseTo(0.14);
    for (const scale of [0.01, EDGE_LOD_SCALES[0], 0.059, 0.1, least]) expect(edgesAsHairlines(scale)).toBe(true);
    // Wider than 1.4 px, and on the fine layer (no lines), they stay quads.
    for (const scale of [least * 1.01, 0.2, EDGE_LOD_SCALES[EDGE_LOD_SCALES.length - 1], 1, 5]) expect(edgesAsHairlines(scale)).toBe(false);
  });

  it("keeps a coarse chord within the tolerance of the orbit", () => {
    for (const r of [82, 162, 335, 493, 846]) {
      for (const scale of EDGE_LOD_SCALES) {
        const segs = 30, step = Math.PI / 2 / segs;
        const m = lodStride({ segs, r, step }, scale);
        expect(m).toBeGreaterThanOrEqual(1);
        expect(r * (1 - Math.cos((m * step) / 2)) * scale).toBeLessThanOrEqual(EDGE_LOD_TOLERANCE_PX + 1e-9);
      }
    }
    expect(lodStride({ segs: 1, r: 0, step: 0 }, 0.03)).toBe(1);
  });

  it("draws only the tiles a view rectangle meets, neighbouring tiles in one run", () => {
    const tile = (minX: number, start: number, owner = -1) => ({ minX, maxX: minX + 10, minY: 0, maxY: 10, start, count: 6, owner });
    const tiles = [tile(0, 0), tile(10, 6), tile(20, 12), tile(100, 18)];
    expect(visibleRuns(tiles, { minX: 5, maxX: 25, minY: 0, maxY: 5 })).toEqual([[0, 18]]);
    expect(visibleRuns(tiles, { minX: 15, maxX: 105, minY: 0, maxY: 5 })).toEqual([[6, 18]]);
    expect(visibleRuns(tiles, { minX: 0, maxX: 5, minY: 0, maxY: 5 }).concat(visibleRuns(tiles, { minX: 95, maxX: 99, minY: 0, maxY: 5 }))).toEqual([[0, 6]]);
    expect(visibleRuns(tiles, { minX: 50, maxX: 60, minY: -20, maxY: -15 })).toEqual([]);
    // A tile with an owner is drawn only while that node is shown; it splits the run it sat in.
    const owned = [tile(0, 0), tile(10, 6, 7), tile(20, 12)];
    const all = { minX: 0, maxX: 30, minY: 0, maxY: 10 };
    expect(visibleRuns(owned, all, (n) => n === 7)).toEqual([[0, 18]]);
    expect(visibleRuns(owned, all, () => false)).toEqual([[0, 6], [12, 6]]);
  });

  it("puts each ascendancy's nodes, edges and discs in tiles of their own, owned by its first node", () => {
    const { model } = realTree("3.28");
    const g = buildGeometry(model);
    const ascendancyOf = (i: number) => model.nodes[i].ascendancyName;
    const names = new Set(model.nodes.map((n) => n.ascendancyName).filter((a) => a !== null));
    expect(names.size).toBeGreaterThan(15);
    for (const [layer, perShape, ownerOf] of [
      [g.nodes, 6, (i: number) => g.nodes.owners[g.nodes.indices[i]]],
      [g.edges, 6, (i: number) => endsOf(g.edges, g.edges.indices[i])[0]],
    ] as const) {
      const owners = new Set<number>();
      for (const t of layer.tiles) {
        for (let i = t.start; i < t.start + t.count; i += perShape) {
          const node = ownerOf(i);
          // A tile holds one ascendancy's shapes, or none of any.
          expect(ascendancyOf(node)).toBe(t.owner < 0 ? null : ascendancyOf(t.owner));
        }
        if (t.owner >= 0) owners.add(t.owner);
      }
      expect(owners.size).toBe(names.size);
    }
    // The discs too; and the points share the quads' tiles.
    expect(new Set(g.groups.tiles.filter((t) => t.owner >= 0).map((t) => ascendancyOf(t.owner)))).toEqual(names);
    expect(g.nodePoints.tiles.map((t) => t.owner)).toEqual(g.nodes.tiles.map((t) => t.owner));
    // A coarse edge level keeps them apart as well.
    expect(g.edgeLod(0).tiles.map((t) => t.owner)).toEqual(g.edges.tiles.map((t) => t.owner));
  });

  it("gives every node one point vertex, in the quads' order and tiles, with its centre, radius and shape", () => {
    const { model } = realTree("3.28");
    const g = buildGeometry(model);
    const p = g.nodePoints;
    expect(p.vertexCount).toBe(model.nodes.length);
    expect(p.vertices.length).toBe(model.nodes.length * NODE_POINT_STRIDE);
    const seen = new Set<number>();
    for (let k = 0; k < p.vertexCount; k++) {
      const o = k * NODE_POINT_STRIDE;
      const n = model.nodes[p.owners[k]];
      seen.add(n.index);
      // On the position grid (snapPosition), within half a step of the node's own centre.
      expect([p.vertices[o], p.vertices[o + 1]]).toEqual([snapPosition(n.x), snapPosition(n.y)]);
      expect(Math.abs(p.vertices[o] - n.x)).toBeLessThanOrEqual(0.5 / POSITION_QUANTUM);
      expect([p.vertices[o + 2], p.vertices[o + 3]]).toEqual([nodeRadius(n), SHAPE[n.kind]]);
      // Quad k is the same node: the point is drawn where (and when) the quad would be.
      expect(g.nodes.owners[4 * k]).toBe(n.index);
    }
    expect(seen.size).toBe(model.nodes.length);
    // Tiles cover every point once, in order, and bound their nodes.
    let next = 0;
    p.tiles.forEach((t, k) => {
      expect(t.start).toBe(next);
      next += t.count;
      expect(t.count * 6).toBe(g.nodes.tiles[k].count);
      for (let v = t.start; v < t.start + t.count; v++) {
        const x = p.vertices[v * NODE_POINT_STRIDE], y = p.vertices[v * NODE_POINT_STRIDE + 1];
        expect(x >= t.minX && x <= t.maxX && y >= t.minY && y <= t.maxY).toBe(true);
      }
    });
    expect(next).toBe(p.vertexCount);
  });

  it("draws nodes as points only while the largest node with its marks fits a sprite", () => {
    // A class start (radius 130) with the 1.5-radii highlight ring: 390 world units across.
    expect(nodesAsPoints(0.05, 1024)).toBe(true);
    expect(nodesAsPoints(MAX_NODE_POINT_PX / 390, 1024)).toBe(true);
    expect(nodesAsPoints(MAX_NODE_POINT_PX / 390 + 0.01, 1024)).toBe(false);
    // A context with small sprites falls back to quads sooner.
    expect(nodesAsPoints(0.2, 64)).toBe(false);
    expect(nodesAsPoints(0.1, 64)).toBe(true);
  });
});

