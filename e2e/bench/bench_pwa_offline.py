"""BENCH pwa.offline_load_ms: a repeat load of /build/browse/explore to the first contentful
build card with the network off (service worker shell + Dexie lists), median of several.
BENCH pwa.online_load_ms is the same repeat load online, the baseline of the same run."""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from playwright.sync_api import sync_playwright  # noqa: E402

from e2e.harness import ServerProcess, build_pwa, launch_chromium  # noqa: E402

RUNS = 7


def load_to_first_card(page) -> float:
    start = time.perf_counter()
    page.reload(wait_until="commit")
    page.locator("[data-testid=build-card]").first.wait_for(state="visible", timeout=30_000)
    return (time.perf_counter() - start) * 1000


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="waypoint-bench-offline-") as tmp:
        measure(Path(tmp))


def measure(tmp: Path) -> None:
    reuse = os.environ.get("WAYPOINT_E2E_PWA_DIST")
    dist = (
        Path(reuse) if reuse else build_pwa(tmp / "dist", dev_pages=False)
    )
    with ServerProcess(dist) as server, sync_playwright() as p:
        browser = launch_chromium(p)
        ctx = browser.new_context(base_url=server.base_url, viewport={"width": 1400, "height": 900})
        page = ctx.new_page()
        page.goto("/build/browse/explore")
        page.locator("[data-testid=build-card]").first.wait_for(timeout=30_000)
        page.wait_for_function(
            "navigator.serviceWorker && navigator.serviceWorker.controller !== null", timeout=30_000
        )
        load_to_first_card(page)  # warm: every lazy chunk is now in the SW cache and Dexie holds the list
        online = [load_to_first_card(page) for _ in range(RUNS)]
        ctx.set_offline(True)
        offline = [load_to_first_card(page) for _ in range(RUNS)]
        if page.locator("[data-testid=offline-badge]").count() == 0:
            sys.exit("offline load did not show the offline badge")
        browser.close()
    print(f"BENCH pwa.online_load_ms {statistics.median(online):.0f} ms", flush=True)
    print(f"BENCH pwa.offline_load_ms {statistics.median(offline):.0f} ms", flush=True)
    print(
        f"BENCH pwa.offline_vs_online_ratio {statistics.median(offline) / statistics.median(online):.2f} x",
        flush=True,
    )


if __name__ == "__main__":
    main()
