"""The planner_cache table: paste key (pobb.in id, or "host:id") -> planner code, kept forever."""

from __future__ import annotations

from server.store.db import Database


def cached_code(db: Database, paste_id: str) -> str | None:
    row = db.read_one("SELECT code FROM planner_cache WHERE paste_id = ?", (paste_id,))
    return row[0] if row else None


async def store_code(db: Database, paste_id: str, code: str) -> None:
    async with db.transaction() as conn:
        await conn.execute(
            "INSERT OR IGNORE INTO planner_cache(paste_id, code) VALUES (?, ?)", (paste_id, code)
        )
