"""The player's own data: download everything the server keeps about you, or delete the account.

GET /api/account/export answers one JSON file (`waypoint-account.json`): the account, its
builds, likes, attachments, sessions, the official-API grant (never token values or the
password hash), the stored first answers of its changes and the cached character data.
POST /api/account/delete `{deleteBuilds}` deletes the account in one transaction; the
published builds go too (their links then answer 410) or stay public under the creator name
they were published with. Both take the session's CSRF rules: the guard wants our own Origin
(or Sec-Fetch-Site: same-origin) on the export too, though it is a GET, since it hands over
everything.
"""

from __future__ import annotations

import msgspec
from litestar import Request, Response, Router, get, post
from litestar.params import JSONBody

from server.api.characters import REALMS
from server.auth.session import cleared_cookie, require_user
from server.errors import ApiError, strict_body
from server.store.types import now_iso
from server.wire import (
    AccountDeleted,
    AccountDeletedAnswer,
    AccountExport,
    AccountExportAnswer,
    CachedCharacters,
    DeleteAccountRequest,
)

EXPORT_FILE = "waypoint-account.json"


async def _cached_characters(request: Request, user_id: int) -> list[CachedCharacters]:
    """The character cache entries of this user (server.api.characters keys them by user id):
    each realm's list, and the details of each character a list names."""
    shared = request.app.state.shared
    out: list[CachedCharacters] = []
    for realm in REALMS:
        key = f"list:{user_id}:{realm}"
        raw = await shared.get(f"chars:{key}")
        if raw is None:
            continue
        characters = msgspec.msgpack.decode(raw)
        out.append(CachedCharacters(key, characters))
        for character in characters if isinstance(characters, list) else []:
            name = str(character.get("name", "")).lower() if isinstance(character, dict) else ""
            detail = f"detail:{user_id}:{realm}:{name}"
            if name and (raw := await shared.get(f"chars:{detail}")) is not None:
                out.append(CachedCharacters(detail, msgspec.msgpack.decode(raw)))
    return out


@get("/export", summary="Everything the server keeps about the signed-in player, as one JSON file", cache=False)
async def export_account(request: Request) -> Response[AccountExportAnswer]:
    user = require_user(request)
    data = await request.app.state.store.account_data(user.id)
    if data is None:
        raise ApiError(401, "Your session has ended or you are not signed in. Please log in again.", "unauthorized")
    answer = AccountExportAnswer(AccountExport(
        exported_at=now_iso(), account=data.account, builds=data.builds, likes=data.likes,
        attachments=data.attachments, sessions=data.sessions, official_api=data.official_api,
        replay_answers=data.replay_answers, cached_characters=await _cached_characters(request, user.id),
        follows=data.follows,
    ))
    return Response(answer, headers={"Content-Disposition": f'attachment; filename="{EXPORT_FILE}"',
                                     "Cache-Control": "no-store"})


@post("/delete", summary="Delete the signed-in player's account (and, if asked, their builds)", status_code=200)
async def delete_account(request: Request, data: JSONBody[DeleteAccountRequest]) -> Response[AccountDeletedAnswer]:
    user = require_user(request)
    data = await strict_body(request, DeleteAccountRequest)  # {"deleteBuilds": 1} is not a boolean
    cached = await _cached_characters(request, user.id)
    result = await request.app.state.store.delete_account(user.id, data.delete_builds)
    if result is None:
        raise ApiError(401, "Your session has ended or you are not signed in. Please log in again.", "unauthorized")
    for entry in cached:
        await request.app.state.shared.delete(f"chars:{entry.key}")
    response = Response(AccountDeletedAnswer(AccountDeleted(*result)), status_code=200)
    response.cookies.append(cleared_cookie(request))
    return response


account_router = Router("/api/account", route_handlers=[export_account, delete_account], tags=["account"])
