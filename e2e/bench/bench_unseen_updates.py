"""The updates a player has not seen, at a million builds, on both engines (issue 36).

Bulk-seeds a million builds (as bench_search_1m does; WAYPOINT_BENCH_UPDATES_BUILDS sets another
count, and the names then say it, e.g. _200k), then straight into the database: 2,000 other
players following 50 random builds each (100,000 follows), and the benched player following 500
random builds, 60 of which have newer revisions (2 to 4) than the player has seen, plus 2,000
revised builds nobody of them follows. The real server answers GET /api/Build/updates for the
player (signed in through the local flow); each request's time over HTTP, one client at a time:
  BENCH server.unseen_updates_p99_ms_sqlite / _pg     (and _p50_)
  BENCH server.signed_in_baseline_p99_ms_sqlite / _pg   /api/auth/me in the same loop (the load's share)
  BENCH server.unseen_updates_query_p99_ms_sqlite / _pg   the one statement alone, in process
  BENCH server.unseen_updates_p99_ms                  the worse engine's HTTP p99
Goal: p99 <= 20 ms on each engine. PostgreSQL at WAYPOINT_BENCH_PG_URL (default
postgresql://postgres@127.0.0.1:5432/postgres); WAYPOINT_BENCH_ENGINES=sqlite or =pg runs one half.
"""

from __future__ import annotations

import asyncio
import os
import random
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

import httpx

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from e2e.bench.pg_scratch import scratch_database  # noqa: E402
from e2e.harness import ServerProcess  # noqa: E402
from server.store.bulk import bulk_insert_builds  # noqa: E402
from server.store.pg import revisions as pg_revisions  # noqa: E402
from server.store.revisions import UPDATES_SQL  # noqa: E402

BUILDS = int(os.environ.get("WAYPOINT_BENCH_UPDATES_BUILDS", "1000000"))
TAG = "" if BUILDS == 1_000_000 else f"_{BUILDS // 1000}k"
ENGINES = os.environ.get("WAYPOINT_BENCH_ENGINES", "sqlite,pg").split(",")
REQUESTS = int(os.environ.get("WAYPOINT_BENCH_UPDATES_REQUESTS", "500"))
FOLLOWED, UPDATED, OTHERS, OTHER_FOLLOWS, REVISED_ELSEWHERE = 500, 60, 2_000, 50, 2_000
PLAYER = "Bench Follower"


def bench(name: str, value: float, unit: str) -> None:
    print(f"BENCH {name} {value:.1f} {unit}", flush=True)


def _p(times: list[float], q: float) -> float:
    times = sorted(times)
    return times[max(0, int(len(times) * q) - 1)] * 1000


def plan(ids: list[str], seed: int = 5):
    """(the player's follows, which of them are revised, other players' follows, builds revised elsewhere)."""
    rng = random.Random(seed)
    followed = rng.sample(ids, FOLLOWED)
    updated = followed[:UPDATED]
    others = [(u, b) for u in range(OTHERS) for b in rng.sample(ids, OTHER_FOLLOWS)]
    mine = set(followed)
    elsewhere = [b for b in rng.sample(ids, REVISED_ELSEWHERE + FOLLOWED) if b not in mine][:REVISED_ELSEWHERE]
    return followed, updated, others, elsewhere


def revision_rows(build_ids: list[str], rng: random.Random) -> tuple[list[tuple], list[tuple]]:
    """(builds updates: (revision, build id), build_revisions rows) for builds revised 2 to 4 times."""
    heads, rows = [], []
    for b in build_ids:
        newest = rng.randint(2, 4)
        heads.append((newest, b))
        rows += [(b, n, "Witch", "", "3_25", b"x", '["Arc"]', "[]", f"revision {n}", "2026-02-01T00:00:00.000Z")
                 for n in range(1, newest + 1)]
    return heads, rows


REV_INSERT = ("INSERT INTO build_revisions(build_id, revision, base_class, ascendancy, tree_version, code_z, skills,"
              " steps, note, created_at) VALUES ({})")


