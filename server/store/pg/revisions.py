"""Revisions of a build and follows on PostgreSQL (the rules: server.store.revisions).

The revise transaction locks the builds row (FOR UPDATE), so two revisions based on the same
newest revision, from any processes, are serialised and the second is refused as stale.
"""

from __future__ import annotations

import time

import asyncpg
import msgspec

from server.store.revisions import (
    REVISION_COLUMNS,
    NewRevision,
    NotCreator,
    NotFollowing,
    StaleRevision,
    revision_info,
    update_of,
)
from server.store.types import compress_code, now_iso, stat_columns
from server.wire import BuildUpdate, FollowState, RevisionInfo, RevisionList, RevisionSummary

_STATE_SQL = (
    "SELECT b.id, b.slug, b.revision, b.followers, f.seen_revision FROM builds b"
    " LEFT JOIN follows f ON f.build_id = b.id AND f.user_id = $1 WHERE b.id = $2"
)
FOLLOW_SQL = (
    "INSERT INTO follows(user_id, build_id, seen_revision, created_at)"
    " SELECT $1, id, revision, $2 FROM builds WHERE id = $3 ON CONFLICT(user_id, build_id) DO NOTHING"
)
UPDATES_SQL = (
    "SELECT b.id, b.slug, b.creator_name, b.revision, f.seen_revision, COALESCE(r.note, ''), b.updated_at,"
    " b.skills, b.base_class, b.ascendancy FROM follows f JOIN builds b ON b.id = f.build_id"
    " LEFT JOIN build_revisions r ON r.build_id = b.id AND r.revision = b.revision"
    " WHERE f.user_id = $1 AND b.revision > f.seen_revision ORDER BY b.updated_at DESC, b.id"
)


def _state(row) -> FollowState:
    return FollowState(build_id=row[0], slug=row[1], revision=row[2], followers=row[3],
                       is_following=row[4] is not None, seen_revision=row[4])


async def revise(pool: asyncpg.Pool, rev: NewRevision) -> tuple[str, int] | None:
    code_z = compress_code(rev.code)
    skills = msgspec.json.encode(rev.skills).decode()
    steps = msgspec.json.encode(rev.steps).decode()
    stamp = now_iso()
    async with pool.acquire() as conn, conn.transaction():
        row = await conn.fetchrow(
            "SELECT slug, creator_id, revision, base_class, ascendancy, tree_version, code_z, skills, steps,"
            " created_at FROM builds WHERE id = $1 FOR UPDATE", rev.build_id,
        )
        if row is None:
            return None
        slug, creator_id, newest = row[0], row[1], row[2]
        if creator_id != rev.creator_id:
            raise NotCreator(rev.build_id)
        if rev.base_revision != newest:
            raise StaleRevision(newest)
        await conn.execute(
            "INSERT INTO build_revisions(build_id, revision, base_class, ascendancy, tree_version, code_z,"
            " skills, steps, note, created_at) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,'',$9) ON CONFLICT DO NOTHING",
            rev.build_id, newest, row[3], row[4], row[5], row[6], row[7], row[8], row[9],
        )
        n = newest + 1
        await conn.execute(
            "INSERT INTO build_revisions(build_id, revision, base_class, ascendancy, tree_version, code_z, skills,"
            " steps, note, created_at) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10)",
            rev.build_id, n, row[3], row[4], rev.tree_version, code_z, skills, steps, rev.note, stamp,
        )
        await conn.execute(
            "UPDATE builds SET revision = $1, tree_version = $2, code_z = $3, skills = $4, steps = $5,"
            " step_count = $6, updated_at = $7, stat_dps = $8, stat_life = $9, stat_energy_shield = $10,"
            " stats = $11 WHERE id = $12",
            n, rev.tree_version, code_z, skills, steps, len(rev.steps), stamp, *stat_columns(rev.stats), rev.build_id,
        )
        await conn.execute("DELETE FROM postings WHERE build_id = $1 AND tag NOT LIKE 'c:%'", rev.build_id)
        await conn.execute("DELETE FROM build_skills WHERE build_id = $1", rev.build_id)
        await conn.executemany(
            "INSERT INTO build_skills(skill, build_id) VALUES ($1, $2) ON CONFLICT DO NOTHING",
            [(s.lower(), rev.build_id) for s in dict.fromkeys(rev.skills)],
        )
        # Cached anonymous search pages hold the build's skills and step count.
        await conn.execute("SELECT nextval('data_version_seq')")
    return slug, n


