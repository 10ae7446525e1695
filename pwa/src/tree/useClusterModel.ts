import { useEffect, useMemo, useState } from "react";
import { loadClusters } from "../data/gameData";
import type { ClustersBundle } from "../data/gameDataTypes";
import { withBuildClusters } from "./buildClusters";
import { hasClusterJewel } from "./clusterJewel";
import { withClusters } from "./clusterLayout";
import { settledRings, type GeometryJob } from "./geometryWorker";
import type { TreeModel } from "./model";
import type { TreeAllocation } from "./types";

type Items = Record<string, unknown> | undefined;

/**
 * The tree with the build's cluster jewel rings added (the build's jewels first, then the
 * other allocation's in sockets the build leaves empty). `ready` is false while the cluster
 * data loads; when it cannot load, the plain tree is used (and the notice counts the passives).
 * The rings' layout is the geometry job's (it lays them out for its own model): `ready` waits for
 * its answer (`answered`, useJobAnswered) as the geometry does, and only a job that answered
 * without a layout for this tree, or none within WORKER_WAIT_MS, has them laid out here. The mark
 * "tree:cluster-rings" says which.
 */
export function useClusterModel(
  model: TreeModel | null,
  items: Items,
  build: TreeAllocation,
  other: TreeAllocation | undefined,
  job: GeometryJob | null,
  answered: boolean,
): { model: TreeModel | null; ready: boolean } {
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
    if (!model || !wanted || bundle === null || bundle === "failed" || !answered) return model;
    const laidOut = settledRings(job, model);
    performance.mark("tree:cluster-rings", { detail: laidOut ? "worker" : "page" });
    if (laidOut) return withClusters(model, laidOut);
    const [mine, theirs] = JSON.parse(sockets) as Record<number, string>[];
    return withBuildClusters(model, bundle, { items, mine, theirs });
  }, [model, wanted, bundle, items, sockets, job, answered]);
  return { model: derived, ready: !wanted || (bundle !== null && (bundle === "failed" || answered)) };
}
