"""Stat-sorted search at a million builds, on both engines (issue 35).

Bulk-seeds a million synthetic builds (server.store.bulk: planner-like saved stats, some builds
without DPS, life or ES; WAYPOINT_BENCH_SEARCH_BUILDS sets another count and the names then say
it, e.g. _200k) into SQLite and into a fresh PostgreSQL database, starts the real server on each
and prints:
  BENCH server.stat_sorted_search_p99_ms_1m_sqlite / _pg   (and _p50_)
        p99 over HTTP of explore searches sorted by DPS, life or ES (SortBy), first pages and later
        pages at distinct cursors (sortValue + lastGuid), a third of them with a minimum filter on
        another stat (MinDps / MinLife / MinEs); each query distinct (no page cache), one client
        at a time
  BENCH server.stat_sorted_search_p99_ms_1m                 the larger of the two engines' figures
  BENCH server.stat_sorted_class_search_p99_ms_1m_sqlite / _pg  the same with one class filter
  BENCH server.stat_sorted_skill_search_p99_ms_1m_sqlite / _pg  the same with one skill filter
  BENCH server.likes_sorted_min_search_p99_ms_1m_sqlite / _pg   likes order with a minimum filter
        (the default order, read from the likes index and filtered)
  BENCH server.unfiltered_likes_page_p99_ms_1m_sqlite / _pg  the default order's pages at distinct
        cursors, the baseline that shows what the machine's load alone costs
and each engine's plan of a DPS-sorted page with a cursor and a life minimum (stderr).
Goal: stat_sorted_search p99 <= 20 ms on each engine. PostgreSQL at WAYPOINT_BENCH_PG_URL
(default postgresql://postgres@127.0.0.1:5432/postgres). WAYPOINT_BENCH_ENGINES=sqlite or =pg runs one.
"""

from __future__ import annotations

import asyncio
import os
import random
import sys
import tempfile
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
QUERIES = int(os.environ.get("WAYPOINT_BENCH_STAT_QUERIES", "600"))
ENGINES = os.environ.get("WAYPOINT_BENCH_ENGINES", "sqlite,pg").split(",")
SEED = 1
# Ranges of the synthetic stats (server.store.bulk.synthetic_stats), for cursors and minimums.
RANGES = {"dps": (100.0, 3e7), "life": (1000.0, 8000.0), "es": (0.0, 10000.0)}
PARAM = {"dps": "MinDps", "life": "MinLife", "es": "MinEs"}


def bench(name: str, value: float, unit: str) -> None:
    print(f"BENCH {name} {value:.1f} {unit}", flush=True)


def _p(times: list[float], q: float) -> float:
    times = sorted(times)
    return times[max(0, int(len(times) * q) - 1)] * 1000


def _value(rng: random.Random, stat: str) -> float:
    lo, hi = RANGES[stat]
    # Log-spread for DPS (most builds are far below the top), plain for the others.
    return round(lo * (hi / lo) ** rng.random()) if stat == "dps" else float(round(rng.uniform(lo, hi)))


def stat_queries(n: int, seed: int, extra=None) -> list[list[tuple[str, str]]]:
    """Distinct stat-sorted queries: a sort, then a first page or a cursor, a third with a minimum."""
    rng = random.Random(seed)
    out = []
    for i in range(n):
        sort = rng.choice(list(RANGES))
        params = [("SortBy", sort), ("pageSize", "20")]
        if i % 3 == 0:
            other = rng.choice([s for s in RANGES if s != sort])
            # Minimums most builds pass, and some only a few do.
            params.append((PARAM[other], str(_value(rng, other) * rng.choice((0.2, 0.5, 0.9)))))
        if i % 4 != 0:
            params += [("sortValue", str(_value(rng, sort))), ("lastGuid", f"bulk-{SEED}-{rng.randrange(BUILDS):08d}")]
        else:
            # A first page, made distinct by a small minimum on the sorted stat itself.
            params.append((PARAM[sort], str(rng.randint(0, 50))))
        if extra:
            params += extra(rng)
        out.append(params)
    return out


def class_names() -> list[str]:
    table = load_class_table(Settings.from_env().game_data_dist)
    return sorted(set(table.ascendancies) | {a for ascs in table.ascendancies.values() for a in ascs})


def likes_min_queries(n: int) -> list[list[tuple[str, str]]]:
    rng = random.Random(11)
    out = []
    for i in range(n):
        stat = rng.choice(list(RANGES))
        params = [(PARAM[stat], str(_value(rng, stat) * rng.choice((0.2, 0.5, 0.9)))), ("pageSize", "20")]
        if i % 2:
            params += [("likeAmount", str(rng.randint(0, 40))), ("lastGuid", f"bulk-{SEED}-{rng.randrange(BUILDS):08d}")]
        out.append(params)
    return out


