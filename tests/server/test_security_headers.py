"""Issue 32, item 3: the security headers on every answer, the router's own 404 and 405 included,
set once (server.security_headers wraps the whole app)."""

from __future__ import annotations

import pytest

from server.security_headers import CSP, DOCS_CSP

ANSWERS = [
    ("GET", "/api/nosuch", 404),  # no route: the router's own 404
    ("DELETE", "/api/Build/x", 405),  # a route without this method: the router's own 405
    ("PUT", "/api/auth/me", 405),
    ("GET", "/api/Build/search", 200),
    ("GET", "/api/Build/nosuchbuild", 404),  # a handler's 404
    ("GET", "/", 200),  # the shell, answered from memory before routing
    ("GET", "/build/browse", 200),
    ("GET", "/api/Build/ab%00cdefgh", 400),  # the guard's refusal
    ("POST", "/api/auth/login", 403),  # a foreign Origin, refused by the guard
]


@pytest.mark.parametrize(("method", "path", "status"), ANSWERS)
async def test_every_answer_carries_each_security_header_once(client, method, path, status):
    headers = {"Origin": "http://evil.example"} if status == 403 else {}
    r = await client.request(method, path, headers=headers)
    assert r.status_code == status, r.text
    for name, value in [("content-security-policy", CSP), ("x-content-type-options", "nosniff"),
                        ("referrer-policy", "same-origin"), ("x-frame-options", "DENY")]:
        assert r.headers.get_list(name) == [value], (name, r.headers.get_list(name))
    assert "frame-ancestors 'none'" in r.headers["content-security-policy"]


async def test_the_api_docs_get_their_own_policy(client):
    r = await client.get("/schema/openapi.json")
    assert r.status_code == 200
    assert r.headers.get_list("content-security-policy") == [DOCS_CSP]
    assert r.headers["x-content-type-options"] == "nosniff"
