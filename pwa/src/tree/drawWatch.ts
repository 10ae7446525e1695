/**
 * How long a passive tree view may take to be drawn, and what it says when it is not: every tree
 * view (build, character, compare) ends in a drawn tree or an error with 'Try again'
 * (TreeDrawGuard.tsx), never in a spinner that turns forever. Pure: no React, no timers.
 */

/**
 * The longest a tree view waits for its first frame, from mounting (its code, the tree data,
 * the cluster data, the geometry worker, the first draw all inside it). A cold 3.28 tree on
 * the 2-core test machine's software GPU draws in 1 to 3 s, a slow phone on a slow link in
 * under 10 s; past 20 s something hangs, and the view says so.
 */
export const TREE_DRAW_CAP_MS = 20_000;

/** The title of every tree view error (data-testid="tree-error"). */
export const TREE_ERROR_TITLE = "The passive tree could not be drawn";

/** What a tree view is still waiting for. */
export type DrawStage = "code" | "data" | "geometry" | "frame";

const STAGE_TEXT: Record<DrawStage, string> = {
  code: "the tree viewer's code",
  data: "the passive tree data",
  geometry: "the tree's layout",
  frame: "the first frame",
};

/** Waiting for a stage, or settled: drawn, or showing a message of its own (a load error, no GPU). */
export type DrawStatus = { kind: "waiting"; stage: DrawStage } | { kind: "settled" };

export const WAITING_FOR_CODE: DrawStatus = { kind: "waiting", stage: "code" };
export const WAITING_FOR_DATA: DrawStatus = { kind: "waiting", stage: "data" };

/** The tree view's own state, as TreeViewer knows it. */
export interface ViewerState {
  gpuFailed: boolean;
  data: "loading" | "error" | "ready";
  /** The model with its cluster rings and its geometry are ready to draw. */
  drawable: boolean;
  /** A first frame was drawn. */
  drawn: boolean;
}

export function drawStatus(s: ViewerState): DrawStatus {
  if (s.gpuFailed || s.data === "error") return { kind: "settled" };
  if (s.data === "loading") return { kind: "waiting", stage: "data" };
  if (!s.drawable) return { kind: "waiting", stage: "geometry" };
  return s.drawn ? { kind: "settled" } : { kind: "waiting", stage: "frame" };
}

export function sameStatus(a: DrawStatus, b: DrawStatus): boolean {
  return a.kind === b.kind && (a.kind === "settled" || a.stage === (b as { stage: DrawStage }).stage);
}

/** The reason shown when the cap passed: what the view was still waiting for. */
export function timeoutReason(status: DrawStatus, capMs = TREE_DRAW_CAP_MS): string {
  const what = status.kind === "waiting" ? STAGE_TEXT[status.stage] : "the tree";
  return `It was still waiting for ${what} after ${Math.round(capMs / 1000)} seconds.`;
}

/** The reason shown for an error thrown while the view was built or drawn. */
export function errorReason(err: unknown): string {
  const message = err instanceof Error ? err.message : typeof err === "string" ? err : "";
  return message.trim() || "An unexpected error stopped it.";
}
