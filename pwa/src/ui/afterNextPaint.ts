/**
 * Work that must not delay the frame that shows what was just rendered: a frame callback runs
 * just before the browser paints, a task queued from it just after. A hidden page paints no
 * frames, so a timer stands in after FALLBACK_MS.
 */
export const FALLBACK_MS = 1000;

/** Runs `fn` once after the next paint; returns a cancel. */
export function afterNextPaint(fn: () => void): () => void {
  let done = false;
  let task: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    if (done) return;
    done = true;
    cancel();
    fn();
  };
  const frame = typeof requestAnimationFrame === "function" ? requestAnimationFrame(() => (task = setTimeout(run, 0))) : undefined;
  const fallback = setTimeout(run, frame === undefined ? 0 : FALLBACK_MS);
  function cancel() {
    if (frame !== undefined) cancelAnimationFrame(frame);
    clearTimeout(task);
    clearTimeout(fallback);
  }
  return () => {
    done = true;
    cancel();
  };
}
