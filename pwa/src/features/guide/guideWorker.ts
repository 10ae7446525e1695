/** The guide worker, started once per page; the parser and route scripts live only in its chunk. */
import { wrap, type Remote } from "comlink";
import type { GuideWorkerApi } from "@workers/guide/api";

let remote: Remote<GuideWorkerApi> | null = null;

export function guideWorker(): Remote<GuideWorkerApi> {
  remote ??= wrap<GuideWorkerApi>(new Worker(new URL("./guide.worker.ts", import.meta.url), { type: "module" }));
  return remote;
}
