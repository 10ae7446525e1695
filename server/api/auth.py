"""Sign-in, sign-out and the current identity.

POST /api/auth/login answers where the browser goes next: the local sign-in and
sign-up page (default provider: accounts with a password kept by this server) or the official authorize URL (PKCE S256 + state).
Both finish with a 303 to /auth-complete?returnPath&displayName&expiresOn&initialRealm&account
and set the HttpOnly session cookie.
"""

from __future__ import annotations

import asyncio
import hmac
import html
import re
import unicodedata
from typing import Annotated
from urllib.parse import urlencode

import msgspec
from litestar import Request, Response, Router, get, post
from litestar.enums import RequestEncodingType
from litestar.params import Body, JSONBody, QueryParameter
from litestar.response import Redirect

from server.auth import passwords
from server.auth.session import (
    SIGNIN_COOKIE,
    cleared_cookie,
    cleared_signin_cookie,
    current_session,
    iso,
    require_user,
    session_cookie,
    signin_cookie,
)
from server.client_address import request_limit_key
from server.errors import ApiError
from server.ggg import pkce
from server.ggg.client import GggClient, GrantRefused, UpstreamError, UpstreamRateLimited, expires_at
from server.ratelimit import Backoff
from server.store import types as users

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
    # A stable, opaque key of the account ("<provider>:<id>"): display names may repeat and change.
    account: str


class MeAnswer(msgspec.Struct):
    data: Me


class LocalForm(msgspec.Struct):
    state: str = ""
    # "signin" or "signup"; the field names are the form's names on the wire.
    mode: str = "signin"
    accountName: str = ""  # noqa: N815
    displayName: str = ""  # noqa: N815
    password: str = ""


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


def account_key(user: users.User) -> str:
    return f"{user.provider}:{user.id}"


def _complete(request: Request, pending: users.PendingSignIn, user: users.User, token: str, expires: float):
    query = urlencode(
        {
            "returnPath": pending.return_path,
            "displayName": user.display_name,
            "expiresOn": iso(expires),
            "initialRealm": pending.initial_realm,
            "account": account_key(user),
        }
    )
    settings = request.app.state.settings
    response = Redirect(f"/auth-complete?{query}", status_code=303)
    response.cookies.append(session_cookie(request, token, settings.session_ttl_s))
    response.cookies.append(cleared_signin_cookie(request))
    return response


@post("/login", status_code=200, summary="Start a sign-in; answers where the browser goes next")
async def login(request: Request, data: JSONBody[LoginRequest]) -> Response[LoginAnswer]:
    settings = request.app.state.settings
    return_path = safe_return_path(data.return_path)
    realm = _realm(data.initial_realm)
    verifier = pkce.new_verifier()
    state = await request.app.state.store.save_pending(verifier, return_path, realm)
    if settings.auth_provider == "local":
        target = f"/api/auth/local?{urlencode({'state': state})}"
    else:
        client: GggClient = request.app.state.ggg
        target = pkce.authorize_url(settings.ggg_authorize_url, settings.ggg_client_id, client.redirect_uri, state, verifier)
    # The state is bound to this browser: the official site's callback must come back to it.
    return Response(LoginAnswer(LoginData(return_path=target)),
                    cookies=[signin_cookie(request, state, users.STATE_TTL_S)])


