"""Backfill of the planner's saved stats (migration 0008 on both engines) for builds stored before it.

The migration adds the columns; this reads each stored planner code once (the same bounded decode
as publish, server.planner.decode) and fills them. It runs in the migration path, right after 0008
is applied, under the migration's own lock, in batches; a code that no longer decodes gets 'null'
(no stats), so every row is read once and the loop ends.
"""

from __future__ import annotations

import logging
import sqlite3
import zlib

from server.store.types import BuildStats, stat_columns

log = logging.getLogger("waypoint")

STATS_MIGRATION = 8
BATCH = 500


def stats_of_code(code_z: bytes) -> BuildStats | None:
    """The saved stats of a stored (zlib-compressed) planner code; None when it has none or fails."""
    from server.planner import PlannerError
    from server.planner.decode import parse_planner_xml, planner_xml_bytes
    from server.planner.stats import read_stats

    try:
        code = zlib.decompress(code_z).decode("utf-8", errors="replace")
        return read_stats(parse_planner_xml(planner_xml_bytes(code)))
    except (PlannerError, zlib.error, ValueError):
        return None


_UPDATE = "UPDATE builds SET stat_dps = ?, stat_life = ?, stat_energy_shield = ?, stats = ? WHERE id = ?"


def backfill_sqlite(conn: sqlite3.Connection) -> int:
    """Fill the stats of every build whose stats are not read yet; returns how many were read."""
    done = 0
    while True:
        rows = conn.execute("SELECT id, code_z FROM builds WHERE stats IS NULL ORDER BY id LIMIT ?", (BATCH,)).fetchall()
        if not rows:
            break
        conn.execute("BEGIN IMMEDIATE")
        try:
            conn.executemany(_UPDATE, [(*stat_columns(stats_of_code(code_z)), build_id) for build_id, code_z in rows])
            conn.execute("COMMIT")
        except Exception:
            conn.execute("ROLLBACK")
            raise
        done += len(rows)
    if done:
        log.info("stats backfill: read the saved stats of %d stored builds", done)
    return done


async def backfill_pg(conn) -> int:
    """The same on PostgreSQL (an asyncpg connection)."""
    done = 0
    while True:
        rows = await conn.fetch("SELECT id, code_z FROM builds WHERE stats IS NULL ORDER BY id LIMIT $1", BATCH)
        if not rows:
            break
        async with conn.transaction():
            await conn.executemany(
                "UPDATE builds SET stat_dps = $1, stat_life = $2, stat_energy_shield = $3, stats = $4 WHERE id = $5",
                [(*stat_columns(stats_of_code(bytes(r[1]))), r[0]) for r in rows],
            )
        done += len(rows)
    if done:
        log.info("stats backfill: read the saved stats of %d stored builds", done)
    return done