def http_times(base: str, queries: list[list[tuple[str, str]]]) -> list[float]:
    times = []
    with httpx.Client(base_url=base, timeout=30) as c:
        for params in queries[:20]:
            c.get("/api/Build/search", params=params).raise_for_status()  # warm-up
        for params in queries:
            t = time.perf_counter()
            r = c.get("/api/Build/search", params=params)
            times.append(time.perf_counter() - t)
            r.raise_for_status()
    return times


def plan_query() -> SearchQuery:
    return SearchQuery(sort_by="dps", min_life=4000.0, page_size=20,
                       after=Cursor(last_guid=f"bulk-{SEED}-00500000", like_amount=0, sort_value=250000.0))


def sqlite_plan(db: Path) -> str:
    import sqlite3

    sql, params = search_statement(plan_query(), 0, SQLITE)
    conn = sqlite3.connect(db)
    rows = conn.execute("EXPLAIN QUERY PLAN " + sql, params).fetchall()
    conn.close()
    return "\n".join(r[3] for r in rows)


async def pg_plan(url: str) -> str:
    import asyncpg

    from server.store.pg.store import positional

    sql, args = positional(*search_statement(plan_query(), 0, POSTGRES))
    conn = await asyncpg.connect(url)
    try:
        rows = await conn.fetch("EXPLAIN (ANALYZE, COSTS OFF, BUFFERS) " + sql, *args)
    finally:
        await conn.close()
    return "\n".join(r[0] for r in rows)


def measure(name: str, env: dict[str, str], db_path: Path | None) -> float:
    env = {**env, "WAYPOINT_SEED_DEMO": "false", "WAYPOINT_RATE_LIMIT_PER_MINUTE": "0",
           "WAYPOINT_PUBLIC_PAGE_MAX_STALE_MS": "0"}
    classes = class_names()
    with ServerProcess(env=env, db_path=db_path) as server:
        plain = http_times(server.base_url, stat_queries(QUERIES, 5))
        by_class = http_times(server.base_url, stat_queries(QUERIES // 3, 6, lambda r: [("ClassFilters", r.choice(classes))]))
        by_skill = http_times(server.base_url, stat_queries(QUERIES // 3, 7, lambda r: [("SkillFilters", r.choice(SKILLS))]))
        likes_min = http_times(server.base_url, likes_min_queries(QUERIES // 3))
        rng = random.Random(13)
        baseline = http_times(server.base_url, [
            [("pageSize", "20"), ("likeAmount", str(rng.randint(0, 40))),
             ("lastGuid", f"bulk-{SEED}-{rng.randrange(BUILDS):08d}")] for _ in range(QUERIES // 3)])
    p99 = _p(plain, 0.99)
    bench(f"server.stat_sorted_search_p99_ms_{TAG}_{name}", p99, "ms")
    bench(f"server.stat_sorted_search_p50_ms_{TAG}_{name}", _p(plain, 0.5), "ms")
    bench(f"server.stat_sorted_class_search_p99_ms_{TAG}_{name}", _p(by_class, 0.99), "ms")
    bench(f"server.stat_sorted_skill_search_p99_ms_{TAG}_{name}", _p(by_skill, 0.99), "ms")
    bench(f"server.likes_sorted_min_search_p99_ms_{TAG}_{name}", _p(likes_min, 0.99), "ms")
    # The default order's pages at distinct cursors: what this machine's load alone costs a request.
    bench(f"server.unfiltered_likes_page_p99_ms_{TAG}_{name}", _p(baseline, 0.99), "ms")
    return p99


def sqlite_half() -> float:
    with tempfile.TemporaryDirectory(prefix="waypoint-bench-stats-") as tmp:
        db = Path(tmp) / "stats.sqlite3"
        t = time.perf_counter()
        bulk_insert_builds(db, BUILDS, seed=SEED, max_likes=2000)
        print(f"seeded {BUILDS} builds into SQLite in {time.perf_counter() - t:.0f} s", file=sys.stderr)
        print(f"SQLite plan, DPS sort with a cursor and a life minimum:\n{sqlite_plan(db)}", file=sys.stderr)
        return measure("sqlite", {}, db)


def pg_half() -> float | None:
    from server.store.pg.bulk import pg_bulk_insert_builds

    with scratch_database() as url:
        if url is None:
            return None
        t = time.perf_counter()
        asyncio.run(pg_bulk_insert_builds(url, BUILDS, seed=SEED, max_likes=2000))
        print(f"seeded {BUILDS} builds into PostgreSQL in {time.perf_counter() - t:.0f} s", file=sys.stderr)
        print(f"PostgreSQL plan, DPS sort with a cursor and a life minimum:\n{asyncio.run(pg_plan(url))}",
              file=sys.stderr)
        return measure("pg", {"WAYPOINT_DATABASE_URL": url}, None)


def main() -> int:
    figures = []
    if "sqlite" in ENGINES:
        figures.append(sqlite_half())
    if "pg" in ENGINES:
        pg = pg_half()
        if pg is None:
            return 1
        figures.append(pg)
    if figures:
        bench(f"server.stat_sorted_search_p99_ms_{TAG}", max(figures), "ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