_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="color-scheme" content="dark"><title>Local sign-in - Waypoint</title>
<style>
/* The PWA's dark Mantine look without its JavaScript: body dark-7, cards dark-6, borders dark-4, text dark-0, yellow primary. */
*,*::before,*::after{{box-sizing:border-box}}
body{{background:#242424;color:#c9c9c9;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;font-size:1rem;line-height:1.55;margin:0;min-height:100vh}}
header{{display:flex;align-items:center;gap:1rem;padding:.75rem 1rem;border-bottom:1px solid #424242;background:#242424}}
header strong{{font-size:1.125rem;color:#fab005}}
a{{color:#fcc419}}a:focus-visible,input:focus-visible,button:focus-visible{{outline:2px solid #fab005;outline-offset:2px}}
main{{display:flex;flex-wrap:wrap;gap:1.5rem;justify-content:center;padding:1rem;max-width:44rem;margin:0 auto}}
h1{{width:100%;text-align:center;font-size:1.75rem;margin:.5rem 0 0}}h2{{font-size:1.25rem;margin:0 0 .5rem}}
form{{background:#2e2e2e;border:1px solid #424242;padding:1.25rem;border-radius:4px;width:20rem;max-width:100%}}
label{{display:block;margin-top:.75rem;font-size:.875rem;font-weight:500}}
input{{font:inherit;font-size:.875rem;padding:.45rem .75rem;width:100%;margin-top:.25rem;background:#2e2e2e;color:#c9c9c9;border:1px solid #424242;border-radius:4px}}
button{{font:inherit;font-size:.875rem;font-weight:600;padding:.5rem 1rem;width:100%;margin-top:1rem;background:#f08c00;color:#000;border:0;border-radius:4px;cursor:pointer}}
.note{{font-size:.85rem;color:#a3a3a3;width:100%;text-align:center;margin:.25rem 0}}form .note{{text-align:left}}.err{{color:#ff8787}}
</style></head>
<body><header><a href="{back}" data-testid="signin-back">Back to Waypoint</a><strong aria-hidden="true">Waypoint</strong></header>
<body><main>
<h1>Local sign-in</h1>
<p class="note">This server keeps its own accounts: no game account is involved. You get demo characters built from sample data.</p>
<form method="post" action="/api/auth/local" aria-labelledby="signin-title">
<h2 id="signin-title">Sign in</h2>{signin_error}
<input type="hidden" name="state" value="{state}"><input type="hidden" name="mode" value="signin">
<label for="signin-account">Account name</label>
<input id="signin-account" name="accountName" required maxlength="32" autocomplete="username" value="{account}">
<label for="signin-password">Password</label>
<input id="signin-password" name="password" type="password" required maxlength="256" autocomplete="current-password">
<button type="submit">Sign in</button></form>
<form method="post" action="/api/auth/local" aria-labelledby="signup-title">
<h2 id="signup-title">Create an account</h2>{signup_error}
<input type="hidden" name="state" value="{state}"><input type="hidden" name="mode" value="signup">
<label for="signup-account">Account name</label>
<input id="signup-account" name="accountName" required maxlength="32" autocomplete="username"
 aria-describedby="signup-account-hint" value="{new_account}">
<p id="signup-account-hint" class="note">3 to 32 letters, digits, '.', '-' or '_'; used to sign in.</p>
<label for="signup-display">Display name</label>
<input id="signup-display" name="displayName" required maxlength="32" autocomplete="nickname"
 aria-describedby="signup-display-hint" value="{display}">
<p id="signup-display-hint" class="note">2 to 32 characters; shown on your builds.</p>
<label for="signup-password">Password</label>
<input id="signup-password" name="password" type="password" required minlength="8" maxlength="256"
 autocomplete="new-password" aria-describedby="signup-password-hint">
<p id="signup-password-hint" class="note">At least 8 characters.</p>
<button type="submit">Create account</button></form>
</main></body></html>"""

SIGN_IN_FAILED = "Account name or password is incorrect."
BOUND_STATE = "This sign-in was started in another browser or has expired; start the login again"
ACCOUNT_NAME = re.compile(r"^[a-z0-9][a-z0-9._-]{2,31}$")


def _error(text: str) -> str:
    return f'<p class="err" role="alert">{html.escape(text)}</p>' if text else ""


def _page(state: str, form: LocalForm | None = None, *, signin_error: str = "", signup_error: str = "",
          status: int = 200, back: str = "/") -> Response:
    form = form or LocalForm()
    signup = form.mode == "signup"
    body = _PAGE.format(
        back=html.escape(back), state=html.escape(state), signin_error=_error(signin_error), signup_error=_error(signup_error),
        account="" if signup else html.escape(form.accountName[:32]),
        new_account=html.escape(form.accountName[:32]) if signup else "",
        display=html.escape(form.displayName[:32]) if signup else "",
    )
    return Response(body, media_type="text/html", status_code=status, headers={"Cache-Control": "no-store"})


@get("/local", summary="Local sign-in and sign-up form")
async def local_form(request: Request, state_: Annotated[str, QueryParameter(name="state", max_length=200)]) -> Response:
    state = state_
    if request.app.state.settings.auth_provider != "local":
        raise ApiError(404, "Local sign-in is not enabled on this server")
    pending = await request.app.state.store.peek_pending(state)
    if pending is None:
        raise ApiError(400, "This sign-in link has expired; start the login again")
    return _page(state, back=pending.return_path)


def login_backoff(limit: int) -> Backoff:
    """Per (account, address): `limit` failures cost nothing, then each one doubles the wait
    before the next attempt from that pair, 1 s up to 15 min; a pair quiet for a day starts over."""
    return Backoff(free=limit, base_s=1.0, cap_s=900.0, forget_s=24 * 3600.0)


def _pair(account: str, client: str) -> str:
    return f"login-pair:{account}|{client}"


async def _login_wait(request: Request, account: str, mode: str) -> int:
    """0 when this attempt may go ahead, else seconds to wait. The address has a bucket of
    5 x limit attempts a minute over all accounts; a sign-in also needs its (account, address)
    pair to be past its backoff. Failures are never counted per account alone, so guesses from
    other addresses cannot keep the owner out. Shared by every worker."""
    limit = request.app.state.settings.login_attempts_per_minute
    if limit <= 0:
        return 0
    shared = request.app.state.shared
    client = request_limit_key(request)
    wait = await shared.hit([(f"login-ip:{client}", 5 * limit)])
    if wait or mode == "signup":
        return wait
    return await shared.attempt(_pair(account[:64], client), login_backoff(limit))


def _shown(text: str) -> int:
    """Characters that show: not format characters (zero-width spaces and joiners, the BOM), not
    combining marks alone, not separators."""
    return sum(1 for ch in text if unicodedata.category(ch)[0] not in "CMZ")


async def _sign_up(db, data: LocalForm, account: str, back: str) -> users.User | Response:
    name = " ".join((data.displayName or "").split())
    if not ACCOUNT_NAME.match(account):
        return _page(data.state, data, back=back, status=422, signup_error=(
            "Choose an account name of 3 to 32 letters, digits, '.', '-' or '_', starting with a letter or digit."))
    if not 2 <= len(name) <= 32 or _CONTROL.search(name) or _shown(name) < 2:
        return _page(data.state, data, back=back, status=422, signup_error="Choose a display name of 2 to 32 characters.")
    if not passwords.MIN_LEN <= len(data.password) <= passwords.MAX_LEN:
        return _page(data.state, data, back=back, status=422, signup_error=(
            f"Choose a password of {passwords.MIN_LEN} to {passwords.MAX_LEN} characters."))
    hashed = await asyncio.to_thread(passwords.hash_password, data.password)
    try:
        return await db.create_local_account(account, name, hashed)
    except users.AccountTaken:
        return _page(data.state, data, back=back, status=409, signup_error="That account name is taken; choose another.")


async def _sign_in(db, data: LocalForm, account: str, back: str) -> users.User | Response:
    found = await db.local_account(account) if len(account) <= 64 else None
    stored = found[1] if found else None
    # The same work whether or not the account exists or can sign in; one answer for every failure.
    ok = await asyncio.to_thread(passwords.verify_password, data.password[: passwords.MAX_LEN], stored)
    if not ok or found is None:
        return _page(data.state, data, back=back, status=401, signin_error=SIGN_IN_FAILED)
    return found[0]


@post("/local", status_code=303, summary="Finish a local sign-in or sign-up (form post)")
async def local_submit(
    request: Request, data: Annotated[LocalForm, Body(media_type=RequestEncodingType.URL_ENCODED)]
) -> Response:
    settings = request.app.state.settings
    if settings.auth_provider != "local":
        raise ApiError(404, "Local sign-in is not enabled on this server")
    db = request.app.state.store
    pending = await db.peek_pending(data.state)
    if pending is None:
        raise ApiError(400, "This sign-in link has expired; start the login again")
    back = pending.return_path
    account = (data.accountName or "").strip().lower()
    wait = await _login_wait(request, account, data.mode)
    if wait:
        error = f"Too many sign-in attempts; try again in {wait} seconds."
        page = _page(data.state, data, back=back, status=429, **{"signup_error" if data.mode == "signup" else "signin_error": error})
        page.headers["Retry-After"] = str(wait)
        return page
    user = await (_sign_up if data.mode == "signup" else _sign_in)(db, data, account, back)
    if isinstance(user, Response):
        return user
    if data.mode != "signup" and settings.login_attempts_per_minute > 0:
        # Signed in: this pair's failures are forgotten.
        await request.app.state.shared.forgive(_pair(account[:64], request_limit_key(request)))
    pending = await db.take_pending(data.state)
    if pending is None:
        raise ApiError(400, "This sign-in link has expired; start the login again")
    try:
        token, expires = await db.create_session(user.id, settings.session_ttl_s)
    except users.MissingReference:
        # The account was deleted (in another tab) while its password was being checked.
        return _page(data.state, data, back=back, status=401, signin_error=SIGN_IN_FAILED)
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
    db = request.app.state.store
    started_here = request.cookies.get(SIGNIN_COOKIE, "")
    if not state_ or not hmac.compare_digest(started_here.encode(), state_.encode()):
        # Login CSRF: a callback link made by someone else (their state and code) would sign
        # this browser into their account.
        raise ApiError(400, BOUND_STATE, "invalid_state")
    pending = await db.take_pending(state_)
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
    user = await db.upsert_user("ggg", profile.uuid, profile.name)
    try:
        await db.save_tokens(
            user.id,
            users.Tokens(answer.access_token, answer.refresh_token, answer.scope, expires_at(answer)),
        )
        token, expires = await db.create_session(user.id, settings.session_ttl_s)
    except users.MissingReference as exc:
        # The account was deleted (in another tab) during this sign-in.
        raise ApiError(400, "Your account was deleted during this sign-in; start the login again",
                       "invalid_state") from exc
    return _complete(request, pending, user, token, expires)


@get("/me", summary="The signed-in identity", sync_to_thread=False)
def me(request: Request) -> MeAnswer:
    require_user(request)
    s = current_session(request)
    return MeAnswer(Me(display_name=s.user.display_name, expires_on=iso(s.expires_at), provider=s.user.provider,
                       account=account_key(s.user)))


@post("/logout", status_code=204, summary="End the session")
async def logout(request: Request) -> Response[None]:
    from server.auth.session import COOKIE

    token = request.cookies.get(COOKIE)
    if token:
        await request.app.state.store.delete_session(token)
    response = Response(None, status_code=204)
    response.cookies.append(cleared_cookie(request))
    return response


auth_router = Router("/api/auth", route_handlers=[login, local_form, local_submit, callback, me, logout], tags=["auth"])
