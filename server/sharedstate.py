"""State every worker process on one machine shares: rate limits and short-lived entries
(cursor snapshots, the character cache).

SQLite by default: a small file beside the database (`<db>.shared`), separate so
this churn never waits on the build store's write lock. With PostgreSQL, tables in that
database (server.store.pg.shared), seen by every process on every machine. Redis when
`WAYPOINT_REDIS_URL` is set. Limits are token buckets and sign-in backoffs (the rules:
server.ratelimit), each read and written in one transaction (in Redis, one script), so two
workers never both spend the last token.
"""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Protocol

from server.ratelimit import Backoff, Slot, attempt, take, whole_seconds

#: (key, limit): one token bucket and the requests it lets through a window.
Counter = tuple[str, int]


class SharedState(Protocol):
    #: The time (seconds since the epoch) every limit is reckoned by; tests may set it.
    clock: Callable[[], float]

    async def hit(self, counters: Sequence[Counter], window_s: int = 60) -> int:
        """One request through each token bucket (`limit` a window, at most `limit` at once), or
        through none: 0 when every bucket had a token (one is taken from each), else whole
        seconds until all would have one (nothing is taken)."""

    async def attempt(self, key: str, policy: Backoff) -> int:
        """A sign-in attempt of one (account, address) pair: 0 when it may go ahead (counted as a
        failure until `forgive`), else whole seconds to wait (server.ratelimit.attempt)."""

    async def forgive(self, key: str) -> None:
        """Forget a pair's failures (it signed in)."""

    async def get(self, key: str) -> bytes | None: ...

    async def put(self, key: str, value: bytes, ttl_s: float) -> None: ...

    async def delete(self, key: str) -> None: ...

    async def close(self) -> None: ...


def read_slots(conn: sqlite3.Connection, keys: Sequence[str], now: float) -> list[Slot | None]:
    marks = ",".join("?" * len(keys))
    found = {
        k: Slot(a, b, e)
        for k, a, b, e in conn.execute(f"SELECT key, a, b, expires FROM limits WHERE key IN ({marks})", tuple(keys))
        if e > now
    }
    return [found.get(k) for k in keys]


def write_slots(conn: sqlite3.Connection, keys: Sequence[str], slots: Sequence[Slot]) -> None:
    conn.executemany(
        "INSERT INTO limits(key, a, b, expires) VALUES (?, ?, ?, ?) ON CONFLICT(key) DO UPDATE"
        " SET a = excluded.a, b = excluded.b, expires = excluded.expires",
        [(k, *slot) for k, slot in zip(keys, slots, strict=True)],
    )


class SqliteShared:
    SCHEMA = (
        "DROP TABLE IF EXISTS counters",  # fixed windows, before token buckets
        "CREATE TABLE IF NOT EXISTS limits (key TEXT PRIMARY KEY, a REAL NOT NULL, b REAL NOT NULL,"
        " expires REAL NOT NULL) WITHOUT ROWID",
        "CREATE TABLE IF NOT EXISTS entries (key TEXT PRIMARY KEY, value BLOB NOT NULL, expires REAL NOT NULL)"
        " WITHOUT ROWID",
    )
    SWEEP_EVERY = 2_000

    def __init__(self, path: str | Path):
        self.path = Path(path)
        self.clock = time.time
        # One thread and one connection for entries, sweeps, and limits that must wait for
        # another process's lock; a second connection decides limits on the event loop (see _limit).
        self._pool = ThreadPoolExecutor(1, thread_name_prefix="waypoint-shared")
        self._conn: sqlite3.Connection | None = None
        self._inline: sqlite3.Connection | None = None
        self._ops = 0

    def _open(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False, timeout=5)
        conn.execute("PRAGMA journal_mode=WAL")
        # Ephemeral data: losing the last moments in a power cut only refills some buckets.
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

    def _sweep(self) -> None:
        self._ops += 1
        if self._ops % self.SWEEP_EVERY == 0:
            self._sweep_now()

    @staticmethod
    def _in_transaction(conn: sqlite3.Connection, fn):
        try:
            result = fn(conn)
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")
        return result

    async def _limit(self, fn):
        """fn(conn) in one write transaction. Here on the event loop while the file's write lock
        is free: a few rows, no fsync (synchronous=OFF), tens of microseconds, where a trip to the
        pool thread and back costs a busy loop two turns for every mutation. While another
        process holds the lock (busy_timeout 0: BEGIN fails at once, nothing read), the pool
        thread runs it, waiting for the lock."""
        inline = self._inline
        if inline is not None:
            try:
                inline.execute("BEGIN IMMEDIATE")
            except sqlite3.OperationalError:
                pass
            else:
                result = self._in_transaction(inline, fn)
                self._ops += 1
                if self._ops % self.SWEEP_EVERY == 0:
                    self._pool.submit(self._sweep_now)
                return result

        def run():
            self._sweep()
            self._conn.execute("BEGIN IMMEDIATE")
            return self._in_transaction(self._conn, fn)

        return await self._run(run)

    async def hit(self, counters: Sequence[Counter], window_s: int = 60) -> int:
        keys = [k for k, _ in counters]
        limits = [n for _, n in counters]
        now = self.clock()

        def decide(conn: sqlite3.Connection) -> float:
            slots, wait = take(read_slots(conn, keys, now), limits, window_s, now)
            if slots is not None:
                write_slots(conn, keys, slots)
            return wait

        return whole_seconds(await self._limit(decide))

    async def attempt(self, key: str, policy: Backoff) -> int:
        now = self.clock()

        def decide(conn: sqlite3.Connection) -> float:
            slot, wait = attempt(read_slots(conn, [key], now)[0], policy, now)
            if slot is not None:
                write_slots(conn, [key], [slot])
            return wait

        return whole_seconds(await self._limit(decide))

    async def forgive(self, key: str) -> None:
        await self._limit(lambda conn: conn.execute("DELETE FROM limits WHERE key = ?", (key,)))

    def _sweep_now(self) -> None:
        if self._conn is None:
            return
        now = self.clock()
        try:
            self._conn.execute("DELETE FROM limits WHERE expires < ?", (now,))
            self._conn.execute("DELETE FROM entries WHERE expires < ?", (now,))
        except sqlite3.OperationalError:
            pass  # another process holds the lock: a later sweep removes them

    async def get(self, key: str) -> bytes | None:
        def run() -> bytes | None:
            row = self._conn.execute(
                "SELECT value FROM entries WHERE key = ? AND expires > ?", (key, self.clock())
            ).fetchone()
            return bytes(row[0]) if row else None

        return await self._run(run)

    async def put(self, key: str, value: bytes, ttl_s: float) -> None:
        def run() -> None:
            self._conn.execute(
                "INSERT INTO entries(key, value, expires) VALUES (?, ?, ?)"
                " ON CONFLICT(key) DO UPDATE SET value = excluded.value, expires = excluded.expires",
                (key, value, self.clock() + ttl_s),
            )
            self._sweep()

        await self._run(run)

    async def delete(self, key: str) -> None:
        await self._run(lambda: self._conn.execute("DELETE FROM entries WHERE key = ?", (key,)))

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


