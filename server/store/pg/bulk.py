"""Bulk insert of synthetic builds into PostgreSQL with COPY (benchmarks, tests).

The same rows as server.store.bulk makes for SQLite; not a publish path.
"""

from __future__ import annotations

import random

import asyncpg

from server.store.bulk import POSTINGS_OF_RANGE, synthetic_builds
from server.store.pg.migrate import migrate_connection

COLUMNS = ("id", "slug", "creator_id", "creator_name", "base_class", "ascendancy", "tree_version", "code_z",
           "skills", "steps", "step_count", "likes", "created_at", "updated_at", "stat_dps", "stat_life",
           "stat_energy_shield", "stats")


async def pg_bulk_insert_builds(url: str, count: int, seed: int = 7, max_likes: int = 500,
                                chunk: int = 100_000) -> list[str]:
    """Insert `count` builds in one transaction with COPY; returns their ids."""
    conn = await asyncpg.connect(url)
    try:
        await migrate_connection(conn)
        ids: list[str] = []
        rng = random.Random(seed)
        async with conn.transaction():
            creator = await conn.fetchval(
                "INSERT INTO users(provider, subject, display_name) VALUES ('demo', 'bulk', 'Bulk Creator')"
                " ON CONFLICT(provider, subject) DO UPDATE SET display_name = excluded.display_name RETURNING id"
            )
            start = await conn.fetchval("SELECT COUNT(*) FROM builds")
            # One stream for the whole run, as server.store.bulk draws it for SQLite.
            stats_rng = random.Random(f"stats-{seed}-{start}")
            # Secondary indexes and the postings are built once after the rows (a sorted pass each)
            # instead of row by row.
            indexes = await conn.fetch(
                "SELECT i.indexname, i.indexdef FROM pg_indexes i WHERE i.schemaname = 'public'"
                " AND i.tablename IN ('builds', 'build_skills', 'postings') AND NOT EXISTS"
                " (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)"
            )
            for name, _ in indexes:
                await conn.execute(f'DROP INDEX "{name}"')
            await conn.execute("ALTER TABLE builds DISABLE TRIGGER postings_build;"
                               " ALTER TABLE build_skills DISABLE TRIGGER postings_skill")
            for offset in range(0, count, chunk):
                rows, skill_rows = synthetic_builds(min(chunk, count - offset), seed, max_likes, start + offset,
                                                    creator, rng, stats_rng)
                await conn.copy_records_to_table("builds", records=rows, columns=COLUMNS)
                await conn.copy_records_to_table("build_skills", records=skill_rows, columns=("skill", "build_id"))
                ids.extend(r[0] for r in rows)
            if ids:
                from server.store.pg.store import positional

                sql, args = positional(POSTINGS_OF_RANGE, {"lo": ids[0], "hi": ids[-1], "like": f"bulk-{seed}-%"})
                await conn.execute(sql, *args)
            for _, sql in indexes:
                await conn.execute(sql)
            await conn.execute("ALTER TABLE builds ENABLE TRIGGER postings_build;"
                               " ALTER TABLE build_skills ENABLE TRIGGER postings_skill")
            await conn.execute("SELECT nextval('data_version_seq')")
        await conn.execute("ANALYZE builds; ANALYZE build_skills; ANALYZE postings")
        return ids
    finally:
        await conn.close()
