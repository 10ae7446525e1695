"""BENCH guide.log_follow_ms (goal: 1,200 ms or less) and guide.log_read_mb_s (goal: 200 MB/s or more).

log_follow_ms: in Chromium, the Campaign Guide follows a Client.txt in the origin-private file system
(the picker answers with its handle, as in e2e/test_guide_log.py); lines entering the next area of act 1
are appended, and the time from the append to the guide showing that area's step is measured in the
page (median of the moves, each appended at a random moment of the follower's one-second cycle).

log_read_mb_s: pwa/src/features/guide/log/test/benchRead.ts under Node: a 64 MB log file read through
followFile, the follower's whole look (read, scan of the bytes, fold). Its lines are the act 1-3 fixture
repeated: one line in three is an event, far denser than a real log, so real logs read faster.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import uuid
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from playwright.sync_api import sync_playwright  # noqa: E402

from e2e.harness import ServerProcess, build_pwa, launch_chromium  # noqa: E402
from e2e.test_guide_log import PICKER, Log, guide_url  # noqa: E402

# (area id, words of the step the guide should then show), act 1 in route order.
MOVES = [
    ("1_1_2", "Head out to The Coast"),
    ("1_1_2a", "Cross onto The Tidal Island"),
    ("1_1_town", "Give Nessa the chest"),
    ("1_1_2", "continue to The Mud Flats"),
    ("1_1_3", "Find the three rhoa nests"),
    ("1_1_4_1", "go through into The Submerged Passage"),
    ("1_1_4_0", "Drop down into The Flooded Depths"),
    ("1_1_4_1", "Walk back up to The Submerged Passage"),
    ("1_1_6", "Keep climbing through The Climb"),
]

# Appends the lines at a random moment of the follower's one-second cycle (a player enters an area
# whenever they do; right after the last move would always wait a whole cycle), then waits frame by
# frame for the selected step to say `words`.
MOVE = """async ([text, words]) => {
  await new Promise((r) => setTimeout(r, Math.random() * 1000));
  const t0 = performance.now();
  await window.__appendLog(text);
  for (;;) {
    const el = document.querySelector('[data-testid="guide-step"][data-selected="true"]');
    if (el && el.textContent.includes(words)) return performance.now() - t0;
    if (performance.now() - t0 > 10000) throw new Error('guide did not move to: ' + words);
    await new Promise((r) => requestAnimationFrame(r));
  }
}"""


def follow_ms(dist: Path) -> float:
    log = Log()
    with ServerProcess(dist) as server, sync_playwright() as p:
        browser = launch_chromium(p)
        ctx = browser.new_context(base_url=server.base_url, viewport={"width": 1400, "height": 900})
        ctx.add_init_script(PICKER)
        page = ctx.new_page()
        page.goto(guide_url(f"bench-{uuid.uuid4().hex[:8]}"))
        page.get_by_test_id("campaign-guide").wait_for(timeout=30_000)
        page.evaluate("(t) => window.__appendLog(t)", log.area("1_1_1") + log.level("Wanderer", "Ranger", 2) + log.area("1_1_town"))
        page.get_by_role("button", name="Follow the game").click()
        page.locator('[data-testid="guide-step"][data-selected="true"]', has_text="Speak to Tarkleigh").wait_for(timeout=15_000)
        times = [page.evaluate(MOVE, [log.area(area) + log.noise(), words]) for area, words in MOVES]
        browser.close()
    return statistics.median(times)


def read_mb_s() -> str:
    out = subprocess.run(
        [str(REPO / "node_modules" / ".bin" / "tsx"), "pwa/src/features/guide/log/test/benchRead.ts"],
        cwd=REPO, capture_output=True, text=True, timeout=600,
    )
    if out.returncode != 0:
        sys.exit(f"log read bench failed:\n{out.stderr}")
    return out.stdout.strip()


def main() -> None:
    print(read_mb_s(), flush=True)
    reuse = os.environ.get("WAYPOINT_E2E_PWA_DIST")
    with tempfile.TemporaryDirectory(prefix="waypoint-bench-log-") as tmp:
        dist = Path(reuse) if reuse else build_pwa(Path(tmp) / "dist", dev_pages=True)
        print(f"BENCH guide.log_follow_ms {follow_ms(dist):.0f} ms", flush=True)


if __name__ == "__main__":
    main()