# The rules of server.ratelimit as Redis scripts: each runs whole, so no two workers decide at
# once. The time comes from the caller (every process reckons by its own synchronised clock).
TAKE_LUA = """
local now, window = tonumber(ARGV[1]), tonumber(ARGV[2])
local tats, wait = {}, 0
for i, key in ipairs(KEYS) do
  local interval = window / tonumber(ARGV[i + 2])
  local tat = tonumber(redis.call('GET', key)) or now
  if tat < now then tat = now end
  tat = tat + interval
  if tat - now > window and tat - window - now > wait then wait = tat - window - now end
  tats[i] = tat
end
if wait > 0 then return tostring(wait) end
for i, key in ipairs(KEYS) do
  redis.call('SET', key, string.format('%.6f', tats[i]), 'PX', math.ceil((tats[i] - now) * 1000) + 1)
end
return '0'
"""
ATTEMPT_LUA = """
local now, free, base, cap, forget = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]),
  tonumber(ARGV[4]), tonumber(ARGV[5])
local failures, next_at = 0, 0
local stored = redis.call('GET', KEYS[1])
if stored then
  local f, n = string.match(stored, '^(%S+) (%S+)$')
  failures, next_at = tonumber(f), tonumber(n)
end
if now < next_at then return tostring(next_at - now) end
failures = failures + 1
local delay = 0
if failures >= free then delay = math.min(cap, base * 2 ^ math.min(failures - free, 64)) end
redis.call('SET', KEYS[1], string.format('%d %.6f', failures, now + delay), 'PX', math.ceil((delay + forget) * 1000))
return '0'
"""


class RedisShared:
    def __init__(self, url: str, prefix: str = "waypoint:"):
        import redis.asyncio as redis

        self.PREFIX = prefix
        self.clock = time.time
        self.client = redis.Redis.from_url(url, socket_timeout=2, socket_connect_timeout=2)
        self._take = self.client.register_script(TAKE_LUA)
        self._attempt = self.client.register_script(ATTEMPT_LUA)

    async def hit(self, counters: Sequence[Counter], window_s: int = 60) -> int:
        keys = [f"{self.PREFIX}l:{k}" for k, _ in counters]
        wait = await self._take(keys=keys, args=[repr(self.clock()), window_s, *(n for _, n in counters)])
        return whole_seconds(float(wait))

    async def attempt(self, key: str, policy: Backoff) -> int:
        wait = await self._attempt(
            keys=[f"{self.PREFIX}l:{key}"],
            args=[repr(self.clock()), policy.free, policy.base_s, policy.cap_s, policy.forget_s],
        )
        return whole_seconds(float(wait))

    async def forgive(self, key: str) -> None:
        await self.client.delete(f"{self.PREFIX}l:{key}")

    async def get(self, key: str) -> bytes | None:
        return await self.client.get(f"{self.PREFIX}e:{key}")

    async def put(self, key: str, value: bytes, ttl_s: float) -> None:
        await self.client.set(f"{self.PREFIX}e:{key}", value, px=max(1, int(ttl_s * 1000)))

    async def delete(self, key: str) -> None:
        await self.client.delete(f"{self.PREFIX}e:{key}")

    async def close(self) -> None:
        await self.client.aclose()


def shared_state_for(settings, store) -> SharedState:
    """Redis when configured, else the store's own shared state (a SQLite file beside the
    database, or tables in PostgreSQL, which every process and machine sees)."""
    if settings.redis_url:
        return RedisShared(settings.redis_url, settings.redis_prefix)
    return store.shared_state()
