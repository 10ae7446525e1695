/**
 * Planner decoding for the PWA: a planner code or raw XML -> PlannerBuild.
 * Pure module (no worker or React imports); worker.ts is the Comlink shell.
 */
import { readBuild, findPlannerRoot } from "./build";
import { plannerXmlText, plannerXmlTextAsync } from "./code";
import { encodePlannerXml, exportStep, type StepSetIds } from "./exportStep";
import { PlannerError, type PlannerBuild } from "./types";
import { parseXml } from "./xml";

export * from "./types";
export * from "./rules";
export * from "./links";
export { assignSetIds, hasLetterOrDigit, setTitle } from "./sets";
export { noteSegments, plainNotes, NOTE_COLORS } from "./notes";
export { parseItem, isInvalidItem, applyRange } from "./items";
export { decodeTreeUrl } from "./treeUrl";
export { nameGems, hasUnnamedGems, gemEntryOf, type GemIdTable } from "./gemNames";
export { readPlayerStats, statNumber, STAT_NAMES, STAT_RANGES, DPS_SOURCES, MAX_STAT_LINES } from "./stats";
export { stepStats, type StepIds } from "./stepStats";
export { coveringSteps, exportStep, encodePlannerXml, type StepSetIds } from "./exportStep";
export { MAX_CODE_CHARS, MAX_XML_BYTES, MAX_DEPTH, DEFAULT_TREE_VERSION } from "./limits";

/** Decode a planner code (URL-safe or standard base64, padded or not) or raw planner XML; throws PlannerError. */
export function decodePlanner(input: string): PlannerBuild {
  return readBuild(findPlannerRoot(parseXml(plannerXmlText(input))));
}

/** decodePlanner with the platform's native inflate (the worker's path); the same builds and errors. */
export async function decodePlannerAsync(input: string): Promise<PlannerBuild> {
  return readBuild(findPlannerRoot(parseXml(await plannerXmlTextAsync(input))));
}

export type DecodeResult =
  | { ok: true; build: PlannerBuild }
  | { ok: false; error: { kind: PlannerError["kind"]; message: string } };

/** decodePlanner as a value, for crossing a worker boundary (errors do not keep their kind when cloned). */
export function tryDecodePlanner(input: string): DecodeResult {
  try {
    return { ok: true, build: decodePlanner(input) };
  } catch (error) {
    if (error instanceof PlannerError) return { ok: false, error: { kind: error.kind, message: error.message } };
    throw error;
  }
}

/** tryDecodePlanner over decodePlannerAsync. */
export async function tryDecodePlannerAsync(input: string): Promise<DecodeResult> {
  try {
    return { ok: true, build: await decodePlannerAsync(input) };
  } catch (error) {
    if (error instanceof PlannerError) return { ok: false, error: { kind: error.kind, message: error.message } };
    throw error;
  }
}

export type CodeResult = { ok: true; code: string } | { ok: false; error: { kind: PlannerError["kind"]; message: string } };

function asCodeResult(make: () => string): CodeResult {
  try {
    return { ok: true, code: make() };
  } catch (error) {
    if (error instanceof PlannerError) return { ok: false, error: { kind: error.kind, message: error.message } };
    throw error;
  }
}

/** exportStep as a value (for the worker boundary). */
export function tryExportStep(input: string, ids: StepSetIds): CodeResult {
  return asCodeResult(() => exportStep(input, ids));
}

/**
 * The planner code to publish for a loaded input: a code stays as it is; raw
 * XML (a dropped file) is checked and encoded as the planner would.
 */
export function tryPlannerCode(input: string): CodeResult {
  return asCodeResult(() => {
    const text = input.replace(/^\uFEFF/, "").trim();
    if (!text.startsWith("<")) return text.replace(/\s+/g, "");
    return encodePlannerXml(plannerXmlText(text));
  });
}
