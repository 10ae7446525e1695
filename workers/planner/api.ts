/** What the planner worker exposes over Comlink; results are plain data (errors as values, since cloning drops their kind). */
import { tryDecodePlanner, tryExportStep, tryPlannerCode } from "./index";

export const plannerWorkerApi = {
  decode: tryDecodePlanner,
  exportStep: tryExportStep,
  plannerCode: tryPlannerCode,
};

export type PlannerWorkerApi = typeof plannerWorkerApi;
