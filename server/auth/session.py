"""The session cookie and the current user of a request."""

from __future__ import annotations

from datetime import UTC, datetime

from litestar import Request, Response
from litestar.datastructures import Cookie

from server.errors import ApiError
from server.store.types import SessionUser, User

COOKIE = "waypoint_session"
# The sign-in under way in this browser (its OAuth state): the callback finishes only the sign-in
# this browser started, so a callback link (state and code) sent by someone else signs nobody in.
SIGNIN_COOKIE = "waypoint_signin"
SIGNIN_PATH = "/api/auth"
SESSION_KEY = "waypoint_session_user"


def _secure(request: Request) -> bool:
    settings = request.app.state.settings
    return settings.base_url.startswith("https://") or request.url.scheme == "https"


def session_cookie(request: Request, token: str, max_age: int) -> Cookie:
    return Cookie(
        key=COOKIE, value=token, max_age=max_age, path="/", httponly=True, samesite="lax", secure=_secure(request)
    )


def cleared_cookie(request: Request) -> Cookie:
    return Cookie(key=COOKIE, value="", max_age=0, path="/", httponly=True, samesite="lax", secure=_secure(request))


def signin_cookie(request: Request, state: str, max_age: int) -> Cookie:
    return Cookie(key=SIGNIN_COOKIE, value=state, max_age=max_age, path=SIGNIN_PATH, httponly=True, samesite="lax",
                  secure=_secure(request))


def cleared_signin_cookie(request: Request) -> Cookie:
    return Cookie(key=SIGNIN_COOKIE, value="", max_age=0, path=SIGNIN_PATH, httponly=True, samesite="lax",
                  secure=_secure(request))


def current_session(request: Request) -> SessionUser | None:
    """The signed-in user, looked up once per request."""
    return request.scope.setdefault("state", {}).get(SESSION_KEY)


async def resolve_session(scope, token: str | None) -> SessionUser | None:
    """Look the session up once per request, before routing (the guard calls this), so
    handlers read it without awaiting the store."""
    state = scope.setdefault("state", {})
    if SESSION_KEY not in state:
        state[SESSION_KEY] = await scope["app"].state.store.session_user(token) if token else None
    return state[SESSION_KEY]


def current_user(request: Request) -> User | None:
    s = current_session(request)
    return s.user if s else None


def session_ended() -> ApiError:
    return ApiError(401, "Your session has ended or you are not signed in. Please log in again.", "unauthorized")


def require_user(request: Request) -> User:
    user = current_user(request)
    if user is None:
        raise session_ended()
    return user


def iso(ts: float) -> str:
    return datetime.fromtimestamp(ts, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def with_cookie(response: Response, cookie: Cookie) -> Response:
    response.cookies.append(cookie)
    return response
