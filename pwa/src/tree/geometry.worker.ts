/// <reference lib="webworker" />
/**
 * Comlink shell of the geometry worker (geometryWorker.ts): it loads the tree bundle (and the
 * cluster data, for a build with cluster jewels) itself, through the game-data client, as the page
 * does, and sends back the geometry of the model the page will draw, its buffers transferred.
 */
import { expose, transfer } from "comlink";
import { loadClusters, loadTreeBundle } from "../data/gameData";
import { treeModelFromBundle } from "./adapter";
import { withBuildClusters, type ClusterSockets } from "./buildClusters";
import { buffersOf, buildGeometryData, modelSignature } from "./geometry";

const api = {
  async build(version: string | null, nodes: number[], sockets: ClusterSockets | null) {
    let model = treeModelFromBundle(await loadTreeBundle(version, nodes));
    if (sockets) model = withBuildClusters(model, await loadClusters(), sockets);
    const data = buildGeometryData(model);
    return transfer({ signature: modelSignature(model), data }, buffersOf(data));
  },
};

export type GeometryWorkerApi = typeof api;

expose(api);
