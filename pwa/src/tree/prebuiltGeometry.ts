/**
 * A tree version's static geometry as one binary file, written by the game-data pipeline
 * (game-data/prebuild_geometry.ts runs this module's encodeGeometry over every tree bundle, so the
 * file is what buildGeometryData builds in the page, by the same code) and read by the page
 * (decodeGeometry: typed-array views straight into the fetched buffer, uploaded as they are).
 * Format: game-data/FORMAT.md "Prebuilt tree geometry".
 *
 * Layout: "WPTG", a u32 (little-endian) header length, the header as UTF-8 JSON, zero padding to
 * a multiple of 8, then the sections, each at an 8-byte-aligned offset the header names.
 */
import { treeModelFromBundle } from "./adapter";
import {
  EDGE_STRIDE,
  GROUP_STRIDE,
  NODE_POINT_STRIDE,
  NODE_STRIDE,
  buildEdgeLods,
  buildGeometryData,
  EDGE_LOD_SCALES,
  edgeLodSourceOf,
  modelSignature,
  type EdgeLod,
  type GeometryData,
  type Layer,
  type Tile,
} from "./geometry";
import { HitGrid, type HitGridCells } from "./hitGrid";
import type { TreeModel } from "./model";

/**
 * Bumped whenever geometry.ts or hitGrid.ts changes what they build: a file of another format is
 * not used (the page builds the geometry instead). The Vitest (prebuiltGeometry.test.ts) fails
 * when a file in game-data/dist differs from what the page builds, whatever this says.
 */
export const GEOMETRY_FORMAT = 1;
const MAGIC = 0x47545057; // "WPTG" little-endian

type ArrayKind = "f32" | "i32" | "u16" | "u32";
type Typed = Float32Array | Int32Array | Uint16Array | Uint32Array;
const CTORS = { f32: Float32Array, i32: Int32Array, u16: Uint16Array, u32: Uint32Array } as const;
const kindOf = (a: Typed): ArrayKind =>
  a instanceof Float32Array ? "f32" : a instanceof Int32Array ? "i32" : a instanceof Uint16Array ? "u16" : "u32";

/** A tile as [minX, minY, maxX, maxY, start, count, owner]. */
type TileRow = [number, number, number, number, number, number, number];
const tileRow = (t: Tile): TileRow => [t.minX, t.minY, t.maxX, t.maxY, t.start, t.count, t.owner];
const tileOf = ([minX, minY, maxX, maxY, start, count, owner]: TileRow): Tile => ({ minX, minY, maxX, maxY, start, count, owner });

interface LayerHeader {
  vertexCount: number;
  tiles: TileRow[];
}

interface Header {
  format: number;
  /** modelSignature of the model the geometry is of: the page uses it only for a model with the same. */
  signature: string;
  /**
   * name -> [array kind, byte offset, element count, delta distance]: the section's words (u16 for
   * u16 arrays, else u32, floats by their bits) are stored as differences from the word `distance`
   * before (a vertex's stride, 1 for indices and owners), wrapping; decodeGeometry sums them back in
   * place. Ascending indices and a vertex like the one before it then gzip to a fraction (FORMAT.md).
   */
  sections: Record<string, [ArrayKind, number, number, number]>;
  layers: Record<"nodes" | "nodePoints" | "edges" | "groups", LayerHeader>;
  lods: { maxScale: number; tiles: TileRow[] }[];
  hit: { size: number; maxRadius: number };
}

const LAYERS = ["nodes", "nodePoints", "edges", "groups"] as const;
const STRIDES: Record<(typeof LAYERS)[number], number> = { nodes: NODE_STRIDE, nodePoints: NODE_POINT_STRIDE, edges: EDGE_STRIDE, groups: GROUP_STRIDE };

