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

import httpx
from litestar.testing import AsyncTestClient

from e2e.harness import ServerProcess
from server.app import create_app
from server.store.bulk import bulk_insert_builds
from tests.server.conftest import forget_shared_entries, make_settings, same_origin, session_headers


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


async def test_likes_moving_across_the_page_boundary_neither_skip_nor_repeat(tmp_path):
    settings = make_settings(tmp_path)
    ids = bulk_insert_builds(settings.db_path, 60, seed=11, max_likes=0)
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
        # A client that sends only lastGuid + likeAmount (as the PWA does) gets the
        # same consistency: the server remembers the snapshot of the cursors it issued.
        plain = page1 + await _walk(c, cursor, use_snapshot=False)
        assert plain == walked
        # Control: with that memory gone (e.g. lost with the shared state) and no snapshot
        # sent, the same cursor repeats `top` and skips `low`, so the hazard is real.
        forget_shared_entries(app)
        app.state.public_pages.items.clear()  # and no reused anonymous pages
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
                        if walk == 0:  # the second walk sends only what the PWA sends
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
