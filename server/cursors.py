"""Snapshots of recently issued search cursors, for clients that only send lastGuid + likeAmount.

Kept in the shared state (server.sharedstate), so a cursor issued by one worker keeps its
snapshot when the next page lands on another. Keyed by (lastGuid, likeAmount): two readers
ending a page on the same build with the same count share an entry; either snapshot is then
close. Entries live an hour, longer than anyone pages one list.
"""

from __future__ import annotations

from litestar import Request

KEEP_S = 3600.0


def _key(guid: str, amount: int) -> str:
    return f"snap:{amount}:{guid}"


async def remembered_snapshot(request: Request, guid: str, amount: int) -> int | None:
    raw = await request.app.state.shared.get(_key(guid, amount))
    return int(raw) if raw else None


async def remember_snapshot(request: Request, guid: str, amount: int, snapshot: int) -> None:
    await request.app.state.shared.put(_key(guid, amount), str(snapshot).encode(), KEEP_S)
