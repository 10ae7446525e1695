"""Concurrent likes against a real server with two worker processes: counts never drift."""

from __future__ import annotations

import random
import sqlite3
import threading

import httpx

from e2e.harness import ServerProcess
from server.store.bulk import bulk_insert_builds


def test_concurrent_likes_and_unlikes_match_the_like_rows(tmp_path):
    db = tmp_path / "likes.sqlite3"
    builds = bulk_insert_builds(db, 6, seed=9, max_likes=0)
    env = {"WAYPOINT_SEED_DEMO": "false", "WAYPOINT_RATE_LIMIT_PER_MINUTE": "0", "WAYPOINT_WORKERS": "2"}
    with ServerProcess(env=env, db_path=db) as server:
        users = [server.signed_up(f"Clicker {i}", timeout=30) for i in range(8)]
        final: dict[tuple[int, str], bool] = {}
        errors: list[str] = []

        def click(i: int, client: httpx.Client):
            rng = random.Random(i)
            for _ in range(60):
                build_id = rng.choice(builds)
                like = rng.random() < 0.55
                r = client.post(f"/api/Build/{build_id}/like", json={"like": like})
                if r.status_code != 200 or r.json()["data"]["isLiked"] is not like:
                    errors.append(r.text)
                final[(i, build_id)] = like

        threads = [threading.Thread(target=click, args=(i, c)) for i, c in enumerate(users)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(120)
        assert not errors, errors[:3]
        conn = sqlite3.connect(db)
        counts = dict(conn.execute("SELECT id, likes FROM builds"))
        rows = dict(conn.execute("SELECT build_id, COUNT(*) FROM likes GROUP BY build_id"))
        for build_id in builds:
            assert counts[build_id] == rows.get(build_id, 0), build_id
            # And the rows are exactly the last intent of each user.
            assert counts[build_id] == sum(1 for (_, b), liked in final.items() if b == build_id and liked)
        # The API agrees with the table.
        with server.client() as c:
            for build_id in builds:
                assert c.get(f"/api/Build/{build_id}").json()["data"]["buildInfo"]["likes"] == counts[build_id]
        events = dict(conn.execute("SELECT build_id, SUM(delta) FROM like_events GROUP BY build_id"))
        assert all(events.get(b, 0) == counts[b] for b in builds)


def test_two_workers_start_on_a_fresh_database(tmp_path):
    """Both worker processes migrate and seed at start; neither may trip over the other."""
    db = tmp_path / "fresh.sqlite3"
    env = {"WAYPOINT_WORKERS": "2", "WAYPOINT_RATE_LIMIT_PER_MINUTE": "0"}
    with ServerProcess(env=env, db_path=db) as server:
        with server.client() as c:
            for _ in range(20):
                assert c.get("/api/Build/search").status_code == 200
        log = server.log.read_text()
    assert "Traceback" not in log, log[-3000:]
    conn = sqlite3.connect(db)
    versions = [r[0] for r in conn.execute("SELECT version FROM schema_migrations")]
    assert len(versions) == len(set(versions))
    ids = [r[0] for r in conn.execute("SELECT id FROM builds")]
    assert ids and len(ids) == len(set(ids))
    drift = conn.execute(
        "SELECT COUNT(*) FROM builds b WHERE likes != (SELECT COUNT(*) FROM likes l WHERE l.build_id = b.id)"
    ).fetchone()[0]
    assert drift == 0
