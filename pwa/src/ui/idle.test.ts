// @vitest-environment happy-dom
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

  it("lets a page hold boot work past the cap until its content is drawn, but not past the held cap", async () => {
    const { whenIdle, holdFirstContent, FIRST_CONTENT_CAP_MS, HELD_CONTENT_CAP_MS } = await load();
    const fn = vi.fn();
    whenIdle(fn);
    const release = holdFirstContent();
    await vi.advanceTimersByTimeAsync(FIRST_CONTENT_CAP_MS + 500);
    expect(fn).not.toHaveBeenCalled();
    release();
    await vi.advanceTimersByTimeAsync(500);
    expect(fn).toHaveBeenCalledTimes(1);

    const again = await load();
    const late = vi.fn();
    again.whenIdle(late);
    again.holdFirstContent(); // never released: a page that failed to draw
    await vi.advanceTimersByTimeAsync(HELD_CONTENT_CAP_MS - 100);
    expect(late).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(400);
    expect(late).toHaveBeenCalledTimes(1);
  });

  it("runs boot work at the cap when the hold was released before it", async () => {
    const { whenIdle, holdFirstContent, FIRST_CONTENT_CAP_MS } = await load();
    const fn = vi.fn();
    whenIdle(fn);
    holdFirstContent()();
    await vi.advanceTimersByTimeAsync(FIRST_CONTENT_CAP_MS - 100);
    expect(fn).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(400);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
