import { describe, expect, it } from "vitest";
import { isFirst, isLast, jumpToMatch, keepSelected, matchCounter, nextStep, prevStep, selectAct, selectStep, stepCounter } from "./navigation";

const all = (counts: number[]) => counts.map((c) => Array.from({ length: c }, (_, i) => i));
const visible = all([3, 2, 4]);

describe("prev and next", () => {
  it("move within an act", () => {
    expect(nextStep({ act: 0, steps: [0, 0, 0] }, visible)).toEqual({ act: 0, steps: [1, 0, 0] });
    expect(prevStep({ act: 2, steps: [0, 0, 2] }, visible)).toEqual({ act: 2, steps: [0, 0, 1] });
  });
  it("cross act boundaries both ways", () => {
    expect(nextStep({ act: 0, steps: [2, 1, 0] }, visible)).toEqual({ act: 1, steps: [2, 0, 0] });
    expect(prevStep({ act: 1, steps: [0, 0, 0] }, visible)).toEqual({ act: 0, steps: [2, 0, 0] });
  });
  it("stop at the very first and the very last step", () => {
    const first = { act: 0, steps: [0, 0, 0] };
    const last = { act: 2, steps: [0, 0, 3] };
    expect(prevStep(first, visible)).toBe(first);
    expect(nextStep(last, visible)).toBe(last);
    expect(isFirst(first, visible)).toBe(true);
    expect(isLast(last, visible)).toBe(true);
    expect(isLast(first, visible)).toBe(false);
  });
  it("skip hidden steps and acts with none shown (gems only)", () => {
    const gems = [[1], [], [0, 3]];
    expect(nextStep({ act: 0, steps: [1, 0, 0] }, gems)).toEqual({ act: 2, steps: [1, 0, 0] });
    expect(prevStep({ act: 2, steps: [0, 0, 0] }, gems)).toEqual({ act: 0, steps: [1, 0, 0] });
    expect(nextStep({ act: 2, steps: [0, 0, 0] }, gems)).toEqual({ act: 2, steps: [0, 0, 3] });
  });
});

describe("a filter keeps the selected step shown", () => {
  const gems = [[2, 5], [], [0, 3]];
  it("adds the current act's selected step in order, and no other act's", () => {
    expect(keepSelected(gems, { act: 0, steps: [3, 1, 1] })).toEqual([[2, 3, 5], [], [0, 3]]);
    expect(keepSelected(gems, { act: 0, steps: [5, 1, 1] })).toEqual(gems);
  });
  it("counter, shown step and prev/next agree", () => {
    const p = { act: 0, steps: [3, 0, 0] };
    const shown = keepSelected(gems, p);
    expect(stepCounter(p, [25, 4, 6])).toBe("Step 4 / 25");
    expect(shown[0]).toContain(3);
    const next = nextStep(p, shown);
    expect(next.steps[0]).toBe(5);
    // Once moved on, the non-gem step is no longer shown.
    expect(keepSelected(gems, next)[0]).toEqual([2, 5]);
    expect(prevStep(p, shown).steps[0]).toBe(2);
  });
});

describe("counters and selection", () => {
  it("'Step N / M' counts within the act", () => {
    expect(stepCounter({ act: 1, steps: [0, 1, 0] }, [3, 2, 4])).toBe("Step 2 / 2");
    expect(stepCounter({ act: 0, steps: [0] }, [0])).toBe("Step 0 / 0");
  });
  it("'i / n' places the selected step among the matches", () => {
    expect(matchCounter([2, 5, 9], 5)).toBe("2 / 3");
    expect(matchCounter([2, 5, 9], 4)).toBe("0 / 3");
    expect(matchCounter([], 0)).toBe("0 / 0");
  });
  it("selecting keeps the other acts' steps", () => {
    expect(selectStep({ act: 0, steps: [1, 1] }, 1, 0)).toEqual({ act: 1, steps: [1, 0] });
    expect(selectAct({ act: 0, steps: [1, 1] }, 1)).toEqual({ act: 1, steps: [1, 1] });
  });
});

describe("Enter and Shift+Enter over matches", () => {
  const matches = [[1, 4], [], [0, 2]];
  it("go to the next and previous match in the act, wrapping", () => {
    expect(jumpToMatch({ act: 0, steps: [1, 0, 0] }, matches, 1).steps[0]).toBe(4);
    expect(jumpToMatch({ act: 0, steps: [4, 0, 0] }, matches, 1).steps[0]).toBe(1);
    expect(jumpToMatch({ act: 0, steps: [1, 0, 0] }, matches, -1).steps[0]).toBe(4);
    expect(jumpToMatch({ act: 0, steps: [3, 0, 0] }, matches, -1).steps[0]).toBe(1);
  });
  it("from an act without matches, go to the nearest act with some", () => {
    expect(jumpToMatch({ act: 1, steps: [0, 0, 0] }, matches, 1)).toEqual({ act: 2, steps: [0, 0, 0] });
    expect(jumpToMatch({ act: 1, steps: [0, 0, 0] }, matches, -1)).toEqual({ act: 0, steps: [4, 0, 0] });
    const none = { act: 0, steps: [0] };
    expect(jumpToMatch(none, [[]], 1)).toBe(none);
  });
});
