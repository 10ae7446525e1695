"""Revisions of a build and follows, on SQLite (PostgreSQL: server.store.pg.revisions).

The builds row always holds the newest revision (builds.revision is its number), so search and
the share link open the newest with no change. build_revisions keeps every revision once there
is more than one: publishing revision 2 first copies revision 1 out of the builds row. A
revision names the revision it was based on; one based on an older revision than the newest is
refused (StaleRevision), checked in the same write transaction as the insert, so two creators'
tabs racing cannot both win. Follows are set membership like likes; a trigger keeps
builds.followers, and follows.seen_revision is the newest revision the player has seen.
"""

from __future__ import annotations

import sqlite3
import time

import msgspec

from server.store.db import Database
from server.store.types import compress_code, now_iso, skills_decoder, stat_columns, steps_decoder
from server.wire import (
    BuildStats,
    BuildUpdate,
    FollowState,
    RevisionInfo,
    RevisionList,
    RevisionSummary,
    Step,
)

MAX_NOTE = 2_000


class NewRevision(msgspec.Struct, frozen=True):
    build_id: str
    creator_id: int
    base_revision: int
    tree_version: str
    code: str
    skills: list[str]
    steps: list[Step]
    note: str
    # The planner's saved stats of the new code (issue 35's columns follow the newest revision).
    stats: BuildStats | None = None


class StaleRevision(Exception):
    """The revision was based on an older revision than the newest (args[0]: the newest)."""

    def __init__(self, newest: int):
        super().__init__(newest)
        self.newest = newest


class NotCreator(Exception):
    """Only a build's creator publishes revisions of it."""


class NotFollowing(Exception):
    """Marking a revision seen needs a follow."""


# The newest revision comes from the builds row; older ones from build_revisions.
REVISION_COLUMNS = "revision, note, base_class, ascendancy, tree_version, code_z, skills, steps, created_at"


def revision_info(build_id: str, slug: str, newest: int, row) -> RevisionInfo:
    import zlib

    return RevisionInfo(
        build_id=build_id, slug=slug, revision=row[0], newest=newest, note=row[1], base_class=row[2],
        ascendancy=row[3], tree_version=row[4], pob_code=zlib.decompress(row[5]).decode(),
        skills=skills_decoder.decode(row[6]), steps=steps_decoder.decode(row[7]), created_at=row[8],
    )


async def revise(db: Database, rev: NewRevision) -> tuple[str, int] | None:
    """(slug, the new revision's number); None for no such build."""
    code_z = compress_code(rev.code)
    skills = msgspec.json.encode(rev.skills).decode()
    steps = msgspec.json.encode(rev.steps).decode()
    stamp = now_iso()

    def run(conn: sqlite3.Connection) -> tuple[str, int] | None:
        row = conn.execute(
            "SELECT slug, creator_id, revision, base_class, ascendancy, tree_version, code_z, skills, steps,"
            " created_at FROM builds WHERE id = ?", (rev.build_id,),
        ).fetchone()
        if row is None:
            return None
        slug, creator_id, newest = row[0], row[1], row[2]
        if creator_id != rev.creator_id:
            raise NotCreator(rev.build_id)
        if rev.base_revision != newest:
            raise StaleRevision(newest)
        # The first revision lived only in the builds row until now.
        conn.execute(
            "INSERT OR IGNORE INTO build_revisions(build_id, revision, base_class, ascendancy, tree_version, code_z,"
            " skills, steps, note, created_at) VALUES (?,?,?,?,?,?,?,?,'',?)",
            (rev.build_id, newest, row[3], row[4], row[5], row[6], row[7], row[8], row[9]),
        )
        n = newest + 1
        conn.execute(
            "INSERT INTO build_revisions(build_id, revision, base_class, ascendancy, tree_version, code_z, skills,"
            " steps, note, created_at) VALUES (?,?,?,?,?,?,?,?,?,?)",
            (rev.build_id, n, row[3], row[4], rev.tree_version, code_z, skills, steps, rev.note, stamp),
        )
        conn.execute(
            "UPDATE builds SET revision = ?, tree_version = ?, code_z = ?, skills = ?, steps = ?, step_count = ?,"
            " updated_at = ?, stat_dps = ?, stat_life = ?, stat_energy_shield = ?, stats = ? WHERE id = ?",
            (n, rev.tree_version, code_z, skills, steps, len(rev.steps), stamp, *stat_columns(rev.stats),
             rev.build_id),
        )
        # Title skills may change: their search postings go with them (the class ones stay, a
        # revision keeps the class); the build_skills trigger adds the new ones.
        conn.execute("DELETE FROM postings WHERE build_id = ? AND tag NOT LIKE 'c:%'", (rev.build_id,))
        conn.execute("DELETE FROM build_skills WHERE build_id = ?", (rev.build_id,))
        conn.executemany(
            "INSERT OR IGNORE INTO build_skills(skill, build_id) VALUES (?, ?)",
            [(s.lower(), rev.build_id) for s in rev.skills],
        )
        return slug, n

    return await db.write(run)


