/**
 * The one planner worker client. The planner worker (a Comlink shell over
 * workers/planner) turns a planner code or XML into a PlannerBuild; its API
 * type comes from the worker module itself. The worker answers errors as
 * values (structured cloning would drop an Error's kind), and this client
 * turns them back into a thrown PlannerDecodeError that keeps the kind.
 * Decoding is pure, so results are cached in Dexie by code and a viewed
 * build opens offline without decoding again.
 */
import { wrap, type Remote } from "comlink";
import { hasUnnamedGems, nameGems, type GemIdTable } from "@workers/planner/gemNames";
import type { CodeResult, PlannerErrorKind, StepSetIds } from "@workers/planner/index";
import type { PlannerBuild } from "@workers/planner/types";
import type { PlannerWorkerApi } from "@workers/planner/worker";
import type { WaypointDb } from "./db";
import { loadGems } from "./gameData";

export type PlannerWorker = Remote<PlannerWorkerApi>;

/** A planner code that does not decode (the kind and message come from the decoder). */
export class PlannerDecodeError extends Error {
  constructor(
    public readonly kind: PlannerErrorKind,
    message: string,
  ) {
    super(message);
    this.name = "PlannerDecodeError";
  }
}

/**
 * Decode through a worker's API (the real worker, or the same API over any Comlink endpoint).
 * Gems the export names only by skillId or gemId are named from the gem list (loaded only for
 * such a build); without the list they stay unnamed, as the decoder left them.
 */
export async function decodeThrough(
  worker: Pick<PlannerWorker, "decode">,
  input: string,
  gems: () => Promise<GemIdTable> = loadGems,
): Promise<PlannerBuild> {
  const result = await worker.decode(input);
  if (!result.ok) throw new PlannerDecodeError(result.error.kind, result.error.message);
  return withGemNames(result.build, gems);
}

/** The build with its gems named only by skillId or gemId named from the gem list (as it is without the list). */
export async function withGemNames(build: PlannerBuild, gems: () => Promise<GemIdTable> = loadGems): Promise<PlannerBuild> {
  if (!hasUnnamedGems(build)) return build;
  try {
    return nameGems(build, await gems());
  } catch (err) {
    console.warn("gem list not loaded; gems named only by id stay unnamed", err);
    return build;
  }
}

function codeOf(result: CodeResult): string {
  if (!result.ok) throw new PlannerDecodeError(result.error.kind, result.error.message);
  return result.code;
}

/** A planner code of one step's three sets (throws PlannerDecodeError). */
export async function exportStepCode(input: string, ids: StepSetIds): Promise<string> {
  return codeOf(await plannerWorker().exportStep(input, ids));
}

/** The planner code to publish for a loaded input (raw XML is encoded in the worker; a code only loses its whitespace). */
export async function plannerCodeOf(input: string): Promise<string> {
  const text = input.replace(/^\uFEFF/, "").trim();
  if (!text.startsWith("<")) return text.replace(/\s+/g, "");
  return codeOf(await plannerWorker().plannerCode(text));
}

/**
 * Start the worker ahead of the first decode and warm its decoder (the editor
 * calls this on mount, while the user pastes): the first real decode then runs
 * on compiled code instead of cold code several times slower.
 */
export function warmPlannerWorker(): void {
  void plannerWorker().warmUp().catch(() => undefined);
}

let remote: PlannerWorker | undefined;

/** The planner worker, started once per page. */
export function plannerWorker(): PlannerWorker {
  remote ??= wrap<PlannerWorkerApi>(new Worker(new URL("../../../workers/planner/worker.ts", import.meta.url), { type: "module" }));
  return remote;
}

/** A planner code or XML decoded in the planner worker. */
export function decodeInWorker(input: string): Promise<PlannerBuild> {
  return decodeThrough(plannerWorker(), input);
}

/**
 * A fresh decode for a build just pasted or dropped: the decode does not wait
 * for a cache lookup that a new build almost never hits; the result is cached
 * afterwards for the views.
 */
export async function decodePlannerFresh(db: WaypointDb, code: string, decode: (code: string) => Promise<PlannerBuild> = decodeInWorker): Promise<PlannerBuild> {
  const build = await decode(code);
  void db.planner.put({ code, build, savedAt: Date.now() }).catch((err) => console.warn("decoded build not cached", err));
  return build;
}

export async function decodePlannerCached(
  db: WaypointDb,
  code: string,
  decode: (code: string) => Promise<PlannerBuild> = decodeInWorker,
  gems: () => Promise<GemIdTable> = loadGems,
): Promise<PlannerBuild> {
  const cached = await db.planner.get(code);
  // A build decoded before the planner's saved figures were read lacks `stats` (null when the export has none),
  // and one decoded before granted skills were told from gems lacks its groups' `source`: decoded again.
  // A cached build whose gems named only by id are still unnamed (the gem list was not loaded then) is named now.
  const current = cached && cached.build.stats !== undefined && cached.build.skillSets.every((s) => s.groups.every((g) => g.source !== undefined));
  if (cached && current) return withGemNames(cached.build, gems);
  const build = await decode(code);
  // The cache write does not hold up the caller: the build is shown while IndexedDB stores it.
  void db.planner.put({ code, build, savedAt: Date.now() }).catch((err) => console.warn("decoded build not cached", err));
  return build;
}
