"""Paging stays consistent while likes change: no build is skipped or repeated.

A cursor pins the like-event snapshot of its first page (see server/store/builds.py).
The deterministic test also shows the hazard is real: the same walk without the
snapshot skips one build and repeats another.
"""

from __future__ import annotations

import random
import sqlite3
import threading
import time
from pathlib import Path

import httpx
from litestar.testing import AsyncTestClient

from e2e.harness import ServerProcess
from server.app import create_app
from server.store.bulk import bulk_insert_builds
from tests.server.conftest import (
    bulk_insert,
    forget_shared_entries,
    make_settings,
    same_origin,
    session_headers,
)


async def _walk(c, first_cursor, use_snapshot=True, size=20) -> list[str]:
    out, cursor = [], first_cursor
    while cursor:
        params = {"pageSize": size, "lastGuid": cursor["lastGuid"], "likeAmount": cursor["likeAmount"]}
        if use_snapshot:
            params["snapshot"] = cursor["snapshot"]
        data = (await c.get("/api/Build/search", params=params)).json()["data"]
        out += [b["buildId"] for b in data["builds"]]
        cursor = data["cursor"]
    return out


async def test_likes_moving_across_the_page_boundary_neither_skip_nor_repeat(tmp_path, engine):
    settings = make_settings(tmp_path, engine)
    ids = await bulk_insert(settings, 60, seed=11, max_likes=0)
    app = create_app(settings)
    async with AsyncTestClient(app=app) as c:
        same_origin(c)
        fans = [await session_headers(c, f"Fan {i}") for i in range(10)]
        # Build k gets k % 11 likes, so the order is spread over 0..10 likes.
        for k, build_id in enumerate(ids):
            for f in fans[: k % 11]:
                r = await c.post(f"/api/Build/{build_id}/like", json={"like": True}, headers=f)
                assert r.status_code == 200
        first = (await c.get("/api/Build/search", params={"pageSize": 20})).json()["data"]
        page1 = [b["buildId"] for b in first["builds"]]
        cursor = first["cursor"]
        assert cursor["snapshot"] > 0
        # The top build of page 1 loses every like; a 0-like build from the last page gains ten.
        top = page1[0]
        low = next(b for b in reversed(ids) if b not in page1 and ids.index(b) % 11 == 0)
        for f in fans:
            await c.post(f"/api/Build/{top}/like", json={"like": False}, headers=f)
            await c.post(f"/api/Build/{low}/like", json={"like": True}, headers=f)
        rest = await _walk(c, cursor)
        walked = page1 + rest
        assert len(walked) == len(set(walked)) == 60
        assert set(walked) == set(ids)
        # The counts shown are current even though the order is pinned.
        assert (await c.get(f"/api/Build/{low}")).json()["data"]["buildInfo"]["likes"] == 10
        # A client that sends only lastGuid + likeAmount (no snapshot) gets the
        # same consistency: the server remembers the snapshot of the cursors it issued.
        plain = page1 + await _walk(c, cursor, use_snapshot=False)
        assert plain == walked
        # Control: with that memory gone (e.g. lost with the shared state) and no snapshot
        # sent, the same cursor repeats `top` and skips `low`, so the hazard is real.
        await forget_shared_entries(app)
        app.state.public_pages.clear()  # and no reused anonymous pages
        naive = page1 + await _walk(c, cursor, use_snapshot=False)
        assert naive.count(top) == 2 and low not in naive
        # A fresh first page sees the new order.
        fresh = [b["buildId"] for b in (await c.get("/api/Build/search", params={"pageSize": 20})).json()["data"]["builds"]]
        assert low in fresh and top not in fresh


