/**
 * A tree with a build's cluster jewel rings added: the build's jewels first, then the other
 * allocation's in sockets the build leaves empty. Plain, so the page (useClusterModel) and the
 * geometry worker derive the same model from the same inputs.
 */
import type { ClustersBundle } from "../data/gameDataTypes";
import { clusterItemIn, readClusterJewel } from "./clusterJewel";
import { layoutClusters, withClusters, type ClusterLayout } from "./clusterLayout";
import type { TreeModel } from "./model";
import type { TreeAllocation } from "./types";

/** What the rings are laid out from: the items, and the build's and the other allocation's socketed item ids. */
export interface ClusterSockets {
  items: Record<string, unknown> | undefined;
  mine: Record<number, string>;
  theirs: Record<number, string>;
}

/** The sockets of both allocations, with only the items socketed in them (what a worker is sent). */
export function clusterSockets(items: Record<string, unknown> | undefined, build: TreeAllocation, other?: TreeAllocation): ClusterSockets {
  const mine = { ...(build.jewels ?? {}) }, theirs = { ...(other?.jewels ?? {}) };
  const socketed: Record<string, unknown> = {};
  for (const id of [...Object.values(mine), ...Object.values(theirs)]) if (items && id in items) socketed[id] = items[id];
  return { items: socketed, mine, theirs };
}

/** Where the rings go (plain data: the geometry worker lays them out and sends them to the page). */
export function buildClusterLayout(model: TreeModel, bundle: ClustersBundle, { items, mine, theirs }: ClusterSockets): ClusterLayout {
  const jewelAt = (socketId: number) => {
    const item = clusterItemIn(items, mine[socketId]) ?? clusterItemIn(items, theirs[socketId]);
    return item ? readClusterJewel(item, bundle) : null;
  };
  return layoutClusters(model, bundle, jewelAt);
}

export function withBuildClusters(model: TreeModel, bundle: ClustersBundle, sockets: ClusterSockets): TreeModel {
  return withClusters(model, buildClusterLayout(model, bundle, sockets));
}
