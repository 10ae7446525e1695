"""State every worker process on one machine shares: rate-limit counters and short-lived
entries (cursor snapshots, the character cache).

SQLite by default: a small file beside the database (`<db>.shared`), separate so
this churn never waits on the build store's write lock. With PostgreSQL, tables in that
database (server.store.pg.shared), seen by every process on every machine. Redis when
`WAYPOINT_REDIS_URL` is set. Counters are fixed windows aligned to the clock (the key
carries the window number), so every worker counts into the same window.
"""

from __future__ import annotations

import asyncio
import math
import sqlite3
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Protocol

#: (key, limit): one rate-limit counter and the hits it allows a window.
Counter = tuple[str, int]


class SharedState(Protocol):
    async def hit(self, counters: Sequence[Counter], window_s: int = 60) -> int:
        """Count one hit on each counter in turn, stopping at the first over its limit: 0 when all
        are within their limits for this window, else seconds until that window resets."""

    async def get(self, key: str) -> bytes | None: ...

    async def put(self, key: str, value: bytes, ttl_s: float) -> None: ...

    async def close(self) -> None: ...


def window(window_s: int, now: float) -> tuple[int, int]:
    """(window number, seconds left in it, at least 1)."""
    number = int(now // window_s)
    return number, max(1, math.ceil((number + 1) * window_s - now))


class SqliteShared:
    SCHEMA = (
        "CREATE TABLE IF NOT EXISTS counters (key TEXT PRIMARY KEY, n INTEGER NOT NULL, expires REAL NOT NULL)"
        " WITHOUT ROWID",
        "CREATE TABLE IF NOT EXISTS entries (key TEXT PRIMARY KEY, value BLOB NOT NULL, expires REAL NOT NULL)"
        " WITHOUT ROWID",
    )
    SWEEP_EVERY = 2_000

    def __init__(self, path: str | Path):
        self.path = Path(path)
        # One thread and one connection for entries, sweeps, and counters that must wait for
        # another process's lock; a second connection counts on the event loop (see hit).
        self._pool = ThreadPoolExecutor(1, thread_name_prefix="waypoint-shared")
        self._conn: sqlite3.Connection | None = None
        self._inline: sqlite3.Connection | None = None
        self._ops = 0

    def _open(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False, timeout=5)
        conn.execute("PRAGMA journal_mode=WAL")
        # Ephemeral data: losing the last moments in a power cut only resets some counters.
        conn.execute("PRAGMA synchronous=OFF")
        for statement in self.SCHEMA:
            conn.execute(statement)
        inline = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False, timeout=0)
        inline.execute("PRAGMA synchronous=OFF")
        self._conn, self._inline = conn, inline

    async def _run(self, fn):
        loop = asyncio.get_running_loop()
        if self._conn is None:
            await loop.run_in_executor(self._pool, self._open)
        return await loop.run_in_executor(self._pool, fn)

    def _sweep(self, now: float) -> None:
        self._ops += 1
        if self._ops % self.SWEEP_EVERY == 0:
            self._sweep_now()

    @staticmethod
    def _count(conn: sqlite3.Connection, counters: Sequence[Counter], window_s: int) -> int:
        now = time.time()
        number, left = window(window_s, now)
        for key, limit in counters:
            (n,) = conn.execute(
                "INSERT INTO counters(key, n, expires) VALUES (?, 1, ?)"
                " ON CONFLICT(key) DO UPDATE SET n = n + 1 RETURNING n",
                (f"{key}@{number}", now + left),
            ).fetchone()
            if n > limit:
                return left
        return 0

    async def hit(self, counters: Sequence[Counter], window_s: int = 60) -> int:
        """Counted here on the event loop while the file's write lock is free: a few upserts in one
        transaction, no fsync (synchronous=OFF), tens of microseconds, where a trip to the pool
        thread and back costs a busy loop two turns for every mutation. While another process
        holds the lock (busy_timeout 0: BEGIN fails at once, nothing counted), the pool thread
        counts, waiting for the lock."""
        inline = self._inline
        if inline is not None:
            try:
                inline.execute("BEGIN IMMEDIATE")
            except sqlite3.OperationalError:
                pass
            else:
                try:
                    wait = self._count(inline, counters, window_s)
                except BaseException:
                    inline.execute("ROLLBACK")
                    raise
                inline.execute("COMMIT")
                self._ops += 1
                if self._ops % self.SWEEP_EVERY == 0:
                    self._pool.submit(self._sweep_now)
                return wait

        def run() -> int:
            self._sweep(time.time())
            return self._count(self._conn, counters, window_s)

        return await self._run(run)

    def _sweep_now(self) -> None:
        if self._conn is None:
            return
        now = time.time()
        try:
            self._conn.execute("DELETE FROM counters WHERE expires < ?", (now,))
            self._conn.execute("DELETE FROM entries WHERE expires < ?", (now,))
        except sqlite3.OperationalError:
            pass  # another process holds the lock: a later sweep removes them

    async def get(self, key: str) -> bytes | None:
        def run() -> bytes | None:
            row = self._conn.execute(
                "SELECT value FROM entries WHERE key = ? AND expires > ?", (key, time.time())
            ).fetchone()
            return bytes(row[0]) if row else None

        return await self._run(run)

    async def put(self, key: str, value: bytes, ttl_s: float) -> None:
        def run() -> None:
            now = time.time()
            self._conn.execute(
                "INSERT INTO entries(key, value, expires) VALUES (?, ?, ?)"
                " ON CONFLICT(key) DO UPDATE SET value = excluded.value, expires = excluded.expires",
                (key, value, now + ttl_s),
            )
            self._sweep(now)

        await self._run(run)

    async def forget_entries(self) -> None:
        await self._run(lambda: self._conn.execute("DELETE FROM entries"))

    async def close(self) -> None:
        if self._inline is not None:
            self._inline.close()
            self._inline = None
        if self._conn is not None:
            conn, self._conn = self._conn, None
            await asyncio.get_running_loop().run_in_executor(self._pool, conn.close)
        self._pool.shutdown(wait=False)


class RedisShared:
    def __init__(self, url: str, prefix: str = "waypoint:"):
        import redis.asyncio as redis

        self.PREFIX = prefix
        self.client = redis.Redis.from_url(url, socket_timeout=2, socket_connect_timeout=2)

    async def hit(self, counters: Sequence[Counter], window_s: int = 60) -> int:
        number, left = window(window_s, time.time())
        for key, limit in counters:
            name = f"{self.PREFIX}c:{key}@{number}"
            async with self.client.pipeline(transaction=True) as pipe:
                n, _ = await pipe.incr(name).expire(name, left + 1).execute()
            if n > limit:
                return left
        return 0

    async def get(self, key: str) -> bytes | None:
        return await self.client.get(f"{self.PREFIX}e:{key}")

    async def put(self, key: str, value: bytes, ttl_s: float) -> None:
        await self.client.set(f"{self.PREFIX}e:{key}", value, px=max(1, int(ttl_s * 1000)))

    async def close(self) -> None:
        await self.client.aclose()


def shared_state_for(settings, store) -> SharedState:
    """Redis when configured, else the store's own shared state (a SQLite file beside the
    database, or tables in PostgreSQL, which every process and machine sees)."""
    if settings.redis_url:
        return RedisShared(settings.redis_url, settings.redis_prefix)
    return store.shared_state()
