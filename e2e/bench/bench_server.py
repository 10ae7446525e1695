"""Sync-server throughput: search vs a small static file on the same server.

Seeds 100,000 builds by bulk insert straight into SQLite (not via HTTP), starts
the real server (`python -m server serve`) on loopback and drives it with wrk
(Debian's /usr/bin/wrk) with concurrent connections. Prints:
  BENCH server.search_rps        explore search, first page of 20
  BENCH server.search_p99_ms     its p99 latency
  BENCH server.search_cursor_rps a later page (keyset cursor with a snapshot)
  BENCH server.search_signed_in_rps / _p99_ms  the first page for a signed-in reader
                                 (isLiked per user: never served from the anonymous page cache)
  BENCH server.static_rps        a small static file from the same server
  BENCH server.search_vs_static  search_rps / static_rps in percent
Goals: >= 3,000 req/s, p99 <= 20 ms, >= 50 % of the static rate. Search figures are
the median of three runs (the machine is shared).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from e2e.harness import ServerProcess  # noqa: E402
from server.store.bulk import bulk_insert_builds  # noqa: E402

BUILDS = int(os.environ.get("WAYPOINT_BENCH_BUILDS", "100000"))
DURATION = os.environ.get("WAYPOINT_BENCH_DURATION", "8s")
CONNECTIONS = os.environ.get("WAYPOINT_BENCH_CONNECTIONS", "16")
WORKERS = os.environ.get("WAYPOINT_BENCH_WORKERS", str(os.cpu_count() or 1))


def wrk(url: str, *headers: str) -> tuple[float, float]:
    """(requests/s, p99 ms) from one wrk run."""
    extra = [a for h in headers for a in ("-H", h)]
    out = subprocess.run(
        ["wrk", "-t2", f"-c{CONNECTIONS}", f"-d{DURATION}", "--latency", *extra, url],
        capture_output=True, text=True, check=True,
    ).stdout
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    m = re.search(r"99%\s+([\d.]+)(us|ms|s)\b", out)
    scale = {"us": 0.001, "ms": 1.0, "s": 1000.0}[m.group(2)]
    if re.search(r"Non-2xx or 3xx responses", out):
        raise RuntimeError(f"non-2xx answers during the run:\n{out}")
    return rps, float(m.group(1)) * scale


def main() -> int:
    if not shutil.which("wrk"):
        print("wrk is missing: apt-get install -y wrk", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory(prefix="waypoint-bench-") as tmp:
        return measure(Path(tmp))


def measure(tmp: Path) -> int:
    db = tmp / "bench.sqlite3"
    t0 = time.perf_counter()
    bulk_insert_builds(db, BUILDS)
    print(f"seeded {BUILDS} builds in {time.perf_counter() - t0:.1f} s", file=sys.stderr)
    dist = tmp / "dist"
    dist.mkdir()
    (dist / "index.html").write_text("<!doctype html><title>Waypoint</title>")
    (dist / "robots.txt").write_text("User-agent: *\nAllow: /\n")
    env = {"WAYPOINT_SEED_DEMO": "false", "WAYPOINT_RATE_LIMIT_PER_MINUTE": "0", "WAYPOINT_WORKERS": WORKERS}
    with ServerProcess(pwa_dist=dist, env=env, db_path=db) as server:
        base = server.base_url
        with server.client() as c:
            first = c.get("/api/Build/search").json()["data"]
            assert len(first["builds"]) == 20
            cur = first["cursor"]
        with server.client(follow_redirects=False) as c:
            target = c.post("/api/auth/login", json={"ReturnPath": "/", "InitialRealm": "pc"}).json()["data"]
            state = target["returnPath"].split("state=")[1]
            c.post("/api/auth/local", data={"state": state, "displayName": "Bench Reader"})
            cookie = f"Cookie: waypoint_session={c.cookies['waypoint_session']}"
        later = f"{base}/api/Build/search?lastGuid={cur['lastGuid']}&likeAmount={cur['likeAmount']}&snapshot={cur['snapshot']}"
        wrk(f"{base}/api/Build/search")  # warm-up: page cache, connections
        # The machine is shared: take the median of three runs for the headline figures.
        runs = sorted(wrk(f"{base}/api/Build/search") for _ in range(3))
        search_rps = runs[1][0]
        search_p99 = sorted(r[1] for r in runs)[1]
        cursor_rps, _ = wrk(later)
        signed_rps, signed_p99 = wrk(f"{base}/api/Build/search", cookie)
        static_rps, _ = wrk(f"{base}/robots.txt")
    print(f"BENCH server.search_rps {search_rps:.0f} req/s")
    print(f"BENCH server.search_p99_ms {search_p99:.2f} ms")
    print(f"BENCH server.search_cursor_rps {cursor_rps:.0f} req/s")
    print(f"BENCH server.search_signed_in_rps {signed_rps:.0f} req/s")
    print(f"BENCH server.search_signed_in_p99_ms {signed_p99:.2f} ms")
    print(f"BENCH server.static_rps {static_rps:.0f} req/s")
    print(f"BENCH server.search_vs_static {100 * search_rps / static_rps:.0f} %")
    return 0


if __name__ == "__main__":
    sys.exit(main())
