/**
 * A tree version's static geometry as one binary file, written by the game-data pipeline
 * (game-data/prebuild_geometry.ts runs this module's encodeGeometry over every tree bundle, so the
 * file is what buildGeometryData builds in the page, by the same code) and read by the page
 * (decodeGeometry: each array read back in one pass over its section, on first use, then uploaded as it is).
 * Format: game-data/FORMAT.md "Prebuilt tree geometry".
 *
 * Layout: "WPTG", a u32 (little-endian) header length, the header as UTF-8 JSON, zero padding to
 * a multiple of 8, then the sections, each at an 8-byte-aligned offset the header names, each a table of
 * columns (geometryCoding.ts). The file holds what cannot be derived: one row per node, group and edge
 * point, each edge's vertex count and ends, the tiles, each level's lines; the rest (node quads, the
 * right vertex of an edge point, every triangle index) follows from those by a fixed pattern.
 */
import { treeModelFromBundle } from "./adapter";
import {
  buildEdgeLods,
  buildGeometryData,
  EDGE_LOD_SCALES,
  EDGE_SPAN,
  EDGE_STRIDE,
  edgeLodSourceOf,
  GROUP_STRIDE,
  modelSignature,
  NODE_POINT_STRIDE,
  NODE_STRIDE,
  POSITION_QUANTUM,
  quadAt,
  type EdgeLod,
  type GeometryData,
  type Layer,
  type Tile,
} from "./geometry";
import { intColumn, packColumns, unpackColumn, wordsOf, type ColumnKind } from "./geometryCoding";
import { HitGrid, type HitGridCells } from "./hitGrid";
import type { TreeModel } from "./model";

/**
 * Bumped whenever geometry.ts or hitGrid.ts changes what they build, or this file's layout: a file of
 * another format is not used (the page builds the geometry instead). The Vitest (prebuiltGeometry.test.ts)
 * fails when a file in game-data/dist differs from what the page builds, whatever this says.
 */
export const GEOMETRY_FORMAT = 2;
const MAGIC = 0x47545057; // "WPTG" little-endian

interface Header {
  format: number;
  /** modelSignature of the model the geometry is of: the page uses it only for a model with the same. */
  signature: string;
  /** Positions are multiples of 1 / quantum (geometry.ts POSITION_QUANTUM). */
  quantum: number;
  /** Rows of the sections (sectionShapes). */
  rows: { nodes: number; points: number; edges: number; groups: number; nodeTiles: number; edgeTiles: number; groupTiles: number; hitItems: number };
  /** The coarse edge levels, EDGE_LOD_SCALES order: their maxScale and quads (two lines' ends each). */
  lods: { maxScale: number; quads: number }[];
  hit: { size: number; maxRadius: number };
  /** name -> [byte offset from the sections' base, byte length]. */
  sections: Record<string, [number, number]>;
}

/** A tile's bounds as float64s, each as two int columns (low word first), then its start and owner (its count is up to the next tile's start). */
const TILE_COLUMNS: ColumnKind[] = ["int", "int", "int", "int", "int", "int", "int", "int", "int", "int"];

/** Each section's columns and rows. */
function sectionShapes(h: Header): Record<string, { kinds: ColumnKind[]; rows: number }> {
  const r = h.rows;
  const shapes: Record<string, { kinds: ColumnKind[]; rows: number }> = {
    // Per node (nodePoints order): x, y, radius and shape (float bits), node index.
    nodes: { kinds: ["fixed", "fixed", "int", "int", "int"], rows: r.nodes },
    "nodes.tiles": { kinds: TILE_COLUMNS, rows: r.nodeTiles },
    // Per edge point: x, y, the left vertex's normal word (the right one's differs in its side byte only).
    "edges.points": { kinds: ["fixed", "fixed", "raw"], rows: r.points },
    // Per edge in drawing order: vertex count, end a, end b (its first vertex is the sum of the counts before).
    "edges.spans": { kinds: ["int", "int", "int"], rows: r.edges },
    "edges.tiles": { kinds: TILE_COLUMNS, rows: r.edgeTiles },
    // Per group: x, y, radius (float bits), the node whose visibility shows it.
    groups: { kinds: ["fixed", "fixed", "int", "int"], rows: r.groups },
    "groups.tiles": { kinds: TILE_COLUMNS, rows: r.groupTiles },
    // Each level's start per tile (the fine edge tiles' bounds and owners), a column per level.
    "lods.starts": { kinds: h.lods.map((): ColumnKind => "int"), rows: r.edgeTiles },
    "hit.offsets": { kinds: ["int"], rows: h.hit.size * h.hit.size + 1 },
    "hit.items": { kinds: ["int"], rows: r.hitItems },
  };
  h.lods.forEach((l, k) => (shapes[`lod${k}.lines`] = { kinds: ["int"], rows: 2 * l.quads }));
  return shapes;
}

