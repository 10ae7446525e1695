"""Builds whose ids or slugs differ only by case, renamed before the case-insensitive unique indexes
(SQLite's migration 0006, PostgreSQL's 0004) are made.

Before those indexes a database could hold 'Foo' beside 'foo' (as two builds' ids, or two slugs:
bulk-loaded data, or ids published before look-alikes were refused), and CREATE UNIQUE INDEX then
failed: the migration stopped and the server with it. This runs inside that migration's
transaction, right before its statements. In each group of look-alikes the oldest build (by
created_at, then id byte-wise: the same order on both engines) keeps its value; each later one is
renamed to `<value>-<n>`, the smallest n >= 2 whose value is free in any case among every build id
and slug (the suffix keeps a renamed id a valid client id, and never of slug form). Every row naming
a renamed id follows it, and `build_aliases` keeps old value -> build id, so the link a player
shared still opens their build (server.store.builds._lookup) and nothing is lost.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Generator

log = logging.getLogger("waypoint")

SQLITE_MIGRATION = 6
PG_MIGRATION = 4
MAX_VALUE = 64  # a client build id's longest (server.publish.BUILD_ID)

# Every table naming a build id when the nocase migration runs (on both engines). Tables added by
# later migrations (deleted_builds, build_revisions, follows) are made after it, so hold no rows yet.
ID_REFERENCES = ("build_skills", "likes", "like_events", "attachments", "postings")

# The same table as migration 0011 makes for databases that passed the nocase migration before it.
ALIASES_SQLITE = (
    "CREATE TABLE IF NOT EXISTS build_aliases (alias TEXT PRIMARY KEY,"
    " build_id TEXT NOT NULL REFERENCES builds(id) ON DELETE CASCADE) WITHOUT ROWID",
    "CREATE INDEX IF NOT EXISTS build_aliases_by_build ON build_aliases(build_id)",
)
ALIASES_PG = (
    'CREATE TABLE IF NOT EXISTS build_aliases (alias TEXT COLLATE "C" PRIMARY KEY,'
    ' build_id TEXT COLLATE "C" NOT NULL REFERENCES builds(id) ON DELETE CASCADE)',
    "CREATE INDEX IF NOT EXISTS build_aliases_by_build ON build_aliases(build_id)",
)

Step = Generator[tuple[str, tuple], list, list[tuple[str, str, str]]]


def _renames(pg: bool) -> Step:
    """The whole rename as statements (`?` placeholders) yielded one at a time, each answered with
    its rows; returns (column, old value, new value) of every rename."""
    done = []
    # Byte-wise on both engines: PostgreSQL's created_at has the database's collation.
    age = 'created_at COLLATE "C"' if pg else "created_at"
    for column in ("id", "slug"):
        groups = yield (f"SELECT lower({column}) FROM builds GROUP BY lower({column}) HAVING count(*) > 1 ORDER BY 1", ())
        for (key,) in groups:
            rows = yield (f"SELECT id, {column} FROM builds WHERE lower({column}) = ? ORDER BY {age}, id", (key,))
            for build_id, old in rows[1:]:
                new = yield from _free_value(old)
                if column == "slug":
                    yield ("UPDATE builds SET slug = ? WHERE id = ?", (new, build_id))
                elif pg:
                    # PostgreSQL checks each foreign key at the end of its statement: the build and
                    # every row naming it move in one statement (data-modifying CTEs).
                    moves = ", ".join(f"m{i} AS (UPDATE {t} SET build_id = ? WHERE build_id = ?)"
                                      for i, t in enumerate(ID_REFERENCES))
                    yield (f"WITH {moves} UPDATE builds SET id = ? WHERE id = ?", (new, old) * (len(ID_REFERENCES) + 1))
                else:
                    # SQLite: rename_lookalikes_sqlite has deferred foreign keys to the COMMIT.
                    yield ("UPDATE builds SET id = ? WHERE id = ?", (new, old))
                    for table in ID_REFERENCES:
                        yield (f"UPDATE {table} SET build_id = ? WHERE build_id = ?", (new, old))
                if column == "id":
                    build_id = new
                yield ("INSERT INTO build_aliases(alias, build_id) VALUES (?, ?) ON CONFLICT DO NOTHING", (old, build_id))
                done.append((column, old, new))
    return done


def _free_value(old: str) -> Generator[tuple[str, tuple], list, str]:
    """`<old>-<n>` (cut to MAX_VALUE), the smallest n >= 2 not taken in any case by an id or slug."""
    n = 2
    while True:
        suffix = f"-{n}"
        candidate = old[: MAX_VALUE - len(suffix)] + suffix
        taken = yield ("SELECT 1 FROM builds WHERE lower(id) = lower(?) OR lower(slug) = lower(?) LIMIT 1",
                       (candidate, candidate))
        if not taken:
            return candidate
        n += 1


def _report(done: list[tuple[str, str, str]]) -> None:
    for column, old, new in done:
        log.warning("migration: build %s %r differed from an older build's only by case; renamed %r (alias kept)",
                    column, old, new)


def rename_lookalikes_sqlite(conn: sqlite3.Connection) -> list[tuple[str, str, str]]:
    """Inside the migration's open transaction."""
    # A build's id and the rows naming it change in separate statements: check at COMMIT.
    conn.execute("PRAGMA defer_foreign_keys = ON")
    for statement in ALIASES_SQLITE:
        conn.execute(statement)
    steps = _renames(pg=False)
    try:
        sql, params = next(steps)
        while True:
            sql, params = steps.send(conn.execute(sql, params).fetchall())
    except StopIteration as end:
        done = end.value
    _report(done)
    return done


async def rename_lookalikes_pg(conn) -> list[tuple[str, str, str]]:
    """The same on PostgreSQL (an asyncpg connection, inside the migration's transaction)."""
    from server.store.pg.store import qmarks  # here: server.store.pg imports this module

    for statement in ALIASES_PG:
        await conn.execute(statement)
    steps = _renames(pg=True)
    try:
        sql, params = next(steps)
        while True:
            rows = [tuple(r) for r in await conn.fetch(qmarks(sql), *params)]
            sql, params = steps.send(rows)
    except StopIteration as end:
        done = end.value
    _report(done)
    return done
