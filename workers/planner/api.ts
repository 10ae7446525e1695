/** What the planner worker exposes over Comlink; results are plain data (errors as values, since cloning drops their kind). */
import { tryDecodePlanner } from "./index";

export const plannerWorkerApi = {
  decode: tryDecodePlanner,
};

export type PlannerWorkerApi = typeof plannerWorkerApi;
