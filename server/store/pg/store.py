"""The Store interface on PostgreSQL through asyncpg and one connection pool per process.

Writes that read-then-write (publish, like) run in one transaction each; concurrency
between processes is the database's: unique keys settle races (a lost race re-reads),
row locks serialise count updates, and the likes trigger orders like events by commit.
"""

from __future__ import annotations

import re
import secrets
import time
from collections.abc import Sequence
from typing import Any

import asyncpg
import msgspec

from server.store.pg import revisions
from server.store.pg.migrate import migrate_connection
from server.store.pg.shared import PgShared
from server.store.revisions import NewRevision
from server.store.search_sql import POSTGRES, page_of, search_statement
from server.store.types import (
    FORMER_NAME,
    FORMER_PROVIDER,
    FORMER_SUBJECT,
    KEEP_S,
    STATE_TTL_S,
    AccountData,
    AccountTaken,
    Attachment,
    BuildConflict,
    BuildGone,
    CreatorGone,
    LookalikeId,
    MissingReference,
    NewBuild,
    PendingSignIn,
    SearchQuery,
    SessionUser,
    SlugTaken,
    StoredAnswer,
    Tokens,
    User,
    build_info_of,
    compress_code,
    hash_token,
    is_slug,
    iso_of,
    new_slug,
    now_iso,
    stat_columns,
)
from server.wire import (
    AccountInfo,
    AttachmentInfo,
    BuildInfo,
    BuildPage,
    BuildUpdate,
    FollowInfo,
    FollowState,
    LikeInfo,
    LikeResult,
    OfficialGrant,
    ReplayAnswer,
    RevisionInfo,
    RevisionList,
    SessionInfo,
)

_NAMED = re.compile(r"(?<![:\w]):([a-z_][a-z0-9_]*)")


def positional(sql: str, params: dict) -> tuple[str, list]:
    """`:name` parameters -> asyncpg's $n, in order of first use."""
    order: dict[str, int] = {}

    def repl(m: re.Match) -> str:
        name = m.group(1)
        if name not in order:
            order[name] = len(order) + 1
        return f"${order[name]}"

    out = _NAMED.sub(repl, sql)
    return out, [params[name] for name in order]


def qmarks(sql: str) -> str:
    """`?` placeholders -> $n (for raw_query, whose callers write SQLite-style)."""
    n = 0

    def repl(_: re.Match) -> str:
        nonlocal n
        n += 1
        return f"${n}"

    return re.sub(r"\?", repl, sql)


def _lookup(id_or_slug: str) -> str:
    """WHERE clause over $1 (see server.store.builds._lookup: ids of slug form are refused)."""
    alias = "(SELECT build_id FROM build_aliases WHERE alias = $1)"  # see builds.ALIAS_SQL
    if is_slug(id_or_slug):
        return f"b.id = COALESCE((SELECT id FROM builds WHERE slug = $1), {alias}, $1)"
    return f"b.id = COALESCE((SELECT id FROM builds WHERE id = $1), (SELECT id FROM builds WHERE slug = $1), {alias})"


GONE_SQL = "SELECT 1 FROM deleted_builds WHERE lower(id) = lower($1) OR lower(slug) = lower($1)"
BUILD_COLUMNS = (
    "b.id, b.slug, b.creator_id, b.creator_name, b.base_class, b.ascendancy, b.tree_version, b.code_z,"
    " b.skills, b.steps, b.likes, EXISTS(SELECT 1 FROM likes l WHERE l.user_id = $1 AND l.build_id = b.id),"
    " b.created_at, b.updated_at, b.stats, b.revision, b.followers"
)


def _references(method):
    """A foreign-key failure of `method` is a MissingReference (a row it names was deleted meanwhile)."""

    async def run(self, *args, **kw):
        try:
            return await method(self, *args, **kw)
        except asyncpg.ForeignKeyViolationError as exc:
            raise MissingReference(str(exc)) from exc

    run.__name__, run.__doc__ = method.__name__, method.__doc__
    return run