def seed_sqlite(db: Path, player: int, ids: list[str]) -> None:
    followed, updated, others, elsewhere = plan(ids)
    heads, revs = revision_rows(sorted(set(updated) | set(elsewhere)), random.Random(6))
    conn = sqlite3.connect(db, isolation_level=None)
    conn.execute("BEGIN IMMEDIATE")
    conn.executemany("INSERT INTO users(id, provider, subject, display_name) VALUES (?, 'bench', ?, ?)",
                     [(100_000 + u, f"u{u}", f"Other {u}") for u in range(OTHERS)])
    conn.executemany("INSERT OR IGNORE INTO follows(user_id, build_id, seen_revision, created_at) VALUES (?, ?, 1, 0)",
                     [(100_000 + u, b) for u, b in others])
    conn.executemany("INSERT INTO follows(user_id, build_id, seen_revision, created_at) VALUES (?, ?, 1, 0)",
                     [(player, b) for b in followed])
    conn.executemany(REV_INSERT.format(",".join("?" * 10)), revs)
    conn.executemany("UPDATE builds SET revision = ?, updated_at = '2026-02-01T00:00:00.000Z' WHERE id = ?", heads)
    conn.execute("COMMIT")
    conn.execute("ANALYZE")
    conn.close()


async def seed_pg(url: str, player: int, ids: list[str]) -> None:
    import asyncpg

    followed, updated, others, elsewhere = plan(ids)
    heads, revs = revision_rows(sorted(set(updated) | set(elsewhere)), random.Random(6))
    conn = await asyncpg.connect(url)
    try:
        async with conn.transaction():
            await conn.executemany("INSERT INTO users(id, provider, subject, display_name) VALUES ($1, 'bench', $2, $3)",
                                   [(100_000 + u, f"u{u}", f"Other {u}") for u in range(OTHERS)])
            await conn.copy_records_to_table(
                "follows", records=list({(100_000 + u, b): (100_000 + u, b, 1, 0.0) for u, b in others}.values()),
                columns=["user_id", "build_id", "seen_revision", "created_at"])
            await conn.executemany("INSERT INTO follows(user_id, build_id, seen_revision, created_at) VALUES ($1, $2, 1, 0)",
                                   [(player, b) for b in followed])
            await conn.copy_records_to_table("build_revisions", records=revs, columns=[
                "build_id", "revision", "base_class", "ascendancy", "tree_version", "code_z", "skills", "steps",
                "note", "created_at"])
            await conn.executemany(
                "UPDATE builds SET revision = $1, updated_at = '2026-02-01T00:00:00.000Z' WHERE id = $2", heads)
        await conn.execute("ANALYZE")
    finally:
        await conn.close()


def http_times(server: ServerProcess, client: httpx.Client) -> tuple[list[float], list[float]]:
    """(updates, baseline) seconds per request. The baseline is the same client's /api/auth/me (one
    session read) in the same loop: what the machine's load alone costs a signed-in request."""
    times, baseline = [], []
    for _ in range(20):  # warm-up
        client.get("/api/Build/updates").raise_for_status()
    for _ in range(REQUESTS):
        t = time.perf_counter()
        r = client.get("/api/Build/updates")
        times.append(time.perf_counter() - t)
        r.raise_for_status()
        t = time.perf_counter()
        client.get("/api/auth/me").raise_for_status()
        baseline.append(time.perf_counter() - t)
    ups = r.json()["data"]["updates"]
    if len(ups) != UPDATED or any(u["revision"] <= u["seenRevision"] for u in ups):
        raise RuntimeError(f"expected {UPDATED} updates, got {len(ups)}")
    return times, baseline


