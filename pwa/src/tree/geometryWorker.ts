/**
 * The tree's geometry, built in a worker while the page loads the same tree: the page's first
 * frame then only uploads it. TreeViewer starts a job as it starts loading the tree (with its
 * cluster jewel rings, as the view will draw it) and, once its model is ready, adopts the worker's
 * geometry for it (renderer.ts geometryFor's cache). A model the worker did not build, a worker
 * that fails, or no Worker at all: the page builds the geometry itself.
 *
 * The worker lays out the build's cluster jewel rings for its model too, and the page takes that
 * layout for its own model (settledRings) instead of laying them out again: about 10 ms of the
 * main thread between the tree data and the first frame, for a build with cluster jewels.
 *
 * First, though, a tree without cluster jewels takes its prebuilt geometry (prebuiltGeometry.ts): the
 * file the game-data pipeline wrote beside its bundle, every level and the hit grid with it, read as
 * it is. The worker builds it only when the file is missing, fails to load, or was built for another
 * model (its signature), and for a build whose cluster jewel rings change the tree.
 *
 * After the geometry, the worker builds every coarse edge level (geometry.ts EdgeLod) and they join
 * the adopted geometry as they come: built in the page, the first frame's level took 3 to 15 ms of
 * it, and each zoom into a level not built yet paid as much mid-gesture.
 */
import { wrap } from "comlink";
import type { ClusterSockets } from "./buildClusters";
import type { ClusterLayout } from "./clusterLayout";
import { EDGE_LOD_SCALES, geometryOf, modelSignature, type EdgeLod, type GeometryData } from "./geometry";
import type { GeometryWorkerApi } from "./geometry.worker";
import type { TreeModel } from "./model";
import { seedHitGrid, type HitGridCells } from "./hitGrid";
import type { PrebuiltGeometry } from "./prebuiltGeometry";
import { builtInPage, loadPrebuiltGeometry, prebuiltOff } from "./prebuiltLoad";
import { hasGeometry, seedGeometry } from "./renderer";
import { spareContext } from "./gpu";
import { dropUploaded, preuploadGeometry } from "./preupload";

/** A cluster ring layout and the signature of the model (without rings) it was laid out on. */
export interface ClusterRings {
  base: string;
  layout: ClusterLayout;
}

type Built = { signature: string; data: GeometryData; rings: ClusterRings | null; hit?: HitGridCells; prebuilt?: boolean } | null;

export interface GeometryJob {
  key: string;
  result: Promise<Built>;
  /** The result once it came (undefined before; null again once adopted or dropped): see jobAnswered. */
  settled?: Built;
  /** The coarse edge levels, filled when the worker sends them after the geometry (levelsArrived). */
  levels: (EdgeLod | undefined)[];
  /** The cluster rings laid out in the worker, once it answered (kept after its geometry is adopted). */
  rings?: ClusterRings | null;
}

/** Whether the worker has answered, whatever it answered (`settled` is undefined only before). */
export function jobAnswered(job: GeometryJob): boolean {
  return job.settled !== undefined;
}

/** The job's cluster ring layout when it was laid out on a model like `model` (without rings); else null. */
export function settledRings(job: GeometryJob | null, model: TreeModel): ClusterLayout | null {
  const rings = job?.rings;
  return rings && rings.base === modelSignature(model) ? rings.layout : null;
}

/** Puts the worker's levels where `levels` has none yet: a level the page built meanwhile stays, drawn already. */
export function levelsArrived(levels: (EdgeLod | undefined)[], sent: EdgeLod[]): void {
  sent.forEach((level, k) => (levels[k] ??= level));
}

/** How long an answer waits to be adopted; later, the page builds the geometry itself. */
const KEEP_ANSWER_MS = 10_000;

/** One job per tree (version and cluster jewels) and page: a view that loads it again waits for the same one. */
const jobs = new Map<string, GeometryJob>();

/**
 * The job for a tree, started the first time it is drawn in this page (later, its model and
 * geometry are cached). A worker per job, ended when it answers: the bundle it parsed is not kept twice.
 * Null (the page builds the geometry) without a Worker for a tree with cluster jewels, and with the
 * benches' switch "page" (prebuiltLoad.ts).
 */