/** What a geometry file holds: the layers, every coarse edge level, the hit grid. */
export interface PrebuiltGeometry {
  signature: string;
  data: GeometryData;
  levels: EdgeLod[];
  hit: HitGridCells;
}

/** The model's geometry, every edge level and hit grid, built by the page's own code. */
export function prebuildGeometry(model: TreeModel): PrebuiltGeometry {
  const data = buildGeometryData(model);
  const levels = buildEdgeLods(edgeLodSourceOf(data));
  const hit = new HitGrid(model.nodes, model.bounds).cellsOf();
  return { signature: modelSignature(model), data, levels, hit };
}

/** Every `stride`-th word of `words` from `offset` on (float64s hold both the floats and the ints exactly). */
function column(words: ArrayLike<number>, stride: number, offset: number): Float64Array {
  const out = new Float64Array(Math.floor((words.length - offset + stride - 1) / stride));
  for (let k = 0; k < out.length; k++) out[k] = words[k * stride + offset];
  return out;
}
const bitsOf = (a: Float32Array): Int32Array => new Int32Array(a.buffer, a.byteOffset, a.length);

function tileColumns(tiles: readonly Tile[]): ArrayLike<number>[] {
  const bounds = new Float64Array(tiles.flatMap((t) => [t.minX, t.minY, t.maxX, t.maxY]));
  const words = new Int32Array(bounds.buffer);
  return [...Array.from({ length: 8 }, (_, c) => column(words, 8, c)), Int32Array.from(tiles, (t) => t.start), Int32Array.from(tiles, (t) => t.owner)];
}

export function encodeGeometry(g: PrebuiltGeometry): Uint8Array {
  const { nodePoints, edges, groups } = g.data;
  const rows: Header["rows"] = {
    nodes: nodePoints.vertexCount,
    points: edges.vertexCount / 2,
    edges: edges.owners.length / EDGE_SPAN,
    groups: groups.vertexCount / 4,
    nodeTiles: g.data.nodes.tiles.length,
    edgeTiles: edges.tiles.length,
    groupTiles: groups.tiles.length,
    hitItems: g.hit.items.length,
  };
  const header: Header = {
    format: GEOMETRY_FORMAT,
    signature: g.signature,
    quantum: POSITION_QUANTUM,
    rows,
    lods: g.levels.map((l) => ({ maxScale: l.maxScale, quads: l.lines.length / 2 })),
    hit: { size: g.hit.size, maxRadius: g.hit.maxRadius },
    sections: {},
  };
  const pv = nodePoints.vertices, ev = edges.vertices, gv = groups.vertices;
  const values: Record<string, ArrayLike<number>[]> = {
    nodes: [column(pv, NODE_POINT_STRIDE, 0), column(pv, NODE_POINT_STRIDE, 1), column(bitsOf(pv), NODE_POINT_STRIDE, 2), column(bitsOf(pv), NODE_POINT_STRIDE, 3), nodePoints.owners],
    "nodes.tiles": tileColumns(g.data.nodes.tiles),
    "edges.points": [column(ev, 2 * EDGE_STRIDE, 0), column(ev, 2 * EDGE_STRIDE, 1), column(bitsOf(ev), 2 * EDGE_STRIDE, 2)],
    "edges.spans": [column(edges.owners, EDGE_SPAN, 1), column(edges.owners, EDGE_SPAN, 2), column(edges.owners, EDGE_SPAN, 3)],
    "edges.tiles": tileColumns(edges.tiles),
    groups: [column(gv, 4 * GROUP_STRIDE, 0), column(gv, 4 * GROUP_STRIDE, 1), column(bitsOf(gv), 4 * GROUP_STRIDE, 4), column(groups.owners, 4, 0)],
    "groups.tiles": tileColumns(groups.tiles),
    "lods.starts": g.levels.map((l) => Int32Array.from(l.tiles, (t) => t.start)),
    "hit.offsets": [g.hit.offsets],
    "hit.items": [g.hit.items],
  };
  g.levels.forEach((l, k) => (values[`lod${k}.lines`] = [l.lines]));
  const shapes = sectionShapes(header);
  const packed: [string, Uint8Array][] = Object.entries(shapes).map(([name, s]) => [name, packColumns(s.kinds, values[name], s.rows, POSITION_QUANTUM)]);
  let offset = 0;
  for (const [name, bytes] of packed) {
    header.sections[name] = [offset, bytes.length];
    offset += Math.ceil(bytes.length / 8) * 8;
  }
  const json = new TextEncoder().encode(JSON.stringify(header));
  const start = Math.ceil((8 + json.length) / 8) * 8;
  const out = new Uint8Array(start + offset);
  const view = new DataView(out.buffer);
  view.setUint32(0, MAGIC, true);
  view.setUint32(4, json.length, true);
  out.set(json, 8);
  for (const [name, bytes] of packed) out.set(bytes, start + header.sections[name][0]);
  // The file keeps only what the patterns below cannot give: a geometry that breaks one (a change to
  // geometry.ts) must not ship a file that reads back otherwise.
  const differs = differenceOf(decodeGeometry(out.buffer), g);
  if (differs) throw new Error(`the geometry file would read back otherwise: ${differs}`);
  return out;
}

