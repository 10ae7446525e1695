"""Sign-in, sign-out and the current identity.

POST /api/auth/login answers where the browser goes next: the local sign-in
form (default provider) or the official authorize URL (PKCE S256 + state).
Both finish with a 303 to /auth-complete?returnPath&displayName&expiresOn&initialRealm
and set the HttpOnly session cookie.
"""

from __future__ import annotations

import html
import re
from typing import Annotated
from urllib.parse import urlencode

import msgspec
from litestar import Request, Response, Router, get, post
from litestar.enums import RequestEncodingType
from litestar.params import Body, JSONBody, QueryParameter
from litestar.response import Redirect

from server.auth.session import cleared_cookie, current_session, iso, require_user, session_cookie
from server.errors import ApiError
from server.ggg import pkce
from server.ggg.client import GggClient, GrantRefused, UpstreamError, UpstreamRateLimited, expires_at
from server.store import users

REALMS = ("pc", "xbox", "sony")
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


class LoginRequest(msgspec.Struct):
    return_path: str = msgspec.field(name="ReturnPath", default="/")
    initial_realm: str = msgspec.field(name="InitialRealm", default="pc")


class LoginData(msgspec.Struct, rename="camel"):
    return_path: str


class LoginAnswer(msgspec.Struct):
    data: LoginData


class Me(msgspec.Struct, rename="camel"):
    display_name: str
    expires_on: str
    provider: str


class MeAnswer(msgspec.Struct):
    data: Me


class LocalForm(msgspec.Struct):
    state: str = ""
    displayName: str = ""  # noqa: N815 - the form field's name on the wire


def safe_return_path(value: str) -> str:
    """Only same-site paths: no scheme, no host, no protocol-relative '//'."""
    value = (value or "/").strip()
    if (
        not value.startswith("/") or value.startswith("//") or "\\" in value
        or len(value) > 2000 or _CONTROL.search(value)
    ):
        raise ApiError(400, "ReturnPath must be a path on this site, starting with '/'")
    return value


def _realm(value: str) -> str:
    value = (value or "").strip().lower()
    return value if value in REALMS else "pc"  # spec: unknown realms fall back to pc


def _complete(request: Request, pending: users.PendingSignIn, user: users.User, token: str, expires: float):
    query = urlencode(
        {
            "returnPath": pending.return_path,
            "displayName": user.display_name,
            "expiresOn": iso(expires),
            "initialRealm": pending.initial_realm,
        }
    )
    settings = request.app.state.settings
    response = Redirect(f"/auth-complete?{query}", status_code=303)
    response.cookies.append(session_cookie(request, token, settings.session_ttl_s))
    return response


@post("/login", status_code=200, summary="Start a sign-in; answers where the browser goes next")
async def login(request: Request, data: JSONBody[LoginRequest]) -> LoginAnswer:
    settings = request.app.state.settings
    return_path = safe_return_path(data.return_path)
    realm = _realm(data.initial_realm)
    verifier = pkce.new_verifier()
    state = await users.save_pending(request.app.state.db, verifier, return_path, realm)
    if settings.auth_provider == "local":
        target = f"/api/auth/local?{urlencode({'state': state})}"
    else:
        client: GggClient = request.app.state.ggg
        target = pkce.authorize_url(settings.ggg_authorize_url, settings.ggg_client_id, client.redirect_uri, state, verifier)
    return LoginAnswer(LoginData(return_path=target))


