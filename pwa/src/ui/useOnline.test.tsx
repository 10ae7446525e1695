// @vitest-environment happy-dom
import { act, createElement } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useOnline } from "./useOnline";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Mounts a component showing useOnline(); records every value it rendered with. */
async function mount() {
  const renders: boolean[] = [];
  const Probe = () => {
    const online = useOnline();
    renders.push(online);
    return createElement("p", null, online ? "online" : "offline");
  };
  const el = document.createElement("div");
  const root = createRoot(el);
  await act(async () => root.render(createElement(Probe)));
  return { el, renders, root };
}

afterEach(() => vi.restoreAllMocks());

describe("useOnline", () => {
  it("is offline in the first render, and renders once, when the browser starts offline", async () => {
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    const { el, renders, root } = await mount();
    expect(renders).toEqual([false]);
    expect(el.textContent).toBe("offline");
    root.unmount();
  });

  it("follows the browser's online and offline events", async () => {
    let online = true;
    vi.spyOn(navigator, "onLine", "get").mockImplementation(() => online);
    const { el, renders, root } = await mount();
    expect(renders).toEqual([true]);
    online = false;
    await act(async () => window.dispatchEvent(new Event("offline")));
    expect(el.textContent).toBe("offline");
    online = true;
    await act(async () => window.dispatchEvent(new Event("online")));
    expect(el.textContent).toBe("online");
    root.unmount();
  });
});
