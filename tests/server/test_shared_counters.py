"""Rate-limit counters in the SQLite shared state count on the event loop, and fall back to
the pool thread, without losing or doubling a count, while another process holds the lock."""

from __future__ import annotations

import asyncio
import sqlite3

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
        waits = [await shared.hit("a", 5, WINDOW_S) for _ in range(7)]
        assert waits[:5] == [0] * 5 and all(w > 0 for w in waits[5:])
        assert _count(path, "a") == 7

        other = sqlite3.connect(path, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")  # as another worker mid-write
        try:
            pending = asyncio.ensure_future(shared.hit("b", 1, WINDOW_S))
            await asyncio.sleep(0.3)
            assert not pending.done()  # waiting for the lock on the pool thread, not refused
        finally:
            other.execute("COMMIT")
            other.close()
        assert await pending == 0
        assert await shared.hit("b", 1, WINDOW_S) > 0
        assert _count(path, "b") == 2

        # Many inline counts: their checkpoints and sweeps run on the pool thread and lose nothing.
        for _ in range(3 * SqliteShared.CHECKPOINT_EVERY):
            await shared.hit("c", 10**6, WINDOW_S)
        await shared.put("flush", b"1", 60)  # the pool thread has run the queued housekeeping
        assert _count(path, "c") == 3 * SqliteShared.CHECKPOINT_EVERY
        assert (await shared.get("flush")) == b"1"
    finally:
        await shared.close()
