// The geometry as the worker sends it (geometry.ts GeometryData, transferred) and its adoption by the
// page's model (geometryWorker.ts): built from the real 3.28 tree, and a corpus build's cluster jewel rings.
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { POB_CORPUS_DIR } from "@workers/sharedDir";
import { decodePlanner } from "@workers/planner/index";
import type { ClustersBundle } from "../../data/gameDataTypes";
import { treeModelFromBundle } from "../adapter";
import { buildClusterLayout, clusterSockets, withBuildClusters } from "../buildClusters";
import { withClusters } from "../clusterLayout";
import { buffersOf, buildEdgeLods, buildGeometry, buildGeometryData, EDGE_LOD_SCALES, edgeLodBuffersOf, edgeLodSourceOf, geometryOf, modelSignature, type EdgeLod } from "../geometry";
import { adoptSettled, levelsArrived, settledRings, type GeometryJob } from "../geometryWorker";
import { geometryFor, geometrySource } from "../renderer";
import { distManifest, realTree } from "./testModel";

const DIST = fileURLToPath(new URL("../../../../game-data/dist/", import.meta.url));
const clusters = JSON.parse(readFileSync(DIST + distManifest().files.clusters, "utf8")) as ClustersBundle;

/** A corpus build with cluster jewels on the 3.28 tree: its last spec, items and sockets. */
function clusterBuild() {
  const file = readdirSync(POB_CORPUS_DIR, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".xml"))
    .find((f) => {
      const xml = readFileSync(POB_CORPUS_DIR + f, "utf8");
      return /Large Cluster Jewel/.test(xml) && /treeVersion="3_2[5-8]/.test(xml);
    });
  if (!file) throw new Error("no corpus build with a large cluster jewel on a 3.25+ tree");
  const build = decodePlanner(readFileSync(POB_CORPUS_DIR + file, "utf8"));
  const tree = build.trees.find((t) => Object.keys(t.jewels).length > 0)!;
  return { build, tree };
}

