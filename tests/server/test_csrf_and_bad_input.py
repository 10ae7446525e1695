"""Issue 15, item 6, against a real server process: the same-origin rule for mutations,
JSON-only bodies, security headers on every answer, and former 500s answered with a 400."""

from __future__ import annotations

import http.client

import httpx
import pytest

from e2e.harness import ServerProcess
from tests.server.conftest import publish_payload


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    env = {"WAYPOINT_RATE_LIMIT_PER_MINUTE": "0", "WAYPOINT_SEED_DEMO": "false"}
    with ServerProcess(env=env, db_path=tmp_path_factory.mktemp("csrf") / "csrf.sqlite3") as s:
        yield s


@pytest.fixture(scope="module")
def build(server):
    owner = server.signed_up("Owner")
    payload = publish_payload()
    assert owner.post("/api/Build", json=payload).status_code == 201
    yield payload["buildId"], owner.cookies["waypoint_session"]


def _bare(server, cookie: str) -> httpx.Client:
    """No Origin by default: each test says what the browser would send."""
    return httpx.Client(base_url=server.base_url, timeout=15, headers={"Cookie": f"waypoint_session={cookie}"})


@pytest.mark.parametrize(
    ("headers", "status"),
    [
        ({}, 403),  # no Origin, no Sec-Fetch-Site: a non-browser or old browser; refused
        ({"Origin": "http://evil.example"}, 403),
        ({"Origin": "null"}, 403),
        ({"Sec-Fetch-Site": "cross-site"}, 403),
        ({"Sec-Fetch-Site": "same-site"}, 403),
        ({"Sec-Fetch-Site": "same-origin"}, 200),  # a browser that left Origin out
        ({"Origin": "http://evil.example", "Sec-Fetch-Site": "same-origin"}, 403),  # Origin decides when present
        ("own", 200),
    ],
)
def test_cookie_mutations_need_a_same_origin_request(server, build, headers, status):
    build_id, cookie = build
    if headers == "own":
        headers = {"Origin": server.base_url}
    with _bare(server, cookie) as c:
        r = c.post(f"/api/Build/{build_id}/like", json={"like": True}, headers=headers)
    assert r.status_code == status, r.text
    if status == 403:
        assert r.json() == {"error": {"code": "forbidden", "message": "Cross-origin request refused"}}


