"""Builds, their title skills, and keyset search on SQLite (the statement: server.store.search_sql)."""

from __future__ import annotations

import sqlite3
import time

import msgspec

from server.store.db import Database
from server.store.search_sql import SQLITE, page_of, search_statement
from server.store.types import (  # noqa: F401 (re-exported)
    MAX_SNAPSHOT_LAG,
    SLUG_FORM,
    BuildConflict,
    BuildGone,
    CreatorGone,
    LookalikeId,
    NewBuild,
    SearchQuery,
    SlugTaken,
    build_info_of,
    compress_code,
    is_slug,
    new_slug,
    now_iso,
    stat_columns,
)
from server.wire import BuildInfo, BuildPage, LikeResult


async def insert_build(db: Database, build: NewBuild) -> tuple[str, bool]:
    """Store a build once per client id: (slug, created). Same creator again -> (slug, False)."""
    code_z = compress_code(build.code)
    stamp = now_iso()
    def run(conn: sqlite3.Connection) -> tuple[str, bool]:
        existing = conn.execute("SELECT slug, creator_id FROM builds WHERE id = ?", (build.id,)).fetchone()
        if existing is not None:
            if existing[1] != build.creator_id:
                raise BuildConflict(build.id)
            return existing[0], False
        # Ids and slugs compare without regard to case (indexes on lower(), migration 0006).
        if conn.execute("SELECT 1 FROM builds WHERE lower(slug) = lower(?)", (build.id,)).fetchone() is not None:
            raise SlugTaken(build.id)
        if conn.execute("SELECT 1 FROM builds WHERE lower(id) = lower(?)", (build.id,)).fetchone() is not None:
            raise LookalikeId(build.id)
        if conn.execute(GONE_SQL, (build.id, build.id)).fetchone() is not None:
            raise BuildGone(build.id)
        if conn.execute("SELECT 1 FROM users WHERE id = ?", (build.creator_id,)).fetchone() is None:
            raise CreatorGone(build.id)
        # A slug is never equal to any build id or slug in any case (slugs are lower-case), nor to a
        # deleted build's, whose link keeps answering 410.
        while True:
            slug = new_slug()
            if conn.execute("SELECT 1 FROM builds WHERE lower(slug) = ? OR lower(id) = ?", (slug, slug)).fetchone() is None \
                    and conn.execute(GONE_SQL, (slug, slug)).fetchone() is None:
                break
        conn.execute(
            "INSERT INTO builds(id, slug, creator_id, creator_name, base_class, ascendancy, tree_version,"
            " code_z, skills, steps, step_count, created_at, updated_at, stat_dps, stat_life, stat_energy_shield,"
            " stats) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
            (
                build.id, slug, build.creator_id, build.creator_name, build.base_class, build.ascendancy,
                build.tree_version, code_z, msgspec.json.encode(build.skills).decode(),
                msgspec.json.encode(build.steps).decode(), len(build.steps), stamp, stamp,
                *stat_columns(build.stats),
            ),
        )
        conn.executemany(
            "INSERT OR IGNORE INTO build_skills(skill, build_id) VALUES (?, ?)",
            [(s.lower(), build.id) for s in build.skills],
        )
        return slug, True

    return await db.write(run)


GONE_SQL = "SELECT 1 FROM deleted_builds WHERE lower(id) = lower(?) OR lower(slug) = lower(?)"


def _viewer(viewer: int | None) -> int:
    return viewer if viewer is not None else -1


# An old id or slug renamed by the nocase migration (server.store.nocase_renames) still names its
# build. Tried last: no live id or slug equals an alias (each differs only by case from a value
# that is kept, and look-alikes of it are refused), and COALESCE stops at the first found.
ALIAS_SQL = "(SELECT build_id FROM build_aliases WHERE alias = ?)"


