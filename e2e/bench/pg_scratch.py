"""A throwaway PostgreSQL database for one benchmark run, shared by the 1M-row benches."""

from __future__ import annotations

import asyncio
import os
import sys
import uuid
from collections.abc import Iterator
from contextlib import contextmanager

PG_ADMIN = os.environ.get("WAYPOINT_BENCH_PG_URL", "postgresql://postgres@127.0.0.1:5432/postgres")


async def _admin(sql: str) -> None:
    import asyncpg

    conn = await asyncpg.connect(PG_ADMIN, timeout=5)
    try:
        await conn.execute(sql)
    finally:
        await conn.close()


@contextmanager
def scratch_database() -> Iterator[str | None]:
    """The URL of a new, empty database, dropped afterwards; None (and a note) when PostgreSQL is not reachable."""
    import asyncpg

    name = f"waypoint_bench_{uuid.uuid4().hex[:8]}"
    try:
        asyncio.run(_admin(f'CREATE DATABASE "{name}"'))
    except (OSError, asyncpg.PostgresError) as exc:
        print(f"PostgreSQL half skipped: {PG_ADMIN} not reachable ({exc}); ./just postgres starts it", file=sys.stderr)
        yield None
        return
    try:
        yield PG_ADMIN.rsplit("/", 1)[0] + "/" + name
    finally:
        asyncio.run(_admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
