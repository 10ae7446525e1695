/**
 * Static vertex data for one tree version: group backgrounds, edges (straight
 * and orbit arcs tessellated along the orbit) and node quads, each indexed so
 * neighbouring triangles share vertices. Built once and uploaded once;
 * everything that changes goes through the state buffer.
 */
import type { Bounds, TreeArc, TreeModel } from "./model";
import { EDGE_WIDTH, nodeRadius, SHAPE } from "./style";

/*
 * Vertex strides in 4-byte words. The vertices hold only what the shaders read; which node
 * a vertex belongs to is CPU-side (Layer.owners), so it is neither uploaded nor fetched per vertex.
 */
export const NODE_STRIDE = 6; // x, y, cornerX, cornerY, radius, shape
/** x, y (float32), then one word of four int8s: normal x, normal y, side (±127), 0 (see edgeNormal). */
export const EDGE_STRIDE = 3;
export const GROUP_STRIDE = 5; // x, y, cornerX, cornerY, radius
export const NODE_POINT_STRIDE = 4; // x, y, radius, shape

/**
 * Vertex positions are multiples of 1 / POSITION_QUANTUM world units (snapPosition), exact in float32:
 * the prebuilt geometry file (prebuiltGeometry.ts) stores them as integers, a fraction of the float bits
 * gzipped. At the max zoom (camera.ts, 48 times the whole-tree fit: under 8 device px per world unit on
 * a 2x 1440 px high screen) a rounding of 1 / 128 unit is under a tenth of a device pixel; the bundle's
 * own coordinates are rounded to 1 / 200.
 */
export const POSITION_QUANTUM = 64;
/** A position (world units) on the POSITION_QUANTUM grid. */
export const snapPosition = (v: number): number => Math.round(v * POSITION_QUANTUM) / POSITION_QUANTUM + 0; // + 0: never -0, which the file's integers cannot hold

/**
 * The six indices of the quad p, q, r, s (two triangles, p q r and p r s) at `o`: the one pattern
 * every quad is built with, here and when a prebuilt file's indices are made again (prebuiltGeometry.ts).
 */
export function quadAt(out: Uint16Array | Uint32Array, o: number, p: number, q: number, r: number, s: number): void {
  out[o] = p;
  out[o + 1] = q;
  out[o + 2] = r;
  out[o + 3] = p;
  out[o + 4] = r;
  out[o + 5] = s;
}

/** Ints per edge in the edge layer's owners: first vertex, vertex count, end a, end b. */
export const EDGE_SPAN = 4;

/** The int8 normal of an edge vertex: normalized by the shader (÷127), within 0.5% of the float one. */
export function edgeNormal(vertices: Float32Array, v: number): [number, number, number] {
  const bytes = new Int8Array(vertices.buffer, vertices.byteOffset + (v * EDGE_STRIDE + 2) * 4, 3);
  return [bytes[0] / 127, bytes[1] / 127, bytes[2] / 127];
}

/**
 * The largest node sprite (device px across) drawn as a point; above it the nodes are quads.
 * Also the guard band (half of it) around the viewport, so a point whose centre is just off
 * screen is not clipped away while part of it would show.
 */
export const MAX_NODE_POINT_PX = 256;
/** The widest a node is drawn, in its own radii: class starts (the largest) with a highlight ring (NODE_VS extent). */
const NODE_POINT_EXTENT = 1.5;
/** Radius of the largest node (style.ts: class start). */
const LARGEST_NODE_RADIUS = 130;

/**
 * Whether the nodes are drawn as point sprites at `scale` device px per world unit: one
 * vertex and one primitive per node instead of a quad's four and two (a software GPU pays
 * per vertex and per primitive). The sprite covers the same square the quad would.
 */
export function nodesAsPoints(scale: number, maxPointSize: number): boolean {
  const largest = 2 * LARGEST_NODE_RADIUS * NODE_POINT_EXTENT * scale;
  return largest <= Math.min(MAX_NODE_POINT_PX, maxPointSize);
}

/**
 * Arc segments are at most 60 world units and 10 degrees long: the chord then
 * strays under a world unit from the orbit, below a pixel even at max zoom.
 */
const ARC_SEGMENT = 60;
/** The widest an edge is drawn, in world units (allocated edges; see EDGE_VS). */
const EDGE_HALF_WIDTH = EDGE_WIDTH.styled.half;
const ARC_SEGMENT_ANGLE = Math.PI / 18;

