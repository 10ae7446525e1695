"""Protection in front of every route handler.

A path holding a NUL byte is a 400 (the security headers of every answer are set by
server.security_headers, around the whole app). Mutations and the proxy then get,
in order: a body-size cap (413); the same-origin check on mutations (403 unless the
`Origin` is one of the configured origins, Settings.own_origins, never one derived from the
request's Host; or, with no `Origin`, `Sec-Fetch-Site: same-origin`: cookie-carrying calls
must come from our own pages); JSON only (415 for another body type, or for a compressed
body; the local sign-in form is the one form post); rate limits per session (`rate_limit_per_minute`)
and per client IP (five times that, since many people can share one address; an IPv6
address counts as its /64, server.client_address) (429 with
Retry-After), counted in the state all workers share; and Idempotency-Key replay: the
first answer to a (user, key) is stored and replayed for repeats; the same key with a
different request is a 422. 5xx and 429 answers are not stored, so a retry can still succeed.
"""

from __future__ import annotations

import hashlib
import logging
import re
from http.cookies import SimpleCookie
from urllib.parse import parse_qsl

import msgspec

from server.asgi_body import read_body, replay
from server.auth.session import COOKIE, resolve_session
from server.client_address import scope_limit_key
from server.errors import error_body
from server.store.types import StoredAnswer, hash_token
from server.text_fields import (
    CONTROL,
    MAX_JSON_DEPTH,
    NestedTooDeeply,
    control_in_json,
    control_in_pairs,
    refusal,
)

log = logging.getLogger("waypoint")

SAFE = {"GET", "HEAD", "OPTIONS"}
IP_FACTOR = 5
MAX_KEY_LEN = 200
# Answer headers worth replaying; cookies are never stored (they carry secrets).
REPLAYED = {b"content-type", b"location", b"retry-after", b"cache-control"}


CONTROL_BYTES = re.compile(rb"[\x00-\x1f\x7f]")
FORM_PATHS = {"/api/auth/local"}
# Reads that hand over a player's data: the same-origin rule of mutations applies to them too.
PRIVATE_READS = {"/api/account/export"}
JSON_TYPES = (b"application/json",)
FORM_TYPES = (b"application/x-www-form-urlencoded",)


def _media_type(headers: dict[bytes, bytes]) -> bytes:
    return headers.get(b"content-type", b"").split(b";", 1)[0].strip().lower()


def _has_body(headers: dict[bytes, bytes]) -> bool:
    return headers.get(b"content-length", b"0").strip() not in (b"0", b"") or b"transfer-encoding" in headers


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


def _own_origins(state) -> frozenset[str]:
    """The configured origins (Settings.own_origins), worked out once per app: never the
    request's own Host header, which the client chooses."""
    origins = getattr(state, "own_origins", None)
    if origins is None:
        origins = state.own_origins = state.settings.own_origins
    return origins


def _json_problem(body: bytes) -> tuple[str | None, object]:
    """(what is wrong with the JSON, or None; the decoded value)."""
    try:
        value = msgspec.json.decode(body)
    except RecursionError:
        return f"nested deeper than {MAX_JSON_DEPTH} levels", None
    except UnicodeDecodeError:
        return "not UTF-8 text", None
    except (msgspec.DecodeError, ValueError) as exc:
        return str(exc), None
    return None, value


def _query_control(query: bytes) -> tuple[str, str] | None:
    """A control character in a query parameter (encoded or raw), named by its parameter."""
    if not query or not (b"%" in query or CONTROL_BYTES.search(query)):
        return None
    return control_in_pairs(parse_qsl(query.decode("latin-1"), keep_blank_values=True, encoding="utf-8",
                                      errors="replace"))


def _unprocessable(send, found: tuple[str, str]):
    return _send_json(send, 422, error_body(422, refusal(*found), "control_character"))