def _lookup(id_or_slug: str) -> tuple[str, tuple[str, ...]]:
    """WHERE clause and params: a value of slug form is a slug (or, for rows stored before ids
    of that form were refused, an id of a build whose slug it is not); anything else is an id."""
    if is_slug(id_or_slug):
        return f"b.id = COALESCE((SELECT id FROM builds WHERE slug = ?), {ALIAS_SQL}, ?)", (id_or_slug,) * 3
    # Slugs not made by this server (bulk-inserted data) have other forms; the id comes first,
    # and a publish whose id equals any existing slug is refused (SlugTaken).
    return (f"b.id = COALESCE((SELECT id FROM builds WHERE id = ?), (SELECT id FROM builds WHERE slug = ?), {ALIAS_SQL})",
            (id_or_slug,) * 3)


def find_build(db: Database, id_or_slug: str, viewer: int | None = None) -> BuildInfo | None:
    """The build as the API sends it, with `isLiked` for `viewer`."""
    where, params = _lookup(id_or_slug)
    row = db.read_one(
        "SELECT b.id, b.slug, b.creator_id, b.creator_name, b.base_class, b.ascendancy, b.tree_version, b.code_z,"
        " b.skills, b.steps, b.likes, EXISTS(SELECT 1 FROM likes l WHERE l.user_id = ? AND l.build_id = b.id),"
        f" b.created_at, b.updated_at, b.stats, b.revision, b.followers FROM builds b WHERE {where}",
        (_viewer(viewer), *params),
    )
    if row is None:
        return None
    return build_info_of(row, viewer)


def find_owner(db: Database, build_id: str) -> tuple[str, int] | None:
    """(slug, creator id) of the build with exactly this client id."""
    row = db.read_one("SELECT slug, creator_id FROM builds WHERE id = ?", (build_id,))
    return (row[0], row[1]) if row else None


def data_version(db: Database) -> int:
    """SQLite's `PRAGMA data_version` on the event-loop reader: it changes with every commit
    from any other connection or process, so answers cached under it are current."""
    return db.reader.execute("PRAGMA data_version").fetchone()[0]


def resolve_build_id(db: Database, id_or_slug: str) -> str | None:
    where, params = _lookup(id_or_slug)
    row = db.read_one(f"SELECT b.id FROM builds b WHERE {where}", params)
    return row[0] if row else None


def needs_thread(q: SearchQuery) -> bool:
    """Filtered searches may sort thousands of rows; they run off the event loop."""
    return bool(q.classes or q.skills or q.creator or q.liked_by is not None
                or q.min_dps is not None or q.min_life is not None or q.min_es is not None)


def search(db: Database, q: SearchQuery, conn: sqlite3.Connection | None = None) -> BuildPage:
    """One page. `conn` is a read connection (default: the event-loop reader)."""
    conn = conn or db.reader
    latest = conn.execute(f"SELECT {SQLITE.head}").fetchone()[0]
    sql, params = search_statement(q, latest, SQLITE)
    return page_of(conn.execute(sql, params).fetchall(), q.page_size, q.sort_by)


async def set_like(db: Database, user_id: int, build_id: str, like: bool) -> LikeResult | None:
    """Set membership: the build's like state after the change, or None for an unknown build."""

    def run(conn: sqlite3.Connection) -> LikeResult | None:
        if conn.execute("SELECT 1 FROM builds WHERE id = ?", (build_id,)).fetchone() is None:
            return None
        if like:
            conn.execute(
                "INSERT OR IGNORE INTO likes(user_id, build_id, created_at) VALUES (?, ?, ?)",
                (user_id, build_id, time.time()),
            )
        else:
            conn.execute("DELETE FROM likes WHERE user_id = ? AND build_id = ?", (user_id, build_id))
        count = conn.execute("SELECT likes FROM builds WHERE id = ?", (build_id,)).fetchone()[0]
        return LikeResult(build_id=build_id, likes=count, is_liked=like)

    return await db.write_small(run)


def is_unique_violation(exc: Exception) -> bool:
    return isinstance(exc, sqlite3.IntegrityError) and "UNIQUE" in str(exc)
