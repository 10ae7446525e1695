"""Numbered PostgreSQL migrations (`migrations/NNNN_name.sql`), applied at start.

Each runs in one transaction and is recorded in schema_migrations. Every process starting
against the same database takes one session advisory lock first, so two servers starting
together apply each migration once and neither sees a half-made schema.
"""

from __future__ import annotations

import re
from pathlib import Path

import asyncpg

from server.store import nocase_renames
from server.store.stats_backfill import resume_backfill_pg

MIGRATIONS_DIR = Path(__file__).parent / "migrations"
_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")
LOCK_ID = 7723000


def migration_files() -> list[tuple[int, Path]]:
    found = sorted((int(m.group(1)), p) for p in MIGRATIONS_DIR.iterdir() if (m := _NAME.match(p.name)))
    if len({v for v, _ in found}) != len(found):
        raise RuntimeError(f"duplicate migration numbers in {MIGRATIONS_DIR}")
    return found


async def migrate_connection(conn: asyncpg.Connection, until: int | None = None) -> list[int]:
    """Pending migrations, then the data steps after them; `until` as in server.store.db.apply_migrations."""
    await conn.execute("SELECT pg_advisory_lock($1)", LOCK_ID)
    try:
        await conn.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL,"
            " applied_at TIMESTAMPTZ NOT NULL DEFAULT now())"
        )
        done = {r[0] for r in await conn.fetch("SELECT version FROM schema_migrations")}
        applied = []
        for version, file in migration_files():
            if version in done:
                continue
            if until is not None and version > until:
                break
            async with conn.transaction():
                if version == nocase_renames.PG_MIGRATION:
                    # Look-alike ids and slugs stored before the unique indexes would stop them.
                    await nocase_renames.rename_lookalikes_pg(conn)
                await conn.execute(file.read_text())
                await conn.execute("INSERT INTO schema_migrations(version, name) VALUES ($1, $2)", version, file.name)
            applied.append(version)
        if until is None:
            # Builds stored before the stats columns: read once, here, under the lock; resumed on
            # the next start if a start was stopped before it finished.
            await resume_backfill_pg(conn)
        return applied
    finally:
        await conn.execute("SELECT pg_advisory_unlock($1)", LOCK_ID)


async def apply_pg_migrations(url: str, until: int | None = None) -> list[int]:
    conn = await asyncpg.connect(url)
    try:
        return await migrate_connection(conn, until)
    finally:
        await conn.close()
