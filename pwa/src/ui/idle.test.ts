import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// ui/idle keeps module state (whether the first content was shown): a fresh module per test.
const load = async () => {
  vi.resetModules();
  return import("./idle");
};

describe("whenIdle", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("waits for the first content before running boot work", async () => {
    const { whenIdle, firstContentShown } = await load();
    const fn = vi.fn();
    whenIdle(fn);
    await vi.advanceTimersByTimeAsync(1000);
    expect(fn).not.toHaveBeenCalled();
    firstContentShown();
    await vi.advanceTimersByTimeAsync(1000);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it("runs at once (when idle) once the first content was shown", async () => {
    const { whenIdle, firstContentShown } = await load();
    firstContentShown();
    const fn = vi.fn();
    whenIdle(fn);
    await vi.advanceTimersByTimeAsync(1000);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it("can be cancelled before and after the first content", async () => {
    const { whenIdle, firstContentShown } = await load();
    const before = vi.fn();
    whenIdle(before)();
    firstContentShown();
    const after = vi.fn();
    whenIdle(after)();
    await vi.advanceTimersByTimeAsync(3000);
    expect(before).not.toHaveBeenCalled();
    expect(after).not.toHaveBeenCalled();
  });
});
