"""Rate-limit counters in the SQLite shared state: counted on the event loop while the file is free,
on the pool thread while another process holds its lock, never lost or doubled, and several
counters of one request in one step that stops at the first over its limit."""

from __future__ import annotations

import asyncio
import sqlite3
import threading

from server.sharedstate import SqliteShared

WINDOW_S = 10**7  # one window for the whole test, whatever the clock


def _count(path, key: str) -> int:
    conn = sqlite3.connect(path)
    try:
        return sum(n for (n,) in conn.execute("SELECT n FROM counters WHERE key LIKE ?", (f"{key}@%",)))
    finally:
        conn.close()


async def test_counts_are_exact_inline_and_while_another_process_holds_the_lock(tmp_path):
    path = tmp_path / "db.sqlite3.shared"
    shared = SqliteShared(path)
    try:
        waits = [await shared.hit([("a", 5)], WINDOW_S) for _ in range(7)]
        assert waits[:5] == [0] * 5 and all(w > 0 for w in waits[5:])
        assert _count(path, "a") == 7

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
        assert _count(path, "b") == 2

        # Past a sweep (queued on the pool thread) nothing current is lost.
        for _ in range(SqliteShared.SWEEP_EVERY + 10):
            await shared.hit([("c", 10**6)], WINDOW_S)
        await shared.put("flush", b"1", 60)  # the pool thread has run what was queued before
        assert _count(path, "c") == SqliteShared.SWEEP_EVERY + 10
        assert (await shared.get("flush")) == b"1"
    finally:
        await shared.close()


async def test_a_free_file_is_counted_without_the_pool_thread(tmp_path):
    """The pool thread busy with something else does not hold a count up."""
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


async def test_counters_stop_at_the_first_over_its_limit(tmp_path):
    path = tmp_path / "db.sqlite3.shared"
    shared = SqliteShared(path)
    try:
        assert await shared.hit([("ip", 1), ("session", 5)], WINDOW_S) == 0
        assert await shared.hit([("ip", 1), ("session", 5)], WINDOW_S) > 0
        # The refused request counted against the IP, and not against the session.
        assert (_count(path, "ip"), _count(path, "session")) == (2, 1)
        assert await shared.hit([("other-ip", 1), ("session", 1)], WINDOW_S) > 0
        assert (_count(path, "other-ip"), _count(path, "session")) == (1, 2)
    finally:
        await shared.close()