@pytest.mark.parametrize("content_type", ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data", None])
def test_mutations_accept_only_json(server, build, content_type):
    build_id, cookie = build
    headers = {"Origin": server.base_url, **({"Content-Type": content_type} if content_type else {})}
    with _bare(server, cookie) as c:
        r = c.post(f"/api/Build/{build_id}/like", content=b'{"like": true}', headers=headers)
    assert r.status_code == 415 and r.json()["error"]["code"] == "unsupported_media_type"
    with _bare(server, cookie) as c:
        ok = c.post(f"/api/Build/{build_id}/like", content=b'{"like": true}',
                    headers={"Origin": server.base_url, "Content-Type": "application/json; charset=utf-8"})
    assert ok.status_code == 200


@pytest.mark.parametrize("path", ["/", "/build/browse/explore", "/api/Build/search", "/api/health", "/nope.js",
                                  "/api/auth/me", "/schema/openapi.json"])
def test_every_answer_carries_the_security_headers(server, path):
    r = httpx.get(server.base_url + path)
    csp = r.headers["content-security-policy"]
    assert "frame-ancestors 'none'" in csp and "default-src 'self'" in csp and "object-src 'none'" in csp
    assert r.headers["x-content-type-options"] == "nosniff"
    assert r.headers["referrer-policy"] == "same-origin"
    if not path.startswith("/schema"):
        assert "script-src 'self';" in csp and "unsafe-eval" not in csp


def _raw(server, method: str, path: str, body: bytes = b"", headers: dict | None = None) -> tuple[int, bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    conn.putrequest(method, path, skip_accept_encoding=True)
    for k, v in {"Origin": server.base_url, "Content-Length": str(len(body)), **(headers or {})}.items():
        conn.putheader(k, v)
    conn.endheaders(body)
    r = conn.getresponse()
    data = r.read()
    conn.close()
    return r.status, data


@pytest.mark.parametrize(
    ("what", "method", "path", "body"),
    [
        ("NUL in the path", "GET", "/%00", b""),
        ("NUL in an API path", "GET", "/api/Build/ab%00cdefgh", b""),
        ("NUL in a mutation path", "POST", "/api/Build/x%00/like", b'{"like": true}'),
        ("JSON nested 100,000 deep", "POST", "/api/Build/{id}/like", b'{"like":' + b"[" * 100_000 + b"]" * 100_000 + b"}"),
        ("a deep array as the whole body", "POST", "/api/Build", b"[" * 100_000 + b"]" * 100_000),
        ("a body that is not UTF-8", "POST", "/api/Build/{id}/like", b'{"like": "\xff\xfe"}'),
        ("not UTF-8 at sign-in", "POST", "/api/auth/login", b'{"ReturnPath": "/\xc3\x28"}'),
        ("a boolean given as 1", "POST", "/api/Build/{id}/like", b'{"like": 1}'),
        ("a boolean given as a string", "POST", "/api/Build/{id}/like", b'{"like": "true"}'),
    ],
)
def test_former_500s_are_400s_with_the_usual_body(server, build, what, method, path, body):
    build_id, cookie = build
    status, data = _raw(server, method, path.replace("{id}", build_id), body,
                        {"Content-Type": "application/json", "Cookie": f"waypoint_session={cookie}"})
    assert status == 400, (what, status, data[:200])
    error = httpx.Response(400, content=data).json()["error"]
    assert set(error) == {"code", "message"} and error["message"]
    assert "unhandled error" not in server.log.read_text()


@pytest.mark.parametrize("path", ["/api/auth/login", "/api/Build", "/api/Build/{id}/like", "/api/Build/{id}/follow",
                                  "/api/Build/{id}/revisions", "/api/Character/demo-hierophant/attached-build",
                                  "/api/account/delete"])
@pytest.mark.parametrize("content_type", [None, "application/json"])
def test_a_mutation_without_its_body_says_so(server, build, path, content_type):
    """Before: 400 'Validation failed for POST ...: data: 'data'' (Litestar's KeyError, read as text)."""
    build_id, cookie = build
    headers = {"Cookie": f"waypoint_session={cookie}", **({"Content-Type": content_type} if content_type else {})}
    status, data = _raw(server, "POST", path.replace("{id}", build_id), b"", headers)
    assert status == 400, data
    assert httpx.Response(400, content=data).json()["error"] == {
        "code": "validation_error", "message": "The request body is missing: send a JSON object"}


@pytest.mark.parametrize("encoding", ["gzip", "deflate", "br", "GZIP, identity"])
def test_a_compressed_request_body_is_refused_by_name(server, build, encoding):
    """Bodies are taken as sent: a gzip body was read as JSON and refused as 'invalid character (byte 0)'."""
    import gzip

    build_id, cookie = build
    headers = {"Cookie": f"waypoint_session={cookie}", "Content-Type": "application/json", "Content-Encoding": encoding}
    status, data = _raw(server, "POST", f"/api/Build/{build_id}/like", gzip.compress(b'{"like": true}'), headers)
    assert status == 415, data
    assert httpx.Response(415, content=data).json()["error"] == {
        "code": "unsupported_media_type",
        "message": f"Content-Encoding '{encoding}' is not supported: send the request body uncompressed"}
    # identity is no encoding at all
    headers["Content-Encoding"] = "identity"
    status, data = _raw(server, "POST", f"/api/Build/{build_id}/like", b'{"like": true}', headers)
    assert status == 200, data


def test_the_sign_in_form_takes_only_a_form(server):
    """JSON posted to the local sign-in form was read as an empty form: 400 'This sign-in link has expired'."""
    with server.client() as c:
        target = c.post("/api/auth/login", json={"ReturnPath": "/", "InitialRealm": "pc"}).json()["data"]["returnPath"]
        state = target.split("state=", 1)[1]
        r = c.post("/api/auth/local", json={"state": state, "mode": "signup", "accountName": "json-poster",
                                            "displayName": "Json", "password": "long enough secret"})
        assert r.status_code == 415, r.text
        assert r.json()["error"] == {"code": "unsupported_media_type",
                                     "message": "Send the sign-in form as application/x-www-form-urlencoded"}
        # The same fields as a form still sign up, with the same state.
        ok = c.post("/api/auth/local", data={"state": state, "mode": "signup", "accountName": "json-poster",
                                             "displayName": "Json", "password": "long enough secret"},
                    follow_redirects=False)
        assert ok.status_code == 303, ok.text


@pytest.mark.parametrize("depth", [65, 500, 950, 960, 965, 970, 975, 980, 2000])
def test_json_nested_past_the_limit_is_a_400_at_any_depth(server, build, depth):
    """The guard decoded a body near the recursion limit with little stack in use, and Litestar
    decoded it again deeper in the stack: around 970 levels the second decode overflowed (a 500),
    below that a like with a 950-deep extra field was taken. Nesting past MAX_JSON_DEPTH is refused
    whatever the stack."""
    from server.text_fields import MAX_JSON_DEPTH

    build_id, cookie = build
    body = b'{"like": true, "x": ' + b"[" * (depth - 1) + b"1" + b"]" * (depth - 1) + b"}"
    status, data = _raw(server, "POST", f"/api/Build/{build_id}/like", body,
                        {"Content-Type": "application/json", "Cookie": f"waypoint_session={cookie}"})
    assert status == 400, (depth, data[:200])
    assert httpx.Response(400, content=data).json()["error"] == {
        "code": "bad_request", "message": f"The request body is not valid JSON: nested deeper than {MAX_JSON_DEPTH} levels"}
    assert "unhandled error" not in server.log.read_text()
