import { createElement, lazy, useState, type ComponentType } from "react";

export interface LazyPage {
  /** The page: suspends only while its module is still loading. */
  Page: ComponentType;
  /** Starts (or joins) the module's load; a failed load is tried again on the next call. */
  load: () => Promise<unknown>;
}

/**
 * A page loaded on demand that renders at once when its module is already there.
 * React.lazy suspends on its first render even then, and React holds back content
 * that replaces a committed fallback until 300 ms after that fallback (its Suspense
 * throttle): offline, the landing page's first card waited on that, not on its data.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  let loaded: ComponentType | null = null;
  let pending: Promise<{ default: ComponentType }> | null = null;
  const start = () =>
    (pending ??= load().then(
      (m) => {
        loaded = m.default;
        return m;
      },
      (err: unknown) => {
        pending = null;
        throw err;
      },
    ));
  const Lazy = lazy(start);
  function Page() {
    // Chosen once per mount: switching from Lazy to the loaded component later would remount the page.
    const [Component] = useState<ComponentType>(() => loaded ?? Lazy);
    return createElement(Component);
  }
  return { Page, load: start };
}
