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

const CORNERS = [[-1, -1], [1, -1], [1, 1], [-1, 1]];
const QUAD = [0, 1, 2, 0, 2, 3];

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

/** Accumulates interleaved vertices and the triangle indices over them. */
class LayerBuilder {
  private readonly v: number[] = [];
  private readonly i: number[] = [];
  private count = 0;

  constructor(private readonly stride: number) {}

  vertex(...values: number[]): number {
    this.v.push(...values);
    return this.count++;
  }

  triangles(...idx: number[]): void {
    this.i.push(...idx);
  }

  build(): Layer {
    return {
      vertices: new Float32Array(this.v),
      // 16-bit indices when they fit (WebGL1 needs an extension for 32-bit ones).
      indices: this.count <= 65536 ? new Uint16Array(this.i) : new Uint32Array(this.i),
      vertexCount: this.v.length / this.stride,
    };
  }
}

export function buildGeometry(model: TreeModel): TreeGeometry {
  const nodes = new LayerBuilder(NODE_STRIDE);
  for (const n of model.nodes) {
    const r = nodeRadius(n);
    const base = CORNERS.map(([cx, cy]) => nodes.vertex(n.x, n.y, cx, cy, r, SHAPE[n.kind], n.index));
    nodes.triangles(...QUAD.map((k) => base[k]));
  }

  const edges = new LayerBuilder(EDGE_STRIDE);
  for (const e of model.edges) {
    const a = model.nodes[e.a], b = model.nodes[e.b];
    // A strip of (point, normal) pairs; each pair gives the two sides of the edge.
    const strip: [number, number, number, number][] = [];
    if (!e.arc) {
      const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
      const nx = -(b.y - a.y) / len, ny = (b.x - a.x) / len;
      strip.push([a.x, a.y, nx, ny], [b.x, b.y, nx, ny]);
    } else {
      const { cx, cy, r, a0 } = e.arc;
      const sweep = arcSweep(a0, e.arc.a1);
      const segs = arcSegments(e.arc);
      for (let k = 0; k <= segs; k++) {
        const t = a0 + (sweep * k) / segs;
        // The radial direction is perpendicular to the arc, so segments join without gaps.
        strip.push([...arcPoint(cx, cy, r, t), Math.sin(t), -Math.cos(t)]);
      }
    }
    const sides = strip.map(([x, y, nx, ny]) => [
      edges.vertex(x, y, nx, ny, -1, e.a, e.b),
      edges.vertex(x, y, nx, ny, 1, e.a, e.b),
    ]);
    for (let k = 0; k + 1 < sides.length; k++) {
      const [l0, r0] = sides[k], [l1, r1] = sides[k + 1];
      edges.triangles(l0, r0, r1, l0, r1, l1);
    }
  }

  const firstOfAscendancy = new Map<string, number>();
  for (const n of model.nodes) if (n.ascendancyName && !firstOfAscendancy.has(n.ascendancyName)) firstOfAscendancy.set(n.ascendancyName, n.index);
  const groups = new LayerBuilder(GROUP_STRIDE);
  for (const g of model.groups) {
    const vis = g.ascendancyName ? (firstOfAscendancy.get(g.ascendancyName) ?? -1) : -1;
    const base = CORNERS.map(([cx, cy]) => groups.vertex(g.x, g.y, cx, cy, g.radius, vis));
    groups.triangles(...QUAD.map((k) => base[k]));
  }
  return { nodes: nodes.build(), edges: edges.build(), groups: groups.build() };
}
