"""Fetching a planner code from a paste host: pobb.in, pastebin, poe.ninja, maxroll.

One mechanism for every host: a PasteHost names its id rule and where its raw
code lives (the download URLs Path of Building itself uses); fetch_paste streams
the answer with a size cap and a timeout and only returns a code that decodes.
"""

from __future__ import annotations

import functools
import re
import ssl
from dataclasses import dataclass

import certifi
import httpx

from server.planner.decode import MAX_CODE_CHARS
from server.planner.errors import PlannerError
from server.planner.extract import decode_planner
from server.upstream_body import ACCEPT_ENCODING, BodyTooLarge, BodyUnusable, read_capped


@dataclass(frozen=True)
class PasteHost:
    # Route segment (/api/proxy/{key}/{id}) and cache namespace.
    key: str
    # Shown in messages: "pastebin.com has no paste ...".
    label: str
    id_pattern: re.Pattern[str]
    # Human rule for a bad id, ends the 400 message.
    id_rule: str
    # Path of the raw code under the host's base URL; {id} is the paste id.
    raw_path: str
    # The Settings field holding the host's base URL (fakes on loopback in tests).
    base_url_setting: str

    def valid_id(self, paste_id: str) -> bool:
        return self.id_pattern.fullmatch(paste_id) is not None

    def cache_key(self, paste_id: str) -> str:
        # pobb.in ids were cached bare before other hosts existed; keep them readable.
        return paste_id if self.key == "pobb" else f"{self.key}:{paste_id}"


POBB = PasteHost(
    key="pobb",
    label="pobb.in",
    # Exactly 12 letters, digits, "_" or "-" (the spec's link rule).
    id_pattern=re.compile(r"[A-Za-z0-9_-]{12}"),
    id_rule="A pobb.in paste id is exactly 12 letters, digits, '_' or '-'.",
    raw_path="/{id}/raw",
    base_url_setting="pobb_base_url",
)
PASTEBIN = PasteHost(
    key="pastebin",
    label="pastebin.com",
    id_pattern=re.compile(r"[A-Za-z0-9]{4,16}"),
    id_rule="A pastebin.com paste id is 4 to 16 letters or digits.",
    raw_path="/raw/{id}",
    base_url_setting="pastebin_base_url",
)
POE_NINJA = PasteHost(
    key="poeninja",
    label="poe.ninja",
    id_pattern=re.compile(r"[A-Za-z0-9]{1,32}"),
    id_rule="A poe.ninja build export id is 1 to 32 letters or digits.",
    raw_path="/poe1/pob/raw/{id}",
    base_url_setting="poe_ninja_base_url",
)
MAXROLL = PasteHost(
    key="maxroll",
    label="maxroll.gg",
    id_pattern=re.compile(r"[A-Za-z0-9_-]{1,32}"),
    id_rule="A maxroll.gg planner id is 1 to 32 letters, digits, '_' or '-'.",
    raw_path="/poe/api/pob/{id}",
    base_url_setting="maxroll_base_url",
)
HOSTS: tuple[PasteHost, ...] = (POBB, PASTEBIN, POE_NINJA, MAXROLL)


class PasteNotFound(Exception):
    pass


class UpstreamFailed(Exception):
    pass


def valid_paste_id(paste_id: str) -> bool:
    return POBB.valid_id(paste_id)


async def fetch_paste(
    base_url: str, paste_id: str, timeout_s: float, user_agent: str, host: PasteHost = POBB
) -> str:
    """The paste's planner code; raises PasteNotFound or UpstreamFailed with a readable message."""
    code = await fetch_raw_paste(base_url, paste_id, timeout_s, user_agent, host)
    try:
        # Only a code we can decode is worth caching forever.
        decode_planner(code)
    except PlannerError as exc:
        raise UpstreamFailed(not_a_code(host, paste_id, exc.kind)) from exc
    return code


@functools.cache
def _tls() -> ssl.SSLContext:
    """The CA bundle, loaded once per process: loading it costs ~50 ms of CPU, which a new
    client per fetch spent on the event loop every time."""
    return ssl.create_default_context(cafile=certifi.where())


def not_a_code(host: PasteHost, paste_id: str, kind: str) -> str:
    return f"{host.label} did not return a planner code for paste {paste_id} ({kind})."


async def fetch_raw_paste(
    base_url: str, paste_id: str, timeout_s: float, user_agent: str, host: PasteHost = POBB
) -> str:
    """The paste's text, stripped and not yet decoded (the API decodes it off the event loop)."""
    url = base_url.rstrip("/") + host.raw_path.format(id=paste_id)
    name = host.label
    too_big = f"{name} sent more than {MAX_CODE_CHARS} bytes for paste {paste_id}."
    try:
        async with httpx.AsyncClient(
            verify=_tls(),
            timeout=httpx.Timeout(timeout_s),
            follow_redirects=True,
            max_redirects=3,
            headers={"User-Agent": user_agent, "Accept": "text/plain", "Accept-Encoding": ACCEPT_ENCODING},
        ) as client:
            async with client.stream("GET", url) as response:
                if response.status_code == 404:
                    raise PasteNotFound(f"{name} has no paste {paste_id}.")
                if response.status_code != 200:
                    raise UpstreamFailed(f"{name} answered {response.status_code} for paste {paste_id}.")
                try:
                    body = await read_capped(response, MAX_CODE_CHARS)
                except BodyTooLarge:
                    raise UpstreamFailed(too_big) from None
                except BodyUnusable as exc:
                    raise UpstreamFailed(f"{name} sent the paste {paste_id} with {exc}.") from None
    except httpx.TimeoutException as exc:
        raise UpstreamFailed(f"{name} did not answer within {timeout_s:g} s.") from exc
    except httpx.HTTPError as exc:
        raise UpstreamFailed(f"Could not reach {name}: {exc.__class__.__name__}.") from exc
    return body.decode("utf-8", errors="replace").strip()
