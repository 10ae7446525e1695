import { useEffect, useMemo, useState } from "react";
import { loadClusters } from "../data/gameData";
import type { ClustersBundle } from "../data/gameDataTypes";
import { withBuildClusters } from "./buildClusters";
import { clusterItemIn as clusterItem } from "./clusterJewel";
import type { TreeModel } from "./model";
import type { TreeAllocation } from "./types";

type Items = Record<string, unknown> | undefined;

/** Whether either allocation socketed a cluster jewel (then the cluster data is loaded with the tree). */
export function hasClusterJewel(items: Items, ...allocs: (TreeAllocation | undefined)[]): boolean {
  return allocs.some((a) => Object.values(a?.jewels ?? {}).some((id) => clusterItem(items, id) !== null));
}

/**
 * The tree with the build's cluster jewel rings added (the build's jewels first, then the
 * other allocation's in sockets the build leaves empty). `ready` is false while the cluster
 * data loads; when it cannot load, the plain tree is used (and the notice counts the passives).
 */
export function useClusterModel(
  model: TreeModel | null,
  items: Items,
  build: TreeAllocation,
  other?: TreeAllocation,
): { model: TreeModel | null; ready: boolean; hasClusterJewel: boolean } {
  const wanted = hasClusterJewel(items, build, other);
  const [bundle, setBundle] = useState<ClustersBundle | null | "failed">(null);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    loadClusters().then(
      (b) => live && setBundle(b),
      () => live && setBundle("failed"),
    );
    return () => {
      live = false;
    };
  }, [wanted]);
  // Keyed by what the layout reads (the sockets' items), not the allocations' identity: a new
  // model means a new renderer, so a caller's fresh but equal allocation must not make one.
  const sockets = JSON.stringify([build.jewels ?? {}, other?.jewels ?? {}]);
  const derived = useMemo(() => {
    if (!model || !wanted || bundle === null || bundle === "failed") return model;
    const [mine, theirs] = JSON.parse(sockets) as Record<number, string>[];
    return withBuildClusters(model, bundle, { items, mine, theirs });
  }, [model, wanted, bundle, items, sockets]);
  return { model: derived, ready: !wanted || bundle !== null, hasClusterJewel: wanted };
}
