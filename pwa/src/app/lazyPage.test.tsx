// @vitest-environment happy-dom
import { act, createElement, Suspense } from "react";
import { createRoot } from "react-dom/client";
import { describe, expect, it } from "vitest";
import { lazyPage } from "./lazyPage";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const Content = () => createElement("p", null, "page content");

/** Mounts the page under a Suspense boundary; records whether its fallback was ever rendered. */
async function mount(Page: React.ComponentType) {
  const seen = { fallback: false };
  const Fallback = () => {
    seen.fallback = true;
    return createElement("p", null, "loading");
  };
  const el = document.createElement("div");
  const root = createRoot(el);
  await act(async () => root.render(createElement(Suspense, { fallback: createElement(Fallback) }, createElement(Page))));
  return { el, seen, root };
}

describe("lazyPage", () => {
  it("renders at once, without a fallback, when its module was loaded beforehand", async () => {
    const { Page, load } = lazyPage(async () => ({ default: Content }));
    await load();
    const { el, seen, root } = await mount(Page);
    expect(el.textContent).toBe("page content");
    expect(seen.fallback).toBe(false);
    act(() => root.unmount());
  });

  it("suspends while its module is still loading, then shows the page", async () => {
    let resolve!: (m: { default: React.ComponentType }) => void;
    const { Page } = lazyPage(() => new Promise((r) => (resolve = r)));
    const { el, seen, root } = await mount(Page);
    expect(seen.fallback).toBe(true);
    expect(el.textContent).toBe("loading");
    await act(async () => resolve({ default: Content }));
    expect(el.textContent).toBe("page content");
    act(() => root.unmount());
  });

  it("tries a failed load again on the next call, sharing one load while it runs", async () => {
    let calls = 0;
    const { load } = lazyPage(async () => {
      calls += 1;
      if (calls === 1) throw new Error("offline");
      return { default: Content };
    });
    await expect(load()).rejects.toThrow("offline");
    await Promise.all([load(), load()]);
    expect(calls).toBe(2);
  });
});
