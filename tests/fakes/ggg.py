"""A fake official Path of Exile OAuth server and API on loopback, for tests.

It speaks the documented protocol (see ../shared/corpus/ggg-api/NOTES.md):
  GET  /oauth/authorize   consents at once and redirects with code + state
  POST /oauth/token       authorization_code (checks the PKCE S256 verifier,
                          client id and redirect_uri) and refresh_token grants
  GET  /profile           {uuid, name}
  GET  /character[/<realm>]          {"characters": [...]}
  GET  /character[/<realm>]/<name>   {"character": {...}} (the corpus sample)
Every answer carries X-Rate-Limit-* headers; `limit_next(retry_after)` makes the
character endpoints answer 429 with Retry-After and a restricted state.
"""

from __future__ import annotations

import base64
import copy
import hashlib
import json
import secrets
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, quote, unquote, urlencode, urlsplit

from server.paths import CORPUS_DIR

SAMPLE = CORPUS_DIR / "ggg-api/PathOfBuildingCommunity__PathOfBuilding/character_detail_SampleCharacter.json"
LIST_FIELDS = ("id", "name", "realm", "class", "league", "level", "experience")


def s256(verifier: str) -> str:
    return base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()


class FakeGgg:
    def __init__(self, client_id: str = "waypoint", token_ttl_s: int = 3600):
        self.client_id = client_id
        self.token_ttl_s = token_ttl_s
        self.codes: dict[str, dict] = {}
        self.access: dict[str, float] = {}  # token -> expires (unix)
        self.refresh: dict[str, str] = {}  # refresh token -> account uuid
        self.requests: list[tuple[str, str, dict]] = []  # (method, path, headers)
        self.grants: list[str] = []
        self.limited_for = 0
        # The next character answer's (Content-Encoding, raw bytes), sent as they are.
        self.encoded_next: tuple[str, bytes] | None = None
        self.lock = threading.Lock()
        detail = json.loads(SAMPLE.read_text())["character"]
        second = copy.deepcopy(detail)
        second.update(id="c2", name="SlayerAlt", league="Standard", level=80)
        second["class"] = "Slayer"
        self.characters = [dict(detail, id="c1"), second]
        self.account = {"uuid": "acc-0001", "name": "FakeExile#1234"}
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    def env(self) -> dict[str, str]:
        """Server settings that point the ggg provider at this fake."""
        return {
            "WAYPOINT_GGG_CLIENT_ID": self.client_id,
            "WAYPOINT_GGG_CLIENT_SECRET": "s3cret",
            "WAYPOINT_GGG_AUTHORIZE_URL": f"{self.base_url}/oauth/authorize",
            "WAYPOINT_GGG_TOKEN_URL": f"{self.base_url}/oauth/token",
            "WAYPOINT_GGG_API_BASE": self.base_url,
            "WAYPOINT_CONTACT": "tests@example.org",
        }

    def start(self) -> FakeGgg:
        self.thread.start()
        return self

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    def expire_access_tokens(self) -> None:
        with self.lock:
            for t in self.access:
                self.access[t] = 0.0

    def revoke_refresh_tokens(self) -> None:
        with self.lock:
            self.refresh.clear()

    def limit_next(self, retry_after: int) -> None:
        self.limited_for = retry_after

    def api_calls(self, prefix: str = "/character") -> list[tuple[str, str, dict]]:
        return [r for r in self.requests if r[1].startswith(prefix)]

    def _issue(self, account: str) -> dict:
        access, refresh = secrets.token_hex(16), secrets.token_hex(16)
        self.access[access] = time.time() + self.token_ttl_s
        self.refresh[refresh] = account
        return {
            "access_token": access, "refresh_token": refresh, "token_type": "bearer",
            "expires_in": self.token_ttl_s, "scope": "account:profile account:characters",
        }

    def _handler(self):
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def _send(self, status: int, body=None, headers: dict | None = None):
                payload = b"" if body is None else json.dumps(body).encode()
                self.send_response(status)
                rate = {
                    "X-Rate-Limit-Policy": "character-request-limit",
                    "X-Rate-Limit-Rules": "Account",
                    "X-Rate-Limit-Account": "30:60:60",
                    "X-Rate-Limit-Account-State": "1:60:0",
                }
                for k, v in {**rate, **(headers or {})}.items():
                    self.send_header(k, v)
                if body is not None:
                    self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

            def _bearer_ok(self) -> bool:
                auth = self.headers.get("Authorization", "")
                token = auth.removeprefix("Bearer ").strip()
                with fake.lock:
                    return fake.access.get(token, 0) > time.time()

            def do_GET(self):  # noqa: N802
                url = urlsplit(self.path)
                fake.requests.append(("GET", url.path, dict(self.headers)))
                q = {k: v[0] for k, v in parse_qs(url.query).items()}
                if url.path == "/oauth/authorize":
                    if q.get("client_id") != fake.client_id or q.get("code_challenge_method") != "S256":
                        return self._send(400, {"error": "invalid_request"})
                    if not q.get("state") or q.get("response_type") != "code":
                        return self._send(400, {"error": "invalid_request"})
                    code = secrets.token_hex(8)
                    fake.codes[code] = {
                        "challenge": q["code_challenge"], "redirect_uri": q["redirect_uri"], "scope": q.get("scope", ""),
                    }
                    sep = "&" if "?" in q["redirect_uri"] else "?"
                    loc = f"{q['redirect_uri']}{sep}{urlencode({'code': code, 'state': q['state']})}"
                    self.send_response(302)
                    self.send_header("Location", loc)
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                if not self._bearer_ok():
                    return self._send(401, {"error": "invalid_token"})
                if url.path == "/profile":
                    return self._send(200, fake.account)
                parts = [unquote(p) for p in url.path.strip("/").split("/")]
                if parts[0] != "character":
                    return self._send(404, {"error": {"code": 1, "message": "Resource not found"}})
                if fake.encoded_next:
                    (coding, raw), fake.encoded_next = fake.encoded_next, None
                    self.send_response(200)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Encoding", coding)
                    self.send_header("Content-Length", str(len(raw)))
                    self.end_headers()
                    self.wfile.write(raw)
                    return
                if fake.limited_for:
                    ra, fake.limited_for = fake.limited_for, 0
                    return self._send(
                        429, {"error": {"code": 3, "message": "Rate limit exceeded"}},
                        {"Retry-After": str(ra), "X-Rate-Limit-Account-State": f"31:60:{ra}"},
                    )
                rest = parts[1:]
                realm = "pc"
                if rest and rest[0] in ("pc", "xbox", "sony"):
                    realm, rest = rest[0], rest[1:]
                chars = [dict(c, realm=realm) for c in fake.characters]
                if not rest:
                    return self._send(200, {"characters": [{k: c[k] for k in LIST_FIELDS} for c in chars]})
                for c in chars:
                    if c["name"] == rest[0]:
                        return self._send(200, {"character": c})
                return self._send(404, {"error": {"code": 1, "message": "Resource not found"}})

            def do_POST(self):  # noqa: N802
                url = urlsplit(self.path)
                fake.requests.append(("POST", url.path, dict(self.headers)))
                length = int(self.headers.get("Content-Length") or 0)
                form = {k: v[0] for k, v in parse_qs(self.rfile.read(length).decode()).items()}
                if url.path != "/oauth/token":
                    return self._send(404, {"error": "not_found"})
                if form.get("client_id") != fake.client_id:
                    return self._send(401, {"error": "invalid_client"})
                grant = form.get("grant_type")
                fake.grants.append(grant or "")
                with fake.lock:
                    if grant == "authorization_code":
                        pending = fake.codes.pop(form.get("code", ""), None)
                        if pending is None or pending["redirect_uri"] != form.get("redirect_uri"):
                            return self._send(400, {"error": "invalid_grant"})
                        if s256(form.get("code_verifier", "")) != pending["challenge"]:
                            return self._send(400, {"error": "invalid_grant", "error_description": "bad verifier"})
                        return self._send(200, fake._issue(fake.account["uuid"]))
                    if grant == "refresh_token":
                        account = fake.refresh.pop(form.get("refresh_token", ""), None)
                        if account is None:
                            return self._send(400, {"error": "invalid_grant"})
                        return self._send(200, fake._issue(account))
                return self._send(400, {"error": "unsupported_grant_type"})

        return Handler


def quote_name(name: str) -> str:
    return quote(name, safe="")
