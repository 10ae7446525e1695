import { useEffect, useMemo, useState } from "react";
import { clusterSockets } from "./buildClusters";
import { adoptSettled, jobAnswered, startGeometryJob, type GeometryJob } from "./geometryWorker";
import type { TreeModel } from "./model";
import type { TreeAllocation } from "./types";

/** How long a ready model waits for the worker before the page builds its geometry itself. */
export const WORKER_WAIT_MS = 1000;

/**
 * Starts the geometry worker's job for the tree a view draws (geometryWorker.ts), with the view's
 * first render, beside the tree's own load. `clusterItems`: the items, when a socket holds a
 * cluster jewel (the worker lays out the rings too).
 */
export function useGeometryJob(build: TreeAllocation, other: TreeAllocation | undefined, clusterItems: Record<string, unknown> | undefined): GeometryJob | null {
  const sockets = useMemo(() => (clusterItems ? clusterSockets(clusterItems, build, other) : null), [clusterItems, build, other]);
  // Started in render, once per tree: the job must not wait for an effect a commit later.
  return useMemo(() => startGeometryJob(build.treeVersion, build.nodes, sockets), [build.treeVersion, build.nodes, sockets]);
}

/**
 * Whether the job has answered (whatever it answered), or WORKER_WAIT_MS have passed since `waiting`
 * turned true without an answer; true without a job. What waits for the worker waits no longer.
 */
export function useJobAnswered(job: GeometryJob | null, waiting: boolean): boolean {
  const [, answer] = useState(0);
  const [gaveUpOn, giveUp] = useState<GeometryJob | null>(null);
  const answered = !job || jobAnswered(job) || gaveUpOn === job;
  useEffect(() => {
    if (!waiting || answered || !job) return;
    let live = true;
    void job.result.then(() => live && answer((n) => n + 1));
    // A worker that never answers (a request held, a hang) must not keep the tree from being drawn.
    const cap = setTimeout(() => live && giveUp(job), WORKER_WAIT_MS);
    return () => {
      live = false;
      clearTimeout(cap);
    };
  }, [waiting, answered, job]);
  return answered;
}

/**
 * Whether `model`'s geometry may be asked for, given whether the job has answered (useJobAnswered):
 * then its geometry is adopted when it was built for this model (geometryWorker.ts adoptSettled),
 * and otherwise the page builds it.
 */
export function workerGeometryReady(model: TreeModel | null, job: GeometryJob | null, answered: boolean): boolean {
  if (!model || !answered) return false;
  if (job) adoptSettled(model, job);
  return true;
}
