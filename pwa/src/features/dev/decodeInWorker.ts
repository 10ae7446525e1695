/** The dev tree page decodes planner codes and XML files in the planner worker. */
import { wrap, type Remote } from "comlink";
import type { DecodeResult, PlannerBuild } from "@workers/planner/index";

interface PlannerWorkerApi {
  decode(input: string): Promise<DecodeResult>;
}

let remote: Remote<PlannerWorkerApi> | undefined;

export async function decodeInWorker(input: string): Promise<PlannerBuild> {
  remote ??= wrap<PlannerWorkerApi>(
    new Worker(new URL("../../../../workers/planner/worker.ts", import.meta.url), { type: "module" }),
  );
  const result = await remote.decode(input);
  if (!result.ok) throw new Error(result.error.message);
  return result.build;
}