def revisions(db: Database, build_id: str) -> RevisionList | None:
    head = db.read_one("SELECT slug, revision, tree_version, created_at FROM builds WHERE id = ?", (build_id,))
    if head is None:
        return None
    rows = db.read_all(
        "SELECT revision, note, tree_version, created_at FROM build_revisions WHERE build_id = ?"
        " ORDER BY revision DESC", (build_id,),
    )
    listed = [RevisionSummary(r[0], r[1], r[2], r[3]) for r in rows]
    if not listed:
        listed = [RevisionSummary(head[1], "", head[2], head[3])]
    return RevisionList(build_id=build_id, slug=head[0], newest=head[1], revisions=listed)


def revision(db: Database, build_id: str, n: int) -> RevisionInfo | None:
    head = db.read_one("SELECT slug, revision FROM builds WHERE id = ?", (build_id,))
    if head is None:
        return None
    row = db.read_one(f"SELECT {REVISION_COLUMNS} FROM build_revisions WHERE build_id = ? AND revision = ?",
                      (build_id, n))
    if row is None and n == head[1]:
        # A build never revised: its one revision is the builds row.
        row = db.read_one(
            "SELECT revision, '', base_class, ascendancy, tree_version, code_z, skills, steps, created_at"
            " FROM builds WHERE id = ?", (build_id,),
        )
    return revision_info(build_id, head[0], head[1], row) if row else None


_STATE_SQL = (
    "SELECT b.id, b.slug, b.revision, b.followers, f.seen_revision FROM builds b"
    " LEFT JOIN follows f ON f.build_id = b.id AND f.user_id = ? WHERE b.id = ?"
)


def _state(row) -> FollowState:
    return FollowState(build_id=row[0], slug=row[1], revision=row[2], followers=row[3],
                       is_following=row[4] is not None, seen_revision=row[4])


def follow_state(db: Database, user_id: int | None, build_id: str) -> FollowState | None:
    row = db.read_one(_STATE_SQL, (user_id if user_id is not None else -1, build_id))
    return _state(row) if row else None


FOLLOW_SQL = (
    "INSERT INTO follows(user_id, build_id, seen_revision, created_at)"
    " SELECT ?, id, revision, ? FROM builds WHERE id = ? ON CONFLICT(user_id, build_id) DO NOTHING"
)


def follow_in(conn: sqlite3.Connection, user_id: int, build_id: str) -> None:
    """Follow inside a write transaction already open (attaching a character follows its build)."""
    conn.execute(FOLLOW_SQL, (user_id, time.time(), build_id))


async def set_follow(db: Database, user_id: int, build_id: str, follow: bool) -> FollowState | None:
    """Set membership (following twice or unfollowing what is not followed changes nothing)."""

    def run(conn: sqlite3.Connection) -> FollowState | None:
        if conn.execute("SELECT 1 FROM builds WHERE id = ?", (build_id,)).fetchone() is None:
            return None
        if follow:
            follow_in(conn, user_id, build_id)
        else:
            conn.execute("DELETE FROM follows WHERE user_id = ? AND build_id = ?", (user_id, build_id))
        return _state(conn.execute(_STATE_SQL, (user_id, build_id)).fetchone())

    return await db.write_small(run)


async def mark_seen(db: Database, user_id: int, build_id: str, seen: int) -> FollowState | None:
    """The player has seen revision `seen` (capped at the newest; never moves back)."""

    def run(conn: sqlite3.Connection) -> FollowState | None:
        row = conn.execute(_STATE_SQL, (user_id, build_id)).fetchone()
        if row is None:
            return None
        if row[4] is None:
            raise NotFollowing(build_id)
        conn.execute(
            "UPDATE follows SET seen_revision = MAX(seen_revision, MIN(?, ?)) WHERE user_id = ? AND build_id = ?",
            (seen, row[2], user_id, build_id),
        )
        return _state(conn.execute(_STATE_SQL, (user_id, build_id)).fetchone())

    return await db.write_small(run)


# The updates a player has not seen, in one statement: followed builds whose newest revision is
# past the one seen (the follows primary key gives the player's rows, builds' the revision).
UPDATES_SQL = (
    "SELECT b.id, b.slug, b.creator_name, b.revision, f.seen_revision, COALESCE(r.note, ''), b.updated_at,"
    " b.skills, b.base_class, b.ascendancy FROM follows f JOIN builds b ON b.id = f.build_id"
    " LEFT JOIN build_revisions r ON r.build_id = b.id AND r.revision = b.revision"
    " WHERE f.user_id = {user} AND b.revision > f.seen_revision ORDER BY b.updated_at DESC, b.id"
)


def update_of(row) -> BuildUpdate:
    return BuildUpdate(build_id=row[0], slug=row[1], creator_name=row[2], revision=row[3], seen_revision=row[4],
                       note=row[5], updated_at=row[6], skills=skills_decoder.decode(row[7]), base_class=row[8],
                       ascendancy=row[9])


def unseen_updates(db: Database, user_id: int) -> list[BuildUpdate]:
    return [update_of(r) for r in db.read_all(UPDATES_SQL.format(user="?"), (user_id,))]
