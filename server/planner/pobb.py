"""Fetching a paste's raw planner code from pobb.in (`<base>/<id>/raw`)."""

from __future__ import annotations

import re

import httpx

from server.planner.decode import MAX_CODE_CHARS
from server.planner.errors import PlannerError
from server.planner.extract import decode_planner

# A pobb.in paste id: exactly 12 letters, digits, "_" or "-" (the spec's link rule).
PASTE_ID = re.compile(r"[A-Za-z0-9_-]{12}")


class PasteNotFound(Exception):
    pass


class UpstreamFailed(Exception):
    pass


def valid_paste_id(paste_id: str) -> bool:
    return PASTE_ID.fullmatch(paste_id) is not None


async def fetch_paste(base_url: str, paste_id: str, timeout_s: float, user_agent: str) -> str:
    """The paste's planner code; raises PasteNotFound or UpstreamFailed with a readable message."""
    url = f"{base_url.rstrip('/')}/{paste_id}/raw"
    try:
        async with httpx.AsyncClient(
            timeout=httpx.Timeout(timeout_s),
            follow_redirects=True,
            max_redirects=3,
            headers={"User-Agent": user_agent, "Accept": "text/plain"},
        ) as client:
            async with client.stream("GET", url) as response:
                if response.status_code == 404:
                    raise PasteNotFound(f"pobb.in has no paste {paste_id}.")
                if response.status_code != 200:
                    raise UpstreamFailed(f"pobb.in answered {response.status_code} for paste {paste_id}.")
                body = bytearray()
                async for chunk in response.aiter_bytes():
                    body += chunk
                    if len(body) > MAX_CODE_CHARS:
                        raise UpstreamFailed(
                            f"pobb.in sent more than {MAX_CODE_CHARS} bytes for paste {paste_id}."
                        )
    except httpx.TimeoutException as exc:
        raise UpstreamFailed(f"pobb.in did not answer within {timeout_s:g} s.") from exc
    except httpx.HTTPError as exc:
        raise UpstreamFailed(f"Could not reach pobb.in: {exc.__class__.__name__}.") from exc
    code = body.decode("utf-8", errors="replace").strip()
    try:
        # Only a code we can decode is worth caching forever.
        decode_planner(code)
    except PlannerError as exc:
        raise UpstreamFailed(
            f"pobb.in did not return a planner code for paste {paste_id} ({exc.kind})."
        ) from exc
    return code