class Guard:
    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        path: str = scope["path"]
        if "\x00" in path or b"%00" in scope.get("raw_path", b"").split(b"?", 1)[0]:
            return await _send_json(send, 400, error_body(400, "The path holds a NUL byte"))
        if CONTROL.search(path):
            return await _send_json(send, 400, error_body(400, "The path holds a control character"))
        if path.startswith("/api/"):
            if found := _query_control(scope.get("query_string", b"")):
                return await _unprocessable(send, found)
            # The signed-in user, looked up once here so handlers need not await the store.
            await resolve_session(scope, _session_token(_headers(scope)))
        method = scope["method"]
        is_proxy = path.startswith("/api/proxy/")
        private_read = path in PRIVATE_READS
        if method in SAFE and not is_proxy and not private_read:
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

        if method not in SAFE or private_read:
            # 2. Same-origin check: a foreign Origin, or no Origin without Sec-Fetch-Site: same-origin.
            origin = headers.get(b"origin")
            if origin is not None:
                same = origin.decode("latin-1").strip().lower() in _own_origins(state)
            else:
                same = headers.get(b"sec-fetch-site", b"").strip().lower() == b"same-origin"
            if not same:
                return await _send_json(send, 403, error_body(403, "Cross-origin request refused", "forbidden"))
            # 3. JSON bodies only (the local sign-in page posts its form), and well-formed JSON:
            # not UTF-8, or nested past the decoder's limit, is a 400 here rather than a 500 later.
            if _has_body(headers) and method not in SAFE:
                coding = headers.get(b"content-encoding", b"").strip().lower()
                if coding not in (b"", b"identity"):
                    # Bodies are read as sent; a compressed one would be refused as malformed JSON.
                    name = headers[b"content-encoding"].decode("latin-1").strip()[:40]
                    return await _send_json(send, 415, error_body(
                        415, f"Content-Encoding '{name}' is not supported: send the request body uncompressed"))
                media = _media_type(headers)
                if path in FORM_PATHS:
                    if media not in FORM_TYPES:
                        return await _send_json(send, 415, error_body(
                            415, "Send the sign-in form as application/x-www-form-urlencoded"))
                elif media not in JSON_TYPES:
                    return await _send_json(
                        send, 415, error_body(415, "Send the request body as application/json")
                    )
                body = await read_body(receive, settings.max_body_bytes)
                if body is None:
                    return
                if isinstance(body, int):
                    return await _send_json(send, 413, error_body(413, f"Request body is larger than {body} bytes"))
                if media in JSON_TYPES:
                    problem, value = _json_problem(body)
                    try:
                        found = None if problem else control_in_json(value)
                    except NestedTooDeeply:
                        problem = f"nested deeper than {MAX_JSON_DEPTH} levels"
                    if problem:
                        return await _send_json(send, 400, error_body(400, f"The request body is not valid JSON: {problem}"))
                else:
                    found = control_in_pairs(parse_qsl(body.decode("latin-1"), keep_blank_values=True,
                                                       encoding="utf-8", errors="replace"))
                # 4. No control characters in any text field (NUL included): a 422 naming the field.
                if found:
                    return await _unprocessable(send, found)
                receive = replay(body, receive)

        # 5. Rate limits per IP and per session, shared by every worker.
        token = _session_token(headers)
        if settings.rate_limit_per_minute > 0:
            counters = [(f"ip:{scope_limit_key(scope)}", IP_FACTOR * settings.rate_limit_per_minute)]
            if token:
                counters.append((f"s:{hash_token(token)}", settings.rate_limit_per_minute))
            wait = await state.shared.hit(counters)
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
        db = scope["app"].state.store
        key = raw_key.decode("latin-1").strip()
        if not key or len(key) > MAX_KEY_LEN:
            return await _send_json(send, 400, error_body(400, f"Idempotency-Key must be 1 to {MAX_KEY_LEN} characters"))
        # Read the whole body (bounded) so it can be hashed and handed on.
        body = await read_body(receive, cap)
        if body is None:
            return
        if isinstance(body, int):
            return await _send_json(send, 413, error_body(413, f"Request body is larger than {cap} bytes"))
        who = await resolve_session(scope, token)
        client = (scope.get("client") or ("unknown", 0))[0]
        scope_key = f"u:{who.user.id}" if who else f"ip:{client}"
        digest = hashlib.sha256(
            b"\0".join([scope["method"].encode(), scope["path"].encode(), scope.get("query_string", b""), body])
        ).hexdigest()
        stored = await db.find_answer(scope_key, key)
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

        status, kept, out = 0, [], []

        async def capture_send(message):
            nonlocal status, kept
            if message["type"] == "http.response.start":
                status = message["status"]
                kept = [(k.decode("latin-1"), v.decode("latin-1")) for k, v in message.get("headers", [])
                        if k.lower() in REPLAYED]
            elif message["type"] == "http.response.body":
                out.append(message.get("body", b""))
                if not message.get("more_body", False) and status and status < 500 and status != 429:
                    # Stored before the last byte leaves: a client that retries once it has the
                    # answer (on any worker) is always replayed, never applied a second time.
                    answer = StoredAnswer(scope["method"], scope["path"], digest, status, kept, b"".join(out))
                    try:
                        await db.save_answer(scope_key, key, answer)
                    except Exception:  # the answer still goes out; only its replay is lost
                        log.exception("could not keep the answer for Idempotency-Key replay")
            await send(message)

        await self.app(scope, replay(body, receive), capture_send)


def guard_middleware(app):
    return Guard(app)
