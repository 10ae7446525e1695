import { describe, expect, it } from "vitest";
import type { PlannerBuild } from "@workers/planner/types";
import {
  addStep, chooseSet, CURRENT_STEP_INVALID, defaultTitle, deleteStep, emptyStep, FEWER_POINTS_WARNING, invalidSteps, isComplete,
  keepLoadableSteps, moveStep, toBuildSteps, type EditorStep,
} from "./steps";

const step = (title: string, e: string | null, t: string | null, s: string | null): EditorStep => ({ key: title, title, equipmentSetId: e, passiveTreeId: t, skillSetId: s });
const build = {
  trees: [{ id: "small", nodes: [1, 2] }, { id: "big", nodes: [1, 2, 3, 4] }],
  itemSets: [{ id: "gear" }],
  skillSets: [{ id: "gems" }],
} as unknown as PlannerBuild;

describe("step rules", () => {
  it("titles a new step 'Step N' with N = step count + 1", () => {
    expect(defaultTitle(0)).toBe("Step 1");
    expect(emptyStep(3).title).toBe("Step 4");
  });

  it("is complete only with all three sets", () => {
    expect(isComplete(step("a", "e", "t", "s"))).toBe(true);
    expect(isComplete(step("a", "e", null, "s"))).toBe(false);
    expect(invalidSteps([step("a", "e", "t", "s"), step("b", null, "t", "s"), step("c", "e", "t", null)])).toEqual([1, 2]);
  });

  it("sets the title to the id when all three choices carry the same id", () => {
    let s = step("Step 1", null, null, null);
    s = chooseSet(s, "equipmentSetId", "lvl 12");
    s = chooseSet(s, "passiveTreeId", "lvl 12");
    expect(s.title).toBe("Step 1");
    s = chooseSet(s, "skillSetId", "lvl 12");
    expect(s.title).toBe("lvl 12");
    expect(chooseSet(step("Mine", "a", "b", null), "skillSetId", "c").title).toBe("Mine");
  });

  it("blocks adding after an incomplete step with 'Current Step Invalid'", () => {
    const r = addStep([step("a", "e", null, "s")], 0, build);
    expect(r).toEqual({ ok: false, error: CURRENT_STEP_INVALID });
    expect(CURRENT_STEP_INVALID).toEqual({ title: "Current Step Invalid", message: "Please complete the current step before adding a new one." });
  });

  it("adds an empty 'Step N' that becomes active, warning when the tree has fewer nodes than the previous step's", () => {
    const first = addStep([], 0, build);
    expect(first.ok && first.steps.map((s) => s.title)).toEqual(["Step 1"]);
    const grow = addStep([step("a", "gear", "small", "gems"), step("b", "gear", "big", "gems")], 1, build);
    expect(grow.ok && [grow.active, grow.steps.length, grow.warning]).toEqual([2, 3, undefined]);
    const shrink = addStep([step("a", "gear", "big", "gems"), step("b", "gear", "small", "gems")], 1, build);
    expect(shrink.ok && shrink.warning).toBe(FEWER_POINTS_WARNING);
  });

  it("moves the active index to the last step when a delete leaves it out of range", () => {
    const steps = [step("a", "e", "t", "s"), step("b", "e", "t", "s"), step("c", "e", "t", "s")];
    expect(deleteStep(steps, 2, 2)).toEqual({ steps: steps.slice(0, 2), active: 1 });
    expect(deleteStep(steps, 0, 1)).toEqual({ steps: steps.slice(1), active: 1 });
    expect(deleteStep(steps, 1, 0).active).toBe(0);
    expect(deleteStep([steps[0]], 0, 0)).toEqual({ steps: [], active: 0 });
  });

  it("reorders by drag: the step moves and becomes active", () => {
    const steps = [step("a", "e", "t", "s"), step("b", "e", "t", "s"), step("c", "e", "t", "s")];
    const r = moveStep(steps, 0, 2);
    expect(r.steps.map((s) => s.title)).toEqual(["b", "c", "a"]);
    expect(r.active).toBe(2);
    expect(moveStep(steps, 2, 0).steps.map((s) => s.title)).toEqual(["c", "a", "b"]);
    expect(moveStep(steps, 1, 1)).toEqual({ steps, active: 1 });
  });

  it("writes the payload steps, and skips steps naming sets the build lacks", () => {
    expect(toBuildSteps([step(" x ", "e", "t", "s"), step("", "e", "t", "s")])).toEqual([
      { title: "x", equipmentSetId: "e", skillSetId: "s", passiveTreeId: "t" },
      { title: "Step 2", equipmentSetId: "e", skillSetId: "s", passiveTreeId: "t" },
    ]);
    const kept = keepLoadableSteps([step("a", "gear", "big", "gems"), step("b", "gone", "big", "gems"), step("c", null, null, null)], build);
    expect(kept.steps.map((s) => s.title)).toEqual(["a", "c"]);
    expect(kept.skipped).toBe(1);
    expect(kept.reasons).toEqual(["'b' uses equipment set 'gone', which this build does not have."]);
  });
});
