"""Issue 32, item 8: control characters (NUL included) are refused in every text field with a 422
naming the field; headers and bodies are capped for every method (431, 413): a NUL in a step
title was stored, a 100 KB header and a GET with a 100 MB body were answered 200."""

from __future__ import annotations

import socket
import time

import pytest

from e2e.harness import ServerProcess
from tests.server.conftest import local_form, publish_payload, rows, session_headers


@pytest.mark.parametrize(("field", "change"), [
    ("steps[0].title", lambda p: p["steps"][0].update(title="Act\x00 one")),
    ("steps[1].skillSetId", lambda p: p["steps"][1].update(skillSetId="a\x1bb")),
    ("skills[1]", lambda p: p["skills"].__setitem__(1, p["skills"][1] + "\x7f")),
    ("buildId", lambda p: p.update(buildId="build-\x01-0001")),
    ("baseClass", lambda p: p.update(baseClass="Templar\x85")),
    ("pobCod", lambda p: p.update(pobCod=p["pobCod"][:50] + "\x00" + p["pobCod"][50:])),
])
async def test_a_control_character_in_a_publish_field_is_a_422_naming_it(app, client, field, change):
    user = await session_headers(client, "Typist")
    p = publish_payload()
    change(p)
    r = await client.post("/api/Build", json=p, headers=user)
    assert r.status_code == 422, r.text
    assert r.json()["error"]["code"] == "control_character"
    assert r.json()["error"]["message"].startswith(f"{field} holds a control character (U+")
    assert (await rows(app, "SELECT COUNT(*) FROM builds"))[0][0] == 0


async def test_line_breaks_in_a_pasted_code_are_not_control_characters(client):
    user = await session_headers(client, "Paster")
    p = publish_payload()
    p["pobCod"] = "\n" + p["pobCod"][:60] + "\r\n" + p["pobCod"][60:] + "\n"
    r = await client.post("/api/Build", json=p, headers=user)
    assert r.status_code == 201, r.text


async def test_other_bodies_forms_and_queries_are_checked_too(app, client):
    user = await session_headers(client, "Checker")
    p = publish_payload()
    assert (await client.post("/api/Build", json=p, headers=user)).status_code == 201
    r = await client.post("/api/Character/Char%201/attached-build", json={"buildId": p["buildId"] + "\x00"},
                          headers=user)
    assert r.status_code == 422 and r.json()["error"]["message"].startswith("buildId holds a control character")
    r = await client.post("/api/auth/login", json={"ReturnPath": "/build\x00", "InitialRealm": "pc"})
    assert r.status_code == 422 and r.json()["error"]["message"].startswith("ReturnPath holds")
    r = await local_form(client, {"mode": "signup", "accountName": "nul-name", "displayName": "Nul\x00Name",
                                  "password": "long enough secret"})
    assert r.status_code == 422 and r.json()["error"]["message"].startswith("displayName holds")
    assert await rows(app, "SELECT COUNT(*) FROM users WHERE subject = 'nul-name'") == [(0,)]
    r = await client.get("/api/Build/search", params={"CreatorFilter": "a\x00b"})
    assert r.status_code == 422 and r.json()["error"]["message"] == (
        "CreatorFilter holds a control character (U+0000); remove it")
    r = await client.get("/api/Build/search?SkillFilters=Cleave%07")
    assert r.status_code == 422 and r.json()["error"]["message"].startswith("SkillFilters holds")
    assert (await client.get("/api/Build/search", params={"CreatorFilter": "Some One"})).status_code == 200


async def test_oversized_headers_are_a_431_and_oversized_bodies_a_413_for_every_method(client):
    big = {"X-Padding": "x" * 100_000}
    for method, path in [("GET", "/api/Build/search"), ("GET", "/"), ("POST", "/api/auth/login"),
                         ("GET", "/api/nosuch")]:
        r = await client.request(method, path, headers=big, json={} if method == "POST" else None)
        assert r.status_code == 431, (method, path, r.status_code)
        assert r.json()["error"]["message"] == "Request headers are larger than 32768 bytes"
        assert r.headers["x-content-type-options"] == "nosniff"
    body = b"x" * (1024 * 1024 + 1)
    for method, path in [("GET", "/api/Build/search"), ("GET", "/"), ("DELETE", "/api/Build/x"),
                         ("OPTIONS", "/api/auth/me"), ("POST", "/api/Build")]:
        r = await client.request(method, path, content=body)
        assert r.status_code == 413, (method, path, r.status_code)

    assert (await client.get("/api/Build/search", headers={"X-Padding": "x" * 10_000})).status_code == 200




@pytest.fixture(scope="module")
def server(tmp_path_factory):
    env = {"WAYPOINT_RATE_LIMIT_PER_MINUTE": "0", "WAYPOINT_SEED_DEMO": "false"}
    with ServerProcess(env=env, db_path=tmp_path_factory.mktemp("limits") / "limits.sqlite3") as s:
        yield s


