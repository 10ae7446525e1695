"""Issue 18: two server processes on two ports against one PostgreSQL database behave as
one service. Each test starts real `python -m server serve` processes (e2e.harness) with
the same WAYPOINT_DATABASE_URL: the run's test database (conftest.pg_database), emptied first.
"""

from __future__ import annotations

import asyncio
import threading
import time

import httpx
import pytest

from e2e.harness import ServerProcess
from server.store.pg.bulk import pg_bulk_insert_builds
from tests.server.conftest import PG_ADMIN_URL, _db_url, _sync, empty_pg, publish_payload


@pytest.fixture
def pg_url(pg_database):
    _sync(empty_pg(pg_database))
    return pg_database


def _pair(url: str, **env: str) -> tuple[ServerProcess, ServerProcess]:
    base = {"WAYPOINT_DATABASE_URL": url, "WAYPOINT_SEED_DEMO": "false", "WAYPOINT_RATE_LIMIT_PER_MINUTE": "0",
            # Strict: a cached anonymous page is reused only while data_version is unchanged.
            "WAYPOINT_PUBLIC_PAGE_MAX_STALE_MS": "0", **env}
    a, b = ServerProcess(env=base), ServerProcess(env=base)
    # Started together: both apply migrations and open pools at the same moment.
    errors: list[BaseException] = []

    def start(s: ServerProcess) -> None:
        try:
            s.start()
        except BaseException as exc:  # noqa: BLE001 (reported below)
            errors.append(exc)

    threads = [threading.Thread(target=start, args=(s,)) for s in (a, b)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if errors:
        a.stop()
        b.stop()
        raise errors[0]
    return a, b


def _rows(url: str, sql: str, *args) -> list[tuple]:
    import asyncpg

    async def run():
        conn = await asyncpg.connect(url)
        try:
            return [tuple(r) for r in await conn.fetch(sql, *args)]
        finally:
            await conn.close()

    return _sync(run())


def _walk(server: ServerProcess, cursor: dict | None, page_size: int = 20) -> list[str]:
    """Every later page through `server`, sending only lastGuid + likeAmount (as the PWA does)."""
    out = []
    with server.client() as c:
        while cursor:
            data = c.get("/api/Build/search", params={"pageSize": page_size, "lastGuid": cursor["lastGuid"],
                                                      "likeAmount": cursor["likeAmount"]}).json()["data"]
            out += [b["buildId"] for b in data["builds"]]
            cursor = data["cursor"]
    return out


def test_likes_cursors_and_idempotency_keys_cross_processes(pg_url):
    ids = asyncio.run(pg_bulk_insert_builds(pg_url, 60, seed=4, max_likes=10))
    a, b = _pair(pg_url)
    try:
        # A like through A is counted in a search through B (an anonymous reader of B).
        with b.client() as reader:
            before = {x["buildId"]: x["likes"] for x in reader.get("/api/Build/search?pageSize=50").json()["data"]["builds"]}
        target = next(i for i in ids if i in before)
        fan = a.signed_up("Fan A")
        assert fan.post(f"/api/Build/{target}/like", json={"like": True}).json()["data"]["likes"] == before[target] + 1
        with b.client() as reader:
            after = {x["buildId"]: x["likes"] for x in reader.get("/api/Build/search?pageSize=50").json()["data"]["builds"]}
            assert after[target] == before[target] + 1
            assert reader.get(f"/api/Build/{target}").json()["data"]["buildInfo"]["likes"] == before[target] + 1
        # The session cookie from A is valid on B: sessions live in the shared database.
        cookie = fan.cookies["waypoint_session"]
        with b.client(cookies={"waypoint_session": cookie}) as on_b:
            assert on_b.get("/api/auth/me").json()["data"]["displayName"] == "Fan A"

        # A cursor from A pages correctly on B, while likes move a last-page build to the top.
        with a.client() as c:
            first = c.get("/api/Build/search?pageSize=20").json()["data"]
        page1 = [x["buildId"] for x in first["builds"]]
        low = _walk(a, first["cursor"])[-1]
        for i in range(12):
            liker = (a if i % 2 else b).signed_up(f"Mover {i}")
            assert liker.post(f"/api/Build/{low}/like", json={"like": True}).status_code == 200
            liker.close()
        walked = page1 + _walk(b, first["cursor"])
        assert len(walked) == len(set(walked)) == 60 and low in walked
        with b.client() as c:  # a fresh first page sees the new order
            assert c.get("/api/Build/search?pageSize=1").json()["data"]["builds"][0]["buildId"] == low

        # An Idempotency-Key replayed to B answers A's first result.
        p = publish_payload()
        key = {"Idempotency-Key": "scale-out-1"}
        first_answer = fan.post("/api/Build", json=p, headers=key)
        assert first_answer.status_code == 201
        with b.client(cookies={"waypoint_session": cookie}) as on_b:
            again = on_b.post("/api/Build", json=p, headers=key)
            assert again.status_code == 201 and again.content == first_answer.content
            assert again.headers["idempotent-replayed"] == "true"
            other = on_b.post("/api/Build", json=publish_payload(), headers=key)
            assert other.status_code == 422 and other.json()["error"]["code"] == "idempotency_mismatch"
        assert _rows(pg_url, "SELECT COUNT(*) FROM builds WHERE id = $1", p["buildId"])[0][0] == 1
        fan.close()
    finally:
        a.stop()
        b.stop()


def test_a_rate_limit_holds_across_both_processes(pg_url):
    ids = asyncio.run(pg_bulk_insert_builds(pg_url, 3, seed=5, max_likes=0))
    a, b = _pair(pg_url, WAYPOINT_RATE_LIMIT_PER_MINUTE="6")
    try:
        user = a.signed_up("Limited")  # 2 of the IP's 30
        cookie = user.cookies["waypoint_session"]
        clients = [s.client(cookies={"waypoint_session": cookie}) for s in (a, b)]
        started = time.monotonic()
        codes = [clients[i % 2].post(f"/api/Build/{ids[0]}/like", json={"like": i % 2 == 0}).status_code
                 for i in range(10)]
        # 6 a minute per session (a bucket of 6, one back every 10 s), in the one shared bucket
        # whichever process answers.
        refilled = int((time.monotonic() - started) / 10)
        assert 6 <= codes.count(200) <= 6 + refilled and codes.count(429) >= 4 - refilled, codes
        assert 429 in codes[::2] or 429 in codes[1::2]
        for c in clients:
            c.close()
        user.close()
    finally:
        a.stop()
        b.stop()


def test_kill_9_of_one_process_loses_no_acknowledged_write(pg_url):
    builds = asyncio.run(pg_bulk_insert_builds(pg_url, 40, seed=6, max_likes=0))
    a, b = _pair(pg_url)
    try:
        users = [(a if i % 2 else b).signed_up(f"Writer {i}", timeout=60) for i in range(20)]
        cookies = [u.cookies["waypoint_session"] for u in users]
        for u in users:
            u.close()
        acked: list[tuple[int, str]] = []
        b_failures: list[str] = []
        lock = threading.Lock()
        go = threading.Event()

        def writer(n: int) -> None:
            # 200 writers: writer n is user n % 20 liking its own 4 builds, through A or B.
            server = a if n % 2 else b
            user = n % 20
            mine = [builds[(n // 20) * 4 + k] for k in range(4)]
            with server.client(cookies={"waypoint_session": cookies[user]}, timeout=60) as c:
                go.wait()
                for build_id in mine:
                    try:
                        r = c.post(f"/api/Build/{build_id}/like", json={"like": True})
                    except httpx.HTTPError as exc:
                        if server is b:
                            with lock:
                                b_failures.append(repr(exc))
                        return
                    if r.status_code == 200 and r.json()["data"]["isLiked"] is True:
                        with lock:
                            acked.append((user, build_id))
                    elif server is b:
                        with lock:
                            b_failures.append(f"{r.status_code} {r.text[:200]}")

        threads = [threading.Thread(target=writer, args=(n,)) for n in range(200)]
        for t in threads:
            t.start()
        go.set()
        time.sleep(0.3)
        a.proc.kill()  # SIGKILL: no shutdown, in-flight requests are cut
        for t in threads:
            t.join(120)
        assert a.proc.wait(10) == -9
        assert not b_failures, b_failures[:3]
        stored = set(_rows(pg_url, "SELECT u.display_name, l.build_id FROM likes l JOIN users u ON u.id = l.user_id"))
        want = {(f"Writer {u}", bid) for u, bid in acked}
        assert want <= stored, f"{len(want - stored)} acknowledged likes missing"
        # B's 100 writers (even users) had every one of their 4 likes acknowledged.
        assert sum(1 for u, _ in acked if u % 2 == 0) == 400
        # The kill landed while A still had writes to do (else this test proves nothing).
        assert sum(1 for u, _ in acked if u % 2) < 400
        counts = dict(_rows(pg_url, "SELECT id, likes FROM builds"))
        per_build = dict(_rows(pg_url, "SELECT build_id, COUNT(*) FROM likes GROUP BY build_id"))
        assert all(counts[x] == per_build.get(x, 0) for x in builds)
        # The survivor keeps answering reads and writes.
        with b.client() as c:
            assert c.get("/api/health").json()["data"]["database"] == "ok"
            assert len(c.get("/api/Build/search?pageSize=50").json()["data"]["builds"]) == 40
    finally:
        a.stop()
        b.stop()


def test_processes_starting_together_migrate_a_fresh_database_once(pg_database):
    """Numbered PostgreSQL migrations under an advisory lock: three starters, each version once."""
    import asyncpg

    from server.store.pg import apply_pg_migrations
    from server.store.pg.migrate import migration_files

    name = f"waypoint_test_fresh_{int(time.time() * 1000) % 10**9}"

    async def run() -> list[list[int]]:
        admin = await asyncpg.connect(PG_ADMIN_URL)
        await admin.execute(f'CREATE DATABASE "{name}"')
        try:
            url = _db_url(PG_ADMIN_URL, name)
            results = await asyncio.gather(*(apply_pg_migrations(url) for _ in range(3)))
            conn = await asyncpg.connect(url)
            versions = [r[0] for r in await conn.fetch("SELECT version FROM schema_migrations ORDER BY version")]
            await conn.close()
            return results, versions
        finally:
            await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            await admin.close()

    results, versions = _sync(run())
    every = [v for v, _ in migration_files()]
    assert versions == every and sorted(v for r in results for v in r) == every
