/// <reference lib="webworker" />
/** Comlink shell over the planner decoder; the PWA wraps it with `wrap<PlannerWorkerApi>(new Worker(...))`. */
import { expose } from "comlink";
import { tryDecodePlanner } from "./index";

const api = {
  decode: tryDecodePlanner,
};

export type PlannerWorkerApi = typeof api;

expose(api);