/** A run of a layer's indices whose shapes all lie inside the bounds (world units, shape extents included). */
export interface Tile {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  /** First index and index count in the layer's index buffer. */
  start: number;
  count: number;
  /**
   * -1: drawn whenever it is in view. Else the node whose visibility decides whether the tile is drawn
   * at all: each ascendancy's shapes are a tile of their own, and the hidden ascendancies' (most of
   * them) are not sent to the GPU, where a software GPU pays for every triangle, shown or not.
   */
  owner: number;
}

export interface Layer {
  vertices: Float32Array;
  /**
   * Which node each vertex belongs to, for the state bytes (vertexStates.ts): one per vertex for
   * nodes (their node) and groups (the node whose visibility shows them, -1: always shown); for
   * edges, four per edge in drawing order: first vertex, vertex count, both ends (EDGE_SPAN).
   */
  owners: Int32Array;
  indices: Uint16Array | Uint32Array;
  vertexCount: number;
  /** Spatial runs in index order, so a frame draws only the tiles the camera sees. */
  tiles: Tile[];
}

/**
 * A coarser set of triangles over the same edge vertices: arcs skip points the
 * current zoom cannot show (the chord stays within EDGE_LOD_TOLERANCE_PX of the
 * orbit). Zoomed out, the fine arcs are thousands of sub-pixel triangles, and a
 * software GPU pays for every triangle; the vertices and their states are shared.
 */
export interface EdgeLod {
  /** Used while the device pixels per world unit are at most this. */
  maxScale: number;
  indices: Uint16Array | Uint32Array;
  /**
   * The same chords as lines, two indices per quad's six, in the same order (a tile's lines are its
   * index range divided by 3): each from the left vertex of its first point to that of its last.
   */
  lines: Uint16Array | Uint32Array;
  tiles: Tile[];
}

/**
 * Device pixels the coarse arcs may stray from the orbit. Zoomed out, edges are drawn at their
 * minimum width (a 1 px hairline to 2.4 px, EDGE_VS); a pixel off the orbit does not show at that width, and
 * against half a pixel it cuts a quarter of the edge triangles, the largest cost of a frame on a software GPU.
 */
export const EDGE_LOD_TOLERANCE_PX = 1;
/**
 * maxScale of each level, coarsest first; above the last, the fine layer is drawn. Steps of 1.2:
 * a level is drawn from the scale of the one before it, where its chords are within 1 / 1.2 of the
 * tolerance, so closer steps draw fewer triangles; each level is built and uploaded on first use.
 */
export const EDGE_LOD_SCALES = [0.03, 0.036, 0.043, 0.052, 0.062, 0.075, 0.09, 0.108, 0.13, 0.155, 0.186, 0.22];

/** Tiles per side: the tree is cut into GRID x GRID cells; shapes go to the cell of their centre. */
const GRID = 12;

/**
 * Items in grid cell order (row-major), stable: `order[k]` is the k-th item's index, `cells[k]`
 * its cell, so every cell is one run. A counting sort over centres given as flat x, y pairs:
 * plain loops over typed arrays, since this runs cold (once per tree, before the first frame).
 * An item of an ascendancy (`ascendancy[k]` >= 0, Ascendancies.of) goes to a cell of its own after the grid's.
 */
function byCell(centres: Float64Array, bounds: Bounds, ascendancy: Int32Array, ascendancies: number): { order: Int32Array; cells: Int32Array } {
  const n = centres.length / 2;
  const w = Math.max(1, bounds.maxX - bounds.minX) / GRID;
  const h = Math.max(1, bounds.maxY - bounds.minY) / GRID;
  const clamp = (v: number) => (v < 0 ? 0 : v >= GRID ? GRID - 1 : Math.floor(v));
  const cellOf = new Int32Array(n);
  const starts = new Int32Array(GRID * GRID + ascendancies + 1);
  for (let k = 0; k < n; k++) {
    const c = ascendancy[k] >= 0
      ? GRID * GRID + ascendancy[k]
      : clamp((centres[2 * k + 1] - bounds.minY) / h) * GRID + clamp((centres[2 * k] - bounds.minX) / w);
    cellOf[k] = c;
    starts[c + 1]++;
  }
  for (let c = 1; c < starts.length; c++) starts[c] += starts[c - 1];
  const order = new Int32Array(n);
  const cells = new Int32Array(n);
  for (let k = 0; k < n; k++) {
    const at = starts[cellOf[k]]++;
    order[at] = k;
    cells[at] = cellOf[k];
  }
  return { order, cells };
}

