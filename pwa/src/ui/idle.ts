/**
 * Runs boot work the first screen does not need (the sync engine, warming the
 * game-data cache, filter options) once the browser is idle, so it never
 * competes with the first build card; `timeoutMs` caps the wait on a busy page.
 */
export function whenIdle(fn: () => void, timeoutMs = 2000): () => void {
  if (typeof requestIdleCallback === "function") {
    const id = requestIdleCallback(() => fn(), { timeout: timeoutMs });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(fn, 200);
  return () => clearTimeout(id);
}
