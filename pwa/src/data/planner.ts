/**
 * Planner decoding off the main thread: the planner worker (a Comlink shell
 * over workers/planner) turns a planner code into a PlannerBuild. Decoding is
 * pure, so results are cached in Dexie by code and a viewed build opens
 * offline without decoding again.
 */
import { wrap, type Remote } from "comlink";
import type { PlannerWorkerApi } from "@workers/planner/api";
import type { CodeResult, StepSetIds } from "@workers/planner/index";
import type { PlannerBuild } from "@workers/planner/types";
import type { WaypointDb } from "./db";

/** A planner code that does not decode (the kind and message come from the decoder). */
export class PlannerDecodeError extends Error {
  constructor(
    public readonly kind: string,
    message: string,
  ) {
    super(message);
    this.name = "PlannerDecodeError";
  }
}

async function decodeInWorker(code: string): Promise<PlannerBuild> {
  const result = await worker().decode(code);
  if (!result.ok) throw new PlannerDecodeError(result.error.kind, result.error.message);
  return result.build;
}

function codeOf(result: CodeResult): string {
  if (!result.ok) throw new PlannerDecodeError(result.error.kind, result.error.message);
  return result.code;
}

/** A planner code of one step's three sets (throws PlannerDecodeError). */
export async function exportStepCode(input: string, ids: StepSetIds): Promise<string> {
  return codeOf(await worker().exportStep(input, ids));
}

/** The planner code to publish for a loaded input (raw XML is encoded in the worker; a code only loses its whitespace). */
export async function plannerCodeOf(input: string): Promise<string> {
  const text = input.replace(/^\uFEFF/, "").trim();
  if (!text.startsWith("<")) return text.replace(/\s+/g, "");
  return codeOf(await worker().plannerCode(text));
}

/** Start the worker ahead of the first decode (the editor calls this on mount, while the user pastes). */
export function warmPlannerWorker(): void {
  void worker().plannerCode("").catch(() => undefined);
}

let remote: Remote<PlannerWorkerApi> | undefined;

function worker(): Remote<PlannerWorkerApi> {
  remote ??= wrap<PlannerWorkerApi>(new Worker(new URL("../../../workers/planner/worker.ts", import.meta.url), { type: "module" }));
  return remote;
}

export async function decodePlannerCached(db: WaypointDb, code: string, decode: (code: string) => Promise<PlannerBuild> = decodeInWorker): Promise<PlannerBuild> {
  const cached = await db.planner.get(code);
  if (cached) return cached.build;
  const build = await decode(code);
  // The cache write does not hold up the caller: the build is shown while IndexedDB stores it.
  void db.planner.put({ code, build, savedAt: Date.now() }).catch((err) => console.warn("decoded build not cached", err));
  return build;
}
