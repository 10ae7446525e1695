"""Users, sessions, pending sign-in states and official-API tokens."""

from __future__ import annotations

import secrets
import sqlite3
import time

from server.store.db import Database
from server.store.types import (  # noqa: F401 (re-exported)
    STATE_TTL_S,
    AccountTaken,
    PendingSignIn,
    SessionUser,
    Tokens,
    User,
    hash_token,
)


async def upsert_user(db: Database, provider: str, subject: str, display_name: str) -> User:
    def run(conn: sqlite3.Connection):
        conn.execute(
            "INSERT INTO users(provider, subject, display_name) VALUES (?, ?, ?)"
            " ON CONFLICT(provider, subject) DO UPDATE SET display_name = excluded.display_name",
            (provider, subject, display_name),
        )
        return conn.execute("SELECT id FROM users WHERE provider = ? AND subject = ?", (provider, subject)).fetchone()

    row = await db.write(run)
    return User(id=row[0], provider=provider, display_name=display_name)


async def create_local_account(db: Database, account: str, display_name: str, password_hash: str) -> User:
    """A new local account; AccountTaken when the (lower-cased) account name exists."""

    def run(conn: sqlite3.Connection) -> int:
        try:
            return conn.execute(
                "INSERT INTO users(provider, subject, display_name, password_hash) VALUES ('local', ?, ?, ?)"
                " RETURNING id",
                (account, display_name, password_hash),
            ).fetchone()[0]
        except sqlite3.IntegrityError as exc:
            raise AccountTaken(account) from exc

    return User(id=await db.write(run), provider="local", display_name=display_name)


def local_account(db: Database, account: str) -> tuple[User, str | None] | None:
    """The local account and its password hash (None: it cannot sign in with a password)."""
    row = db.read_one(
        "SELECT id, display_name, password_hash FROM users WHERE provider = 'local' AND subject = ?", (account,)
    )
    return (User(id=row[0], provider="local", display_name=row[1]), row[2]) if row else None


async def create_session(db: Database, user_id: int, ttl_s: int) -> tuple[str, float]:
    """A new random session token (returned once, stored hashed) and its expiry."""
    token = secrets.token_urlsafe(32)
    now = time.time()
    expires = now + ttl_s
    def run(conn: sqlite3.Connection) -> None:
        conn.execute(
            "INSERT INTO sessions(token_hash, user_id, expires_at, created_at) VALUES (?, ?, ?, ?)",
            (hash_token(token), user_id, expires, now),
        )
        # Housekeeping: expired sessions are useless.
        conn.execute("DELETE FROM sessions WHERE expires_at < ?", (now,))

    await db.write(run)
    return token, expires


def session_user(db: Database, token: str | None) -> SessionUser | None:
    if not token or len(token) > 200:
        return None
    row = db.read_one(
        "SELECT u.id, u.provider, u.display_name, s.expires_at FROM sessions s"
        " JOIN users u ON u.id = s.user_id WHERE s.token_hash = ? AND s.expires_at > ?",
        (hash_token(token), time.time()),
    )
    if row is None:
        return None
    return SessionUser(User(id=row[0], provider=row[1], display_name=row[2]), expires_at=row[3])


async def delete_session(db: Database, token: str) -> None:
    await db.write(lambda conn: conn.execute("DELETE FROM sessions WHERE token_hash = ?", (hash_token(token),)))


async def expire_sessions_of(db: Database, user_id: int) -> None:
    await db.write(lambda conn: conn.execute("DELETE FROM sessions WHERE user_id = ?", (user_id,)))


async def save_pending(db: Database, verifier: str, return_path: str, initial_realm: str) -> str:
    state = secrets.token_urlsafe(24)
    now = time.time()
    def run(conn: sqlite3.Connection) -> None:
        conn.execute("DELETE FROM oauth_states WHERE created_at < ?", (now - STATE_TTL_S,))
        conn.execute(
            "INSERT INTO oauth_states(state, verifier, return_path, initial_realm, created_at) VALUES (?, ?, ?, ?, ?)",
            (state, verifier, return_path, initial_realm, now),
        )

    await db.write(run)
    return state


def peek_pending(db: Database, state: str) -> PendingSignIn | None:
    row = db.read_one(
        "SELECT state, verifier, return_path, initial_realm FROM oauth_states WHERE state = ? AND created_at >= ?",
        (state, time.time() - STATE_TTL_S),
    )
    return PendingSignIn(*row) if row else None


async def take_pending(db: Database, state: str) -> PendingSignIn | None:
    """Consume a sign-in state: each one finishes at most one sign-in."""
    row = await db.write(
        lambda conn: conn.execute(
            "DELETE FROM oauth_states WHERE state = ? AND created_at >= ?"
            " RETURNING state, verifier, return_path, initial_realm",
            (state, time.time() - STATE_TTL_S),
        ).fetchone()
    )
    return PendingSignIn(*row) if row else None


async def save_tokens(db: Database, user_id: int, tokens: Tokens) -> None:
    await db.write(
        lambda conn: conn.execute(
            "INSERT INTO ggg_tokens(user_id, access_token, refresh_token, scope, expires_at) VALUES (?, ?, ?, ?, ?)"
            " ON CONFLICT(user_id) DO UPDATE SET access_token = excluded.access_token,"
            " refresh_token = excluded.refresh_token, scope = excluded.scope, expires_at = excluded.expires_at",
            (user_id, tokens.access_token, tokens.refresh_token, tokens.scope, tokens.expires_at),
        )
    )


def load_tokens(db: Database, user_id: int) -> Tokens | None:
    row = db.read_one(
        "SELECT access_token, refresh_token, scope, expires_at FROM ggg_tokens WHERE user_id = ?", (user_id,)
    )
    return Tokens(*row) if row else None
