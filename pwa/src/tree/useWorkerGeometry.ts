import { useEffect, useMemo, useState } from "react";
import { clusterSockets } from "./buildClusters";
import { adoptGeometry, adoptSettled, startGeometryJob } from "./geometryWorker";
import type { TreeModel } from "./model";
import type { TreeAllocation } from "./types";

/** How long a ready model waits for the worker before the page builds its geometry itself. */
export const WORKER_WAIT_MS = 1000;

/**
 * Starts the geometry worker's job for the tree a view draws (geometryWorker.ts), with the view's
 * first render, beside the tree's own load; then answers whether `model`'s geometry may be asked
 * for: once the job has answered (adopted or not), WORKER_WAIT_MS after the model without an
 * answer (the page builds it), or at once without a job.
 */
export function useWorkerGeometry(
  model: TreeModel | null,
  build: TreeAllocation,
  other: TreeAllocation | undefined,
  clusterItems: Record<string, unknown> | undefined,
): boolean {
  const sockets = useMemo(() => (clusterItems ? clusterSockets(clusterItems, build, other) : null), [clusterItems, build, other]);
  // Started in render, once per tree: the job must not wait for an effect a commit later.
  const job = useMemo(() => startGeometryJob(build.treeVersion, build.nodes, sockets), [build.treeVersion, build.nodes, sockets]);
  const [waited, setWaited] = useState<TreeModel | null>(null);
  const ready = !!model && (!job || waited === model || adoptSettled(model, job));
  useEffect(() => {
    if (!model || ready || !job) return;
    let live = true;
    void adoptGeometry(model, job).then(() => live && setWaited(model));
    // A worker that never answers (a request held, a hang) must not keep the tree from being drawn.
    const cap = setTimeout(() => live && setWaited(model), WORKER_WAIT_MS);
    return () => {
      live = false;
      clearTimeout(cap);
    };
  }, [model, ready, job]);
  return ready;
}
