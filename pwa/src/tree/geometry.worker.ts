/// <reference lib="webworker" />
/**
 * Comlink shell of the geometry worker (geometryWorker.ts): it loads the tree bundle (and the
 * cluster data, for a build with cluster jewels) itself, through the game-data client, as the page
 * does, and sends back the geometry of the model the page will draw, its buffers transferred; then,
 * asked, every coarse edge level of that geometry.
 */
import { expose, transfer } from "comlink";
import { loadClusters, loadTreeBundle } from "../data/gameData";
import { treeModelFromBundle } from "./adapter";
import { withBuildClusters, type ClusterSockets } from "./buildClusters";
import { buffersOf, buildEdgeLods, buildGeometryData, edgeLodBuffersOf, modelSignature, type EdgeLodSource } from "./geometry";

/** The last geometry's runs (copied: its own go with it) and fine tiles, for edgeLods. */
let lodSource: EdgeLodSource | null = null;

const api = {
  async build(version: string | null, nodes: number[], sockets: ClusterSockets | null) {
    let model = treeModelFromBundle(await loadTreeBundle(version, nodes));
    if (sockets) model = withBuildClusters(model, await loadClusters(), sockets);
    const data = buildGeometryData(model);
    lodSource = { runs: data.runs.slice(), edges: { vertexCount: data.edges.vertexCount, tiles: data.edges.tiles } };
    return transfer({ signature: modelSignature(model), data }, buffersOf(data));
  },
  /** The coarse edge levels of the geometry build() sent; none before it. */
  edgeLods() {
    const levels = lodSource ? buildEdgeLods(lodSource) : [];
    lodSource = null;
    return transfer(levels, edgeLodBuffersOf(levels));
  },
};

export type GeometryWorkerApi = typeof api;

expose(api);
