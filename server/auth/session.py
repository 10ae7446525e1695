"""The session cookie and the current user of a request."""

from __future__ import annotations

from datetime import UTC, datetime

from litestar import Request, Response
from litestar.datastructures import Cookie

from server.errors import ApiError
from server.store.db import Database
from server.store.users import SessionUser, User, session_user

COOKIE = "waypoint_session"
_CACHE_KEY = "waypoint_session_user"


def _secure(request: Request) -> bool:
    settings = request.app.state.settings
    return settings.base_url.startswith("https://") or request.url.scheme == "https"


def session_cookie(request: Request, token: str, max_age: int) -> Cookie:
    return Cookie(
        key=COOKIE, value=token, max_age=max_age, path="/", httponly=True, samesite="lax", secure=_secure(request)
    )


def cleared_cookie(request: Request) -> Cookie:
    return Cookie(key=COOKIE, value="", max_age=0, path="/", httponly=True, samesite="lax", secure=_secure(request))


def current_session(request: Request) -> SessionUser | None:
    """The signed-in user, looked up once per request."""
    state = request.scope.setdefault("state", {})
    if _CACHE_KEY not in state:
        db: Database = request.app.state.db
        state[_CACHE_KEY] = session_user(db, request.cookies.get(COOKIE))
    return state[_CACHE_KEY]


def current_user(request: Request) -> User | None:
    s = current_session(request)
    return s.user if s else None


def require_user(request: Request) -> User:
    user = current_user(request)
    if user is None:
        raise ApiError(401, "Your session has ended or you are not signed in. Please log in again.", "unauthorized")
    return user


def iso(ts: float) -> str:
    return datetime.fromtimestamp(ts, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def with_cookie(response: Response, cookie: Cookie) -> Response:
    response.cookies.append(cookie)
    return response