def _exchange(server: ServerProcess, head: bytes, body_bytes: int) -> tuple[bytes, int]:
    """Send `head`, then stream up to `body_bytes` of body until the server answers; (answer, sent)."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=30) as s:
        s.sendall(head)
        s.setblocking(False)
        sent, chunk, answer = 0, b"z" * 65536, b""
        deadline = time.monotonic() + 30
        while sent < body_bytes and time.monotonic() < deadline:
            try:
                answer += s.recv(65536)
                if answer:
                    break
            except BlockingIOError:
                pass
            try:
                sent += s.send(chunk)
            except (BlockingIOError, BrokenPipeError, ConnectionResetError):
                continue
        s.setblocking(True)
        s.settimeout(30)
        while b"\r\n\r\n" not in answer:
            more = s.recv(65536)
            if not more:
                break
            answer += more
        return answer, sent


def test_a_real_server_refuses_a_get_with_a_100_mb_body_without_reading_it(server):
    hundred_mb = 100 * 1024 * 1024
    head = (f"GET /api/Build/search HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: {hundred_mb}\r\n\r\n").encode()
    answer, sent = _exchange(server, head, hundred_mb)
    assert answer.startswith(b"HTTP/1.1 413"), answer[:200]
    assert sent < hundred_mb // 2, sent  # refused long before the body was all sent
    # Chunked, with no length: refused once past the cap, not answered 200 mid-stream.
    chunk = b"10000\r\n" + b"c" * 0x10000 + b"\r\n"
    with socket.create_connection(("127.0.0.1", server.port), timeout=30) as s:
        s.sendall(b"GET /api/Build/search HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n"
                  + chunk * 17)  # 17 x 64 KiB: past the 1 MiB cap
        assert s.recv(65536).startswith(b"HTTP/1.1 413")
    answer, _ = _exchange(server, b"GET /api/Build/search HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: "
                          + b"p" * 100_000 + b"\r\n\r\n", 0)
    assert answer.startswith(b"HTTP/1.1 431"), answer[:200]


def test_a_long_query_is_not_counted_as_a_header(server):
    """A planner code in a query (a link shared to the app, the dev pages) is longer than any header: the
    page is served; the same bytes in a header are a 431."""
    def get(head: bytes) -> bytes:
        with socket.create_connection(("127.0.0.1", server.port), timeout=30) as s:
            s.sendall(head + b"Host: 127.0.0.1\r\nConnection: close\r\n\r\n")
            answer = b""
            while chunk := s.recv(65536):
                answer += chunk
            return answer

    code = b"e" * 60_000
    assert get(b"GET /build/share?text=" + code + b" HTTP/1.1\r\n").startswith(b"HTTP/1.1 200")
    assert get(b"GET /build/share HTTP/1.1\r\nX-Code: " + code + b"\r\n").startswith(b"HTTP/1.1 431")


@pytest.mark.parametrize("ch", ["\u202e", "\u202a", "\u2066", "\u2069"])
async def test_bidirectional_overrides_are_control_characters_too(app, client, ch):
    """U+202A-202E and U+2066-2069 reorder the text around them where it is shown (a creator named
    'Demo\u202eretfarcyroehT' reads as another): refused like any control character, in a step title,
    a display name and a search, with the field named."""
    user = await session_headers(client, "Bidi")
    p = publish_payload()
    p["steps"][0]["title"] = f"Act {ch}one"
    r = await client.post("/api/Build", json=p, headers=user)
    assert r.status_code == 422, r.text
    assert r.json()["error"] == {"code": "control_character",
                                 "message": f"steps[0].title holds a control character (U+{ord(ch):04X}); remove it"}
    r = await local_form(client, {"mode": "signup", "accountName": "bidi-name", "displayName": f"Demo{ch}Name",
                                  "password": "long enough secret"})
    assert r.status_code == 422 and r.json()["error"]["message"].startswith("displayName holds a control character")
    assert await rows(app, "SELECT COUNT(*) FROM users WHERE subject = 'bidi-name'") == [(0,)]
    r = await client.get("/api/Build/search", params={"CreatorFilter": f"a{ch}b"})
    assert r.status_code == 422 and r.json()["error"]["code"] == "control_character"
    # Right-to-left text itself is welcome.
    p["steps"][0]["title"] = "שלב ראשון"
    assert (await client.post("/api/Build", json=p, headers=user)).status_code == 201


@pytest.mark.parametrize("name", ["\u200b\u200b", "\ufeff\u200d\u200c", "\u0301\u0301\u0301", " \u200b "])
async def test_a_display_name_needs_characters_that_show(app, client, name):
    """Two zero-width spaces made a display name of 2 characters that shows as nothing."""
    r = await local_form(client, {"mode": "signup", "accountName": "blank-name", "displayName": name,
                                  "password": "long enough secret"})
    assert r.status_code == 422, r.text
    assert "Choose a display name of 2 to 32 characters." in r.text
    assert await rows(app, "SELECT COUNT(*) FROM users WHERE subject = 'blank-name'") == [(0,)]