/** The words of a section (see Header.sections): u16 for u16 arrays, else u32. */
function wordsOf(buf: ArrayBuffer, offset: number, kind: ArrayKind, count: number): Uint16Array | Uint32Array {
  return kind === "u16" ? new Uint16Array(buf, offset, count) : new Uint32Array(buf, offset, count);
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

export function encodeGeometry(g: PrebuiltGeometry): Uint8Array {
  const arrays: [string, Typed, number][] = [];
  for (const name of LAYERS) {
    const l = g.data[name];
    arrays.push([`${name}.vertices`, l.vertices, STRIDES[name]], [`${name}.owners`, l.owners, 1], [`${name}.indices`, l.indices, 1]);
  }
  g.levels.forEach((l, k) => arrays.push([`lod${k}.indices`, l.indices, 1], [`lod${k}.lines`, l.lines, 1]));
  arrays.push(["hit.offsets", g.hit.offsets, 1], ["hit.items", g.hit.items, 1]);
  const sections: Header["sections"] = {};
  let offset = 0;
  for (const [name, a, distance] of arrays) {
    sections[name] = [kindOf(a), offset, a.length, distance];
    offset += Math.ceil(a.byteLength / 8) * 8;
  }
  const layer = (l: Layer): LayerHeader => ({ vertexCount: l.vertexCount, tiles: l.tiles.map(tileRow) });
  const header: Header = {
    format: GEOMETRY_FORMAT,
    signature: g.signature,
    sections,
    layers: { nodes: layer(g.data.nodes), nodePoints: layer(g.data.nodePoints), edges: layer(g.data.edges), groups: layer(g.data.groups) },
    lods: g.levels.map((l) => ({ maxScale: l.maxScale, tiles: l.tiles.map(tileRow) })),
    hit: { size: g.hit.size, maxRadius: g.hit.maxRadius },
  };
  const json = new TextEncoder().encode(JSON.stringify(header));
  const start = Math.ceil((8 + json.length) / 8) * 8;
  const out = new Uint8Array(start + offset);
  const view = new DataView(out.buffer);
  view.setUint32(0, MAGIC, true);
  view.setUint32(4, json.length, true);
  out.set(json, 8);
  for (const [name, a, distance] of arrays) {
    const [kind, at, count] = sections[name];
    out.set(new Uint8Array(a.buffer, a.byteOffset, a.byteLength), start + at);
    const w = wordsOf(out.buffer, start + at, kind, count);
    for (let i = count - 1; i >= distance; i--) w[i] -= w[i - distance];
  }
  return out;
}

export class GeometryFileError extends Error {}

/**
 * The geometry in `buf`, as views into it (nothing copied; each section's delta-coded words summed in
 * place on its first use); GeometryFileError for another format or a damaged file.
 */
export function decodeGeometry(buf: ArrayBuffer): PrebuiltGeometry {
  if (buf.byteLength < 8) throw new GeometryFileError("geometry file too short");
  const view = new DataView(buf);
  if (view.getUint32(0, true) !== MAGIC) throw new GeometryFileError("not a geometry file");
  const len = view.getUint32(4, true);
  if (8 + len > buf.byteLength) throw new GeometryFileError("geometry header cut short");
  const header = JSON.parse(new TextDecoder().decode(new Uint8Array(buf, 8, len))) as Header;
  if (header.format !== GEOMETRY_FORMAT) throw new GeometryFileError(`geometry format ${header.format}, not ${GEOMETRY_FORMAT}`);
  const start = Math.ceil((8 + len) / 8) * 8;
  // Each section is checked now (a damaged file fails here, not mid-frame) and summed back on first use:
  // a first frame reads the node points, the edge vertices, the group discs and one edge level, not the
  // node quads (zoomed in), the fine edge indices, the other levels or the hit grid (on hover).
  const array = (name: string): (() => Typed) => {
    const s = header.sections[name];
    if (!s) throw new GeometryFileError(`geometry file lacks ${name}`);
    const [kind, offset, count, distance] = s;
    if (!(distance >= 1)) throw new GeometryFileError(`geometry file names no delta distance for ${name}`);
    const Ctor = CTORS[kind];
    if (offset % 8 !== 0 || start + offset + count * Ctor.BYTES_PER_ELEMENT > buf.byteLength) throw new GeometryFileError(`geometry file cut short in ${name}`);
    let decoded: Typed | null = null;
    return () => {
      if (decoded) return decoded;
      // Summed back in place, once (summed twice, the words would be wrong).
      const w = wordsOf(buf, start + offset, kind, count);
      for (let i = distance; i < count; i++) w[i] += w[i - distance];
      return (decoded = new Ctor(buf, start + offset, count));
    };
  };
  /** `plain` with a getter per entry of `lazy`, each decoding its section on first use. */
  const withSections = <T extends object>(plain: object, lazy: Record<string, string>): T => {
    for (const [key, name] of Object.entries(lazy)) Object.defineProperty(plain, key, { get: array(name), enumerable: true });
    return plain as T;
  };
  const layer = (name: (typeof LAYERS)[number]): Layer =>
    withSections({ vertexCount: header.layers[name].vertexCount, tiles: header.layers[name].tiles.map(tileOf) }, {
      vertices: `${name}.vertices`,
      owners: `${name}.owners`,
      indices: `${name}.indices`,
    });
  if (header.lods.length !== EDGE_LOD_SCALES.length) throw new GeometryFileError("geometry file has other edge levels");
  const levels = header.lods.map((l, k): EdgeLod =>
    withSections({ maxScale: l.maxScale, tiles: l.tiles.map(tileOf) }, { indices: `lod${k}.indices`, lines: `lod${k}.lines` }),
  );
  const data: GeometryData = {
    nodes: layer("nodes"),
    nodePoints: layer("nodePoints"),
    edges: layer("edges"),
    groups: layer("groups"),
    // The runs only feed the coarse levels, which the file holds already.
    runs: new Float64Array(0),
  };
  const hit = withSections<HitGridCells>({ size: header.hit.size, maxRadius: header.hit.maxRadius }, { offsets: "hit.offsets", items: "hit.items" });
  return { signature: header.signature, data, levels, hit };
}

/** The manifest name of a tree bundle's geometry ("tree/3.28" -> "geometry/tree/3.28"). */
export const geometryName = (treeName: string): string => `geometry/${treeName}`;

/** For the pipeline script: a bundle's prebuilt geometry, as the file's bytes. */
export function geometryFileOf(bundle: Parameters<typeof treeModelFromBundle>[0]): Uint8Array {
  return encodeGeometry(prebuildGeometry(treeModelFromBundle(bundle)));
}
