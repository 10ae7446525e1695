import { useEffect } from "react";

/**
 * Readies the tree's GPU side (gpu.ts: the WebGL context, the first frame's programs and their
 * warm-up draw) as soon as a page knows it will show a tree, while its planner code decodes and
 * the tree data loads. On a software GPU the context alone takes about 200 ms of the GPU
 * process and the warm-up 200 to 300 ms more; started only once the tree view mounted, they
 * were still running when the data came, and the first frame waited for them.
 *
 * A module of its own, so the pages that import it do not take the renderer into their own chunks.
 */
export function prepareTreeGpu(): void {
  // A chunk that fails to load is reported by the tree view, which loads the same chunk.
  void import("./gpu").then((gpu) => gpu.prepareGpu(), () => undefined);
}

/**
 * prepareTreeGpu once `shows` turns true, and again only if it turns false and true again: a call
 * after a view took the prepared canvas readies another.
 */
export function usePreparedTreeGpu(shows: boolean): void {
  useEffect(() => {
    if (shows) prepareTreeGpu();
  }, [shows]);
}
