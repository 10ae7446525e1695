/// <reference lib="webworker" />
/** Comlink shell over the planner decoder; the PWA wraps it with `wrap<PlannerWorkerApi>(new Worker(...))`. */
import { expose } from "comlink";
import { plannerWorkerApi } from "./api";

export type { PlannerWorkerApi } from "./api";

expose(plannerWorkerApi);
