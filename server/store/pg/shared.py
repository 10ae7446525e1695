"""Shared state in PostgreSQL: every server process on every machine sees the same rate limits,
cursor snapshots and cached characters (unlogged tables: 0001, 0003).

A limit is decided in one transaction: its rows are made if missing, locked in key order
(FOR UPDATE, so two processes never both spend the last token and never deadlock), read,
and written back by the rules of server.ratelimit."""

from __future__ import annotations

import time
from collections.abc import Sequence

import asyncpg

from server.ratelimit import Backoff, Slot, attempt, take, whole_seconds
from server.sharedstate import Counter


class PgShared:
    SWEEP_EVERY = 2_000

    def __init__(self, pool: asyncpg.Pool):
        self.pool = pool
        self.clock = time.time
        self._ops = 0

    async def _sweep(self, now: float) -> None:
        self._ops += 1
        if self._ops % self.SWEEP_EVERY == 0:
            await self.pool.execute("DELETE FROM shared_limits WHERE expires < $1", now)
            await self.pool.execute("DELETE FROM shared_entries WHERE expires < $1", now)

    async def _decide(self, keys: Sequence[str], now: float, decide) -> float:
        """decide(slots) -> (new slots or None, wait), with the keys' rows locked."""
        await self._sweep(now)
        async with self.pool.acquire() as conn, conn.transaction():
            await conn.execute(
                "INSERT INTO shared_limits(key, a, b, expires) SELECT k, 0, 0, 0 FROM unnest($1::text[]) AS k"
                " ORDER BY k ON CONFLICT (key) DO NOTHING",
                list(keys),
            )
            rows = {
                r[0]: Slot(r[1], r[2], r[3])
                for r in await conn.fetch(
                    "SELECT key, a, b, expires FROM shared_limits WHERE key = ANY($1::text[]) ORDER BY key FOR UPDATE",
                    list(keys),
                )
            }
            slots, wait = decide([rows[k] if rows[k].expires > now else None for k in keys])
            if slots is not None:
                await conn.execute(
                    "UPDATE shared_limits AS s SET a = v.a, b = v.b, expires = v.e"
                    " FROM unnest($1::text[], $2::float8[], $3::float8[], $4::float8[]) AS v(k, a, b, e)"
                    " WHERE s.key = v.k",
                    list(keys), [x.a for x in slots], [x.b for x in slots], [x.expires for x in slots],
                )
        return wait

    async def hit(self, counters: Sequence[Counter], window_s: int = 60) -> int:
        now = self.clock()
        limits = [n for _, n in counters]
        wait = await self._decide([k for k, _ in counters], now, lambda slots: take(slots, limits, window_s, now))
        return whole_seconds(wait)

    async def attempt(self, key: str, policy: Backoff) -> int:
        now = self.clock()

        def decide(slots):
            slot, wait = attempt(slots[0], policy, now)
            return ([slot] if slot is not None else None), wait

        return whole_seconds(await self._decide([key], now, decide))

    async def forgive(self, key: str) -> None:
        await self.pool.execute("DELETE FROM shared_limits WHERE key = $1", key)

    async def get(self, key: str) -> bytes | None:
        return await self.pool.fetchval(
            "SELECT value FROM shared_entries WHERE key = $1 AND expires > $2", key, self.clock()
        )

    async def put(self, key: str, value: bytes, ttl_s: float) -> None:
        now = self.clock()
        await self.pool.execute(
            "INSERT INTO shared_entries(key, value, expires) VALUES ($1, $2, $3)"
            " ON CONFLICT(key) DO UPDATE SET value = excluded.value, expires = excluded.expires",
            key, value, now + ttl_s,
        )
        await self._sweep(now)

    async def delete(self, key: str) -> None:
        await self.pool.execute("DELETE FROM shared_entries WHERE key = $1", key)

    async def forget_entries(self) -> None:
        await self.pool.execute("DELETE FROM shared_entries")

    async def close(self) -> None:
        """The pool belongs to the store, which closes it."""