export function startGeometryJob(version: string | null, nodes: readonly number[], sockets: ClusterSockets | null): GeometryJob | null {
  const key = JSON.stringify([version, sockets && [sockets.mine, sockets.theirs]]);
  const running = jobs.get(key);
  if (running) return running;
  if (builtInPage()) return null;
  const job: GeometryJob = { key, result: Promise.resolve(null), levels: EDGE_LOD_SCALES.map(() => undefined) };
  const prebuilt = sockets ? Promise.resolve(null) : loadPrebuiltGeometry(version, nodes, (g) => uploadAhead(g.data));
  if (typeof Worker === "undefined" && sockets) return null;
  job.result = prebuilt.then((g) => (g ? answerPrebuilt(job, g) : buildInWorker(job, version, nodes, sockets)));
  jobs.set(key, job);
  return job;
}

/**
 * Geometry at hand before its canvas is made goes to the prepared GPU context at once (preupload.ts):
 * a prebuilt file read before its model is ready, and the worker's answer.
 */
function uploadAhead(data: GeometryData): void {
  const gl = spareContext();
  if (gl) preuploadGeometry(gl, data);
}

/** An answer no view adopted in time: its data goes, and what of it was uploaded ahead. */
function dropAnswer(job: GeometryJob): void {
  if (job.settled) dropUploaded(job.settled.data);
  job.settled = null;
}

/** The job's answer from a prebuilt geometry: every level is there already. */
function answerPrebuilt(job: GeometryJob, g: PrebuiltGeometry): Built {
  const built: Built = { signature: g.signature, data: g.data, rings: null, hit: g.hit, prebuilt: true };
  levelsArrived(job.levels, g.levels);
  job.settled = built;
  job.rings = null;
  setTimeout(() => dropAnswer(job), KEEP_ANSWER_MS);
  return built;
}

/** The job's answer from the geometry worker (null without one: the page builds the geometry). */
function buildInWorker(job: GeometryJob, version: string | null, nodes: readonly number[], sockets: ClusterSockets | null): Promise<Built> {
  let worker: Worker;
  try {
    worker = new Worker(new URL("./geometry.worker.ts", import.meta.url), { type: "module" });
  } catch {
    job.settled = null;
    job.rings = null;
    return Promise.resolve(null);
  }
  const api = wrap<GeometryWorkerApi>(worker);
  return api
    .build(version, [...nodes], sockets, !prebuiltOff())
    .then(
      (built): Built => built,
      (err: unknown): Built => {
        console.warn("tree geometry not built in the worker; the page builds it", err);
        return null;
      },
    )
    .then((built) => {
      job.settled = built;
      job.rings = built?.rings ?? null;
      if (built) uploadAhead(built.data);
      if (!built) worker.terminate();
      else
        api.edgeLods().then(
          (sent) => levelsArrived(job.levels, sent),
          (err: unknown) => console.warn("coarse edge levels not built in the worker; the page builds them", err),
        ).finally(() => worker.terminate());
      // A view that went away before its model was ready never adopts it: the data is not kept for long.
      setTimeout(() => {
        job.rings = null;
        if (!job.settled) return; // adopted (adoptSettled let go of it), or nothing built
        dropAnswer(job);
        job.levels = EDGE_LOD_SCALES.map(() => undefined);
      }, KEEP_ANSWER_MS);
      return built;
    });
}

/**
 * Gives `model` the job's geometry when the job has answered and built it for that model (then
 * geometryFor(model) answers it without building); the job then lets go of its data. True once
 * the job has answered, whatever it answered; false while it runs.
 */
export function adoptSettled(model: TreeModel, job: GeometryJob): boolean {
  if (!jobAnswered(job)) return false;
  const built = job.settled;
  if (built) {
    // Asked once: a model it was not built for would be signed again on every render otherwise.
    job.settled = null;
    if (!hasGeometry(model) && built.signature === modelSignature(model)) {
      seedGeometry(model, geometryOf(built.data, job.levels), built.prebuilt ? "prebuilt" : "worker");
      if (built.hit) seedHitGrid(model, built.hit);
    } else dropUploaded(built.data);
  }
  return true;
}
