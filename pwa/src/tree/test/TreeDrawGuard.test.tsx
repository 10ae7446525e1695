// @vitest-environment happy-dom
// Every tree view ends drawn or in an error with 'Try again' (issue 31: trees spun forever).
import { MantineProvider } from "@mantine/core";
import { act, lazy, Suspense, useEffect } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TREE_DRAW_CAP_MS } from "../drawWatch";
import { TreeDrawGuard, TreeWaiting, useReportDraw } from "../TreeDrawGuard";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
let host: HTMLElement;

beforeEach(() => {
  vi.useFakeTimers();
  host = document.createElement("div");
  document.body.append(host);
  root = createRoot(host);
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  host.remove();
  vi.useRealTimers();
});

const render = (node: React.ReactNode) => act(() => root!.render(<MantineProvider defaultColorScheme="dark">{node}</MantineProvider>));
const error = () => host.querySelector<HTMLElement>('[data-testid="tree-error"]');
const tryAgain = () => [...host.querySelectorAll("button")].find((b) => b.textContent === "Try again");
const pass = (ms: number) => act(() => void vi.advanceTimersByTime(ms));

/** A lazy chunk that never arrives: its Suspense fallback would turn forever. */
const Never = lazy(() => new Promise<{ default: () => null }>(() => {}));

function Drawn({ onMount }: { onMount?: () => void }) {
  useReportDraw({ kind: "settled" });
  useEffect(() => onMount?.(), [onMount]);
  return <p data-testid="drawn">tree</p>;
}

function Throws(): null {
  throw new Error("No class 9 on this tree");
}

describe("TreeDrawGuard", () => {
  it("turns a wait past the cap into the error with what it waited for and 'Try again'", () => {
    let mounts = 0;
    function Counted() {
      useEffect(() => void mounts++, []);
      return <Suspense fallback={<p data-testid="spinner" />}><Never /></Suspense>;
    }
    render(<TreeDrawGuard><Counted /></TreeDrawGuard>);
    pass(TREE_DRAW_CAP_MS - 1);
    expect(error()).toBeNull();
    expect(host.querySelector('[data-testid="spinner"]')).not.toBeNull();
    pass(1);
    expect(error()?.textContent).toContain("The passive tree could not be drawn");
    expect(error()?.textContent).toContain("It was still waiting for the tree viewer's code after 20 seconds.");
    expect(host.querySelector('[data-testid="spinner"]')).toBeNull();
    expect(mounts).toBe(1);
    // Try again mounts the view afresh, and the cap starts over.
    act(() => tryAgain()!.click());
    expect(error()).toBeNull();
    expect(mounts).toBe(2);
    pass(TREE_DRAW_CAP_MS);
    expect(error()).not.toBeNull();
  });

  it("stays out of the way of a tree that is drawn", () => {
    render(<TreeDrawGuard><Drawn /></TreeDrawGuard>);
    pass(TREE_DRAW_CAP_MS * 3);
    expect(error()).toBeNull();
    expect(host.querySelector('[data-testid="drawn"]')).not.toBeNull();
  });

  it("shows an error thrown while the view is built, instead of losing the page", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    render(<TreeDrawGuard><Throws /></TreeDrawGuard>);
    expect(error()?.textContent).toContain("No class 9 on this tree");
    expect(tryAgain()).toBeDefined();
  });

  it("leaves the watching to the outermost guard, and calls the page's retry on Try again", () => {
    const onRetry = vi.fn();
    render(<TreeDrawGuard onRetry={onRetry}><TreeDrawGuard><TreeWaiting /></TreeDrawGuard></TreeDrawGuard>);
    pass(TREE_DRAW_CAP_MS);
    expect(host.querySelectorAll('[data-testid="tree-error"]')).toHaveLength(1);
    expect(error()?.textContent).toContain("It was still waiting for the passive tree data after 20 seconds.");
    act(() => tryAgain()!.click());
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
