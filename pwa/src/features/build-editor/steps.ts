/**
 * Editor steps (spec §3 "Build step (editor)", §4, §8): completeness, the add,
 * delete, reorder and choose rules, and the messages they give.
 */
import type { PlannerBuild } from "@workers/planner/types";
import type { Step } from "../../data/types";

export interface EditorStep {
  /** Stable key for the list and drag-and-drop (not published). */
  key: string;
  title: string;
  equipmentSetId: string | null;
  passiveTreeId: string | null;
  skillSetId: string | null;
}

export type StepField = "equipmentSetId" | "passiveTreeId" | "skillSetId";

export const CURRENT_STEP_INVALID = { title: "Current Step Invalid", message: "Please complete the current step before adding a new one." };
export const FEWER_POINTS_WARNING = "amount of allocated skill points can't be lower than previous steps";
export const INCOMPLETE_BUILD = { title: "Incomplete Build", message: "please fix invalid steps" };
export const NO_STEPS_TEXT = "There are no steps to display. You can add one using the editor above.";
export const INCOMPLETE_STEP_TEXT = "Please pick an equipment set, skill tree and skill set to see details.";

let counter = 0;
export function newStepKey(): string {
  counter += 1;
  return `s${Date.now().toString(36)}${counter}`;
}

/** 'Step N' with N = step count + 1. */
export function defaultTitle(count: number): string {
  return `Step ${count + 1}`;
}

export function emptyStep(count: number): EditorStep {
  return { key: newStepKey(), title: defaultTitle(count), equipmentSetId: null, passiveTreeId: null, skillSetId: null };
}

export function isComplete(step: EditorStep | undefined): boolean {
  return !!step && !!step.equipmentSetId && !!step.passiveTreeId && !!step.skillSetId;
}

export function invalidSteps(steps: EditorStep[]): number[] {
  return steps.flatMap((s, i) => (isComplete(s) ? [] : [i]));
}

/**
 * Choose one of the three sets. When all three then carry the same id, the
 * title becomes that id (spec §4).
 */
export function chooseSet(step: EditorStep, field: StepField, id: string | null): EditorStep {
  const next = { ...step, [field]: id };
  if (next.equipmentSetId && next.equipmentSetId === next.passiveTreeId && next.passiveTreeId === next.skillSetId) {
    next.title = next.equipmentSetId;
  }
  return next;
}

export type AddResult =
  | { ok: true; steps: EditorStep[]; active: number; warning?: string }
  | { ok: false; error: { title: string; message: string } };

const allocated = (build: PlannerBuild | undefined, treeId: string | null): number =>
  build?.trees.find((t) => t.id === treeId)?.nodes.length ?? 0;

/**
 * Add a step after the others. Blocked while the current step is incomplete;
 * warns when the previous step allocates more tree nodes than the current one.
 * The new step becomes active.
 */
export function addStep(steps: EditorStep[], active: number, build?: PlannerBuild): AddResult {
  if (steps.length && !isComplete(steps[active])) return { ok: false, error: CURRENT_STEP_INVALID };
  const next = [...steps, emptyStep(steps.length)];
  const current = steps[active];
  const previous = steps[active - 1];
  const warning =
    current && previous && allocated(build, previous.passiveTreeId) > allocated(build, current.passiveTreeId) ? FEWER_POINTS_WARNING : undefined;
  return { ok: true, steps: next, active: next.length - 1, warning };
}

/** Delete a step; the active index moves to the last step when it falls out of range. */
export function deleteStep(steps: EditorStep[], index: number, active: number): { steps: EditorStep[]; active: number } {
  const next = steps.filter((_, i) => i !== index);
  return { steps: next, active: active >= next.length ? Math.max(0, next.length - 1) : active };
}

/** Reorder by drag: the step moves and becomes active. */
export function moveStep(steps: EditorStep[], from: number, to: number): { steps: EditorStep[]; active: number } {
  if (from === to || from < 0 || to < 0 || from >= steps.length || to >= steps.length) return { steps, active: Math.max(0, Math.min(to, steps.length - 1)) };
  const next = [...steps];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved);
  return { steps: next, active: to };
}

/** The wire steps of the publish payload; only for complete steps. */
export function toBuildSteps(steps: EditorStep[]): Step[] {
  return steps.map((s, i) => ({
    title: s.title.trim() || defaultTitle(i),
    equipmentSetId: s.equipmentSetId ?? "",
    skillSetId: s.skillSetId ?? "",
    passiveTreeId: s.passiveTreeId ?? "",
  }));
}

/**
 * Steps whose sets the build no longer has (after Change Build, or a draft of
 * an older code) are skipped; the count lets the editor warn once, and the
 * reasons say which set each skipped step named that the build lacks.
 */
export function keepLoadableSteps(steps: EditorStep[], build: PlannerBuild): { steps: EditorStep[]; skipped: number; reasons: string[] } {
  const has = (list: { id: string }[], id: string | null) => id === null || list.some((x) => x.id === id);
  const reasons: string[] = [];
  const kept = steps.filter((s) => {
    const missing = [
      !has(build.trees, s.passiveTreeId) && `skill tree '${s.passiveTreeId}'`,
      !has(build.itemSets, s.equipmentSetId) && `equipment set '${s.equipmentSetId}'`,
      !has(build.skillSets, s.skillSetId) && `skill set '${s.skillSetId}'`,
    ].filter(Boolean);
    if (missing.length) reasons.push(`'${s.title}' uses ${missing.join(", ")}, which this build does not have.`);
    return !missing.length;
  });
  return { steps: kept, skipped: steps.length - kept.length, reasons };
}

/** The points warning's own title: it advises, it does not block (the red 'Current Step Invalid' does). */
export const FEWER_POINTS_TITLE = "Fewer passive points than the previous step";
