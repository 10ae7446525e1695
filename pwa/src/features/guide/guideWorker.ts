/** The guide worker, created once; falls back to parsing here where workers are unavailable. */
import { wrap, type Remote } from "comlink";
import { parseGuide } from "@workers/guide/parser";
import type { GuideWorkerApi } from "@workers/guide/worker";

let remote: Remote<GuideWorkerApi> | null = null;

export function guideWorker(): Pick<GuideWorkerApi, "parseGuide"> | Remote<GuideWorkerApi> {
  if (typeof Worker === "undefined") return { parseGuide };
  remote ??= wrap<GuideWorkerApi>(new Worker(new URL("../../../../workers/guide/worker.ts", import.meta.url), { type: "module" }));
  return remote;
}
