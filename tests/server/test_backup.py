"""Issue 32, item 10: `python -m server backup PATH` takes a consistent copy of the SQLite store while
it serves, and `python -m server restore PATH` brings it back: a backup taken under 50 writers
restores with every write acknowledged before it began, and serves."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import threading
import time

import httpx

from e2e.harness import REPO, ServerProcess
from server.store.bulk import bulk_insert_builds

WRITERS = 50


def _command(*args: str, **env: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "server", *args], cwd=REPO, capture_output=True, text=True,
                          env={**os.environ, **env}, timeout=300)


def _likes(path) -> set[tuple[str, str]]:
    with sqlite3.connect(path) as conn:
        return set(conn.execute("SELECT u.subject, l.build_id FROM likes l JOIN users u ON u.id = l.user_id"))


def _counts_match_rows(path) -> bool:
    with sqlite3.connect(path) as conn:
        return conn.execute(
            "SELECT COUNT(*) FROM builds b WHERE b.likes <> (SELECT COUNT(*) FROM likes l WHERE l.build_id = b.id)"
        ).fetchone()[0] == 0


def test_a_backup_under_50_writers_restores_every_acknowledged_write(tmp_path):
    db = tmp_path / "live.sqlite3"
    ids = bulk_insert_builds(db, 400, seed=11, max_likes=0)
    env = {"WAYPOINT_WORKERS": "2", "WAYPOINT_SEED_DEMO": "false", "WAYPOINT_RATE_LIMIT_PER_MINUTE": "0",
           "WAYPOINT_LOGIN_ATTEMPTS_PER_MINUTE": "0"}
    acked: list[tuple[float, str, str]] = []  # (acknowledged at, account, build id)
    lock, stop, ready = threading.Lock(), threading.Event(), threading.Barrier(WRITERS + 1)
    errors: list[str] = []
    with ServerProcess(env=env, db_path=db) as server:

        def writer(i: int) -> None:
            account = f"writer-{i:02d}"
            try:
                client = server.signed_up(f"Writer {i:02d}", timeout=60)
            except Exception as exc:  # noqa: BLE001 - reported below
                errors.append(f"{account}: {exc}")
                ready.abort()
                return
            ready.wait()
            try:
                for build_id in ids:
                    if stop.is_set():
                        return
                    try:
                        r = client.post(f"/api/Build/{build_id}/like", json={"like": True})
                    except httpx.HTTPError as exc:
                        errors.append(f"{account}: {exc}")
                        return
                    if r.status_code == 200:
                        with lock:
                            acked.append((time.monotonic(), account, build_id))
                    else:
                        errors.append(f"{account}: {r.status_code} {r.text[:100]}")
            finally:
                client.close()

        threads = [threading.Thread(target=writer, args=(i,)) for i in range(WRITERS)]
        for t in threads:
            t.start()
        ready.wait(timeout=300)
        deadline = time.monotonic() + 120
        while len(acked) < 10 * WRITERS and time.monotonic() < deadline:
            time.sleep(0.05)
        began = time.monotonic()
        done = _command("backup", str(tmp_path / "backup.sqlite3"), WAYPOINT_DB_PATH=str(db))
        ended = time.monotonic()
        during = sum(1 for at, *_ in list(acked) if began <= at <= ended)
        stop.set()
        for t in threads:
            t.join(120)
    assert not errors, errors[:5]
    assert done.returncode == 0, done.stderr
    assert "backed up" in done.stdout
    assert during > 0, "no write was acknowledged while the backup ran"
    backup = tmp_path / "backup.sqlite3"
    assert not (tmp_path / "backup.sqlite3-wal").exists()  # one self-contained file
    before = {(account, build) for at, account, build in acked if at < began}
    in_backup = _likes(backup)
    assert before <= in_backup, len(before - in_backup)
    assert in_backup <= {(account, build) for _, account, build in acked}  # nothing unacknowledged... or half
    assert _counts_match_rows(backup)  # one consistent moment: every count matches its rows

    # Restore into a fresh place and serve from it.
    restored = tmp_path / "restored.sqlite3"
    done = _command("restore", str(backup), WAYPOINT_DB_PATH=str(restored))
    assert done.returncode == 0, done.stderr
    assert _likes(restored) == in_backup
    with ServerProcess(env={"WAYPOINT_SEED_DEMO": "false"}, db_path=restored) as server:
        account, build_id = sorted(before)[0]
        info = server.client().get(f"/api/Build/{build_id}").json()["data"]["buildInfo"]
        assert info["likes"] == sum(1 for _, b in in_backup if b == build_id) >= 1
        with sqlite3.connect(restored) as conn:
            (wanted,) = conn.execute("SELECT COUNT(*) FROM builds").fetchone()
        page = server.client().get("/api/Build/search", params={"pageSize": 50}).json()["data"]
        assert len(page["builds"]) == 50 and wanted == len(ids)


def test_restore_refuses_what_is_not_a_waypoint_backup_and_leaves_the_database(tmp_path):
    db = tmp_path / "live.sqlite3"
    bulk_insert_builds(db, 3, seed=2, max_likes=0)
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"not a database at all" * 100)
    other = tmp_path / "other.sqlite3"
    sqlite3.connect(other).execute("CREATE TABLE t (x)").connection.close()
    for bad in (junk, other, tmp_path / "missing.sqlite3"):
        done = _command("restore", str(bad), WAYPOINT_DB_PATH=str(db))
        assert done.returncode == 1 and "restore failed" in done.stderr, (bad, done.stderr)
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT COUNT(*) FROM builds").fetchone()[0] == 3
    done = _command("backup", str(db), WAYPOINT_DB_PATH=str(db))
    assert done.returncode == 1 and "another file" in done.stderr


def test_on_postgresql_the_commands_point_to_its_own_tools(pg_database):
    for command in ("backup", "restore"):
        done = _command(command, "/tmp/never-written.dump", WAYPOINT_DATABASE_URL=pg_database)
        assert done.returncode == 2 and "pg_dump" in done.stderr
    assert not os.path.exists("/tmp/never-written.dump")
