/**
 * Runs boot work the first screen does not need (the sync engine, warming the
 * game-data cache, filter options) once the first screen's content is shown and
 * the browser is idle, so it never competes with the first build card.
 *
 * requestIdleCallback alone is not enough: the main thread is idle while the
 * route's chunks and the first data load, so idle callbacks fired in the middle
 * of the first render and the sync engine, Dexie and the dialogs' chunks were
 * evaluated before the first card. Pages with data call firstContentShown();
 * on pages that never do, FIRST_CONTENT_CAP_MS after start stands in for it.
 */
export const FIRST_CONTENT_CAP_MS = 1500;
/** The cap while a page holds its first content back (holdFirstContent): a hold never defers boot work for longer. */
export const HELD_CONTENT_CAP_MS = 5000;

let shown = false;
let capPassed = false;
let holds = 0;
const waiting: (() => void)[] = [];

/** The current page's main content is on screen: queued boot work may start (once the browser is idle). */
export function firstContentShown(): void {
  if (shown) return;
  shown = true;
  for (const fn of waiting.splice(0)) fn();
}

/**
 * A page whose main content takes longer than the cap to draw (the passive tree: its data, then
 * its first frame) holds the boot work back until it calls the returned release, so the sync
 * engine and the cache warming do not land in the middle of its first frame. Released, or
 * unmounted, the content counts as shown once the cap has passed.
 */
export function holdFirstContent(): () => void {
  holds++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holds--;
    if (holds === 0 && capPassed) firstContentShown();
  };
}

if (typeof window !== "undefined") {
  setTimeout(() => {
    capPassed = true;
    if (holds === 0) firstContentShown();
  }, FIRST_CONTENT_CAP_MS);
  setTimeout(firstContentShown, HELD_CONTENT_CAP_MS);
}

function afterFirstContent(fn: () => void): () => void {
  if (shown) {
    fn();
    return () => {};
  }
  waiting.push(fn);
  return () => {
    const k = waiting.indexOf(fn);
    if (k >= 0) waiting.splice(k, 1);
  };
}

/** `fn` after the first content was shown, when the browser is idle; `timeoutMs` caps the idle wait on a busy page. */
export function whenIdle(fn: () => void, timeoutMs = 2000): () => void {
  let cancelIdle = () => {};
  const cancelWait = afterFirstContent(() => {
    if (typeof requestIdleCallback === "function") {
      const id = requestIdleCallback(() => fn(), { timeout: timeoutMs });
      cancelIdle = () => cancelIdleCallback(id);
    } else {
      const id = setTimeout(fn, 200);
      cancelIdle = () => clearTimeout(id);
    }
  });
  return () => {
    cancelWait();
    cancelIdle();
  };
}
