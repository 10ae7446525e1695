"""Rate limits in the SQLite shared state: decided on the event loop while the file is free, on the
pool thread while another process holds its lock, never lost or doubled, and the buckets of one
request taken together or not at all."""

from __future__ import annotations

import asyncio
import sqlite3
import threading

from server.sharedstate import SqliteShared

WINDOW_S = 10**7  # nothing refills during a test, whatever the clock


def _used(path, key: str, limit: int, now: float) -> float:
    """Tokens of `key` spent (its TAT ahead of now, in request intervals)."""
    conn = sqlite3.connect(path)
    try:
        row = conn.execute("SELECT a FROM limits WHERE key = ?", (key,)).fetchone()
        return 0 if row is None else round((row[0] - now) / (WINDOW_S / limit), 3)
    finally:
        conn.close()


def _frozen(shared: SqliteShared, now: float = 1_000_000.0) -> float:
    shared.clock = lambda: now
    return now


async def test_tokens_are_exact_inline_and_while_another_process_holds_the_lock(tmp_path):
    path = tmp_path / "db.sqlite3.shared"
    shared = SqliteShared(path)
    now = _frozen(shared)
    try:
        waits = [await shared.hit([("a", 5)], WINDOW_S) for _ in range(7)]
        assert waits[:5] == [0] * 5 and all(w > 0 for w in waits[5:])
        assert _used(path, "a", 5, now) == 5  # refused requests take nothing

        other = sqlite3.connect(path, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")  # as another worker mid-write
        try:
            pending = asyncio.ensure_future(shared.hit([("b", 1)], WINDOW_S))
            await asyncio.sleep(0.3)
            assert not pending.done()  # waiting for the lock on the pool thread, not refused
        finally:
            other.execute("COMMIT")
            other.close()
        assert await pending == 0
        assert await shared.hit([("b", 1)], WINDOW_S) > 0
        assert _used(path, "b", 1, now) == 1

        # Past a sweep (queued on the pool thread) nothing current is lost.
        for _ in range(SqliteShared.SWEEP_EVERY + 10):
            await shared.hit([("c", 10**6)], WINDOW_S)
        await shared.put("flush", b"1", 60)  # the pool thread has run what was queued before
        assert _used(path, "c", 10**6, now) == SqliteShared.SWEEP_EVERY + 10
        assert (await shared.get("flush")) == b"1"
    finally:
        await shared.close()


async def test_a_free_file_is_decided_without_the_pool_thread(tmp_path):
    """The pool thread busy with something else does not hold a limit up."""
    shared = SqliteShared(tmp_path / "db.sqlite3.shared")
    try:
        await shared.hit([("warm", 10)], WINDOW_S)  # opens the connections
        release = threading.Event()
        blocked = asyncio.get_running_loop().run_in_executor(shared._pool, release.wait, 10)
        try:
            assert await asyncio.wait_for(shared.hit([("d", 10)], WINDOW_S), 2) == 0
        finally:
            release.set()
            await blocked
    finally:
        await shared.close()


async def test_the_buckets_of_one_request_are_taken_together_or_not_at_all(tmp_path):
    path = tmp_path / "db.sqlite3.shared"
    shared = SqliteShared(path)
    now = _frozen(shared)
    try:
        assert await shared.hit([("ip", 1), ("session", 5)], WINDOW_S) == 0
        assert await shared.hit([("ip", 1), ("session", 5)], WINDOW_S) > 0
        # Refused by the IP's bucket: the session's token was not spent.
        assert (_used(path, "ip", 1, now), _used(path, "session", 5, now)) == (1, 1)
        assert await shared.hit([("other-ip", 1), ("session", 5)], WINDOW_S) == 0
        assert (_used(path, "other-ip", 1, now), _used(path, "session", 5, now)) == (1, 2)
    finally:
        await shared.close()
