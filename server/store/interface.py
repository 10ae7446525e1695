"""The one store interface the API layer talks to, whatever the engine.

`open_store(settings)` (server.store) picks the engine: PostgreSQL when
`WAYPOINT_DATABASE_URL` is a postgresql:// URL, else the embedded SQLite file. Every
method is async; types live in server.store.types and are the same for both engines.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from server.sharedstate import SharedState
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


class Store(Protocol):
    engine: str  # "sqlite" | "postgresql"

    async def open(self) -> Store:
        """Connect and apply pending migrations."""

    async def close(self) -> None: ...

    async def ok(self) -> bool:
        """The database answers a trivial query."""

    def shared_state(self) -> SharedState:
        """Where counters, cursor snapshots and cached characters live for this engine."""

    # Builds, search and likes.
    async def insert_build(self, build: NewBuild) -> tuple[str, bool]:
        """(slug, created) once per client id; BuildConflict for another creator's id, SlugTaken
        for an id that equals another build's slug."""

    async def find_build(self, id_or_slug: str, viewer: int | None = None) -> BuildInfo | None: ...

    async def find_owner(self, build_id: str) -> tuple[str, int] | None: ...

    async def resolve_build_id(self, id_or_slug: str) -> str | None: ...

    async def search(self, q: SearchQuery) -> BuildPage: ...

    async def data_version(self) -> int:
        """Changes whenever a build or a like is committed by any process."""

    async def set_like(self, user_id: int, build_id: str, like: bool) -> LikeResult | None: ...

    async def has_builds(self) -> bool: ...

    # Users, sessions, sign-in states, official-API tokens.
    async def upsert_user(self, provider: str, subject: str, display_name: str) -> User: ...

    async def create_local_account(self, account: str, display_name: str, password_hash: str) -> User:
        """AccountTaken when the account name exists."""

    async def local_account(self, account: str) -> tuple[User, str | None] | None: ...

    async def create_session(self, user_id: int, ttl_s: int) -> tuple[str, float]: ...

    async def session_user(self, token: str | None) -> SessionUser | None: ...

    async def delete_session(self, token: str) -> None: ...

    async def expire_sessions_of(self, user_id: int) -> None: ...

    async def save_pending(self, verifier: str, return_path: str, initial_realm: str) -> str: ...

    async def peek_pending(self, state: str) -> PendingSignIn | None: ...

    async def take_pending(self, state: str) -> PendingSignIn | None: ...

    async def save_tokens(self, user_id: int, tokens: Tokens) -> None: ...

    async def load_tokens(self, user_id: int) -> Tokens | None: ...

    # Character attachments.
    async def attached_build(self, user_id: int, character_id: str) -> Attachment | None: ...

    async def attach(self, user_id: int, character_id: str, build_id: str) -> None: ...

    # The player's own data.
    async def account_data(self, user_id: int) -> AccountData | None:
        """Everything kept about the user, read in one snapshot; None for no such user."""

    async def delete_account(self, user_id: int, delete_builds: bool) -> tuple[int, int] | None:
        """(builds deleted, builds kept) in one transaction; None for no such user."""

    async def build_gone(self, id_or_slug: str) -> bool:
        """Whether the id or slug named a build deleted with its creator's account."""

    # Idempotency-Key answers.
    async def find_answer(self, scope: str, key: str) -> StoredAnswer | None: ...

    async def save_answer(self, scope: str, key: str, answer: StoredAnswer) -> None: ...

    # Paste cache of the planner proxy.
    async def cached_code(self, paste_id: str) -> str | None: ...

    async def store_code(self, paste_id: str, code: str) -> None: ...

    # Revisions and follows (issue 36; server.store.revisions).
    async def revise(self, rev: NewRevision) -> tuple[str, int] | None:
        """(slug, new revision number); None for no such build; NotCreator, StaleRevision."""

    async def revisions(self, build_id: str) -> RevisionList | None: ...

    async def revision(self, build_id: str, n: int) -> RevisionInfo | None: ...

    async def follow_state(self, user_id: int | None, build_id: str) -> FollowState | None: ...

    async def set_follow(self, user_id: int, build_id: str, follow: bool) -> FollowState | None: ...

    async def mark_seen(self, user_id: int, build_id: str, revision: int) -> FollowState | None:
        """NotFollowing when the user does not follow the build."""

    async def unseen_updates(self, user_id: int) -> list[BuildUpdate]:
        """Followed builds whose newest revision is past the one the user has seen, in one query."""

    # For tools and tests: rows of one statement with `?` placeholders, in either engine.
    async def raw_query(self, sql: str, params: Sequence[Any] = ()) -> list[tuple]: ...