describe("geometry across the worker boundary", () => {
  it("arrives whole through a structured clone with its buffers transferred, and draws the same", () => {
    const { model } = realTree("3.28");
    const data = buildGeometryData(model);
    const buffers = buffersOf(data);
    // Each buffer once (a transfer list with a repeat throws), and every layer's arrays among them.
    expect(new Set(buffers).size).toBe(buffers.length);
    const sent = structuredClone(data, { transfer: buffers });
    expect(data.edges.vertices.byteLength).toBe(0); // moved, not copied
    const here = buildGeometry(model), there = geometryOf(sent);
    for (const layer of ["nodes", "nodePoints", "edges", "groups"] as const) {
      expect(there[layer].vertices).toEqual(here[layer].vertices);
      expect(there[layer].owners).toEqual(here[layer].owners);
      expect(there[layer].indices).toEqual(here[layer].indices);
      expect(there[layer].tiles).toEqual(here[layer].tiles);
    }
    // The coarser edge levels are rebuilt from the runs that came with it.
    for (const k of [0, Math.floor(EDGE_LOD_SCALES.length / 2), EDGE_LOD_SCALES.length - 1]) expect(there.edgeLod(k)).toEqual(here.edgeLod(k));
  });

  it("takes the coarse edge levels the worker sends after the geometry, keeping a level the page built meanwhile", () => {
    const { model } = realTree("3.28");
    const data = buildGeometryData(model);
    // What the worker keeps to build them after its geometry's buffers went: a copy of the runs, the fine tiles.
    const source = edgeLodSourceOf(data);
    const sent = structuredClone(data, { transfer: buffersOf(data) });
    const levels: (EdgeLod | undefined)[] = EDGE_LOD_SCALES.map(() => undefined);
    const there = geometryOf(sent, levels);
    const drawnFirst = there.edgeLod(3); // a frame before the levels came: built in the page
    const built = buildEdgeLods(source);
    const buffers = edgeLodBuffersOf(built);
    expect(new Set(buffers).size).toBe(2 * EDGE_LOD_SCALES.length);
    const arrived = structuredClone(built, { transfer: buffers });
    levelsArrived(levels, arrived);
    expect(there.edgeLod(3)).toBe(drawnFirst);
    const here = buildGeometry(model);
    for (let k = 0; k < EDGE_LOD_SCALES.length; k++) {
      if (k !== 3) expect(there.edgeLod(k)).toBe(arrived[k]); // not built again
      expect(there.edgeLod(k)).toEqual(here.edgeLod(k));
    }
  });

  it("signs a model by its version, nodes, edges and groups: the same bundle twice alike, a build's cluster rings not", () => {
    const { bundle, model } = realTree("3.28");
    expect(modelSignature(treeModelFromBundle(bundle))).toBe(modelSignature(model));
    const { build, tree } = clusterBuild();
    const sockets = clusterSockets(build.items, tree);
    const ringed = withBuildClusters(model, clusters, sockets);
    expect(ringed.nodes.length).toBeGreaterThan(model.nodes.length);
    expect(modelSignature(ringed)).not.toBe(modelSignature(model));
    // The worker derives the same rings from what it is sent (only the socketed items).
    expect(Object.keys(sockets.items!).sort()).toEqual([...new Set(Object.values(tree.jewels))].filter((id) => id in build.items).sort());
    const sent = structuredClone(sockets);
    expect(modelSignature(withBuildClusters(treeModelFromBundle(bundle), clusters, sent))).toBe(modelSignature(ringed));
  });

  it("takes the worker's cluster ring layout for a model like the one it was laid out on, and only for that one", () => {
    const { bundle } = realTree("3.28");
    const { build, tree } = clusterBuild();
    // The worker's side: the rings laid out on its own model, from the sockets it was sent.
    const theirs = treeModelFromBundle(bundle);
    const sockets = structuredClone(clusterSockets(build.items, tree));
    const rings = structuredClone({ base: modelSignature(theirs), layout: buildClusterLayout(theirs, clusters, sockets) });
    expect(rings.layout.nodes.length).toBeGreaterThan(0);
    const job: GeometryJob = { key: "k", result: Promise.resolve(null), levels: [], rings };
    // The page's own model of the same tree: the same rings as laid out in the page.
    const mine = treeModelFromBundle(bundle);
    const layout = settledRings(job, mine);
    expect(layout).not.toBeNull();
    const ringed = withClusters(mine, layout!);
    expect(modelSignature(ringed)).toBe(modelSignature(withBuildClusters(mine, clusters, clusterSockets(build.items, tree))));
    expect(ringed.nodes.map((n) => [n.id, n.x, n.y])).toEqual(withBuildClusters(mine, clusters, clusterSockets(build.items, tree)).nodes.map((n) => [n.id, n.x, n.y]));
    // Another tree, or none answered yet: the page lays the rings out itself.
    expect(settledRings(job, realTree("3.25").model)).toBeNull();
    expect(settledRings({ ...job, rings: undefined }, mine)).toBeNull();
    expect(settledRings(null, mine)).toBeNull();
  });

  it("adopts a finished job's geometry for the model it was built for, and only that one", () => {
    const { bundle } = realTree("3.28");
    const built = treeModelFromBundle(bundle);
    const data = buildGeometryData(built);
    const job = (settled?: GeometryJob["settled"]): GeometryJob => ({ key: "k", result: Promise.resolve(settled ?? null), settled, levels: EDGE_LOD_SCALES.map(() => undefined) });

    const running = treeModelFromBundle(bundle);
    expect(adoptSettled(running, job())).toBe(false); // still running: wait
    expect(geometrySource(running)).toBeNull();

    const same = treeModelFromBundle(bundle);
    expect(adoptSettled(same, job({ signature: modelSignature(same), data, rings: null }))).toBe(true);
    expect(geometrySource(same)).toBe("worker");
    expect(geometryFor(same).edges.vertices).toBe(data.edges.vertices);

    const { build, tree } = clusterBuild();
    const other = withBuildClusters(treeModelFromBundle(bundle), clusters, clusterSockets(build.items, tree));
    expect(adoptSettled(other, job({ signature: modelSignature(built), data, rings: null }))).toBe(true); // answered, but for another model
    expect(geometrySource(other)).toBeNull();
    geometryFor(other);
    expect(geometrySource(other)).toBe("page");
  });
});
