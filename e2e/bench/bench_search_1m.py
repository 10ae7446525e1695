"""Search at a million builds, on both engines (issue 18).

Bulk-seeds a million builds (about a minute per engine here; WAYPOINT_BENCH_SEARCH_BUILDS sets
another count for a quicker run, and the names then say it, e.g. _200k) (realistic class and
ascendancy pairs from the game data, 1 to 3 of 20 skills, skewed likes) into SQLite
(executemany in one transaction, indexes and postings built after) and into a fresh
PostgreSQL database (COPY, the same), starts the real server on each and prints:
  BENCH server.seed_s_1m_sqlite / _pg            seeding time
  BENCH server.search_rps_1m_sqlite / _pg        first page of the explore search, wrk
  BENCH server.filtered_search_p99_ms_1m_sqlite / _pg  (and _p50_)
        p99 over HTTP of searches with 1-3 class and 1-8 skill filters, first and later pages
        (keyset cursor), each query distinct (no page cache), one client at a time
  BENCH server.unfiltered_page_p99_ms_1m_sqlite / _pg  the same loop's unfiltered pages at
        distinct cursors: the baseline that shows what the machine's load alone costs
  BENCH server.filtered_query_p99_ms_1m_sqlite / _pg  the filtered statement alone, in process
  BENCH server.search_rps_1m / server.filtered_search_p99_ms_1m   the SQLite figures
  BENCH server.pg_search_rps     explore search on 2 server processes sharing PostgreSQL
and the EXPLAIN plan of a 3-class, 8-skill page with a cursor on each engine (stderr).
Goal: filtered p99 <= 20 ms on each engine. PostgreSQL at WAYPOINT_BENCH_PG_URL
(default postgresql://postgres@127.0.0.1:5432/postgres); without it the PG half fails.
WAYPOINT_BENCH_ENGINES=sqlite or =pg runs one half.
"""

from __future__ import annotations

import asyncio
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from e2e.bench.pg_scratch import scratch_database  # noqa: E402
from e2e.harness import ServerProcess  # noqa: E402
from server.classes import load_class_table  # noqa: E402
from server.settings import Settings  # noqa: E402
from server.store.bulk import SKILLS, bulk_insert_builds  # noqa: E402
from server.store.search_sql import POSTGRES, SQLITE, search_statement  # noqa: E402
from server.store.types import SearchQuery  # noqa: E402
from server.wire import Cursor  # noqa: E402

BUILDS = int(os.environ.get("WAYPOINT_BENCH_SEARCH_BUILDS", "1000000"))
TAG = "1m" if BUILDS == 1_000_000 else f"{BUILDS // 1000}k"
DURATION = os.environ.get("WAYPOINT_BENCH_DURATION", "8s")
QUERIES = int(os.environ.get("WAYPOINT_BENCH_FILTERED_QUERIES", "400"))
ENGINES = os.environ.get("WAYPOINT_BENCH_ENGINES", "sqlite,pg").split(",")


def bench(name: str, value: float, unit: str) -> None:
    print(f"BENCH {name} {value:.1f} {unit}", flush=True)


def wrk(url: str) -> float:
    out = subprocess.run(["wrk", "-t2", "-c16", f"-d{DURATION}", url], capture_output=True, text=True,
                         check=True).stdout
    if "Non-2xx" in out:
        raise RuntimeError(f"non-2xx answers:\n{out}")
    return float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))


def filter_queries(n: int, seed: int = 3) -> list[list[tuple[str, str]]]:
    """Distinct filter sets: 1-3 class or ascendancy names and 1-8 skills."""
    table = load_class_table(Settings.from_env().game_data_dist)
    names = sorted(set(table.ascendancies) | {a for ascs in table.ascendancies.values() for a in ascs})
    rng = random.Random(seed)
    seen, out = set(), []
    while len(out) < n:
        classes = tuple(sorted(rng.sample(names, rng.randint(1, 3))))
        skills = tuple(sorted(rng.sample(SKILLS, rng.randint(1, 8))))
        if (classes, skills) in seen:
            continue
        seen.add((classes, skills))
        out.append([("ClassFilters", c) for c in classes] + [("SkillFilters", s) for s in skills])
    return out