def report(name: str, http: tuple[list[float], list[float]], query: list[float]) -> float:
    times, baseline = http
    p99 = _p(times, 0.99)
    bench(f"server.unseen_updates_p99_ms{TAG}_{name}", p99, "ms")
    bench(f"server.unseen_updates_p50_ms{TAG}_{name}", _p(times, 0.5), "ms")
    bench(f"server.signed_in_baseline_p99_ms{TAG}_{name}", _p(baseline, 0.99), "ms")
    bench(f"server.signed_in_baseline_p50_ms{TAG}_{name}", _p(baseline, 0.5), "ms")
    bench(f"server.unseen_updates_query_p99_ms{TAG}_{name}", _p(query, 0.99), "ms")
    bench(f"server.unseen_updates_query_p50_ms{TAG}_{name}", _p(query, 0.5), "ms")
    print(f"load average during the {name} half: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores", file=sys.stderr)
    return p99


def player_id(rows) -> int:
    if len(rows) != 1:
        raise RuntimeError(f"no single user named {PLAYER}")
    return rows[0][0]


def sqlite_half() -> float:
    with tempfile.TemporaryDirectory(prefix="waypoint-bench-updates-") as tmp:
        db = Path(tmp) / "updates.sqlite3"
        ids = bulk_insert_builds(db, BUILDS, seed=1, max_likes=2000)
        env = {"WAYPOINT_SEED_DEMO": "false", "WAYPOINT_RATE_LIMIT_PER_MINUTE": "0"}
        with ServerProcess(env=env, db_path=db) as server:
            client = server.signed_up(PLAYER)
            conn = sqlite3.connect(db)
            player = player_id(conn.execute("SELECT id FROM users WHERE display_name = ?", (PLAYER,)).fetchall())
            conn.close()
            seed_sqlite(db, player, ids)
            times = http_times(server, client)
            client.close()
        conn = sqlite3.connect(db)
        sql = UPDATES_SQL.format(user="?")
        print("SQLite plan:\n" + "\n".join(r[3] for r in conn.execute("EXPLAIN QUERY PLAN " + sql, (player,))),
              file=sys.stderr)
        query = []
        for _ in range(REQUESTS):
            t = time.perf_counter()
            conn.execute(sql, (player,)).fetchall()
            query.append(time.perf_counter() - t)
        conn.close()
    return report("sqlite", times, query)


def pg_half() -> float | None:
    import asyncpg

    from server.store.pg.bulk import pg_bulk_insert_builds

    async def fetch(url: str, sql: str, *args) -> list:
        conn = await asyncpg.connect(url)
        try:
            return await conn.fetch(sql, *args)
        finally:
            await conn.close()

    with scratch_database() as url:
        if url is None:
            return None
        ids = asyncio.run(pg_bulk_insert_builds(url, BUILDS, seed=1, max_likes=2000))
        env = {"WAYPOINT_SEED_DEMO": "false", "WAYPOINT_RATE_LIMIT_PER_MINUTE": "0", "WAYPOINT_DATABASE_URL": url}
        with ServerProcess(env=env) as server:
            client = server.signed_up(PLAYER)
            player = player_id(asyncio.run(fetch(url, "SELECT id FROM users WHERE display_name = $1", PLAYER)))
            asyncio.run(seed_pg(url, player, ids))
            times = http_times(server, client)
            client.close()

        async def query_times() -> list[float]:
            conn = await asyncpg.connect(url)
            try:
                plan_rows = await conn.fetch("EXPLAIN (ANALYZE, COSTS OFF) " + pg_revisions.UPDATES_SQL, player)
                print("PostgreSQL plan:\n" + "\n".join(r[0] for r in plan_rows), file=sys.stderr)
                out = []
                for _ in range(REQUESTS):
                    t = time.perf_counter()
                    await conn.fetch(pg_revisions.UPDATES_SQL, player)
                    out.append(time.perf_counter() - t)
                return out
            finally:
                await conn.close()

        return report("pg", times, asyncio.run(query_times()))


def main() -> int:
    worst: list[float] = []
    failed = False
    if "sqlite" in ENGINES:
        worst.append(sqlite_half())
    if "pg" in ENGINES:
        p = pg_half()
        if p is None:
            failed = True
        else:
            worst.append(p)
    if worst:
        bench(f"server.unseen_updates_p99_ms{TAG}", max(worst), "ms")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
