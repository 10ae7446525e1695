"""GET /api/proxy/pobb/{code}: a pobb.in paste's planner code, cached in SQLite forever.

400 for an invalid paste id (no fetch), 404 when pobb.in has no such paste,
502 when pobb.in fails, times out or sends something that is not a planner code.
"""

from __future__ import annotations

import msgspec
from litestar import Request, get
from litestar.params import FromPath

from server.errors import ApiError
from server.planner.cache import cached_code, store_code
from server.planner.pobb import PasteNotFound, UpstreamFailed, fetch_paste, valid_paste_id


class PobbAnswer(msgspec.Struct):
    # The planner code text (URL-safe base64 of deflated XML).
    data: str


@get("/api/proxy/pobb/{code:str}", summary="A pobb.in paste's planner code", cache=False)
async def pobb_proxy(request: Request, code: FromPath[str]) -> PobbAnswer:
    if not valid_paste_id(code):
        raise ApiError(400, "A pobb.in paste id is exactly 12 letters, digits, '_' or '-'.")
    db = request.app.state.db
    cached = cached_code(db, code)
    if cached is not None:
        return PobbAnswer(cached)
    settings = request.app.state.settings
    try:
        fetched = await fetch_paste(
            settings.pobb_base_url, code, settings.upstream_timeout_s, f"Waypoint (+{settings.contact})"
        )
    except PasteNotFound as exc:
        raise ApiError(404, str(exc)) from exc
    except UpstreamFailed as exc:
        raise ApiError(502, str(exc)) from exc
    await store_code(db, code, fetched)
    return PobbAnswer(fetched)
