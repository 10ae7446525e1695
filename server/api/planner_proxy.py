"""GET /api/proxy/{host}/{code}: a paste's planner code, cached in SQLite forever.

One handler per paste host (pobb.in, pastebin.com, poe.ninja, maxroll.gg), all
made by one factory over server.planner.pobb.PasteHost:
400 for an invalid paste id (no fetch), 404 when the host has no such paste,
502 when the host fails, times out, sends too much or sends something that is
not a planner code, 422 when the code is over publish's limits (publish's message) or is a
Path of Exile 2 build (the decoder's message).

A paste not yet cached costs a fetch and a decode, so each client address has a budget of
them (`proxy_decodes_per_minute`, a token bucket in the state all workers share; 429 past
it), and the decode runs as publish's does: in the worker's low-priority decode child, one
at a time (server.publish_gate; 503 with Retry-After when too many wait).
"""

from __future__ import annotations

import msgspec
from litestar import Request, get
from litestar.params import FromPath

from server.client_address import request_limit_key
from server.errors import ApiError
from server.paste_check import check_paste
from server.planner.pobb import HOSTS, PasteHost, PasteNotFound, UpstreamFailed, fetch_raw_paste, not_a_code
from server.publish_gate import decode_off_loop


class PobbAnswer(msgspec.Struct):
    # The planner code text (URL-safe base64 of deflated XML).
    data: str


async def _decode_budget(request: Request) -> None:
    limit = request.app.state.settings.proxy_decodes_per_minute
    if limit <= 0:
        return
    wait = await request.app.state.shared.hit([(f"decode-ip:{request_limit_key(request)}", limit)])
    if wait:
        raise ApiError(429, f"Too many new pastes from this address; retry in {wait} seconds",
                       headers={"Retry-After": str(wait)})


async def _proxy(request: Request, host: PasteHost, code: str) -> PobbAnswer:
    if not host.valid_id(code):
        raise ApiError(400, host.id_rule)
    store = request.app.state.store
    key = host.cache_key(code)
    cached = await store.cached_code(key)
    if cached is not None:
        return PobbAnswer(cached)
    await _decode_budget(request)
    settings = request.app.state.settings
    try:
        fetched = await fetch_raw_paste(
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
    # Only a code that decodes within publish's limits is worth caching forever.
    verdict, detail = await decode_off_loop(request, check_paste, fetched)
    if verdict == "not_a_code":
        raise ApiError(502, not_a_code(host, code, detail))
    if verdict in ("over_limits", "poe2_build"):
        raise ApiError(422, detail, "invalid_build")
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
