/// <reference lib="webworker" />
/**
 * Comlink shell of the geometry worker (geometryWorker.ts): it loads the tree bundle (and the
 * cluster data, for a build with cluster jewels) itself, through the game-data client, as the page
 * does, and sends back the geometry of the model the page will draw, its buffers transferred, with
 * the layout of its cluster jewel rings; then, asked, every coarse edge level of that geometry. For a
 * tree with cluster jewel rings, the base tree's edges come from its prebuilt geometry file
 * (prebuiltLoad.ts) and only the rings' are tessellated here.
 */
import { expose, transfer } from "comlink";
import { loadClusters, loadTreeBundle } from "../data/gameData";
import { treeModelFromBundle } from "./adapter";
import { buildClusterLayout, type ClusterSockets } from "./buildClusters";
import { withClusters } from "./clusterLayout";
import { buffersOf, buildEdgeLods, buildGeometryData, edgeLodBuffersOf, edgeLodSourceOf, modelSignature, type EdgeLodSource, type EdgeReuse } from "./geometry";
import { loadPrebuiltGeometry } from "./prebuiltLoad";
import type { ClusterRings } from "./geometryWorker";

/** The last geometry's runs (copied: its own go with it) and fine tiles, for edgeLods. */
let lodSource: EdgeLodSource | null = null;

const api = {
  /** `prebuilt`: whether the tree's prebuilt geometry file may give the base tree's edges (a tree with cluster jewels). */
  async build(version: string | null, nodes: number[], sockets: ClusterSockets | null, prebuilt = false) {
    // Asked for beside the bundle; a file that fails leaves every edge to be built here.
    const file = sockets && prebuilt ? loadPrebuiltGeometry(version, nodes) : Promise.resolve(null);
    const base = treeModelFromBundle(await loadTreeBundle(version, nodes));
    let model = base;
    let rings: ClusterRings | null = null;
    let reuse: EdgeReuse | undefined;
    if (sockets) {
      const layout = buildClusterLayout(base, await loadClusters(), sockets);
      model = withClusters(base, layout);
      rings = { base: modelSignature(base), layout };
      const g = await file;
      if (g && g.signature === rings.base) reuse = { base, edges: g.data.edges };
    }
    const data = buildGeometryData(model, reuse);
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
