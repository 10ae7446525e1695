"""BENCH tree.first_frame_ms, tree.frame_ms_p50, tree.frame_ms_p95: the WebGL
passive tree in headless Chromium (SwiftShader, so a software GPU; a real GPU
is faster).

first_frame_ms: from the tree data being ready (bundle fetched, decoded,
adapted) to the first frame drawn and finished on the GPU; median of 3 fresh
page loads. frame_ms: full redraws of the whole tree (about 3,000 nodes and
3,500 edges) while panning and zooming, each waited on with a 1-pixel
readPixels so the figure covers the GPU work; 3 runs of 320 frames.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from e2e.harness import ServerProcess, build_pwa, launch_chromium  # noqa: E402
from e2e.tree_helpers import SWIFTSHADER, corpus_code, dev_tree_url, tree_api, wait_tree_ready  # noqa: E402

BUILD = "AdamZ-8113__pob-codes/flicker_strike_reliquarian_328.code.txt"
FRAMES = 320


def percentile(values: list[float], p: float) -> float:
    s = sorted(values)
    k = (len(s) - 1) * p
    lo, hi = int(k), min(int(k) + 1, len(s) - 1)
    return s[lo] + (s[hi] - s[lo]) * (k - lo)


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="waypoint-bench-tree-") as tmp:
        measure(Path(tmp))


def measure(tmp: Path) -> None:
    reuse = os.environ.get("WAYPOINT_E2E_PWA_DIST")
    dist = Path(reuse) if reuse else build_pwa(tmp / "dist")
    url = dev_tree_url(corpus_code(BUILD))
    with ServerProcess(dist) as server, sync_playwright() as p:
        browser = launch_chromium(p, *SWIFTSHADER)
        first: list[float] = []
        frames: list[float] = []
        for run in range(3):
            ctx = browser.new_context(base_url=server.base_url, viewport={"width": 1400, "height": 900})
            page = ctx.new_page()
            page.goto(url)
            wait_tree_ready(page)
            first.append(tree_api(page, "t.firstFrameMs()"))
            if run == 0:
                tree_api(page, "t.bench(30)")  # warm-up: shader and JIT caches
            frames += tree_api(page, f"t.bench({FRAMES})")
            ctx.close()
        browser.close()
    print(f"BENCH tree.first_frame_ms {statistics.median(first):.1f} ms", flush=True)
    print(f"BENCH tree.frame_ms_p50 {percentile(frames, 0.5):.2f} ms", flush=True)
    print(f"BENCH tree.frame_ms_p95 {percentile(frames, 0.95):.2f} ms", flush=True)
    print(f"BENCH tree.frames_measured {len(frames)} frames", flush=True)


if __name__ == "__main__":
    main()