function sameBytes(a: ArrayBufferView, b: ArrayBufferView): boolean {
  if (a.constructor !== b.constructor || a.byteLength !== b.byteLength) return false;
  const x = new Uint8Array(a.buffer, a.byteOffset, a.byteLength), y = new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
  return x.every((v, i) => v === y[i]);
}
const sameTiles = (a: readonly Tile[], b: readonly Tile[]): boolean =>
  a.length === b.length && a.every((t, k) => (["minX", "minY", "maxX", "maxY", "start", "count", "owner"] as const).every((key) => Object.is(t[key], b[k][key])));

/** What of `got` differs from `want`, or null. */
function differenceOf(got: PrebuiltGeometry, want: PrebuiltGeometry): string | null {
  for (const name of ["nodes", "nodePoints", "edges", "groups"] as const) {
    const a = got.data[name], b = want.data[name];
    if (a.vertexCount !== b.vertexCount || !sameTiles(a.tiles, b.tiles)) return `${name} tiles`;
    for (const key of ["vertices", "owners", "indices"] as const) if (!sameBytes(a[key], b[key])) return `${name}.${key}`;
  }
  for (let k = 0; k < want.levels.length; k++) {
    const a = got.levels[k], b = want.levels[k];
    if (a.maxScale !== b.maxScale || !sameTiles(a.tiles, b.tiles) || !sameBytes(a.indices, b.indices) || !sameBytes(a.lines, b.lines)) return `level ${k}`;
  }
  if (!sameBytes(got.hit.offsets, want.hit.offsets) || !sameBytes(got.hit.items, want.hit.items)) return "hit grid";
  return null;
}

export class GeometryFileError extends Error {}

/** The value on first use, computed once. */
function once<T>(f: () => T): () => T {
  let v: T | undefined;
  return () => (v ??= f());
}

/** `plain` with a getter per entry of `lazy`. */
function withGetters<T extends object>(plain: object, lazy: Record<string, () => unknown>): T {
  for (const [key, get] of Object.entries(lazy)) Object.defineProperty(plain, key, { get, enumerable: true });
  return plain as T;
}

/** 16-bit indices when the vertices allow (as geometry.ts builds them). */
const indexArray = (vertices: number, length: number): Uint16Array | Uint32Array => (vertices <= 65536 ? new Uint16Array(length) : new Uint32Array(length));

/** Each vertex's owner repeated `times` (a quad's four corners share one). */
function repeated(owners: Int32Array, times: number): Int32Array {
  const out = new Int32Array(owners.length * times);
  for (let k = 0, o = 0; k < owners.length; k++) for (let c = 0; c < times; c++) out[o++] = owners[k];
  return out;
}

