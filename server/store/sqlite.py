"""The embedded SQLite store: the Store interface over server.store's SQLite modules."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from server.sharedstate import SharedState, SqliteShared
from server.store import accounts, attachments, builds, idempotency, revisions, users
from server.store.db import Database
from server.store.revisions import NewRevision
from server.store.types import (
    AccountData,
    Attachment,
    NewBuild,
    PendingSignIn,
    SearchQuery,
    SessionUser,
    StoredAnswer,
    Tokens,
    User,
)
from server.wire import BuildInfo, BuildPage, BuildUpdate, FollowState, LikeResult, RevisionInfo, RevisionList


class SqliteStore:
    engine = "sqlite"

    def __init__(self, path: str | Path):
        self.path = Path(path)
        self.db = Database(self.path)

    async def open(self) -> SqliteStore:
        await self.db.open()
        return self

    async def close(self) -> None:
        await self.db.close()

    async def ok(self) -> bool:
        return await self.db.ok()

    def shared_state(self) -> SharedState:
        # A separate file, so this churn never waits on the build store's write lock.
        return SqliteShared(self.path.with_name(self.path.name + ".shared"))

    async def insert_build(self, build: NewBuild) -> tuple[str, bool]:
        return await builds.insert_build(self.db, build)

    async def find_build(self, id_or_slug: str, viewer: int | None = None) -> BuildInfo | None:
        return builds.find_build(self.db, id_or_slug, viewer)

    async def find_owner(self, build_id: str) -> tuple[str, int] | None:
        return builds.find_owner(self.db, build_id)

    async def resolve_build_id(self, id_or_slug: str) -> str | None:
        return builds.resolve_build_id(self.db, id_or_slug)

    async def search(self, q: SearchQuery) -> BuildPage:
        if builds.needs_thread(q):
            # Filtered searches may read many rows; they run off the event loop.
            return await asyncio.to_thread(lambda: builds.search(self.db, q, self.db.thread_reader()))
        return builds.search(self.db, q)

    async def data_version(self) -> int:
        return builds.data_version(self.db)

    async def set_like(self, user_id: int, build_id: str, like: bool) -> LikeResult | None:
        return await builds.set_like(self.db, user_id, build_id, like)

    async def has_builds(self) -> bool:
        return self.db.read_one("SELECT 1 FROM builds LIMIT 1") is not None

    async def upsert_user(self, provider: str, subject: str, display_name: str) -> User:
        return await users.upsert_user(self.db, provider, subject, display_name)

    async def create_local_account(self, account: str, display_name: str, password_hash: str) -> User:
        return await users.create_local_account(self.db, account, display_name, password_hash)

    async def local_account(self, account: str) -> tuple[User, str | None] | None:
        return users.local_account(self.db, account)

    async def create_session(self, user_id: int, ttl_s: int) -> tuple[str, float]:
        return await users.create_session(self.db, user_id, ttl_s)

    async def session_user(self, token: str | None) -> SessionUser | None:
        return users.session_user(self.db, token)

    async def delete_session(self, token: str) -> None:
        await users.delete_session(self.db, token)

    async def expire_sessions_of(self, user_id: int) -> None:
        await users.expire_sessions_of(self.db, user_id)

    async def save_pending(self, verifier: str, return_path: str, initial_realm: str) -> str:
        return await users.save_pending(self.db, verifier, return_path, initial_realm)

    async def peek_pending(self, state: str) -> PendingSignIn | None:
        return users.peek_pending(self.db, state)

    async def take_pending(self, state: str) -> PendingSignIn | None:
        return await users.take_pending(self.db, state)

    async def save_tokens(self, user_id: int, tokens: Tokens) -> None:
        await users.save_tokens(self.db, user_id, tokens)

    async def load_tokens(self, user_id: int) -> Tokens | None:
        return users.load_tokens(self.db, user_id)

    async def attached_build(self, user_id: int, character_id: str) -> Attachment | None:
        return attachments.attached_build(self.db, user_id, character_id)

    async def attach(self, user_id: int, character_id: str, build_id: str) -> None:
        await attachments.attach(self.db, user_id, character_id, build_id)

    async def find_answer(self, scope: str, key: str) -> StoredAnswer | None:
        return idempotency.find_answer(self.db, scope, key)

    async def save_answer(self, scope: str, key: str, answer: StoredAnswer) -> None:
        await idempotency.save_answer(self.db, scope, key, answer)

    async def account_data(self, user_id: int) -> AccountData | None:
        return await accounts.account_data(self.db, user_id)

    async def delete_account(self, user_id: int, delete_builds: bool) -> tuple[int, int] | None:
        return await accounts.delete_account(self.db, user_id, delete_builds)

    async def build_gone(self, id_or_slug: str) -> bool:
        return accounts.build_gone(self.db, id_or_slug)

    async def cached_code(self, paste_id: str) -> str | None:
        row = self.db.read_one("SELECT code FROM planner_cache WHERE paste_id = ?", (paste_id,))
        return row[0] if row else None

    async def store_code(self, paste_id: str, code: str) -> None:
        await self.db.write(
            lambda conn: conn.execute(
                "INSERT OR IGNORE INTO planner_cache(paste_id, code) VALUES (?, ?)", (paste_id, code)
            )
        )

    # Revisions and follows (issue 36).
    async def revise(self, rev: NewRevision) -> tuple[str, int] | None:
        return await revisions.revise(self.db, rev)

    async def revisions(self, build_id: str) -> RevisionList | None:
        return revisions.revisions(self.db, build_id)

    async def revision(self, build_id: str, n: int) -> RevisionInfo | None:
        return revisions.revision(self.db, build_id, n)

    async def follow_state(self, user_id: int | None, build_id: str) -> FollowState | None:
        return revisions.follow_state(self.db, user_id, build_id)

    async def set_follow(self, user_id: int, build_id: str, follow: bool) -> FollowState | None:
        return await revisions.set_follow(self.db, user_id, build_id, follow)

    async def mark_seen(self, user_id: int, build_id: str, revision: int) -> FollowState | None:
        return await revisions.mark_seen(self.db, user_id, build_id, revision)

    async def unseen_updates(self, user_id: int) -> list[BuildUpdate]:
        return revisions.unseen_updates(self.db, user_id)

    async def raw_query(self, sql: str, params: Sequence[Any] = ()) -> list[tuple]:
        def run(conn) -> list[tuple]:
            return [tuple(r) for r in conn.execute(sql, tuple(params)).fetchall()]

        if sql.lstrip().upper().startswith(("SELECT", "WITH", "PRAGMA", "EXPLAIN")):
            return await self.db.read(run)
        return await self.db.write(run)
