/**
 * Static vertex data for one tree version: group backgrounds, edges (straight
 * and orbit arcs tessellated along the orbit) and node quads. Built once and
 * uploaded once; everything that changes goes through the state buffer.
 */
import type { TreeArc, TreeModel } from "./model";
import { nodeRadius, SHAPE } from "./style";

export const NODE_STRIDE = 7; // x, y, cornerX, cornerY, radius, shape, nodeIndex
export const EDGE_STRIDE = 7; // x, y, normalX, normalY, side, nodeA, nodeB
export const GROUP_STRIDE = 6; // x, y, cornerX, cornerY, radius, visibilityNodeIndex (-1 always)

/** Half the edge width in world units. */
export const EDGE_HALF_WIDTH = 7;
/** Longest arc segment in world units; short enough that arcs look round at max zoom. */
const ARC_SEGMENT = 24;

export interface TreeGeometry {
  nodes: Float32Array;
  edges: Float32Array;
  groups: Float32Array;
  nodeVertices: number;
  edgeVertices: number;
  groupVertices: number;
}

const CORNERS = [
  [-1, -1], [1, -1], [1, 1],
  [-1, -1], [1, 1], [-1, 1],
];

/** Tree angle (0 up, clockwise) to a point on the circle. */
export function arcPoint(cx: number, cy: number, r: number, angle: number): [number, number] {
  return [cx + r * Math.sin(angle), cy - r * Math.cos(angle)];
}

/** Signed sweep from a0 to a1 the short way, in (-PI, PI]. */
export function arcSweep(a0: number, a1: number): number {
  let d = (a1 - a0) % (2 * Math.PI);
  if (d > Math.PI) d -= 2 * Math.PI;
  if (d <= -Math.PI) d += 2 * Math.PI;
  return d;
}

export function arcSegments(arc: TreeArc): number {
  return Math.min(64, Math.max(2, Math.ceil((Math.abs(arcSweep(arc.a0, arc.a1)) * arc.r) / ARC_SEGMENT)));
}

export function buildGeometry(model: TreeModel): TreeGeometry {
  const nodes = new Float32Array(model.nodes.length * 6 * NODE_STRIDE);
  let o = 0;
  for (const n of model.nodes) {
    const r = nodeRadius(n);
    for (const [cx, cy] of CORNERS) {
      nodes.set([n.x, n.y, cx, cy, r, SHAPE[n.kind], n.index], o);
      o += NODE_STRIDE;
    }
  }

  let edgeQuads = 0;
  for (const e of model.edges) edgeQuads += e.arc ? arcSegments(e.arc) : 1;
  const edges = new Float32Array(edgeQuads * 6 * EDGE_STRIDE);
  o = 0;
  const quad = (ax: number, ay: number, anx: number, any: number, bx: number, by: number, bnx: number, bny: number, ia: number, ib: number) => {
    // Two triangles: (a-, a+, b+), (a-, b+, b-)
    const v = [
      [ax, ay, anx, any, -1], [ax, ay, anx, any, 1], [bx, by, bnx, bny, 1],
      [ax, ay, anx, any, -1], [bx, by, bnx, bny, 1], [bx, by, bnx, bny, -1],
    ];
    for (const p of v) {
      edges.set([p[0], p[1], p[2], p[3], p[4], ia, ib], o);
      o += EDGE_STRIDE;
    }
  };
  for (const e of model.edges) {
    const a = model.nodes[e.a], b = model.nodes[e.b];
    if (!e.arc) {
      const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
      const nx = -(b.y - a.y) / len, ny = (b.x - a.x) / len;
      quad(a.x, a.y, nx, ny, b.x, b.y, nx, ny, e.a, e.b);
      continue;
    }
    const { cx, cy, r, a0 } = e.arc;
    const sweep = arcSweep(a0, e.arc.a1);
    const segs = arcSegments(e.arc);
    for (let k = 0; k < segs; k++) {
      const t0 = a0 + (sweep * k) / segs, t1 = a0 + (sweep * (k + 1)) / segs;
      const [x0, y0] = arcPoint(cx, cy, r, t0), [x1, y1] = arcPoint(cx, cy, r, t1);
      // The radial direction is perpendicular to the arc, so neighbouring segments join without gaps.
      quad(x0, y0, Math.sin(t0), -Math.cos(t0), x1, y1, Math.sin(t1), -Math.cos(t1), e.a, e.b);
    }
  }

  const firstOfAscendancy = new Map<string, number>();
  for (const n of model.nodes) if (n.ascendancyName && !firstOfAscendancy.has(n.ascendancyName)) firstOfAscendancy.set(n.ascendancyName, n.index);
  const groups = new Float32Array(model.groups.length * 6 * GROUP_STRIDE);
  o = 0;
  for (const g of model.groups) {
    const vis = g.ascendancyName ? (firstOfAscendancy.get(g.ascendancyName) ?? -1) : -1;
    for (const [cx, cy] of CORNERS) {
      groups.set([g.x, g.y, cx, cy, g.radius, vis], o);
      o += GROUP_STRIDE;
    }
  }
  return {
    nodes,
    edges,
    groups,
    nodeVertices: model.nodes.length * 6,
    edgeVertices: edgeQuads * 6,
    groupVertices: model.groups.length * 6,
  };
}