def _p(times: list[float], q: float) -> float:
    times = sorted(times)
    return times[max(0, int(len(times) * q) - 1)] * 1000


def http_latencies(base: str) -> tuple[list[float], list[float]]:
    """(filtered, unfiltered) seconds per request, one client at a time. Filtered: distinct
    filter sets, each a first page and its second page. Unfiltered (the baseline under the same
    load): pages at distinct cursors, so neither is served from the anonymous page cache."""
    filtered, plain = [], []
    rng = random.Random(9)
    with httpx.Client(base_url=base, timeout=30) as c:
        for params in filter_queries(QUERIES):
            t = time.perf_counter()
            r = c.get("/api/Build/search", params=[*params, ("pageSize", "20")])
            filtered.append(time.perf_counter() - t)
            r.raise_for_status()
            cur = r.json()["data"]["cursor"]
            if cur:
                t = time.perf_counter()
                c.get("/api/Build/search", params=[*params, ("pageSize", "20"), ("lastGuid", cur["lastGuid"]),
                                                   ("likeAmount", str(cur["likeAmount"])),
                                                   ("snapshot", str(cur["snapshot"]))]).raise_for_status()
                filtered.append(time.perf_counter() - t)
            t = time.perf_counter()
            c.get("/api/Build/search", params={"pageSize": 20, "likeAmount": rng.randint(0, 40),
                                               "lastGuid": f"bulk-1-{rng.randrange(BUILDS):08d}"}).raise_for_status()
            plain.append(time.perf_counter() - t)
    return filtered, plain


def statements(dialect) -> list[tuple[str, dict]]:
    """The filtered statements of the same filter sets (first pages), for timing the query alone."""
    out = []
    for params in filter_queries(QUERIES):
        q = SearchQuery(classes=[v for k, v in params if k == "ClassFilters"],
                        skills=[v for k, v in params if k == "SkillFilters"], page_size=20)
        out.append(search_statement(q, 0, dialect))
    return out


def sqlite_query_times(db: Path) -> list[float]:
    import sqlite3

    conn = sqlite3.connect(db)
    times = []
    for sql, params in statements(SQLITE):
        t = time.perf_counter()
        conn.execute(sql, params).fetchall()
        times.append(time.perf_counter() - t)
    conn.close()
    return times


async def pg_query_times(url: str) -> list[float]:
    import asyncpg

    from server.store.pg.store import positional

    conn = await asyncpg.connect(url)
    times = []
    try:
        for sql, params in statements(POSTGRES):
            sql, args = positional(sql, params)
            t = time.perf_counter()
            await conn.fetch(sql, *args)
            times.append(time.perf_counter() - t)
    finally:
        await conn.close()
    return times


def plan_query() -> SearchQuery:
    return SearchQuery(classes=["Witch", "Necromancer", "Slayer"], skills=[s.lower() for s in SKILLS[:8]],
                       page_size=20, after=Cursor(last_guid="bulk-1-00500000", like_amount=3, snapshot=None))


def sqlite_plan(db: Path) -> str:
    import sqlite3

    sql, params = search_statement(plan_query(), 0, SQLITE)
    conn = sqlite3.connect(db)
    rows = conn.execute("EXPLAIN QUERY PLAN " + sql, params).fetchall()
    return "\n".join(f"{'  ' * 0}{r[3]}" for r in rows)


async def pg_plan(url: str) -> str:
    import asyncpg

    from server.store.pg.store import positional

    sql, params = search_statement(plan_query(), 0, POSTGRES)
    sql, args = positional(sql, params)
    conn = await asyncpg.connect(url)
    try:
        rows = await conn.fetch("EXPLAIN (ANALYZE, COSTS OFF, BUFFERS) " + sql, *args)
    finally:
        await conn.close()
    return "\n".join(r[0] for r in rows)


