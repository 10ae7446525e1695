/** What the planner worker exposes over Comlink; results are plain data (errors as values, since cloning drops their kind). */
import { tryDecodePlannerAsync, tryExportStep, tryPlannerCode } from "./index";
import { warmUpDecoder } from "./warmup";

export const plannerWorkerApi = {
  // Native inflate: the decode of a fresh paste does not wait on cold JavaScript inflate code.
  decode: tryDecodePlannerAsync,
  exportStep: tryExportStep,
  plannerCode: tryPlannerCode,
  /** Compile the decode paths ahead of the first real decode (see warmup.ts); answers nothing to clone. */
  warmUp: (rounds?: number) => void warmUpDecoder(rounds),
};

export type PlannerWorkerApi = typeof plannerWorkerApi;
