"""Backfill of the planner's saved stats (migration 0008 on both engines) for builds stored before it.

The migration adds the columns; this reads each stored planner code once (the same bounded decode
as publish, server.planner.decode) and fills them, in batches, each committed. A code that no longer
decodes gets 'null' (no stats), so every row is read once and the loop ends.

It runs on every start in the migration path (under the migration's own lock), after the files,
until it has once finished: a start stopped halfway (the server killed, the machine down) left the
columns of the builds it had not reached NULL, and the next start reads those, and only those.
Finishing is recorded in `meta` (BACKFILL_DONE), so later starts do not scan the builds again.
"""

from __future__ import annotations

import logging
import sqlite3
import zlib

from server.store.types import BuildStats, stat_columns

log = logging.getLogger("waypoint")

STATS_MIGRATION = 8
BATCH = 500
BACKFILL_DONE = "stats_backfill_done"  # meta key, set once every build stored before 0008 was read


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


def _backfilled(build_id: str, code_z: bytes) -> tuple[float, float, float, str]:
    """The stat columns of one stored build. The backfill resumes at every start until it has
    finished, so a code that fails in a way the decoder does not expect must not stop it (nor the
    server) forever: it is logged and gets no stats, as a code that no longer decodes."""
    try:
        return stat_columns(stats_of_code(code_z))
    except Exception:
        log.exception("stats backfill: build %r: reading its saved stats failed; stored without stats", build_id)
        return stat_columns(None)


_UPDATE = "UPDATE builds SET stat_dps = ?, stat_life = ?, stat_energy_shield = ?, stats = ? WHERE id = ?"


def _size(done: int, limit: int | None) -> int:
    return BATCH if limit is None else min(BATCH, limit - done)


def backfill_sqlite(conn: sqlite3.Connection, limit: int | None = None) -> int:
    """Fill the stats of builds whose stats are not read yet (at most `limit` of them, in committed
    batches); returns how many were read."""
    done = 0
    while (size := _size(done, limit)) > 0:
        rows = conn.execute("SELECT id, code_z FROM builds WHERE stats IS NULL ORDER BY id LIMIT ?", (size,)).fetchall()
        if not rows:
            break
        filled = [(*_backfilled(build_id, code_z), build_id) for build_id, code_z in rows]
        conn.execute("BEGIN IMMEDIATE")
        try:
            # A second process starting alongside may have read a row meanwhile: same values, kept.
            conn.executemany(_UPDATE + " AND stats IS NULL", filled)
            conn.execute("COMMIT")
        except Exception:
            conn.execute("ROLLBACK")
            raise
        done += len(rows)
    if done:
        log.info("stats backfill: read the saved stats of %d stored builds", done)
    return done


def resume_backfill_sqlite(conn: sqlite3.Connection) -> int:
    """At start, after the migrations: the backfill, unless it has finished before."""
    if conn.execute("SELECT 1 FROM meta WHERE key = ?", (BACKFILL_DONE,)).fetchone():
        return 0
    done = backfill_sqlite(conn)
    conn.execute("INSERT OR IGNORE INTO meta(key, value) VALUES (?, '1')", (BACKFILL_DONE,))
    return done


async def backfill_pg(conn, limit: int | None = None) -> int:
    """The same on PostgreSQL (an asyncpg connection)."""
    done = 0
    while (size := _size(done, limit)) > 0:
        rows = await conn.fetch("SELECT id, code_z FROM builds WHERE stats IS NULL ORDER BY id LIMIT $1", size)
        if not rows:
            break
        async with conn.transaction():
            await conn.executemany(
                "UPDATE builds SET stat_dps = $1, stat_life = $2, stat_energy_shield = $3, stats = $4 WHERE id = $5",
                [(*_backfilled(r[0], bytes(r[1])), r[0]) for r in rows],
            )
        done += len(rows)
    if done:
        log.info("stats backfill: read the saved stats of %d stored builds", done)
    return done


async def resume_backfill_pg(conn) -> int:
    """At start, after the migrations (under their lock): the backfill, unless it has finished before."""
    if await conn.fetchval("SELECT 1 FROM meta WHERE key = $1", BACKFILL_DONE):
        return 0
    done = await backfill_pg(conn)
    await conn.execute("INSERT INTO meta(key, value) VALUES ($1, '1') ON CONFLICT DO NOTHING", BACKFILL_DONE)
    return done