def test_paging_a_real_server_while_likes_change_concurrently(tmp_path):
    db = tmp_path / "paging.sqlite3"
    ids = bulk_insert_builds(db, 400, seed=5, max_likes=6)
    env = {"WAYPOINT_SEED_DEMO": "false", "WAYPOINT_RATE_LIMIT_PER_MINUTE": "0"}
    with ServerProcess(env=env, db_path=db) as server:
        likers = [server.signed_up(f"Liker {i}") for i in range(6)]
        stop = threading.Event()
        changes = [0]

        def churn(client: httpx.Client, seed: int):
            rng = random.Random(seed)
            while not stop.is_set():
                build_id = rng.choice(ids[:120]) if rng.random() < 0.5 else rng.choice(ids)
                r = client.post(f"/api/Build/{build_id}/like", json={"like": rng.random() < 0.6})
                assert r.status_code == 200
                changes[0] += 1

        threads = [threading.Thread(target=churn, args=(c, i), daemon=True) for i, c in enumerate(likers)]
        for t in threads:
            t.start()
        try:
            time.sleep(0.3)
            reader = server.client()
            seen, cursor, before = [], None, None
            for walk in range(2):
                seen, cursor = [], None
                while True:
                    params = {"pageSize": 15}
                    if cursor:
                        params.update(lastGuid=cursor["lastGuid"], likeAmount=cursor["likeAmount"])
                        if walk == 0:  # the second walk leaves the snapshot out (the one worker remembers it)
                            params["snapshot"] = cursor["snapshot"]
                    data = reader.get("/api/Build/search", params=params).json()["data"]
                    seen += [b["buildId"] for b in data["builds"]]
                    cursor = data["cursor"]
                    if before is None:
                        before = changes[0]
                    if not cursor:
                        break
                    time.sleep(0.01)
                assert len(seen) == len(set(seen)), f"walk {walk}: a build was repeated"
                assert set(seen) == set(ids), f"walk {walk}: a build was skipped"
            assert changes[0] - before > 50, "likes must really change while paging"
        finally:
            stop.set()
            for t in threads:
                t.join(10)
        conn = sqlite3.connect(db)
        events = conn.execute("SELECT COUNT(*) FROM like_events").fetchone()[0]
        assert events > 50


def _worker_pids(server: ServerProcess) -> set[int]:
    """The uvicorn worker processes under the server's supervisor process (not its resource tracker)."""
    pid = server.proc.pid
    children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    return {int(c) for c in children if b"spawn_main" in Path(f"/proc/{c}/cmdline").read_bytes()}


def test_the_second_search_page_keeps_its_snapshot_with_2_workers(tmp_path):
    """Two worker processes share no memory: the cursor's snapshot comes back from the
    client (as the PWA's builds.ts sends it), so whichever worker answers a later page
    sorts it by the first page's counts. Likes move across the page boundary between
    the pages and keep changing while the walk goes on."""
    db = tmp_path / "workers.sqlite3"
    ids = bulk_insert_builds(db, 90, seed=13, max_likes=0)
    env = {"WAYPOINT_SEED_DEMO": "false", "WAYPOINT_RATE_LIMIT_PER_MINUTE": "0", "WAYPOINT_WORKERS": "2"}
    with ServerProcess(env=env, db_path=db) as server:
        deadline = time.monotonic() + 30
        while len(_worker_pids(server)) < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert len(_worker_pids(server)) == 2
        fans = [server.signed_up(f"Fan {i}") for i in range(8)]
        for k, build_id in enumerate(ids):
            for fan in fans[: k % 9]:
                assert fan.post(f"/api/Build/{build_id}/like", json={"like": True}).status_code == 200

        def page(cursor: dict | None) -> dict:
            # A new connection per request, so the kernel hands requests to either worker.
            params = {"pageSize": 20, **(cursor or {})}
            r = httpx.get(f"{server.base_url}/api/Build/search", params=params, timeout=15)
            assert r.status_code == 200, r.text
            return r.json()["data"]

        for walk in range(3):
            first = page(None)
            seen = [b["buildId"] for b in first["builds"]]
            cursor = first["cursor"]
            assert set(cursor) == {"lastGuid", "likeAmount", "snapshot"} and cursor["snapshot"] > 0
            # The top build of page 1 loses its likes, a 0-like build beyond it gains 8:
            # sorted by current counts, the next pages would repeat one and skip the other.
            top = seen[0]
            low = next(b for b in reversed(ids) if b not in seen and ids.index(b) % 9 == 0)
            for fan in fans:
                fan.post(f"/api/Build/{top}/like", json={"like": False})
                fan.post(f"/api/Build/{low}/like", json={"like": True})
            stop = threading.Event()
            rng = random.Random(walk)

            def churn(fan=fans[walk], stop=stop, rng=rng):
                while not stop.is_set():
                    fan.post(f"/api/Build/{rng.choice(ids)}/like", json={"like": rng.random() < 0.5})

            thread = threading.Thread(target=churn, daemon=True)
            thread.start()
            try:
                while cursor:
                    data = page(cursor)  # the cursor goes back whole, snapshot included
                    seen += [b["buildId"] for b in data["builds"]]
                    cursor = data["cursor"]
            finally:
                stop.set()
                thread.join(10)
            assert len(seen) == len(set(seen)), f"walk {walk}: a build was repeated"
            assert set(seen) == set(ids), f"walk {walk}: a build was skipped"
            # Restore the order for the next walk's hazard.
            for fan in fans:
                fan.post(f"/api/Build/{low}/like", json={"like": False})
                fan.post(f"/api/Build/{top}/like", json={"like": True})
