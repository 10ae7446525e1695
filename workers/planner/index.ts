/**
 * Planner decoding for the PWA: a planner code or raw XML -> PlannerBuild.
 * Pure module (no worker or React imports); worker.ts is the Comlink shell.
 */
import { readBuild, findPlannerRoot } from "./build";
import { plannerXmlText } from "./code";
import { PlannerError, type PlannerBuild } from "./types";
import { parseXml } from "./xml";

export * from "./types";
export * from "./rules";
export * from "./links";
export { assignSetIds, hasLetterOrDigit, setTitle } from "./sets";
export { noteSegments, plainNotes, NOTE_COLORS } from "./notes";
export { parseItem, isInvalidItem, applyRange } from "./items";
export { decodeTreeUrl } from "./treeUrl";
export { MAX_CODE_CHARS, MAX_XML_BYTES, MAX_DEPTH, DEFAULT_TREE_VERSION } from "./limits";

/** Decode a planner code (URL-safe or standard base64, padded or not) or raw planner XML; throws PlannerError. */
export function decodePlanner(input: string): PlannerBuild {
  return readBuild(findPlannerRoot(parseXml(plannerXmlText(input))));
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
