"""Stored first answers to mutations, replayed for a repeated Idempotency-Key."""

from __future__ import annotations

import time

import msgspec

from server.store.db import Database
from server.store.types import KEEP_S, StoredAnswer


def find_answer(db: Database, scope: str, key: str) -> StoredAnswer | None:
    row = db.read_one(
        "SELECT method, path, request_hash, status, headers, body FROM idempotency_keys"
        " WHERE scope = ? AND key = ? AND created_at > ?",
        (scope, key, time.time() - KEEP_S),
    )
    if row is None:
        return None
    headers = msgspec.json.decode(row[4], type=list[tuple[str, str]])
    return StoredAnswer(row[0], row[1], row[2], row[3], headers, bytes(row[5]))


async def save_answer(db: Database, scope: str, key: str, answer: StoredAnswer) -> None:
    """Keep the first answer; a concurrent duplicate that finished later does not overwrite it."""
    now = time.time()
    def run(conn) -> None:
        conn.execute("DELETE FROM idempotency_keys WHERE created_at < ?", (now - KEEP_S,))
        conn.execute(
            "INSERT INTO idempotency_keys(scope, key, method, path, request_hash, status, headers, body, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT(scope, key) DO UPDATE SET method = excluded.method, path = excluded.path,"
            " request_hash = excluded.request_hash, status = excluded.status, headers = excluded.headers,"
            " body = excluded.body, created_at = excluded.created_at"
            " WHERE idempotency_keys.created_at < ?",
            (scope, key, answer.method, answer.path, answer.request_hash, answer.status,
             msgspec.json.encode(answer.headers).decode(), answer.body, now, now - KEEP_S),
        )

    # A lost answer (power loss) only means a retry is applied again: likes and publishes are idempotent anyway.
    await db.write(run, durable=False)
