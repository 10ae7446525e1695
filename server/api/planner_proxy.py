"""GET /api/proxy/{host}/{code}: a paste's planner code, cached in SQLite forever.

One handler per paste host (pobb.in, pastebin.com, poe.ninja, maxroll.gg), all
made by one factory over server.planner.pobb.PasteHost:
400 for an invalid paste id (no fetch), 404 when the host has no such paste,
502 when the host fails, times out, sends too much or sends something that is
not a planner code.
"""

from __future__ import annotations

import msgspec
from litestar import Request, get
from litestar.params import FromPath

from server.errors import ApiError
from server.planner.pobb import HOSTS, PasteHost, PasteNotFound, UpstreamFailed, fetch_paste


class PobbAnswer(msgspec.Struct):
    # The planner code text (URL-safe base64 of deflated XML).
    data: str


async def _proxy(request: Request, host: PasteHost, code: str) -> PobbAnswer:
    if not host.valid_id(code):
        raise ApiError(400, host.id_rule)
    store = request.app.state.store
    key = host.cache_key(code)
    cached = await store.cached_code(key)
    if cached is not None:
        return PobbAnswer(cached)
    settings = request.app.state.settings
    try:
        fetched = await fetch_paste(
            getattr(settings, host.base_url_setting),
            code,
            settings.upstream_timeout_s,
            f"Waypoint (+{settings.contact})",
            host,
        )
    except PasteNotFound as exc:
        raise ApiError(404, str(exc)) from exc
    except UpstreamFailed as exc:
        raise ApiError(502, str(exc)) from exc
    await store.store_code(key, fetched)
    return PobbAnswer(fetched)


def _handler(host: PasteHost):
    async def proxy(request: Request, code: FromPath[str]) -> PobbAnswer:
        return await _proxy(request, host, code)

    proxy.__name__ = f"{host.key}_proxy"
    return get(
        f"/api/proxy/{host.key}/{{code:str}}",
        summary=f"A {host.label} paste's planner code",
        operation_id=f"{host.key}Proxy",
        cache=False,
    )(proxy)


PROXY_HANDLERS = [_handler(host) for host in HOSTS]
