/// <reference lib="webworker" />
/**
 * Comlink shell of the geometry worker (geometryWorker.ts): it loads the tree bundle (and the
 * cluster data, for a build with cluster jewels) itself, through the game-data client, as the page
 * does, and sends back the geometry of the model the page will draw, its buffers transferred, with
 * the layout of its cluster jewel rings; then, asked, every coarse edge level of that geometry.
 */
import { expose, transfer } from "comlink";
import { loadClusters, loadTreeBundle } from "../data/gameData";
import { treeModelFromBundle } from "./adapter";
import { buildClusterLayout, type ClusterSockets } from "./buildClusters";
import { withClusters } from "./clusterLayout";
import { buffersOf, buildEdgeLods, buildGeometryData, edgeLodBuffersOf, edgeLodSourceOf, modelSignature, type EdgeLodSource } from "./geometry";
import type { ClusterRings } from "./geometryWorker";

/** The last geometry's runs (copied: its own go with it) and fine tiles, for edgeLods. */
let lodSource: EdgeLodSource | null = null;

const api = {
  async build(version: string | null, nodes: number[], sockets: ClusterSockets | null) {
    const base = treeModelFromBundle(await loadTreeBundle(version, nodes));
    let model = base;
    let rings: ClusterRings | null = null;
    if (sockets) {
      const layout = buildClusterLayout(base, await loadClusters(), sockets);
      model = withClusters(base, layout);
      rings = { base: modelSignature(base), layout };
    }
    const data = buildGeometryData(model);
    lodSource = edgeLodSourceOf(data);
    return transfer({ signature: modelSignature(model), data, rings }, buffersOf(data));
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
