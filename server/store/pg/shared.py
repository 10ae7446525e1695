"""Shared state in PostgreSQL: every server process on every machine sees the same
rate-limit windows, cursor snapshots and cached characters (unlogged tables, 0001)."""

from __future__ import annotations

import time
from collections.abc import Sequence

import asyncpg

from server.sharedstate import Counter, window


class PgShared:
    SWEEP_EVERY = 2_000

    def __init__(self, pool: asyncpg.Pool):
        self.pool = pool
        self._ops = 0

    async def _sweep(self, now: float) -> None:
        self._ops += 1
        if self._ops % self.SWEEP_EVERY == 0:
            await self.pool.execute("DELETE FROM shared_counters WHERE expires < $1", now)
            await self.pool.execute("DELETE FROM shared_entries WHERE expires < $1", now)

    async def hit(self, counters: Sequence[Counter], window_s: int = 60) -> int:
        now = time.time()
        number, left = window(window_s, now)
        await self._sweep(now)
        for key, limit in counters:
            n = await self.pool.fetchval(
                "INSERT INTO shared_counters(key, n, expires) VALUES ($1, 1, $2)"
                " ON CONFLICT(key) DO UPDATE SET n = shared_counters.n + 1 RETURNING n",
                f"{key}@{number}", now + left,
            )
            if n > limit:
                return left
        return 0

    async def get(self, key: str) -> bytes | None:
        return await self.pool.fetchval(
            "SELECT value FROM shared_entries WHERE key = $1 AND expires > $2", key, time.time()
        )

    async def put(self, key: str, value: bytes, ttl_s: float) -> None:
        now = time.time()
        await self.pool.execute(
            "INSERT INTO shared_entries(key, value, expires) VALUES ($1, $2, $3)"
            " ON CONFLICT(key) DO UPDATE SET value = excluded.value, expires = excluded.expires",
            key, value, now + ttl_s,
        )
        await self._sweep(now)

    async def forget_entries(self) -> None:
        await self.pool.execute("DELETE FROM shared_entries")

    async def close(self) -> None:
        """The pool belongs to the store, which closes it."""