def measure_engine(name: str, env: dict[str, str], db_path: Path | None, query_times) -> tuple[float, float]:
    env = {**env, "WAYPOINT_SEED_DEMO": "false", "WAYPOINT_RATE_LIMIT_PER_MINUTE": "0",
           "WAYPOINT_PUBLIC_PAGE_MAX_STALE_MS": "0"}
    with ServerProcess(env=env, db_path=db_path) as server:
        wrk(f"{server.base_url}/api/Build/search")  # warm-up
        rps = wrk(f"{server.base_url}/api/Build/search")
        filtered, plain = http_latencies(server.base_url)
    p99 = _p(filtered, 0.99)
    bench(f"server.search_rps_{TAG}_{name}", rps, "req/s")
    bench(f"server.filtered_search_p99_ms_{TAG}_{name}", p99, "ms")
    bench(f"server.filtered_search_p50_ms_{TAG}_{name}", _p(filtered, 0.5), "ms")
    # The same loop's unfiltered keyset pages: what this machine's load alone costs a request.
    bench(f"server.unfiltered_page_p99_ms_{TAG}_{name}", _p(plain, 0.99), "ms")
    bench(f"server.unfiltered_page_p50_ms_{TAG}_{name}", _p(plain, 0.5), "ms")
    # The filtered statement alone, on one connection (warm): the query's own cost.
    times = query_times()
    bench(f"server.filtered_query_p99_ms_{TAG}_{name}", _p(times, 0.99), "ms")
    bench(f"server.filtered_query_p50_ms_{TAG}_{name}", _p(times, 0.5), "ms")
    return rps, p99


def two_process_rps(url: str) -> float:
    env = {"WAYPOINT_DATABASE_URL": url, "WAYPOINT_SEED_DEMO": "false", "WAYPOINT_RATE_LIMIT_PER_MINUTE": "0"}
    servers = [ServerProcess(env=env).start() for _ in range(2)]
    try:
        for s in servers:
            wrk(f"{s.base_url}/api/Build/search")
        results: list[float] = []
        threads = [threading.Thread(target=lambda s=s: results.append(wrk(f"{s.base_url}/api/Build/search")))
                   for s in servers]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        return sum(results)
    finally:
        for s in servers:
            s.stop()


def main() -> int:
    if not shutil.which("wrk"):
        print("wrk is missing: apt-get install -y wrk", file=sys.stderr)
        return 1
    if "sqlite" not in ENGINES:
        return pg_half()
    with tempfile.TemporaryDirectory(prefix="waypoint-bench-1m-") as tmp:
        db = Path(tmp) / "search.sqlite3"
        t = time.perf_counter()
        bulk_insert_builds(db, BUILDS, seed=1, max_likes=2000)
        bench(f"server.seed_s_{TAG}_sqlite", time.perf_counter() - t, "s")
        print(f"SQLite plan, 3 classes x 8 skills, with a cursor:\n{sqlite_plan(db)}", file=sys.stderr)
        rps, p99 = measure_engine("sqlite", {}, db, lambda: sqlite_query_times(db))
        bench(f"server.search_rps_{TAG}", rps, "req/s")
        bench(f"server.filtered_search_p99_ms_{TAG}", p99, "ms")
    return pg_half() if "pg" in ENGINES else 0


def pg_half() -> int:
    from server.store.pg.bulk import pg_bulk_insert_builds

    with scratch_database() as url:
        if url is None:
            return 1
        t = time.perf_counter()
        asyncio.run(pg_bulk_insert_builds(url, BUILDS, seed=1, max_likes=2000))
        bench(f"server.seed_s_{TAG}_pg", time.perf_counter() - t, "s")
        print(f"PostgreSQL plan, 3 classes x 8 skills, with a cursor:\n{asyncio.run(pg_plan(url))}", file=sys.stderr)
        measure_engine("pg", {"WAYPOINT_DATABASE_URL": url}, None, lambda: asyncio.run(pg_query_times(url)))
        bench("server.pg_search_rps", two_process_rps(url), "req/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
