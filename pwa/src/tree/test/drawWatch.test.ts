import { describe, expect, it } from "vitest";
import { drawStatus, errorReason, sameStatus, timeoutReason, TREE_DRAW_CAP_MS, TREE_ERROR_TITLE } from "../drawWatch";

describe("a tree view's draw status", () => {
  const base = { gpuFailed: false, data: "ready" as const, drawable: true, drawn: false };

  it("waits for the data, the layout and the first frame, in that order", () => {
    expect(drawStatus({ ...base, data: "loading", drawable: false })).toEqual({ kind: "waiting", stage: "data" });
    expect(drawStatus({ ...base, drawable: false })).toEqual({ kind: "waiting", stage: "geometry" });
    expect(drawStatus(base)).toEqual({ kind: "waiting", stage: "frame" });
    expect(drawStatus({ ...base, drawn: true })).toEqual({ kind: "settled" });
    // A tree loaded again after it was drawn (another version) waits again.
    expect(drawStatus({ ...base, data: "loading", drawn: true })).toEqual({ kind: "waiting", stage: "data" });
  });

  it("is settled when the view shows a message of its own", () => {
    expect(drawStatus({ ...base, data: "error" })).toEqual({ kind: "settled" });
    expect(drawStatus({ ...base, data: "loading", gpuFailed: true })).toEqual({ kind: "settled" });
  });

  it("says what it was waiting for past the cap", () => {
    expect(TREE_DRAW_CAP_MS).toBe(20_000);
    expect(TREE_ERROR_TITLE).toBe("The passive tree could not be drawn");
    expect(timeoutReason({ kind: "waiting", stage: "code" })).toBe("It was still waiting for the tree viewer's code after 20 seconds.");
    expect(timeoutReason({ kind: "waiting", stage: "data" }, 5000)).toBe("It was still waiting for the passive tree data after 5 seconds.");
    expect(sameStatus({ kind: "waiting", stage: "data" }, { kind: "waiting", stage: "data" })).toBe(true);
    expect(sameStatus({ kind: "waiting", stage: "data" }, { kind: "waiting", stage: "frame" })).toBe(false);
    expect(sameStatus({ kind: "settled" }, { kind: "waiting", stage: "frame" })).toBe(false);
  });

  it("gives a thrown error's message, or a plain reason", () => {
    expect(errorReason(new Error("No class 9 on this tree"))).toBe("No class 9 on this tree");
    expect(errorReason("boom")).toBe("boom");
    expect(errorReason(undefined)).toBe("An unexpected error stopped it.");
  });
});