class PgStore:
    engine = "postgresql"

    def __init__(self, url: str, min_size: int = 2, max_size: int = 10):
        self.url = url
        self.min_size, self.max_size = min_size, max_size
        self.pool: asyncpg.Pool | None = None

    async def open(self) -> PgStore:
        conn = await asyncpg.connect(self.url)
        try:
            await migrate_connection(conn)
        finally:
            await conn.close()
        self.pool = await asyncpg.create_pool(
            self.url, min_size=self.min_size, max_size=self.max_size, command_timeout=30
        )
        return self

    async def close(self) -> None:
        if self.pool is not None:
            pool, self.pool = self.pool, None
            await pool.close()

    async def ok(self) -> bool:
        try:
            return await self.pool.fetchval("SELECT 1") == 1
        except Exception:
            return False

    def shared_state(self) -> PgShared:
        return PgShared(self.pool)

    # Builds, search, likes.
    async def insert_build(self, build: NewBuild) -> tuple[str, bool]:
        code_z = compress_code(build.code)
        stamp = now_iso()
        skills = msgspec.json.encode(build.skills).decode()
        steps = msgspec.json.encode(build.steps).decode()
        for _ in range(5):
            try:
                async with self.pool.acquire() as conn, conn.transaction():
                    existing = await conn.fetchrow("SELECT slug, creator_id FROM builds WHERE id = $1", build.id)
                    if existing is not None:
                        if existing[1] != build.creator_id:
                            raise BuildConflict(build.id)
                        return existing[0], False
                    # Ids and slugs compare without regard to case (indexes on lower(), migration 0004).
                    if await conn.fetchval("SELECT 1 FROM builds WHERE lower(slug) = lower($1)", build.id):
                        raise SlugTaken(build.id)
                    if await conn.fetchval("SELECT 1 FROM builds WHERE lower(id) = lower($1)", build.id):
                        raise LookalikeId(build.id)
                    if await conn.fetchval(GONE_SQL, build.id):
                        raise BuildGone(build.id)
                    # Locked against a deletion until this transaction ends.
                    if not await conn.fetchval("SELECT 1 FROM users WHERE id = $1 FOR KEY SHARE", build.creator_id):
                        raise CreatorGone(build.id)
                    while True:
                        slug = new_slug()
                        if not await conn.fetchval(
                            "SELECT 1 FROM builds WHERE lower(slug) = $1 OR lower(id) = $1", slug
                        ) and not await conn.fetchval(GONE_SQL, slug):
                            break
                    await conn.execute(
                        "INSERT INTO builds(id, slug, creator_id, creator_name, base_class, ascendancy, tree_version,"
                        " code_z, skills, steps, step_count, created_at, updated_at, stat_dps, stat_life,"
                        " stat_energy_shield, stats) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17)",
                        build.id, slug, build.creator_id, build.creator_name, build.base_class, build.ascendancy,
                        build.tree_version, code_z, skills, steps, len(build.steps), stamp, stamp,
                        *stat_columns(build.stats),
                    )
                    await conn.executemany(
                        "INSERT INTO build_skills(skill, build_id) VALUES ($1, $2) ON CONFLICT DO NOTHING",
                        [(s.lower(), build.id) for s in dict.fromkeys(build.skills)],
                    )
                    return slug, True
            except asyncpg.UniqueViolationError:
                # Another process published this id (or drew this slug) first: read again.
                continue
        raise RuntimeError(f"could not store build {build.id}")

    async def find_build(self, id_or_slug: str, viewer: int | None = None) -> BuildInfo | None:
        row = await self.pool.fetchrow(
            "SELECT b.id, b.slug, b.creator_id, b.creator_name, b.base_class, b.ascendancy, b.tree_version, b.code_z,"
            " b.skills, b.steps, b.likes, EXISTS(SELECT 1 FROM likes l WHERE l.user_id = $2 AND l.build_id = b.id),"
            f" b.created_at, b.updated_at, b.stats, b.revision, b.followers FROM builds b WHERE {_lookup(id_or_slug)}",
            id_or_slug, viewer if viewer is not None else -1,
        )
        if row is None:
            return None
        return build_info_of(row, viewer)

    async def find_owner(self, build_id: str) -> tuple[str, int] | None:
        row = await self.pool.fetchrow("SELECT slug, creator_id FROM builds WHERE id = $1", build_id)
        return (row[0], row[1]) if row else None

    async def resolve_build_id(self, id_or_slug: str) -> str | None:
        return await self.pool.fetchval(f"SELECT b.id FROM builds b WHERE {_lookup(id_or_slug)}", id_or_slug)

    async def search(self, q: SearchQuery) -> BuildPage:
        async with self.pool.acquire() as conn:
            latest = await conn.fetchval(f"SELECT {POSTGRES.head}") if q.after else 0
            sql, params = search_statement(q, latest, POSTGRES)
            sql, args = positional(sql, params)
            rows = await conn.fetch(sql, *args)
        return page_of(rows, q.page_size, q.sort_by)

    async def data_version(self) -> int:
        return await self.pool.fetchval("SELECT last_value FROM data_version_seq")

    @_references
    async def set_like(self, user_id: int, build_id: str, like: bool) -> LikeResult | None:
        async with self.pool.acquire() as conn, conn.transaction():
            if not await conn.fetchval("SELECT 1 FROM builds WHERE id = $1", build_id):
                return None
            if like:
                await conn.execute(
                    "INSERT INTO likes(user_id, build_id, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
                    user_id, build_id, time.time(),
                )
            else:
                await conn.execute("DELETE FROM likes WHERE user_id = $1 AND build_id = $2", user_id, build_id)
            count = await conn.fetchval("SELECT likes FROM builds WHERE id = $1", build_id)
        return LikeResult(build_id=build_id, likes=count, is_liked=like)

    async def has_builds(self) -> bool:
        return bool(await self.pool.fetchval("SELECT EXISTS(SELECT 1 FROM builds)"))

    # Users and sessions.
    async def upsert_user(self, provider: str, subject: str, display_name: str) -> User:
        uid = await self.pool.fetchval(
            "INSERT INTO users(provider, subject, display_name) VALUES ($1, $2, $3)"
            " ON CONFLICT(provider, subject) DO UPDATE SET display_name = excluded.display_name RETURNING id",
            provider, subject, display_name,
        )
        return User(id=uid, provider=provider, display_name=display_name)

    async def create_local_account(self, account: str, display_name: str, password_hash: str) -> User:
        try:
            uid = await self.pool.fetchval(
                "INSERT INTO users(provider, subject, display_name, password_hash) VALUES ('local', $1, $2, $3)"
                " RETURNING id",
                account, display_name, password_hash,
            )
        except asyncpg.UniqueViolationError as exc:
            raise AccountTaken(account) from exc
        return User(id=uid, provider="local", display_name=display_name)

    async def local_account(self, account: str) -> tuple[User, str | None] | None:
        row = await self.pool.fetchrow(
            "SELECT id, display_name, password_hash FROM users WHERE provider = 'local' AND subject = $1", account
        )
        return (User(id=row[0], provider="local", display_name=row[1]), row[2]) if row else None

    @_references
    async def create_session(self, user_id: int, ttl_s: int) -> tuple[str, float]:
        token = secrets.token_urlsafe(32)
        now = time.time()
        expires = now + ttl_s
        async with self.pool.acquire() as conn, conn.transaction():
            await conn.execute(
                "INSERT INTO sessions(token_hash, user_id, expires_at, created_at) VALUES ($1, $2, $3, $4)",
                hash_token(token), user_id, expires, now,
            )
            await conn.execute("DELETE FROM sessions WHERE expires_at < $1", now)
        return token, expires

    async def session_user(self, token: str | None) -> SessionUser | None:
        if not token or len(token) > 200:
            return None
        row = await self.pool.fetchrow(
            "SELECT u.id, u.provider, u.display_name, s.expires_at FROM sessions s"
            " JOIN users u ON u.id = s.user_id WHERE s.token_hash = $1 AND s.expires_at > $2",
            hash_token(token), time.time(),
        )
        if row is None:
            return None
        return SessionUser(User(id=row[0], provider=row[1], display_name=row[2]), expires_at=row[3])

    async def delete_session(self, token: str) -> None:
        await self.pool.execute("DELETE FROM sessions WHERE token_hash = $1", hash_token(token))

    async def expire_sessions_of(self, user_id: int) -> None:
        await self.pool.execute("DELETE FROM sessions WHERE user_id = $1", user_id)

    async def save_pending(self, verifier: str, return_path: str, initial_realm: str) -> str:
        state = secrets.token_urlsafe(24)
        now = time.time()
        async with self.pool.acquire() as conn, conn.transaction():
            await conn.execute("DELETE FROM oauth_states WHERE created_at < $1", now - STATE_TTL_S)
            await conn.execute(
                "INSERT INTO oauth_states(state, verifier, return_path, initial_realm, created_at)"
                " VALUES ($1, $2, $3, $4, $5)",
                state, verifier, return_path, initial_realm, now,
            )
        return state

    async def peek_pending(self, state: str) -> PendingSignIn | None:
        row = await self.pool.fetchrow(
            "SELECT state, verifier, return_path, initial_realm FROM oauth_states WHERE state = $1 AND created_at >= $2",
            state, time.time() - STATE_TTL_S,
        )
        return PendingSignIn(*row) if row else None

    async def take_pending(self, state: str) -> PendingSignIn | None:
        row = await self.pool.fetchrow(
            "DELETE FROM oauth_states WHERE state = $1 AND created_at >= $2"
            " RETURNING state, verifier, return_path, initial_realm",
            state, time.time() - STATE_TTL_S,
        )
        return PendingSignIn(*row) if row else None

    @_references
    async def save_tokens(self, user_id: int, tokens: Tokens) -> None:
        await self.pool.execute(
            "INSERT INTO ggg_tokens(user_id, access_token, refresh_token, scope, expires_at) VALUES ($1, $2, $3, $4, $5)"
            " ON CONFLICT(user_id) DO UPDATE SET access_token = excluded.access_token,"
            " refresh_token = excluded.refresh_token, scope = excluded.scope, expires_at = excluded.expires_at",
            user_id, tokens.access_token, tokens.refresh_token, tokens.scope, tokens.expires_at,
        )

    async def load_tokens(self, user_id: int) -> Tokens | None:
        row = await self.pool.fetchrow(
            "SELECT access_token, refresh_token, scope, expires_at FROM ggg_tokens WHERE user_id = $1", user_id
        )
        return Tokens(*row) if row else None

    # Attachments.
    async def attached_build(self, user_id: int, character_id: str) -> Attachment | None:
        row = await self.pool.fetchrow(
            "SELECT b.id, b.slug FROM attachments a JOIN builds b ON b.id = a.build_id"
            " WHERE a.user_id = $1 AND a.character_id = $2",
            user_id, character_id,
        )
        return Attachment(*row) if row else None

    @_references
    async def attach(self, user_id: int, character_id: str, build_id: str) -> None:
        async with self.pool.acquire() as conn, conn.transaction():
            await conn.execute(
                "INSERT INTO attachments(user_id, character_id, build_id, updated_at) VALUES ($1, $2, $3, $4)"
                " ON CONFLICT(user_id, character_id) DO UPDATE SET build_id = excluded.build_id,"
                " updated_at = excluded.updated_at",
                user_id, character_id, build_id, time.time(),
            )
            # Attaching a character follows its build (issue 36).
            await revisions.follow_in(conn, user_id, build_id)

    # Idempotency.
    async def find_answer(self, scope: str, key: str) -> StoredAnswer | None:
        row = await self.pool.fetchrow(
            "SELECT method, path, request_hash, status, headers, body FROM idempotency_keys"
            " WHERE scope = $1 AND key = $2 AND created_at > $3",
            scope, key, time.time() - KEEP_S,
        )
        if row is None:
            return None
        headers = msgspec.json.decode(row[4], type=list[tuple[str, str]])
        return StoredAnswer(row[0], row[1], row[2], row[3], headers, bytes(row[5]))

    async def save_answer(self, scope: str, key: str, answer: StoredAnswer) -> None:
        now = time.time()
        async with self.pool.acquire() as conn, conn.transaction():
            await conn.execute("DELETE FROM idempotency_keys WHERE created_at < $1", now - KEEP_S)
            await conn.execute(
                "INSERT INTO idempotency_keys(scope, key, method, path, request_hash, status, headers, body,"
                " created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)"
                " ON CONFLICT(scope, key) DO UPDATE SET method = excluded.method, path = excluded.path,"
                " request_hash = excluded.request_hash, status = excluded.status, headers = excluded.headers,"
                " body = excluded.body, created_at = excluded.created_at"
                " WHERE idempotency_keys.created_at < $10",
                scope, key, answer.method, answer.path, answer.request_hash, answer.status,
                msgspec.json.encode(answer.headers).decode(), answer.body, now, now - KEEP_S,
            )

    # The player's own data (see server.store.accounts for the rules).
    async def account_data(self, user_id: int) -> AccountData | None:
        async with self.pool.acquire() as conn, conn.transaction(isolation="repeatable_read", readonly=True):
            user = await conn.fetchrow(
                "SELECT provider, subject, display_name, created_at, password_hash IS NOT NULL FROM users WHERE id = $1",
                user_id,
            )
            if user is None:
                return None
            builds = [build_info_of(r, user_id) for r in await conn.fetch(
                f"SELECT {BUILD_COLUMNS} FROM builds b WHERE b.creator_id = $1 ORDER BY b.created_at, b.id", user_id)]
            likes = [LikeInfo(r[0], r[1], iso_of(r[2])) for r in await conn.fetch(
                "SELECT l.build_id, b.slug, l.created_at FROM likes l JOIN builds b ON b.id = l.build_id"
                " WHERE l.user_id = $1 ORDER BY l.created_at, l.build_id", user_id)]
            attachments = [AttachmentInfo(r[0], r[1], r[2], iso_of(r[3])) for r in await conn.fetch(
                "SELECT a.character_id, a.build_id, b.slug, a.updated_at FROM attachments a"
                " JOIN builds b ON b.id = a.build_id WHERE a.user_id = $1 ORDER BY a.character_id", user_id)]
            sessions = [SessionInfo(iso_of(r[0]), iso_of(r[1])) for r in await conn.fetch(
                "SELECT created_at, expires_at FROM sessions WHERE user_id = $1 AND expires_at > $2"
                " ORDER BY created_at", user_id, time.time())]
            grant = await conn.fetchrow("SELECT scope, expires_at FROM ggg_tokens WHERE user_id = $1", user_id)
            replays = [ReplayAnswer(r[0], r[1], r[2], r[3], iso_of(r[4])) for r in await conn.fetch(
                "SELECT key, method, path, status, created_at FROM idempotency_keys WHERE scope = $1"
                " ORDER BY created_at", f"u:{user_id}")]
            follows = [FollowInfo(r[0], r[1], r[2], iso_of(r[3])) for r in await conn.fetch(
                "SELECT f.build_id, b.slug, f.seen_revision, f.created_at FROM follows f"
                " JOIN builds b ON b.id = f.build_id WHERE f.user_id = $1 ORDER BY f.created_at, f.build_id", user_id)]
        return AccountData(
            account=AccountInfo(
                account=f"{user[0]}:{user_id}", provider=user[0],
                account_name=user[1] if user[0] == "local" else None, display_name=user[2],
                created_at=iso_of(user[3]), has_password=bool(user[4]),
            ),
            builds=builds, likes=likes, attachments=attachments, sessions=sessions,
            official_api=OfficialGrant(grant[0], iso_of(grant[1])) if grant else None, replay_answers=replays,
            follows=follows,
        )

    async def delete_account(self, user_id: int, delete_builds: bool) -> tuple[int, int] | None:
        async with self.pool.acquire() as conn, conn.transaction():
            if not await conn.fetchval("SELECT 1 FROM users WHERE id = $1 FOR UPDATE", user_id):
                return None
            owned = await conn.fetchval("SELECT COUNT(*) FROM builds WHERE creator_id = $1", user_id)
            if delete_builds:
                await conn.execute(
                    "INSERT INTO deleted_builds(id, slug, deleted_at) SELECT id, slug, $2 FROM builds"
                    " WHERE creator_id = $1", user_id, time.time(),
                )
                await conn.execute("DELETE FROM builds WHERE creator_id = $1", user_id)
            elif owned:
                former = await conn.fetchval(
                    "INSERT INTO users(provider, subject, display_name) VALUES ($1, $2, $3)"
                    " ON CONFLICT(provider, subject) DO UPDATE SET display_name = excluded.display_name RETURNING id",
                    FORMER_PROVIDER, FORMER_SUBJECT, FORMER_NAME,
                )
                await conn.execute("UPDATE builds SET creator_id = $1 WHERE creator_id = $2", former, user_id)
            for table in ("likes", "attachments", "sessions", "ggg_tokens"):
                await conn.execute(f"DELETE FROM {table} WHERE user_id = $1", user_id)
            await conn.execute("DELETE FROM idempotency_keys WHERE scope = $1", f"u:{user_id}")
            await conn.execute("DELETE FROM users WHERE id = $1", user_id)
        return (owned, 0) if delete_builds else (0, owned)

    async def build_gone(self, id_or_slug: str) -> bool:
        return bool(await self.pool.fetchval(GONE_SQL, id_or_slug))

    # Planner proxy cache.
    async def cached_code(self, paste_id: str) -> str | None:
        return await self.pool.fetchval("SELECT code FROM planner_cache WHERE paste_id = $1", paste_id)

    async def store_code(self, paste_id: str, code: str) -> None:
        await self.pool.execute(
            "INSERT INTO planner_cache(paste_id, code) VALUES ($1, $2) ON CONFLICT DO NOTHING", paste_id, code
        )

    # Revisions and follows (issue 36; server.store.pg.revisions).
    @_references
    async def revise(self, rev: NewRevision) -> tuple[str, int] | None:
        return await revisions.revise(self.pool, rev)

    async def revisions(self, build_id: str) -> RevisionList | None:
        return await revisions.revisions(self.pool, build_id)

    async def revision(self, build_id: str, n: int) -> RevisionInfo | None:
        return await revisions.revision(self.pool, build_id, n)

    async def follow_state(self, user_id: int | None, build_id: str) -> FollowState | None:
        return await revisions.follow_state(self.pool, user_id, build_id)

    @_references
    async def set_follow(self, user_id: int, build_id: str, follow: bool) -> FollowState | None:
        return await revisions.set_follow(self.pool, user_id, build_id, follow)

    @_references
    async def mark_seen(self, user_id: int, build_id: str, revision: int) -> FollowState | None:
        return await revisions.mark_seen(self.pool, user_id, build_id, revision)

    async def unseen_updates(self, user_id: int) -> list[BuildUpdate]:
        return await revisions.unseen_updates(self.pool, user_id)

    async def raw_query(self, sql: str, params: Sequence[Any] = ()) -> list[tuple]:
        return [tuple(r) for r in await self.pool.fetch(qmarks(sql), *params)]