_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Local sign-in (demo) - Waypoint</title>
<style>body{{background:#1a1b1e;color:#c1c2c5;font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0}}
form{{background:#25262b;padding:2rem;border-radius:8px;max-width:22rem}}input,button{{font:inherit;padding:.5rem;width:100%;box-sizing:border-box;margin-top:.5rem}}
.note{{font-size:.85rem;color:#909296}}.err{{color:#ff8787}}</style></head>
<body><form method="post" action="/api/auth/local">
<h1>Local sign-in (demo)</h1>
<p class="note">This server uses local demo accounts: no game account is involved. You get demo characters built from sample data.</p>
{error}<label for="displayName">Display name</label>
<input id="displayName" name="displayName" required maxlength="32" autofocus value="{name}">
<input type="hidden" name="state" value="{state}">
<button type="submit">Sign in</button></form></body></html>"""


def _page(state: str, error: str = "", name: str = "", status: int = 200) -> Response:
    err = f'<p class="err" role="alert">{html.escape(error)}</p>' if error else ""
    body = _PAGE.format(error=err, name=html.escape(name), state=html.escape(state))
    return Response(body, media_type="text/html", status_code=status, headers={"Cache-Control": "no-store"})


@get("/local", summary="Local sign-in (demo) form", sync_to_thread=False)
def local_form(request: Request, state_: Annotated[str, QueryParameter(name="state", max_length=200)]) -> Response:
    state = state_
    if request.app.state.settings.auth_provider != "local":
        raise ApiError(404, "Local sign-in is not enabled on this server")
    if users.peek_pending(request.app.state.db, state) is None:
        raise ApiError(400, "This sign-in link has expired; start the login again")
    return _page(state)


@post("/local", status_code=303, summary="Finish a local sign-in (form post)")
async def local_submit(
    request: Request, data: Annotated[LocalForm, Body(media_type=RequestEncodingType.URL_ENCODED)]
) -> Response:
    settings = request.app.state.settings
    if settings.auth_provider != "local":
        raise ApiError(404, "Local sign-in is not enabled on this server")
    db = request.app.state.db
    name = " ".join((data.displayName or "").split())
    if users.peek_pending(db, data.state) is None:
        raise ApiError(400, "This sign-in link has expired; start the login again")
    if not 2 <= len(name) <= 32 or _CONTROL.search(name):
        return _page(data.state, "Choose a display name of 2 to 32 characters.", name[:32], status=422)
    pending = await users.take_pending(db, data.state)
    if pending is None:
        raise ApiError(400, "This sign-in link has expired; start the login again")
    user = await users.upsert_user(db, "local", name.lower(), name)
    token, expires = await users.create_session(db, user.id, settings.session_ttl_s)
    return _complete(request, pending, user, token, expires)


@get("/callback", summary="OAuth redirect target for the official site")
async def callback(
    request: Request,
    state_: Annotated[str, QueryParameter(name="state", max_length=200)] = "",
    code: Annotated[str, QueryParameter(name="code", max_length=2000)] = "",
    error: Annotated[str, QueryParameter(name="error", max_length=200)] = "",
) -> Response:
    settings = request.app.state.settings
    if settings.auth_provider != "ggg":
        raise ApiError(404, "Official sign-in is not enabled on this server")
    db = request.app.state.db
    pending = await users.take_pending(db, state_) if state_ else None
    if pending is None:
        raise ApiError(400, "Unknown or expired sign-in state; start the login again", "invalid_state")
    if error or not code:
        raise ApiError(400, f"The official site did not authorize the sign-in ({error or 'no code'})", "oauth_denied")
    client: GggClient = request.app.state.ggg
    try:
        answer = await client.exchange_code(code, pending.verifier)
        profile = await client.profile(answer.access_token)
    except GrantRefused as exc:
        raise ApiError(400, f"The official site refused the sign-in ({exc})", "oauth_refused") from exc
    except UpstreamRateLimited as exc:
        raise ApiError(429, "The official site is rate limiting us", headers={"Retry-After": str(exc.retry_after)}) from exc
    except UpstreamError as exc:
        raise ApiError(502, f"The official site failed: {exc}") from exc
    user = await users.upsert_user(db, "ggg", profile.uuid, profile.name)
    await users.save_tokens(
        db, user.id,
        users.Tokens(answer.access_token, answer.refresh_token, answer.scope, expires_at(answer)),
    )
    token, expires = await users.create_session(db, user.id, settings.session_ttl_s)
    return _complete(request, pending, user, token, expires)


@get("/me", summary="The signed-in identity", sync_to_thread=False)
def me(request: Request) -> MeAnswer:
    require_user(request)
    s = current_session(request)
    return MeAnswer(Me(display_name=s.user.display_name, expires_on=iso(s.expires_at), provider=s.user.provider))


@post("/logout", status_code=204, summary="End the session")
async def logout(request: Request) -> Response[None]:
    from server.auth.session import COOKIE

    token = request.cookies.get(COOKIE)
    if token:
        await users.delete_session(request.app.state.db, token)
    response = Response(None, status_code=204)
    response.cookies.append(cleared_cookie(request))
    return response


auth_router = Router("/api/auth", route_handlers=[login, local_form, local_submit, callback, me, logout], tags=["auth"])
