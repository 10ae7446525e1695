/**
 * Static vertex data for one tree version: group backgrounds, edges (straight
 * and orbit arcs tessellated along the orbit) and node quads, each indexed so
 * neighbouring triangles share vertices. Built once and uploaded once;
 * everything that changes goes through the state buffer.
 */
import type { TreeArc, TreeModel } from "./model";
import { nodeRadius, SHAPE } from "./style";

export const NODE_STRIDE = 7; // x, y, cornerX, cornerY, radius, shape, nodeIndex
export const EDGE_STRIDE = 7; // x, y, normalX, normalY, side, nodeA, nodeB
export const GROUP_STRIDE = 6; // x, y, cornerX, cornerY, radius, visibilityNodeIndex (-1 always)

/**
 * Arc segments are at most 60 world units and 10 degrees long: the chord then
 * strays under a world unit from the orbit, below a pixel even at max zoom.
 */
const ARC_SEGMENT = 60;
const ARC_SEGMENT_ANGLE = Math.PI / 18;

export interface Layer {
  vertices: Float32Array;
  indices: Uint16Array | Uint32Array;
  vertexCount: number;
}

export interface TreeGeometry {
  nodes: Layer;
  edges: Layer;
  groups: Layer;
}

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
  const sweep = Math.abs(arcSweep(arc.a0, arc.a1));
  return Math.min(36, Math.max(2, Math.ceil((sweep * arc.r) / ARC_SEGMENT), Math.ceil(sweep / ARC_SEGMENT_ANGLE)));
}

/** Writes interleaved vertices and triangle indices into typed arrays sized up front. */
class LayerBuilder {
  private readonly v: Float32Array;
  private readonly i: Uint16Array | Uint32Array;
  private count = 0;
  private vi = 0;
  private ii = 0;

  constructor(
    private readonly stride: number,
    vertices: number,
    indices: number,
  ) {
    this.v = new Float32Array(vertices * stride);
    // 16-bit indices when they fit (WebGL1 needs an extension for 32-bit ones).
    this.i = vertices <= 65536 ? new Uint16Array(indices) : new Uint32Array(indices);
  }

  vertex(a: number, b: number, c: number, d: number, e: number, f: number, g = 0): number {
    const v = this.v;
    const o = this.vi;
    v[o] = a;
    v[o + 1] = b;
    v[o + 2] = c;
    v[o + 3] = d;
    v[o + 4] = e;
    v[o + 5] = f;
    if (this.stride > 6) v[o + 6] = g;
    this.vi += this.stride;
    return this.count++;
  }

  quad(p: number, q: number, r: number, s: number): void {
    const i = this.i;
    const o = this.ii;
    i[o] = p;
    i[o + 1] = q;
    i[o + 2] = r;
    i[o + 3] = p;
    i[o + 4] = r;
    i[o + 5] = s;
    this.ii += 6;
  }

  build(): Layer {
    return { vertices: this.v, indices: this.i, vertexCount: this.count };
  }
}

/** Points along an edge: 2 for a straight one, segments + 1 along an arc. */
function edgePoints(e: TreeModel["edges"][number]): number {
  return e.arc ? arcSegments(e.arc) + 1 : 2;
}

export function buildGeometry(model: TreeModel): TreeGeometry {
  const nodes = new LayerBuilder(NODE_STRIDE, model.nodes.length * 4, model.nodes.length * 6);
  for (const n of model.nodes) {
    const r = nodeRadius(n);
    const shape = SHAPE[n.kind];
    const c0 = nodes.vertex(n.x, n.y, -1, -1, r, shape, n.index);
    const c1 = nodes.vertex(n.x, n.y, 1, -1, r, shape, n.index);
    const c2 = nodes.vertex(n.x, n.y, 1, 1, r, shape, n.index);
    const c3 = nodes.vertex(n.x, n.y, -1, 1, r, shape, n.index);
    nodes.quad(c0, c1, c2, c3);
  }

  let points = 0;
  for (const e of model.edges) points += edgePoints(e);
  const edges = new LayerBuilder(EDGE_STRIDE, points * 2, (points - model.edges.length) * 6);
  // Each point of an edge gives two vertices, one per side; consecutive points make a quad.
  const point = (x: number, y: number, nx: number, ny: number, a: number, b: number, first: boolean) => {
    const left = edges.vertex(x, y, nx, ny, -1, a, b);
    const right = edges.vertex(x, y, nx, ny, 1, a, b);
    if (!first) edges.quad(left - 2, right - 2, right, left);
  };
  for (const e of model.edges) {
    const a = model.nodes[e.a], b = model.nodes[e.b];
    if (!e.arc) {
      const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
      const nx = -(b.y - a.y) / len, ny = (b.x - a.x) / len;
      point(a.x, a.y, nx, ny, e.a, e.b, true);
      point(b.x, b.y, nx, ny, e.a, e.b, false);
      continue;
    }
    const { cx, cy, r, a0 } = e.arc;
    const sweep = arcSweep(a0, e.arc.a1);
    const segs = arcSegments(e.arc);
    for (let k = 0; k <= segs; k++) {
      const t = a0 + (sweep * k) / segs;
      const [x, y] = arcPoint(cx, cy, r, t);
      // The radial direction is perpendicular to the arc, so segments join without gaps.
      point(x, y, Math.sin(t), -Math.cos(t), e.a, e.b, k === 0);
    }
  }

  const firstOfAscendancy = new Map<string, number>();
  for (const n of model.nodes) if (n.ascendancyName && !firstOfAscendancy.has(n.ascendancyName)) firstOfAscendancy.set(n.ascendancyName, n.index);
  const groups = new LayerBuilder(GROUP_STRIDE, model.groups.length * 4, model.groups.length * 6);
  for (const g of model.groups) {
    const vis = g.ascendancyName ? (firstOfAscendancy.get(g.ascendancyName) ?? -1) : -1;
    const c0 = groups.vertex(g.x, g.y, -1, -1, g.radius, vis);
    const c1 = groups.vertex(g.x, g.y, 1, -1, g.radius, vis);
    const c2 = groups.vertex(g.x, g.y, 1, 1, g.radius, vis);
    const c3 = groups.vertex(g.x, g.y, -1, 1, g.radius, vis);
    groups.quad(c0, c1, c2, c3);
  }
  return { nodes: nodes.build(), edges: edges.build(), groups: groups.build() };
}
