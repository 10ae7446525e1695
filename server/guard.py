"""Protection for mutations and the proxy, in front of every route handler.

In order: a body-size cap (413), the Origin check on mutations (403 for a
foreign Origin: cookie-authenticated calls must come from our own pages), rate
limits per session (`rate_limit_per_minute`) and per client IP (five times
that, since many people can share one address) (429 with Retry-After), and Idempotency-Key
replay: the first answer to a (user, key) is stored and replayed for repeats; the
same key with a different request is a 422. 5xx and 429 answers are not stored,
so a retry can still succeed. Rate-limit counters live in this process.
"""

from __future__ import annotations

import hashlib
import math
import time
from http.cookies import SimpleCookie

import msgspec

from server.auth.session import COOKIE
from server.errors import error_body
from server.store.idempotency import StoredAnswer, find_answer, save_answer
from server.store.users import hash_token, session_user

SAFE = {"GET", "HEAD", "OPTIONS"}
IP_FACTOR = 5
MAX_KEY_LEN = 200
# Answer headers worth replaying; cookies are never stored (they carry secrets).
REPLAYED = {b"content-type", b"location", b"retry-after", b"cache-control"}


class FixedWindow:
    """Per-key counters over one-minute windows."""

    def __init__(self, limit: int, window_s: float = 60.0, clock=time.monotonic):
        self.limit, self.window_s, self.clock = limit, window_s, clock
        self.counts: dict[str, tuple[float, int]] = {}

    def hit(self, key: str) -> int:
        """0 when allowed, else seconds until the window resets."""
        now = self.clock()
        start, n = self.counts.get(key, (now, 0))
        if now - start >= self.window_s:
            start, n = now, 0
        if n >= self.limit:
            return max(1, math.ceil(self.window_s - (now - start)))
        self.counts[key] = (start, n + 1)
        if len(self.counts) > 50_000:  # forget stale windows so memory stays bounded
            self.counts = {k: v for k, v in self.counts.items() if now - v[0] < self.window_s}
        return 0


def _headers(scope) -> dict[bytes, bytes]:
    return {k.lower(): v for k, v in scope.get("headers", [])}


def _session_token(headers: dict[bytes, bytes]) -> str | None:
    raw = headers.get(b"cookie")
    if not raw:
        return None
    jar = SimpleCookie()
    try:
        jar.load(raw.decode("latin-1"))
    except Exception:
        return None
    morsel = jar.get(COOKIE)
    return morsel.value if morsel else None


async def _send_json(send, status: int, body: dict, extra: list[tuple[bytes, bytes]] = ()) -> None:
    payload = msgspec.json.encode(body)
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(payload)).encode()), *extra],
        }
    )
    await send({"type": "http.response.body", "body": payload})


def _own_origins(scope, headers: dict[bytes, bytes], base_url: str) -> set[str]:
    scheme = scope.get("scheme", "http")
    own = {base_url.rstrip("/").lower()}
    host = headers.get(b"host")
    if host:
        own.add(f"{scheme}://{host.decode('latin-1')}".lower())
    return own


class Guard:
    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        method = scope["method"]
        path: str = scope["path"]
        is_proxy = path.startswith("/api/proxy/")
        if method in SAFE and not is_proxy:
            return await self.app(scope, receive, send)
        state = scope["app"].state
        settings = state.settings
        headers = _headers(scope)

        # 1. Size cap, before reading anything.
        length = headers.get(b"content-length")
        if length is not None:
            try:
                too_big = int(length) > settings.max_body_bytes
            except ValueError:
                return await _send_json(send, 400, error_body(400, "Invalid Content-Length"))
            if too_big:
                return await _send_json(
                    send, 413, error_body(413, f"Request body is larger than {settings.max_body_bytes} bytes")
                )

        # 2. Origin check on mutations.
        origin = headers.get(b"origin")
        if method not in SAFE and origin is not None:
            if origin.decode("latin-1").lower() not in _own_origins(scope, headers, settings.base_url):
                return await _send_json(send, 403, error_body(403, "Cross-origin request refused", "forbidden"))

        # 3. Rate limits per IP and per session.
        token = _session_token(headers)
        if settings.rate_limit_per_minute > 0:
            # Litestar builds one middleware instance per route; the counters are app-wide.
            limiters = getattr(state, "rate_limiters", None)
            if limiters is None or limiters[0].limit != settings.rate_limit_per_minute:
                limiters = (
                    FixedWindow(settings.rate_limit_per_minute),
                    FixedWindow(IP_FACTOR * settings.rate_limit_per_minute),
                )
                state.rate_limiters = limiters
            client = (scope.get("client") or ("unknown", 0))[0]
            wait = limiters[1].hit(f"ip:{client}")
            if not wait and token:
                wait = limiters[0].hit(f"s:{hash_token(token)}")
            if wait:
                return await _send_json(
                    send, 429, error_body(429, f"Too many requests; retry in {wait} seconds"),
                    [(b"retry-after", str(wait).encode())],
                )

        key = headers.get(b"idempotency-key")
        if method in SAFE or key is None:
            return await self.app(scope, receive, send)
        return await self._idempotent(scope, receive, send, key, token, settings.max_body_bytes)

    async def _idempotent(self, scope, receive, send, raw_key: bytes, token, cap: int):
        db = scope["app"].state.db
        key = raw_key.decode("latin-1").strip()
        if not key or len(key) > MAX_KEY_LEN:
            return await _send_json(send, 400, error_body(400, f"Idempotency-Key must be 1 to {MAX_KEY_LEN} characters"))
        # Read the whole body (bounded) so it can be hashed and handed on.
        chunks, size = [], 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > cap:
                return await _send_json(send, 413, error_body(413, f"Request body is larger than {cap} bytes"))
            chunks.append(chunk)
            if not message.get("more_body"):
                break
        body = b"".join(chunks)
        who = session_user(db, token)
        client = (scope.get("client") or ("unknown", 0))[0]
        scope_key = f"u:{who.user.id}" if who else f"ip:{client}"
        digest = hashlib.sha256(
            b"\0".join([scope["method"].encode(), scope["path"].encode(), scope.get("query_string", b""), body])
        ).hexdigest()
        stored = find_answer(db, scope_key, key)
        if stored is not None:
            if stored.request_hash != digest:
                return await _send_json(
                    send, 422,
                    error_body(422, "This Idempotency-Key was already used for a different request", "idempotency_mismatch"),
                )
            replay_headers = [(k.encode(), v.encode()) for k, v in stored.headers]
            replay_headers += [(b"content-length", str(len(stored.body)).encode()), (b"idempotent-replayed", b"true")]
            await send({"type": "http.response.start", "status": stored.status, "headers": replay_headers})
            await send({"type": "http.response.body", "body": stored.body})
            return

        delivered = False

        async def replay_receive():
            nonlocal delivered
            if not delivered:
                delivered = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        status, kept, out = 0, [], []

        async def capture_send(message):
            nonlocal status, kept
            if message["type"] == "http.response.start":
                status = message["status"]
                kept = [(k.decode("latin-1"), v.decode("latin-1")) for k, v in message.get("headers", [])
                        if k.lower() in REPLAYED]
            elif message["type"] == "http.response.body":
                out.append(message.get("body", b""))
            await send(message)

        await self.app(scope, replay_receive, capture_send)
        if status and status < 500 and status != 429:
            answer = StoredAnswer(scope["method"], scope["path"], digest, status, kept, b"".join(out))
            await save_answer(db, scope_key, key, answer)


def guard_middleware(app):
    return Guard(app)
