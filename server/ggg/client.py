"""HTTP client for the official OAuth server and API, with the required User-Agent.

Each call has the spec's upstream timeout. Failures become typed exceptions the
API layer turns into honest statuses; tokens never leave the server.
"""

from __future__ import annotations

import time

import httpx
import msgspec

from server import __version__
from server.ggg.pkce import SCOPES
from server.ggg.ratelimit import RateGate
from server.settings import Settings
from server.upstream_body import ACCEPT_ENCODING, BodyTooLarge, BodyUnusable, read_capped

MAX_UPSTREAM_BYTES = 8 * 1024 * 1024
# A token answer is a few hundred bytes.
MAX_TOKEN_BYTES = 64 * 1024


class UpstreamError(Exception):
    """The official server failed or answered something we cannot use (502)."""


class UpstreamRateLimited(Exception):
    def __init__(self, retry_after: int):
        super().__init__(f"rate limited for {retry_after} s")
        self.retry_after = max(1, retry_after)


class UpstreamUnauthorized(Exception):
    """The token was refused (expired or revoked)."""


class UpstreamNotFound(Exception):
    pass


class GrantRefused(Exception):
    """The token endpoint refused a code or refresh token (invalid_grant and friends)."""


class TokenAnswer(msgspec.Struct):
    access_token: str
    token_type: str = "bearer"
    expires_in: int = 3600
    refresh_token: str = ""
    scope: str = SCOPES


class Profile(msgspec.Struct):
    uuid: str
    name: str


def user_agent(settings: Settings) -> str:
    return f"OAuth waypoint/{__version__} (contact: {settings.contact})"


class GggClient:
    def __init__(self, settings: Settings, shared):
        self.settings = settings
        # The official API's restrictions, seen by every worker (server.sharedstate).
        self.gate = RateGate(shared)
        self.http = httpx.AsyncClient(
            timeout=settings.upstream_timeout_s,
            headers={"User-Agent": user_agent(settings), "Accept": "application/json",
                     "Accept-Encoding": ACCEPT_ENCODING},
            follow_redirects=False,
        )

    async def aclose(self) -> None:
        await self.http.aclose()

    @property
    def redirect_uri(self) -> str:
        return f"{self.settings.base_url}/api/auth/callback"

    async def _token(self, form: dict[str, str]) -> TokenAnswer:
        form = {"client_id": self.settings.ggg_client_id, **form}
        if self.settings.ggg_client_secret:
            form["client_secret"] = self.settings.ggg_client_secret
        try:
            status, content = await self._send("POST", self.settings.ggg_token_url, MAX_TOKEN_BYTES, data=form)
        except httpx.HTTPError as exc:
            raise UpstreamError(f"token endpoint unreachable: {type(exc).__name__}") from exc
        except (BodyTooLarge, BodyUnusable) as exc:
            raise UpstreamError("token endpoint sent an unusable answer") from exc
        if status in (400, 401):
            try:
                err = msgspec.json.decode(content).get("error", "invalid_grant")
            except Exception:
                err = "invalid_grant"
            raise GrantRefused(str(err)[:200])
        if status != 200:
            raise UpstreamError(f"token endpoint answered {status}")
        try:
            return msgspec.json.decode(content, type=TokenAnswer)
        except (msgspec.DecodeError, RecursionError) as exc:
            raise UpstreamError("token endpoint sent an unusable answer") from exc

    async def _send(self, method: str, url: str, cap: int, **kw) -> tuple[int, bytes]:
        """(status, body) with the body read bounded (server.upstream_body): a compressed answer
        is inflated at most to `cap`."""
        async with self.http.stream(method, url, **kw) as r:
            return r.status_code, await read_capped(r, cap)

    async def exchange_code(self, code: str, verifier: str) -> TokenAnswer:
        return await self._token(
            {
                "grant_type": "authorization_code",
                "code": code,
                "redirect_uri": self.redirect_uri,
                "scope": SCOPES,
                "code_verifier": verifier,
            }
        )

    async def refresh(self, refresh_token: str) -> TokenAnswer:
        return await self._token({"grant_type": "refresh_token", "refresh_token": refresh_token})

    async def get_json(self, path: str, token: str, gate_key: str) -> bytes:
        wait = await self.gate.remaining(gate_key, "ip")
        if wait:
            raise UpstreamRateLimited(wait)
        url = f"{self.settings.ggg_api_base.rstrip('/')}{path}"
        try:
            async with self.http.stream("GET", url, headers={"Authorization": f"Bearer {token}"}) as r:
                waited = await self.gate.observe(gate_key, r.headers, r.status_code)
                if r.status_code == 429:
                    raise UpstreamRateLimited(waited or 5)
                if r.status_code == 401:
                    raise UpstreamUnauthorized()
                if r.status_code == 404:
                    raise UpstreamNotFound()
                if r.status_code != 200:
                    raise UpstreamError(f"official API answered {r.status_code}")
                return await read_capped(r, MAX_UPSTREAM_BYTES)
        except httpx.HTTPError as exc:
            raise UpstreamError(f"official API unreachable: {type(exc).__name__}") from exc
        except BodyTooLarge as exc:
            raise UpstreamError("official API answer too large") from exc
        except BodyUnusable as exc:
            raise UpstreamError(f"official API sent {exc}") from exc

    async def profile(self, token: str) -> Profile:
        raw = await self.get_json("/profile", token, "profile")
        try:
            return msgspec.json.decode(raw, type=Profile)
        except (msgspec.DecodeError, RecursionError) as exc:
            raise UpstreamError("profile answer is unusable") from exc


def expires_at(answer: TokenAnswer) -> float:
    return time.time() + max(0, answer.expires_in)
