"""Which build a character is tracked against: last writer wins per (user, character)."""

from __future__ import annotations

import time

from server.store.db import Database
from server.store.revisions import follow_in
from server.store.types import Attachment


def attached_build(db: Database, user_id: int, character_id: str) -> Attachment | None:
    row = db.read_one(
        "SELECT b.id, b.slug FROM attachments a JOIN builds b ON b.id = a.build_id"
        " WHERE a.user_id = ? AND a.character_id = ?",
        (user_id, character_id),
    )
    return Attachment(*row) if row else None


async def attach(db: Database, user_id: int, character_id: str, build_id: str) -> None:
    def run(conn) -> None:
        conn.execute(
            "INSERT INTO attachments(user_id, character_id, build_id, updated_at) VALUES (?, ?, ?, ?)"
            " ON CONFLICT(user_id, character_id) DO UPDATE SET build_id = excluded.build_id,"
            " updated_at = excluded.updated_at",
            (user_id, character_id, build_id, time.time()),
        )
        # Attaching a character follows its build (issue 36).
        follow_in(conn, user_id, build_id)

    await db.write(run)