/** Each ascendancy as an ordinal (by its first node) and the node whose visibility shows it: its first. */
export class Ascendancies {
  readonly owners: number[] = [];
  private readonly ordinals = new Map<string, number>();

  constructor(model: TreeModel) {
    for (const n of model.nodes) {
      if (n.ascendancyName === null || this.ordinals.has(n.ascendancyName)) continue;
      this.ordinals.set(n.ascendancyName, this.owners.length);
      this.owners.push(n.index);
    }
  }

  /** The ordinal of each item's ascendancy (-1: none), for byCell. */
  of<T>(items: readonly T[], name: (item: T) => string | null): Int32Array {
    const out = new Int32Array(items.length);
    for (let k = 0; k < items.length; k++) {
      const a = name(items[k]);
      out[k] = a === null ? -1 : (this.ordinals.get(a) ?? -1);
    }
    return out;
  }

  /** The first node of the named ascendancy (-1: none): the node whose visibility shows it. */
  firstNode(name: string | null): number {
    const ordinal = name === null ? undefined : this.ordinals.get(name);
    return ordinal === undefined ? -1 : this.owners[ordinal];
  }

  /** The tile owner of a byCell cell: an ascendancy's node, or -1 for a grid cell. */
  owner(cell: number): number {
    return cell < GRID * GRID ? -1 : this.owners[cell - GRID * GRID];
  }
}

/** Flat x, y pairs of `items`' centres, for byCell. */
function centresOf<T>(items: readonly T[], x: (item: T) => number, y: (item: T) => number): Float64Array {
  const out = new Float64Array(items.length * 2);
  for (let k = 0; k < items.length; k++) {
    out[2 * k] = x(items[k]);
    out[2 * k + 1] = y(items[k]);
  }
  return out;
}

/**
 * A tree's geometry as plain data: typed arrays and tiles, which cross to and from a worker
 * (the arrays are transferred, geometryWorker.ts); geometryOf makes it a TreeGeometry.
 */
export interface GeometryData {
  nodes: Layer;
  nodePoints: Layer;
  edges: Layer;
  groups: Layer;
  /** RUN_STRIDE numbers per edge in drawing order: its cell, first vertex, segments, and for arcs radius and angle per segment. */
  runs: Float64Array;
}

const RUN_STRIDE = 5;

export interface TreeGeometry {
  nodes: Layer;
  /**
   * The same nodes, same order, one vertex each (NODE_POINT_STRIDE), for point sprites;
   * tiles count vertices (drawArrays), not indices; `indices` is empty.
   */
  nodePoints: Layer;
  edges: Layer;
  /**
   * Level k of the coarser index sets over edges.vertices (EDGE_LOD_SCALES[k], coarsest
   * first; see EdgeLod). The geometry worker builds them all after it sent the geometry
   * (geometryOf's `levels`); one not there yet is built on first use: a frame needs one level, and
   * building all of them before the first frame was a third of the geometry's time.
   */
  edgeLod(k: number): EdgeLod;
  groups: Layer;
}

/** The edge level (index into EDGE_LOD_SCALES) drawn at `scale` device pixels per world unit; -1: the fine layer. */
export function edgeLodAt(scale: number): number {
  return EDGE_LOD_SCALES.findIndex((maxScale) => scale <= maxScale);
}

/** The edge triangles to draw at `scale` device pixels per world unit; and their chords as lines, zoomed out. */
export function edgeLayerAt(geo: TreeGeometry, scale: number): { indices: Uint16Array | Uint32Array; lines?: Uint16Array | Uint32Array; tiles: Tile[]; lod: number } {
  const k = edgeLodAt(scale);
  return k < 0 ? { indices: geo.edges.indices, tiles: geo.edges.tiles, lod: -1 } : { ...geo.edgeLod(k), lod: k };
}