async def revisions(pool: asyncpg.Pool, build_id: str) -> RevisionList | None:
    async with pool.acquire() as conn, conn.transaction(isolation="repeatable_read", readonly=True):
        head = await conn.fetchrow("SELECT slug, revision, tree_version, created_at FROM builds WHERE id = $1",
                                   build_id)
        if head is None:
            return None
        rows = await conn.fetch(
            "SELECT revision, note, tree_version, created_at FROM build_revisions WHERE build_id = $1"
            " ORDER BY revision DESC", build_id,
        )
    listed = [RevisionSummary(r[0], r[1], r[2], r[3]) for r in rows] or [
        RevisionSummary(head[1], "", head[2], head[3])
    ]
    return RevisionList(build_id=build_id, slug=head[0], newest=head[1], revisions=listed)


async def revision(pool: asyncpg.Pool, build_id: str, n: int) -> RevisionInfo | None:
    async with pool.acquire() as conn, conn.transaction(isolation="repeatable_read", readonly=True):
        head = await conn.fetchrow("SELECT slug, revision FROM builds WHERE id = $1", build_id)
        if head is None:
            return None
        row = await conn.fetchrow(
            f"SELECT {REVISION_COLUMNS} FROM build_revisions WHERE build_id = $1 AND revision = $2", build_id, n
        )
        if row is None and n == head[1]:
            row = await conn.fetchrow(
                "SELECT revision, '', base_class, ascendancy, tree_version, code_z, skills, steps, created_at"
                " FROM builds WHERE id = $1", build_id,
            )
    return revision_info(build_id, head[0], head[1], row) if row else None


async def follow_state(pool: asyncpg.Pool, user_id: int | None, build_id: str) -> FollowState | None:
    row = await pool.fetchrow(_STATE_SQL, user_id if user_id is not None else -1, build_id)
    return _state(row) if row else None


async def follow_in(conn: asyncpg.Connection, user_id: int, build_id: str) -> None:
    await conn.execute(FOLLOW_SQL, user_id, time.time(), build_id)


async def set_follow(pool: asyncpg.Pool, user_id: int, build_id: str, follow: bool) -> FollowState | None:
    async with pool.acquire() as conn, conn.transaction():
        if not await conn.fetchval("SELECT 1 FROM builds WHERE id = $1", build_id):
            return None
        if follow:
            await follow_in(conn, user_id, build_id)
        else:
            await conn.execute("DELETE FROM follows WHERE user_id = $1 AND build_id = $2", user_id, build_id)
        return _state(await conn.fetchrow(_STATE_SQL, user_id, build_id))


async def mark_seen(pool: asyncpg.Pool, user_id: int, build_id: str, seen: int) -> FollowState | None:
    async with pool.acquire() as conn, conn.transaction():
        row = await conn.fetchrow(_STATE_SQL, user_id, build_id)
        if row is None:
            return None
        if row[4] is None:
            raise NotFollowing(build_id)
        await conn.execute(
            "UPDATE follows SET seen_revision = GREATEST(seen_revision, LEAST($1::int, $2::int))"
            " WHERE user_id = $3 AND build_id = $4",
            seen, row[2], user_id, build_id,
        )
        return _state(await conn.fetchrow(_STATE_SQL, user_id, build_id))


async def unseen_updates(pool: asyncpg.Pool, user_id: int) -> list[BuildUpdate]:
    return [update_of(r) for r in await pool.fetch(UPDATES_SQL, user_id)]
