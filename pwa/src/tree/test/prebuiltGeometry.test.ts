// The prebuilt geometry files the game-data pipeline writes (game-data/prebuild_geometry.ts) against
// the geometry the page builds from the same bundle, for every tree version and variant in game-data/dist;
// the file format's round trip and its refusals (the page then builds the geometry itself).
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { POB_CORPUS_DIR } from "@workers/sharedDir";
import { decodePlanner } from "@workers/planner/index";
import type { ClustersBundle, TreeBundle } from "../../data/gameDataTypes";
import { clusterSockets, withBuildClusters } from "../buildClusters";
import { treeModelFromBundle } from "../adapter";
import { buildEdgeLods, buildGeometryData, edgeLodSourceOf, modelSignature, type Layer } from "../geometry";
import { adoptSettled, type GeometryJob } from "../geometryWorker";
import { HitGrid, hitGridFor } from "../hitGrid";
import { decodeGeometry, encodeGeometry, GEOMETRY_FORMAT, GeometryFileError, geometryName, prebuildGeometry } from "../prebuiltGeometry";
import { geometryFor, geometrySource } from "../renderer";
import { distManifest, realTree } from "./testModel";

const DIST = fileURLToPath(new URL("../../../../game-data/dist/", import.meta.url));
const files = distManifest().files;
const trees = Object.keys(files).filter((name) => /^tree(-[a-z-]+)?\//.test(name)).sort();

function fileOf(name: string): ArrayBuffer {
  const bytes = readFileSync(DIST + files[geometryName(name)]);
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

function expectLayer(got: Layer, want: Layer) {
  expect(got.vertexCount).toBe(want.vertexCount);
  expect(got.tiles).toEqual(want.tiles);
  // Byte for byte, and of the same array types (the renderer picks the index type from it).
  for (const key of ["vertices", "owners", "indices"] as const) {
    expect(got[key].constructor).toBe(want[key].constructor);
    expect(Buffer.from(got[key].buffer, got[key].byteOffset, got[key].byteLength).equals(Buffer.from(want[key].buffer, want[key].byteOffset, want[key].byteLength)), key).toBe(true);
  }
}

describe("prebuilt tree geometry", () => {
  it("ships a geometry file for every tree in the manifest", () => {
    expect(trees.length).toBeGreaterThan(20);
    for (const name of trees) expect(files[geometryName(name)], name).toMatch(/^tree-[a-z-]*[0-9.]+\.[0-9a-f]{16}\.bin$/);
  });

  it.each(trees)("%s: the file equals the geometry the page builds", (name) => {
    const model = treeModelFromBundle(JSON.parse(readFileSync(DIST + files[name], "utf8")) as TreeBundle);
    const g = decodeGeometry(fileOf(name));
    expect(g.signature).toBe(modelSignature(model));
    const built = buildGeometryData(model);
    for (const layer of ["nodes", "nodePoints", "edges", "groups"] as const) expectLayer(g.data[layer], built[layer]);
    const levels = buildEdgeLods(edgeLodSourceOf(built));
    expect(g.levels.length).toBe(levels.length);
    g.levels.forEach((level, k) => {
      expect(level.maxScale).toBe(levels[k].maxScale);
      expect(level.tiles).toEqual(levels[k].tiles);
      expect(level.indices).toEqual(levels[k].indices);
      expect(level.lines).toEqual(levels[k].lines);
    });
    expect(g.hit).toEqual(new HitGrid(model.nodes, model.bounds).cellsOf());
  });

  it("round-trips, and a hit grid read from the file answers as one built", () => {
    const model = realTree("3.28").model;
    const bytes = encodeGeometry(prebuildGeometry(model));
    const g = decodeGeometry(bytes.buffer as ArrayBuffer);
    const grid = new HitGrid(model.nodes, model.bounds, g.hit.size, g.hit);
    const built = new HitGrid(model.nodes, model.bounds);
    for (const n of model.nodes.slice(0, 400)) expect(grid.hit(n.x + 3, n.y - 2)?.index).toBe(built.hit(n.x + 3, n.y - 2)?.index);
    expect(grid.cellsOf()).toEqual(built.cellsOf());
  });

  it("refuses another format, another file or a cut one", () => {
    const bytes = encodeGeometry(prebuildGeometry(realTree("3.28").model));
    const len = new DataView(bytes.buffer).getUint32(4, true);
    const header = new TextDecoder().decode(bytes.subarray(8, 8 + len));
    const other = header.replace(`"format":${GEOMETRY_FORMAT}`, `"format":${GEOMETRY_FORMAT + 1}`);
    expect(other).not.toBe(header);
    const changed = bytes.slice();
    changed.set(new TextEncoder().encode(other), 8);
    expect(() => decodeGeometry(changed.buffer as ArrayBuffer)).toThrow(/format/);
    expect(() => decodeGeometry(new TextEncoder().encode('{"format":2}').buffer as ArrayBuffer)).toThrow(/not a geometry file/);
    expect(() => decodeGeometry(bytes.slice(0, bytes.length - 64).buffer as ArrayBuffer)).toThrow(/cut short/);
    // A header naming a section of another size, or none, is a damaged file.
    const resized = header.replace(/"edges\.points":\[(\d+),(\d+)\]/, (_, at, n) => `"edges.points":[${at},${Number(n) - 12}]`);
    expect(resized).not.toBe(header);
    const damaged = bytes.slice();
    damaged.set(new TextEncoder().encode(resized.padEnd(header.length)), 8);
    expect(() => decodeGeometry(damaged.buffer as ArrayBuffer)).toThrow(GeometryFileError);
    const lacking = bytes.slice();
    lacking.set(new TextEncoder().encode(header.replace('"hit.items"', '"hit.itemz"')), 8);
    expect(() => decodeGeometry(lacking.buffer as ArrayBuffer)).toThrow(/lacks hit.items/);
    const garbled = bytes.slice();
    garbled[10] = 0x7b;
    expect(() => decodeGeometry(garbled.buffer as ArrayBuffer)).toThrow(GeometryFileError);
  });

  it("is not written for a geometry the file's patterns would not give back", () => {
    const g = prebuildGeometry(realTree("3.28").model);
    // A node quad whose corner is not where the file puts it (the file holds one row per node).
    g.data.nodes.vertices[2] = 0.5;
    expect(() => encodeGeometry(g)).toThrow(/read back otherwise: nodes.vertices/);
    const h = prebuildGeometry(realTree("3.28").model);
    // An edge point off the position grid (geometry.ts snapPosition).
    h.data.edges.vertices[0] += 1 / 1000;
    expect(() => encodeGeometry(h)).toThrow(/multiple of 1\/64/);
  });

  it("gives a tree with cluster jewel rings its base edges: the same geometry, only the rings' edges built", () => {
    const clusters = JSON.parse(readFileSync(DIST + files.clusters, "utf8")) as ClustersBundle;
    const file = readdirSync(POB_CORPUS_DIR, { recursive: true, encoding: "utf8" })
      .filter((f) => f.endsWith(".xml"))
      .find((f) => /Large Cluster Jewel/.test(readFileSync(POB_CORPUS_DIR + f, "utf8")) && /treeVersion="3_28/.test(readFileSync(POB_CORPUS_DIR + f, "utf8")));
    const build = decodePlanner(readFileSync(POB_CORPUS_DIR + file!, "utf8"));
    const tree = build.trees.find((t) => Object.keys(t.jewels).length > 0)!;
    const base = treeModelFromBundle(JSON.parse(readFileSync(DIST + files["tree/3.28"], "utf8")) as TreeBundle);
    const ringed = withBuildClusters(base, clusters, clusterSockets(build.items, tree));
    expect(ringed.edges.length).toBeGreaterThan(0);
    expect(ringed.nodes.length).toBeGreaterThan(base.nodes.length);
    const g = decodeGeometry(fileOf("tree/3.28"));
    const reused = buildGeometryData(ringed, { base, edges: g.data.edges });
    const built = buildGeometryData(ringed);
    for (const layer of ["nodes", "nodePoints", "groups"] as const) expectLayer(reused[layer], built[layer]);
    expectLayer(reused.edges, built.edges);
    expect(reused.runs).toEqual(built.runs);
    // The base edges really come from the file: a point moved in it moves in the result.
    const marked = decodeGeometry(fileOf("tree/3.28"));
    const spans = marked.data.edges.owners;
    marked.data.edges.vertices[spans[0] * 3] += 1000;
    const fromMarked = buildGeometryData(ringed, { base, edges: marked.data.edges });
    const changed = fromMarked.edges.vertices.findIndex((v, i) => v !== built.edges.vertices[i]);
    expect(changed).toBeGreaterThanOrEqual(0);
    expect(fromMarked.edges.vertices[changed] - built.edges.vertices[changed]).toBeCloseTo(1000, 1);
    // A file of another tree gives nothing: every edge is built.
    const other = treeModelFromBundle(JSON.parse(readFileSync(DIST + files["tree/3.27"], "utf8")) as TreeBundle);
    const none = buildGeometryData(ringed, { base: other, edges: decodeGeometry(fileOf("tree/3.27")).data.edges });
    expect(none.edges.tiles).toEqual(built.edges.tiles);
  });

  it("is adopted only by a model with its signature, hit grid and all; another model builds its own", () => {
    const bundle = JSON.parse(readFileSync(DIST + files["tree/3.28"], "utf8")) as TreeBundle;
    const g = decodeGeometry(fileOf("tree/3.28"));
    const job = (): GeometryJob => ({ key: "k", result: Promise.resolve(null), levels: g.levels, settled: { signature: g.signature, data: g.data, rings: null, hit: g.hit, prebuilt: true } });
    const model = treeModelFromBundle(bundle);
    expect(adoptSettled(model, job())).toBe(true);
    expect(geometrySource(model)).toBe("prebuilt");
    expect(geometryFor(model).nodes.vertices).toBe(g.data.nodes.vertices);
    expect(geometryFor(model).edgeLod(0).indices).toBe(g.levels[0].indices);
    expect(hitGridFor(model).cellsOf()).toEqual(g.hit);
    const other = realTree("3.27").model;
    expect(adoptSettled(other, job())).toBe(true);
    expect(geometrySource(other)).toBeNull();
  });
});
