"""Size caps on every request, whatever its method or path, before anything reads it.

Headers larger than `max_header_bytes` in all get a 431 (the request target is not a header);
a body larger than `max_body_bytes`
a 413: at once when its Content-Length says so, and while it streams for a chunked body of a
method whose handlers read no body (GET, HEAD, OPTIONS, DELETE: such a body would otherwise be
answered 200 while the client is still sending it). Bodies of the other methods are read,
bounded, by the guard (server.guard) and Litestar (request_max_body_size).
"""

from __future__ import annotations

import msgspec

from server.asgi_body import read_body, replay
from server.errors import error_body

NO_BODY_METHODS = {"GET", "HEAD", "OPTIONS", "DELETE"}


async def _refuse(send, status: int, message: str) -> None:
    payload = msgspec.json.encode(error_body(status, message))
    await send({"type": "http.response.start", "status": status, "headers": [
        (b"content-type", b"application/json"), (b"content-length", str(len(payload)).encode()),
        (b"connection", b"close"),
    ]})
    await send({"type": "http.response.body", "body": payload})


class InputLimits:
    def __init__(self, inner, max_header_bytes: int, max_body_bytes: int):
        self.inner = inner
        self.max_header_bytes = max_header_bytes
        self.max_body_bytes = max_body_bytes

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            return await self.inner(scope, receive, send)
        # The request target is not counted: a planner code in a query (a link shared to the app, the
        # dev pages) is longer than any header. The HTTP parser caps the whole request head (about 80 KB).
        size = 0
        length = chunked = None
        for name, value in scope["headers"]:
            size += len(name) + len(value) + 4  # ": " and CRLF
            if name == b"content-length":
                length = value
            elif name == b"transfer-encoding":
                chunked = value
        if size > self.max_header_bytes:
            return await _refuse(send, 431, f"Request headers are larger than {self.max_header_bytes} bytes")
        cap = self.max_body_bytes
        if length is not None:
            try:
                declared = int(length)
            except ValueError:
                return await _refuse(send, 400, "Invalid Content-Length")
            if declared > cap:
                return await _refuse(send, 413, f"Request body is larger than {cap} bytes")
        elif chunked is not None and scope["method"] in NO_BODY_METHODS:
            body = await read_body(receive, cap)
            if body is None:
                return
            if isinstance(body, int):
                return await _refuse(send, 413, f"Request body is larger than {cap} bytes")
            receive = replay(body, receive)
        await self.inner(scope, receive, send)