/** Quads of four vertices each, corners in quad order (geometry.ts: c0 c1 c2 c3). */
function quadIndices(quads: number): Uint16Array | Uint32Array {
  const out = indexArray(4 * quads, 6 * quads);
  for (let k = 0; k < quads; k++) quadAt(out, 6 * k, 4 * k, 4 * k + 1, 4 * k + 2, 4 * k + 3);
  return out;
}
const CORNERS = [-1, -1, 1, -1, 1, 1, -1, 1];
/** What turns a left edge vertex's normal word into its right one's: the side byte from -127 to +127 (geometry.ts edgePoint). */
const RIGHT_SIDE = (0x81 ^ 0x7f) << 16;

/**
 * The geometry in `buf`. The header and every section's size are checked now (a damaged or cut file
 * fails here, not mid-frame); each array is read from its section on first use: a first frame reads the
 * node points, the edge vertices, the group discs and one edge level, not the node quads (zoomed in), the
 * fine edge indices, the other levels or the hit grid (on hover). GeometryFileError for another format
 * or a damaged file.
 */
export function decodeGeometry(buf: ArrayBuffer): PrebuiltGeometry {
  if (buf.byteLength < 8) throw new GeometryFileError("geometry file too short");
  const view = new DataView(buf);
  if (view.getUint32(0, true) !== MAGIC) throw new GeometryFileError("not a geometry file");
  const len = view.getUint32(4, true);
  if (8 + len > buf.byteLength) throw new GeometryFileError("geometry header cut short");
  let header: Header;
  try {
    header = JSON.parse(new TextDecoder().decode(new Uint8Array(buf, 8, len))) as Header;
  } catch {
    throw new GeometryFileError("geometry header damaged");
  }
  if (header.format !== GEOMETRY_FORMAT) throw new GeometryFileError(`geometry format ${header.format}, not ${GEOMETRY_FORMAT}`);
  if (header.quantum !== POSITION_QUANTUM) throw new GeometryFileError(`geometry positions in 1/${header.quantum}, not 1/${POSITION_QUANTUM}`);
  if (header.lods?.length !== EDGE_LOD_SCALES.length) throw new GeometryFileError("geometry file has other edge levels");
  const start = Math.ceil((8 + len) / 8) * 8;
  const shapes = sectionShapes(header);
  const sections: Record<string, Uint8Array> = {};
  for (const [name, shape] of Object.entries(shapes)) {
    const s = header.sections[name];
    if (!s) throw new GeometryFileError(`geometry file lacks ${name}`);
    const [offset, length] = s;
    if (!(shape.rows >= 0) || length !== 4 * shape.rows * shape.kinds.length) throw new GeometryFileError(`geometry file's ${name} is not its size`);
    if (offset % 8 !== 0 || start + offset + length > buf.byteLength) throw new GeometryFileError(`geometry file cut short in ${name}`);
    sections[name] = new Uint8Array(buf, start + offset, length);
  }
  const q = header.quantum;
  const rows = header.rows;

  const tilesOf = (name: string, totalIndices: number): Tile[] => {
    const s = sections[name], n = rows[name === "nodes.tiles" ? "nodeTiles" : name === "edges.tiles" ? "edgeTiles" : "groupTiles"];
    const words = new Int32Array(8 * n);
    for (let c = 0; c < 8; c++) unpackColumn(s, n, c, "int", q, words, 8, c);
    const b = new Float64Array(words.buffer);
    const starts = intColumn(s, n, 8), owners = intColumn(s, n, 9);
    return Array.from({ length: n }, (_, k) => ({ minX: b[4 * k], minY: b[4 * k + 1], maxX: b[4 * k + 2], maxY: b[4 * k + 3], start: starts[k], count: (k + 1 < n ? starts[k + 1] : totalIndices) - starts[k], owner: owners[k] }));
  };

  // Nodes: one row each, for the points; the quads repeat it at four corners.
  const N = rows.nodes;
  const pointVertices = once(() => {
    // unpackColumn's four columns in one loop: the first frame draws these.
    const w = wordsOf(sections.nodes), v = new Float32Array(N * NODE_POINT_STRIDE), bits = new Int32Array(v.buffer), scale = 1 / q;
    let x = 0, y = 0, radius = 0, shape = 0;
    for (let r = 0, o = 0; r < N; r++, o += NODE_POINT_STRIDE) {
      const zx = w[r], zy = w[N + r], zr = w[2 * N + r], zs = w[3 * N + r];
      x = (x + ((zx >>> 1) ^ -(zx & 1))) | 0;
      y = (y + ((zy >>> 1) ^ -(zy & 1))) | 0;
      radius = (radius + ((zr >>> 1) ^ -(zr & 1))) | 0;
      shape = (shape + ((zs >>> 1) ^ -(zs & 1))) | 0;
      v[o] = x * scale;
      v[o + 1] = y * scale;
      bits[o + 2] = radius;
      bits[o + 3] = shape;
    }
    return v;
  });
  const pointOwners = once(() => intColumn(sections.nodes, N, 4));
  const nodeTiles = tilesOf("nodes.tiles", 6 * N);
  const nodes = withGetters<Layer>({ vertexCount: 4 * N, tiles: nodeTiles }, {
    vertices: once(() => {
      const p = new Uint32Array(pointVertices().buffer);
      const out = new Float32Array(4 * N * NODE_STRIDE), bits = new Uint32Array(out.buffer);
      for (let k = 0, o = 0; k < N; k++) {
        const i = k * NODE_POINT_STRIDE;
        for (let c = 0; c < 4; c++, o += NODE_STRIDE) {
          bits[o] = p[i];
          bits[o + 1] = p[i + 1];
          out[o + 2] = CORNERS[2 * c];
          out[o + 3] = CORNERS[2 * c + 1];
          bits[o + 4] = p[i + 2];
          bits[o + 5] = p[i + 3];
        }
      }
      return out;
    }),
    owners: once(() => repeated(pointOwners(), 4)),
    indices: once(() => quadIndices(N)),
  });
  const pointTiles = nodeTiles.map((t): Tile => ({ minX: t.minX, minY: t.minY, maxX: t.maxX, maxY: t.maxY, start: t.start / 6, count: t.count / 6, owner: t.owner }));
  const nodePoints = withGetters<Layer>({ vertexCount: N, tiles: pointTiles }, {
    vertices: pointVertices,
    owners: pointOwners,
    indices: once(() => new Uint16Array(0)),
  });

  // Edges: one row per point, its left vertex; the right one is the same but for the side byte (+127).
  const P = rows.points, E = rows.edges;
  const spans = once(() => {
    const out = new Int32Array(E * EDGE_SPAN), s = sections["edges.spans"];
    for (let c = 0; c < 3; c++) unpackColumn(s, E, c, "int", q, out, EDGE_SPAN, c + 1);
    for (let k = 1; k < E; k++) out[k * EDGE_SPAN] = out[(k - 1) * EDGE_SPAN] + out[(k - 1) * EDGE_SPAN + 1];
    return out;
  });
  const edges = withGetters<Layer>({ vertexCount: 2 * P, tiles: tilesOf("edges.tiles", 6 * (P - E)) }, {
    vertices: once(() => {
      // unpackColumn's three columns and the right vertices in one loop: the first frame draws these.
      const out = new Float32Array(2 * P * EDGE_STRIDE), bits = new Int32Array(out.buffer), w = wordsOf(sections["edges.points"]), scale = 1 / q;
      let x = 0, y = 0;
      for (let r = 0, o = 0; r < P; r++, o += 2 * EDGE_STRIDE) {
        const zx = w[r], zy = w[P + r], normal = w[2 * P + r];
        x = (x + ((zx >>> 1) ^ -(zx & 1))) | 0;
        y = (y + ((zy >>> 1) ^ -(zy & 1))) | 0;
        out[o] = out[o + 3] = x * scale;
        out[o + 1] = out[o + 4] = y * scale;
        bits[o + 2] = normal;
        // The right vertex: side byte +127 (0x7f) where the left has -127 (0x81).
        bits[o + 5] = normal ^ RIGHT_SIDE;
      }
      return out;
    }),
    owners: spans,
    indices: once(() => {
      const sp = spans(), out = indexArray(2 * P, 6 * (P - E));
      let o = 0;
      for (let k = 0; k < sp.length; k += EDGE_SPAN) {
        const first = sp[k], points = sp[k + 1] / 2;
        for (let p = 1; p < points; p++, o += 6) {
          const left = first + 2 * p;
          quadAt(out, o, left - 2, left - 1, left + 1, left);
        }
      }
      return out;
    }),
  });

  // Groups: one row each; the disc is a quad of four corners.
  const G = rows.groups;
  const groupRows = once(() => {
    const v = new Float32Array(3 * G), s = sections.groups;
    unpackColumn(s, G, 0, "fixed", q, v, 3, 0);
    unpackColumn(s, G, 1, "fixed", q, v, 3, 1);
    unpackColumn(s, G, 2, "int", q, new Int32Array(v.buffer), 3, 2);
    return v;
  });
  const groups = withGetters<Layer>({ vertexCount: 4 * G, tiles: tilesOf("groups.tiles", 6 * G) }, {
    vertices: once(() => {
      const g = new Uint32Array(groupRows().buffer);
      const out = new Float32Array(4 * G * GROUP_STRIDE), bits = new Uint32Array(out.buffer);
      for (let k = 0, o = 0; k < G; k++) {
        for (let c = 0; c < 4; c++, o += GROUP_STRIDE) {
          bits[o] = g[3 * k];
          bits[o + 1] = g[3 * k + 1];
          out[o + 2] = CORNERS[2 * c];
          out[o + 3] = CORNERS[2 * c + 1];
          bits[o + 4] = g[3 * k + 2];
        }
      }
      return out;
    }),
    owners: once(() => repeated(intColumn(sections.groups, G, 3), 4)),
    indices: once(() => quadIndices(G)),
  });

  // Levels: each quad's two line ends a and b give its six indices (geometry.ts buildEdgeLod).
  const fineTiles = edges.tiles;
  const levels = header.lods.map((l, k): EdgeLod => {
    const starts = intColumn(sections["lods.starts"], fineTiles.length, k);
    const total = 6 * l.quads;
    // Written out rather than spread: this runs cold, before the first frame, for every level's tiles.
    const tiles = fineTiles.map((t, i): Tile => ({ minX: t.minX, minY: t.minY, maxX: t.maxX, maxY: t.maxY, start: starts[i], count: (i + 1 < starts.length ? starts[i + 1] : total) - starts[i], owner: t.owner }));
    // The lines and the quads' indices in one pass (a frame zoomed out draws both).
    const both = once(() => {
      const w = wordsOf(sections[`lod${k}.lines`]), lines = indexArray(2 * P, 2 * l.quads), indices = indexArray(2 * P, total);
      let a = 0;
      for (let i = 0, o = 0; i < l.quads; i++, o += 6) {
        const za = w[2 * i];
        a = (a + ((za >>> 1) ^ -(za & 1))) | 0;
        const zb = w[2 * i + 1];
        const b = (a + ((zb >>> 1) ^ -(zb & 1))) | 0;
        lines[2 * i] = a;
        lines[2 * i + 1] = b;
        // quadAt(indices, o, a, a + 1, b + 1, b), inlined: the first frame runs this.
        indices[o] = indices[o + 3] = a;
        indices[o + 1] = a + 1;
        indices[o + 2] = indices[o + 4] = b + 1;
        indices[o + 5] = b;
        a = b;
      }
      return { lines, indices };
    });
    return withGetters<EdgeLod>({ maxScale: l.maxScale, tiles }, { lines: () => both().lines, indices: () => both().indices });
  });

  const data: GeometryData = {
    nodes,
    nodePoints,
    edges,
    groups,
    // The runs only feed the coarse levels, which the file holds already.
    runs: new Float64Array(0),
  };
  const hit = withGetters<HitGridCells>({ size: header.hit.size, maxRadius: header.hit.maxRadius }, {
    offsets: once(() => intColumn(sections["hit.offsets"], header.hit.size * header.hit.size + 1, 0)),
    items: once(() => intColumn(sections["hit.items"], rows.hitItems, 0)),
  });
  return { signature: header.signature, data, levels, hit };
}

/** The manifest name of a tree bundle's geometry ("tree/3.28" -> "geometry/tree/3.28"). */
export const geometryName = (treeName: string): string => `geometry/${treeName}`;

/** For the pipeline script: a bundle's prebuilt geometry, as the file's bytes. */
export function geometryFileOf(bundle: Parameters<typeof treeModelFromBundle>[0]): Uint8Array {
  return encodeGeometry(prebuildGeometry(treeModelFromBundle(bundle)));
}