/**
 * Whether the plain edges are drawn as 1 px lines at `scale` device px per world unit: where their
 * quads would be drawn at their least width anyway (EDGE_WIDTH.normal, 1.4 px) and a coarse level
 * has the lines. A software GPU pays per primitive, and a thin quad is two triangles that each
 * span its whole length; a line is one. The styled edges (the build's path, compare, pathing) stay
 * quads, at their own least width of 2.4 px, over the lines.
 */
export function edgesAsHairlines(scale: number): boolean {
  return edgeLodAt(scale) >= 0 && EDGE_WIDTH.normal.half * scale <= EDGE_WIDTH.normal.minHalfPx;
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

/** Writes interleaved vertices, their owners and triangle indices into typed arrays sized up front. */
class LayerBuilder {
  private readonly v: Float32Array;
  private readonly b: Int8Array;
  private readonly o: Int32Array;
  private readonly i: Uint16Array | Uint32Array;
  private count = 0;
  private vi = 0;
  private ii = 0;
  private readonly tiles: Tile[] = [];
  private cell = -1;

  constructor(
    private readonly stride: number,
    vertices: number,
    indices: number,
    private readonly ownersPerVertex = 1,
  ) {
    this.v = new Float32Array(vertices * stride);
    this.b = new Int8Array(this.v.buffer);
    this.o = new Int32Array(vertices * ownersPerVertex);
    // 16-bit indices when they fit (WebGL1 needs an extension for 32-bit ones).
    this.i = vertices <= 65536 ? new Uint16Array(indices) : new Uint32Array(indices);
  }

  get vertexCount(): number {
    return this.count;
  }

  /** A vertex of `stride` floats (the layer's whole stride) owned by `owner`. */
  vertex(owner: number, a: number, b: number, c: number, d: number, e: number, f = 0): number {
    const v = this.v;
    const o = this.vi;
    v[o] = a;
    v[o + 1] = b;
    v[o + 2] = c;
    v[o + 3] = d;
    v[o + 4] = e;
    if (this.stride > 5) v[o + 5] = f;
    this.o[this.count] = owner;
    this.vi += this.stride;
    return this.count++;
  }

  /**
   * One point along an edge (EDGE_STRIDE): two vertices, its left and right, at the position with
   * the unit normal and side as int8s (the edge's span in owners says whose they are); unless it is the edge's first
   * point, the quad back to the previous point. One call with plain writes: this runs cold, per point.
   */
  edgePoint(x: number, y: number, nx: number, ny: number, first: boolean): void {
    const v = this.v, bytes = this.b;
    const o = this.vi, left = this.count;
    const bx = Math.round(nx * 127), by = Math.round(ny * 127);
    v[o] = v[o + EDGE_STRIDE] = x;
    v[o + 1] = v[o + EDGE_STRIDE + 1] = y;
    const bo = (o + 2) * 4, bo2 = bo + EDGE_STRIDE * 4;
    bytes[bo] = bytes[bo2] = bx;
    bytes[bo + 1] = bytes[bo2 + 1] = by;
    bytes[bo + 2] = -127;
    bytes[bo2 + 2] = 127;
    this.vi += 2 * EDGE_STRIDE;
    this.count += 2;
    if (!first) this.quad(left - 2, left - 1, left + 1, left);
  }

  /**
   * An edge's `points` points (two vertices each) copied from `from` (an edge layer's vertices, from its
   * vertex `first` on), with their quads, as edgePoint would have written them; the points' box.
   */
  copyEdge(from: Float32Array, first: number, points: number): [number, number, number, number] {
    const words = from.subarray(first * EDGE_STRIDE, (first + 2 * points) * EDGE_STRIDE);
    this.v.set(words, this.vi);
    let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
    for (let o = 0; o < words.length; o += 2 * EDGE_STRIDE) {
      const x = words[o], y = words[o + 1];
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
    const start = this.count;
    this.vi += words.length;
    this.count += 2 * points;
    for (let p = 1; p < points; p++) {
      const left = start + 2 * p;
      this.quad(left - 2, left - 1, left + 1, left);
    }
    return [minX, minY, maxX, maxY];
  }

  quad(p: number, q: number, r: number, s: number): void {
    quadAt(this.i, this.ii, p, q, r, s);
    this.ii += 6;
  }

  /** Starts a new tile when the cell changes; `grow` widens the current tile to cover a shape. */
  enter(cell: number, owner: number): void {
    if (cell === this.cell) return;
    this.cell = cell;
    this.tiles.push({ minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity, start: this.ii, count: 0, owner });
  }

  grow(x: number, y: number, pad: number): void {
    const t = this.tiles[this.tiles.length - 1];
    t.minX = Math.min(t.minX, x - pad);
    t.minY = Math.min(t.minY, y - pad);
    t.maxX = Math.max(t.maxX, x + pad);
    t.maxY = Math.max(t.maxY, y + pad);
  }

  build(): Layer {
    this.tiles.forEach((t, k) => (t.count = (this.tiles[k + 1]?.start ?? this.ii) - t.start));
    return { vertices: this.v, owners: this.o, indices: this.i, vertexCount: this.count, tiles: this.tiles };
  }
}

/**
 * [first index, count] runs of the tiles that meet the view rectangle, neighbours merged into one
 * draw; a tile with an owner (Tile.owner) only while `shown` says that node is.
 */
export function visibleRuns(tiles: readonly Tile[], view: Bounds, shown: (node: number) => boolean = () => true): [number, number][] {
  const runs: [number, number][] = [];
  for (const t of tiles) {
    if (t.count === 0 || t.maxX < view.minX || t.minX > view.maxX || t.maxY < view.minY || t.minY > view.maxY) continue;
    if (t.owner >= 0 && !shown(t.owner)) continue;
    const last = runs[runs.length - 1];
    if (last && last[0] + last[1] === t.start) last[1] += t.count;
    else runs.push([t.start, t.count]);
  }
  return runs;
}

/** Points along an edge: 2 for a straight one, segments + 1 along an arc. */
function edgePoints(e: TreeModel["edges"][number]): number {
  return e.arc ? arcSegments(e.arc) + 1 : 2;
}

export function buildGeometry(model: TreeModel): TreeGeometry {
  return geometryOf(buildGeometryData(model));
}

/**
 * The geometry of `data`: its layers, and the coarser edge levels: those in `levels` (which may be
 * filled in later: the worker's, geometryWorker.ts), the others built from its runs on first use.
 */
export function geometryOf(data: GeometryData, levels: (EdgeLod | undefined)[] = EDGE_LOD_SCALES.map(() => undefined)): TreeGeometry {
  const edgeLod = (k: number): EdgeLod => (levels[k] ??= buildEdgeLod(data.runs, data.edges, EDGE_LOD_SCALES[k]));
  return { nodes: data.nodes, nodePoints: data.nodePoints, edges: data.edges, edgeLod, groups: data.groups };
}

/** What the coarse edge levels are built from: the runs and the fine layer's tiles, kept when its buffers are sent away. */
export interface EdgeLodSource {
  runs: Float64Array;
  edges: Pick<Layer, "vertexCount" | "tiles">;
}

/** What `data`'s coarse edge levels are built from, kept apart from its buffers (the runs copied: they go with them). */
export function edgeLodSourceOf(data: GeometryData): EdgeLodSource {
  return { runs: data.runs.slice(), edges: { vertexCount: data.edges.vertexCount, tiles: data.edges.tiles } };
}

/** Every coarse edge level (EDGE_LOD_SCALES order). */
export function buildEdgeLods(source: EdgeLodSource): EdgeLod[] {
  return EDGE_LOD_SCALES.map((scale) => buildEdgeLod(source.runs, source.edges, scale));
}

/** The buffers of coarse edge levels, to transfer. */
export function edgeLodBuffersOf(levels: EdgeLod[]): ArrayBuffer[] {
  return levels.flatMap((l) => [l.indices.buffer, l.lines.buffer]) as ArrayBuffer[];
}

/** The buffers of `data`, to transfer rather than copy across a worker boundary. */
export function buffersOf(data: GeometryData): ArrayBuffer[] {
  const layers = [data.nodes, data.nodePoints, data.edges, data.groups];
  return [...layers.flatMap((l) => [l.vertices.buffer, l.owners.buffer, l.indices.buffer]), data.runs.buffer] as ArrayBuffer[];
}

/** modelSignature's answers: a model does not change once made (cluster rings make a new one). */
const signatures = new WeakMap<TreeModel, string>();

/**
 * Which model a geometry was built for: a geometry built elsewhere (the worker) is used only for a
 * model with the same version, nodes in the same order, edges and groups.
 */
export function modelSignature(model: TreeModel): string {
  let s = signatures.get(model);
  if (s === undefined) signatures.set(model, (s = signatureOf(model)));
  return s;
}

function signatureOf(model: TreeModel): string {
  // Indexed loops in 32-bit integers: it runs once or twice per page load, in V8's interpreter,
  // where an iterator or a floating-point remainder per node cost a millisecond or more of the first frame.
  const { nodes, edges } = model;
  let ids = 0, ends = 0;
  for (let i = 0; i < nodes.length; i++) ids = (Math.imul(ids, 31) + nodes[i].id) | 0;
  for (let i = 0; i < edges.length; i++) ends = (Math.imul(ends, 31) + edges[i].a * 7 + edges[i].b) | 0;
  return `${model.version}:${model.nodes.length}:${model.edges.length}:${model.groups.length}:${ids}:${ends}`;
}

/**
 * Edges already tessellated: the tree's prebuilt geometry (prebuiltGeometry.ts) for `base`, the model
 * a build's cluster jewel rings were added to (clusterLayout.ts withClusters keeps its edge objects).
 */
export interface EdgeReuse {
  base: TreeModel;
  edges: Pick<Layer, "vertices" | "owners">;
}

/** Where each of `reuse`'s edges' vertices are (first vertex, count), by edge object. */
function reusedSpans(reuse: EdgeReuse): Map<TreeModel["edges"][number], [number, number]> {
  const byEnds = new Map<number, [number, number]>();
  const spans = reuse.edges.owners;
  const n = reuse.base.nodes.length;
  for (let k = 0; k < spans.length; k += EDGE_SPAN) byEnds.set(spans[k + 2] * n + spans[k + 3], [spans[k], spans[k + 1]]);
  const out = new Map<TreeModel["edges"][number], [number, number]>();
  for (const e of reuse.base.edges) {
    const span = byEnds.get(e.a * n + e.b);
    if (span) out.set(e, span);
  }
  return out;
}

/**
 * `reuse`: for a tree with cluster jewel rings, the base tree's prebuilt edges: an edge of the base
 * tree (the same object) takes its vertices from there instead of tessellating its arc again; only
 * the rings' edges are computed. The result is the same, tiles and all: an arc's bounds come from its
 * points, which are on the position grid (snapPosition) and so the same in float32.
 */
export function buildGeometryData(model: TreeModel, reuse?: EdgeReuse): GeometryData {
  const reused = reuse ? reusedSpans(reuse) : null;
  const bounds = model.bounds;
  const ascendancies = new Ascendancies(model);
  const cellsOf = <T>(items: readonly T[], x: (item: T) => number, y: (item: T) => number, ascendancy: (item: T) => string | null) =>
    byCell(centresOf(items, x, y), bounds, ascendancies.of(items, ascendancy), ascendancies.owners.length);
  const nodes = new LayerBuilder(NODE_STRIDE, model.nodes.length * 4, model.nodes.length * 6);
  const nodeCells = cellsOf(model.nodes, (n) => n.x, (n) => n.y, (n) => n.ascendancyName);
  for (let k = 0; k < nodeCells.order.length; k++) {
    const n = model.nodes[nodeCells.order[k]], cell = nodeCells.cells[k];
    const r = nodeRadius(n);
    nodes.enter(cell, ascendancies.owner(cell));
    // Room for the highlight and desired marks (1.5 radii) drawn around a node.
    nodes.grow(n.x, n.y, r * 1.5);
    const shape = SHAPE[n.kind];
    const x = snapPosition(n.x), y = snapPosition(n.y);
    const c0 = nodes.vertex(n.index, x, y, -1, -1, r, shape);
    const c1 = nodes.vertex(n.index, x, y, 1, -1, r, shape);
    const c2 = nodes.vertex(n.index, x, y, 1, 1, r, shape);
    const c3 = nodes.vertex(n.index, x, y, -1, 1, r, shape);
    nodes.quad(c0, c1, c2, c3);
  }

  let points = 0;
  for (const e of model.edges) points += edgePoints(e);
  const edges = new LayerBuilder(EDGE_STRIDE, points * 2, (points - model.edges.length) * 6, 0);
  const spans = new Int32Array(model.edges.length * EDGE_SPAN);
  // Per edge in drawing order: its cell, first vertex, points, and (arcs) radius and angle per point step.
  const runs = new Float64Array(model.edges.length * RUN_STRIDE);
  const run = (k: number, cell: number, first: number, segs: number, r: number, step: number) => {
    const o = k * RUN_STRIDE;
    runs[o] = cell;
    runs[o + 1] = first;
    runs[o + 2] = segs;
    runs[o + 3] = r;
    runs[o + 4] = step;
  };
  const mid = (e: TreeModel["edges"][number], axis: "x" | "y") => (model.nodes[e.a][axis] + model.nodes[e.b][axis]) / 2;
  // An edge into an ascendancy is hidden with it (vertexStates.ts edgeStyle), so it goes to that ascendancy's tile.
  const edgeAscendancy = (e: TreeModel["edges"][number]) => model.nodes[e.a].ascendancyName ?? model.nodes[e.b].ascendancyName;
  const edgeCells = cellsOf(model.edges, (e) => mid(e, "x"), (e) => mid(e, "y"), edgeAscendancy);
  for (let k = 0; k < edgeCells.order.length; k++) {
    const e = model.edges[edgeCells.order[k]], cell = edgeCells.cells[k];
    const a = model.nodes[e.a], b = model.nodes[e.b];
    edges.enter(cell, ascendancies.owner(cell));
    const first = edges.vertexCount;
    spans[k * EDGE_SPAN] = first;
    spans[k * EDGE_SPAN + 1] = 2 * edgePoints(e);
    spans[k * EDGE_SPAN + 2] = e.a;
    spans[k * EDGE_SPAN + 3] = e.b;
    edges.grow(a.x, a.y, EDGE_HALF_WIDTH);
    edges.grow(b.x, b.y, EDGE_HALF_WIDTH);
    const span = reused?.get(e);
    if (span && span[1] === 2 * edgePoints(e)) {
      const [minX, minY, maxX, maxY] = edges.copyEdge(reuse!.edges.vertices, span[0], span[1] / 2);
      const segs = span[1] / 2 - 1;
      if (e.arc) {
        edges.grow(minX, minY, EDGE_HALF_WIDTH);
        edges.grow(maxX, maxY, EDGE_HALF_WIDTH);
      }
      run(k, cell, first, segs, e.arc ? e.arc.r : 0, e.arc ? Math.abs(arcSweep(e.arc.a0, e.arc.a1)) / segs : 0);
      continue;
    }
    if (!e.arc) {
      const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
      const nx = -(b.y - a.y) / len, ny = (b.x - a.x) / len;
      edges.edgePoint(snapPosition(a.x), snapPosition(a.y), nx, ny, true);
      edges.edgePoint(snapPosition(b.x), snapPosition(b.y), nx, ny, false);
      run(k, cell, first, 1, 0, 0);
      continue;
    }
    const { cx, cy, r, a0 } = e.arc;
    const sweep = arcSweep(a0, e.arc.a1);
    const segs = arcSegments(e.arc);
    // The arc's box grows once per edge rather than once per point (this loop is most of the geometry's time).
    let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
    for (let k = 0; k <= segs; k++) {
      const t = a0 + (sweep * k) / segs;
      const sin = Math.sin(t), cos = Math.cos(t);
      const x = snapPosition(cx + r * sin), y = snapPosition(cy - r * cos); // arcPoint, inlined
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
      // The radial direction is perpendicular to the arc, so segments join without gaps.
      edges.edgePoint(x, y, sin, -cos, k === 0);
    }
    edges.grow(minX, minY, EDGE_HALF_WIDTH);
    edges.grow(maxX, maxY, EDGE_HALF_WIDTH);
    run(k, cell, first, segs, r, Math.abs(sweep) / segs);
  }
  const fineEdges = { ...edges.build(), owners: spans };

  const groups = new LayerBuilder(GROUP_STRIDE, model.groups.length * 4, model.groups.length * 6);
  const groupCells = cellsOf(model.groups, (g) => g.x, (g) => g.y, (g) => g.ascendancyName);
  for (let k = 0; k < groupCells.order.length; k++) {
    const g = model.groups[groupCells.order[k]], cell = groupCells.cells[k];
    groups.enter(cell, ascendancies.owner(cell));
    groups.grow(g.x, g.y, g.radius);
    const vis = ascendancies.firstNode(g.ascendancyName);
    const x = snapPosition(g.x), y = snapPosition(g.y);
    const c0 = groups.vertex(vis, x, y, -1, -1, g.radius);
    const c1 = groups.vertex(vis, x, y, 1, -1, g.radius);
    const c2 = groups.vertex(vis, x, y, 1, 1, g.radius);
    const c3 = groups.vertex(vis, x, y, -1, 1, g.radius);
    groups.quad(c0, c1, c2, c3);
  }
  const nodeQuads = nodes.build();
  return { nodes: nodeQuads, nodePoints: pointsOf(nodeQuads), edges: fineEdges, groups: groups.build(), runs };
}

/** One vertex per node quad (its centre, radius, shape), with the quads' tiles counted in vertices. */
function pointsOf(quads: Layer): Layer {
  const n = quads.vertexCount / 4;
  const v = new Float32Array(n * NODE_POINT_STRIDE);
  const owners = new Int32Array(n);
  for (let k = 0; k < n; k++) {
    const q = 4 * k * NODE_STRIDE;
    const o = k * NODE_POINT_STRIDE;
    v[o] = quads.vertices[q];
    v[o + 1] = quads.vertices[q + 1];
    v[o + 2] = quads.vertices[q + 4];
    v[o + 3] = quads.vertices[q + 5];
    owners[k] = quads.owners[4 * k];
  }
  // Six indices per quad: a tile's index range maps to the same nodes' vertices.
  const tiles = quads.tiles.map((t) => ({ ...t, start: t.start / 6, count: t.count / 6 }));
  return { vertices: v, owners, indices: new Uint16Array(0), vertexCount: n, tiles };
}

/** Point stride along an arc so that chords stay within the tolerance at `maxScale`. */
export function lodStride(run: { segs: number; r: number; step: number }, maxScale: number): number {
  if (run.segs <= 1 || run.r <= 0) return 1;
  const tol = EDGE_LOD_TOLERANCE_PX / maxScale;
  // Chord error r(1 - cos(angle / 2)) <= tol.
  const angle = tol >= 2 * run.r ? Math.PI : 2 * Math.acos(1 - tol / run.r);
  return Math.max(1, Math.min(run.segs, Math.floor(angle / run.step)));
}

/** Quads between every stride-th point of each edge (its last point always kept), tiled like the fine layer. */
function buildEdgeLod(runs: Float64Array, fine: EdgeLodSource["edges"], maxScale: number): EdgeLod {
  const n = runs.length / RUN_STRIDE;
  let quads = 0;
  const strides = new Int32Array(n);
  for (let k = 0; k < n; k++) {
    const o = k * RUN_STRIDE;
    strides[k] = lodStride({ segs: runs[o + 2], r: runs[o + 3], step: runs[o + 4] }, maxScale);
    quads += Math.ceil(runs[o + 2] / strides[k]);
  }
  const small = fine.vertexCount <= 65536;
  const indices = small ? new Uint16Array(quads * 6) : new Uint32Array(quads * 6);
  const lines = small ? new Uint16Array(quads * 2) : new Uint32Array(quads * 2);
  // The fine layer's tiles are one per cell in the same run order; each gets its coarse range.
  const tiles: Tile[] = fine.tiles.map((t) => ({ ...t, start: 0, count: 0 }));
  let o = 0, tile = -1, cell = -1;
  for (let k = 0; k < n; k++) {
    const r = k * RUN_STRIDE, first = runs[r + 1], segs = runs[r + 2];
    if (runs[r] !== cell) {
      cell = runs[r];
      tiles[++tile].start = o;
    }
    const m = strides[k];
    for (let p = 0; p < segs; p += m) {
      // Vertices 2p and 2p + 1 are the left and right of point p.
      const a = first + 2 * p, b = first + 2 * Math.min(segs, p + m);
      indices[o] = a;
      indices[o + 1] = a + 1;
      indices[o + 2] = b + 1;
      indices[o + 3] = a;
      indices[o + 4] = b + 1;
      indices[o + 5] = b;
      lines[o / 3] = a;
      lines[o / 3 + 1] = b;
      o += 6;
    }
  }
  tiles.forEach((t, k) => (t.count = (tiles[k + 1]?.start ?? o) - t.start));
  return { maxScale, indices, lines, tiles };
}
