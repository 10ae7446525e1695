// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { afterNextPaint, FALLBACK_MS } from "./afterNextPaint";

describe("afterNextPaint", () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "requestAnimationFrame", "cancelAnimationFrame"] }));
  afterEach(() => vi.useRealTimers());

  it("runs after the next frame, in a task of its own, once", async () => {
    const order: string[] = [];
    afterNextPaint(() => order.push("after paint"));
    requestAnimationFrame(() => order.push("frame"));
    setTimeout(() => order.push("task before the frame"), 0);
    expect(order).toEqual([]);
    await vi.advanceTimersToNextTimerAsync(); // the task queued before the frame
    expect(order).toEqual(["task before the frame"]);
    await vi.advanceTimersByTimeAsync(20); // the frame, then the task it queued
    expect(order).toEqual(["task before the frame", "frame", "after paint"]);
    await vi.advanceTimersByTimeAsync(FALLBACK_MS * 2);
    expect(order.filter((o) => o === "after paint")).toHaveLength(1);
  });

  it("does not run once cancelled", async () => {
    const fn = vi.fn();
    afterNextPaint(fn)();
    await vi.advanceTimersByTimeAsync(FALLBACK_MS * 2);
    expect(fn).not.toHaveBeenCalled();
  });

  it("runs after FALLBACK_MS when no frame comes (a hidden page)", async () => {
    const raf = vi.spyOn(globalThis, "requestAnimationFrame").mockImplementation(() => 0);
    const fn = vi.fn();
    afterNextPaint(fn);
    await vi.advanceTimersByTimeAsync(FALLBACK_MS - 1);
    expect(fn).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fn).toHaveBeenCalledTimes(1);
    raf.mockRestore();
  });
});
