/// <reference lib="webworker" />
/** Comlink shell over the planner decoder; the PWA's one client is pwa/src/data/planner.ts. */
import { expose } from "comlink";
import { plannerWorkerApi } from "./api";

export type { PlannerWorkerApi } from "./api";

expose(plannerWorkerApi);
