"""The player's own data on SQLite: everything kept about one user, and deleting the account.

Deleting runs in one transaction: the user's likes go (counts follow by trigger), their
attachments, sessions, official-API tokens and stored answers go, and their builds either go
too (each leaves a tombstone, so its link answers 410 and its id and slug are never reused) or
move to the "former players" creator, keeping the creator name they were published with.
"""

from __future__ import annotations

import sqlite3
import time

from server.store.builds import GONE_SQL
from server.store.db import Database
from server.store.types import (
    FORMER_NAME,
    FORMER_PROVIDER,
    FORMER_SUBJECT,
    AccountData,
    build_info_of,
    iso_of,
)
from server.wire import (
    AccountInfo,
    AttachmentInfo,
    FollowInfo,
    LikeInfo,
    OfficialGrant,
    ReplayAnswer,
    SessionInfo,
)

BUILD_COLUMNS = (
    "b.id, b.slug, b.creator_id, b.creator_name, b.base_class, b.ascendancy, b.tree_version, b.code_z,"
    " b.skills, b.steps, b.likes, EXISTS(SELECT 1 FROM likes l WHERE l.user_id = :u AND l.build_id = b.id),"
    " b.created_at, b.updated_at, b.stats, b.revision, b.followers"
)


def _account_data(conn: sqlite3.Connection, user_id: int) -> AccountData | None:
    conn.execute("BEGIN")  # one snapshot for every table
    try:
        user = conn.execute(
            "SELECT provider, subject, display_name, created_at, password_hash IS NOT NULL FROM users WHERE id = ?",
            (user_id,),
        ).fetchone()
        if user is None:
            return None
        u = {"u": user_id}
        builds = [build_info_of(r, user_id) for r in conn.execute(
            f"SELECT {BUILD_COLUMNS} FROM builds b WHERE b.creator_id = :u ORDER BY b.created_at, b.id", u)]
        likes = [LikeInfo(r[0], r[1], iso_of(r[2])) for r in conn.execute(
            "SELECT l.build_id, b.slug, l.created_at FROM likes l JOIN builds b ON b.id = l.build_id"
            " WHERE l.user_id = :u ORDER BY l.created_at, l.build_id", u)]
        attachments = [AttachmentInfo(r[0], r[1], r[2], iso_of(r[3])) for r in conn.execute(
            "SELECT a.character_id, a.build_id, b.slug, a.updated_at FROM attachments a"
            " JOIN builds b ON b.id = a.build_id WHERE a.user_id = :u ORDER BY a.character_id", u)]
        sessions = [SessionInfo(iso_of(r[0]), iso_of(r[1])) for r in conn.execute(
            "SELECT created_at, expires_at FROM sessions WHERE user_id = :u AND expires_at > :now"
            " ORDER BY created_at", {**u, "now": time.time()})]
        grant = conn.execute("SELECT scope, expires_at FROM ggg_tokens WHERE user_id = :u", u).fetchone()
        replays = [ReplayAnswer(r[0], r[1], r[2], r[3], iso_of(r[4])) for r in conn.execute(
            "SELECT key, method, path, status, created_at FROM idempotency_keys WHERE scope = :s"
            " ORDER BY created_at", {"s": f"u:{user_id}"})]
        follows = [FollowInfo(r[0], r[1], r[2], iso_of(r[3])) for r in conn.execute(
            "SELECT f.build_id, b.slug, f.seen_revision, f.created_at FROM follows f JOIN builds b ON b.id = f.build_id"
            " WHERE f.user_id = :u ORDER BY f.created_at, f.build_id", u)]
    finally:
        conn.execute("COMMIT")
    return AccountData(
        account=AccountInfo(
            account=f"{user[0]}:{user_id}", provider=user[0], account_name=user[1] if user[0] == "local" else None,
            display_name=user[2], created_at=iso_of(user[3]), has_password=bool(user[4]),
        ),
        builds=builds, likes=likes, attachments=attachments, sessions=sessions,
        official_api=OfficialGrant(grant[0], iso_of(grant[1])) if grant else None, replay_answers=replays,
        follows=follows,
    )


async def account_data(db: Database, user_id: int) -> AccountData | None:
    return await db.read(lambda conn: _account_data(conn, user_id))


async def delete_account(db: Database, user_id: int, delete_builds: bool) -> tuple[int, int] | None:
    """(builds deleted, builds kept), or None when there is no such user."""

    def run(conn: sqlite3.Connection) -> tuple[int, int] | None:
        if conn.execute("SELECT 1 FROM users WHERE id = ?", (user_id,)).fetchone() is None:
            return None
        owned = conn.execute("SELECT COUNT(*) FROM builds WHERE creator_id = ?", (user_id,)).fetchone()[0]
        if delete_builds:
            conn.execute(
                "INSERT INTO deleted_builds(id, slug, deleted_at) SELECT id, slug, ? FROM builds WHERE creator_id = ?",
                (time.time(), user_id),
            )
            # Their likes, title skills, postings and other players' attachments to them go by cascade.
            conn.execute("DELETE FROM builds WHERE creator_id = ?", (user_id,))
        elif owned:
            conn.execute(
                "INSERT INTO users(provider, subject, display_name) VALUES (?, ?, ?)"
                " ON CONFLICT(provider, subject) DO NOTHING",
                (FORMER_PROVIDER, FORMER_SUBJECT, FORMER_NAME),
            )
            (former,) = conn.execute(
                "SELECT id FROM users WHERE provider = ? AND subject = ?", (FORMER_PROVIDER, FORMER_SUBJECT)
            ).fetchone()
            conn.execute("UPDATE builds SET creator_id = ? WHERE creator_id = ?", (former, user_id))
        for table in ("likes", "attachments", "sessions", "ggg_tokens"):
            conn.execute(f"DELETE FROM {table} WHERE user_id = ?", (user_id,))
        conn.execute("DELETE FROM idempotency_keys WHERE scope = ?", (f"u:{user_id}",))
        conn.execute("DELETE FROM users WHERE id = ?", (user_id,))
        return (owned, 0) if delete_builds else (0, owned)

    return await db.write(run)


def build_gone(db: Database, id_or_slug: str) -> bool:
    """Whether this id or slug named a build deleted with its creator's account."""
    return db.read_one(GONE_SQL, (id_or_slug, id_or_slug)) is not None
