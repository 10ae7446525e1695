"""A fake paste host on loopback that speaks the raw-code protocol of one host:
pobb.in `GET /<id>/raw`, pastebin `GET /raw/<id>`, poe.ninja
`GET /poe1/pob/raw/<id>`, maxroll `GET /poe/api/pob/<id>` (the raw_path given).

Pastes are registered per test; ids listed in `slow` sleep past the client's
timeout; ids in `broken` answer 500; ids in `encoded` answer their bytes as sent, under the
Content-Encoding given (compression bombs). Every request path is recorded so tests
can prove that an invalid id caused no fetch.
"""

from __future__ import annotations

import re
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class FakePasteHost:
    def __init__(self, raw_path: str = "/{id}/raw") -> None:
        before, after = raw_path.split("{id}")
        route = re.compile(re.escape(before) + r"([^/?]+)" + re.escape(after) + r"$")
        self.pastes: dict[str, str] = {}
        self.slow: dict[str, float] = {}
        self.broken: set[str] = set()
        self.encoded: dict[str, tuple[str, bytes]] = {}
        self.requests: list[str] = []
        # The Accept-Encoding of each request, in order.
        self.accept_encodings: list[str] = []
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 (http.server API)
                fake.requests.append(self.path)
                fake.accept_encodings.append(self.headers.get("Accept-Encoding", ""))
                match = route.match(self.path)
                paste_id = match.group(1) if match else None
                if paste_id in fake.slow:
                    time.sleep(fake.slow[paste_id])
                if paste_id in fake.broken:
                    return self._answer(500, b"internal error")
                if paste_id in fake.encoded:
                    coding, body = fake.encoded[paste_id]
                    return self._answer(200, body, coding)
                if paste_id is None or paste_id not in fake.pastes:
                    return self._answer(404, b"not found")
                return self._answer(200, fake.pastes[paste_id].encode())

            def _answer(self, status: int, body: bytes, coding: str = "") -> None:
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", "text/plain; charset=utf-8")
                    if coding:
                        self.send_header("Content-Encoding", coding)
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (timeout tests)

            def log_message(self, *args: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.base_url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self) -> FakePasteHost:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()

    def fetches(self, paste_id: str) -> int:
        return sum(1 for path in self.requests if paste_id in path.strip("/").split("/"))


class FakePobb(FakePasteHost):
    def __init__(self) -> None:
        super().__init__("/{id}/raw")
