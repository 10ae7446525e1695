"""Issue 32, item 7: the Origin of a mutation is checked against the configured public origin,
never against the request's own Host header (`Origin: http://evil.example` with
`Host: evil.example` passed)."""

from __future__ import annotations

from litestar.testing import AsyncTestClient

from server.app import create_app
from tests.server.conftest import make_settings, publish_payload, rows, session_headers


async def test_the_host_trick_is_refused(app, client):
    user = await session_headers(client, "Victim")
    p = publish_payload()
    for origin, host in [("http://evil.example", "evil.example"), ("https://evil.example", "evil.example"),
                         ("http://testserver.local.evil.example", "testserver.local.evil.example")]:
        r = await client.post("/api/Build", json=p, headers={**user, "Origin": origin, "Host": host})
        assert r.status_code == 403 and r.json()["error"]["code"] == "forbidden", (origin, r.text)
    assert (await rows(app, "SELECT COUNT(*) FROM builds"))[0][0] == 0
    # The configured origin passes, whatever Host the request names.
    r = await client.post("/api/Build", json=p, headers={**user, "Origin": "http://testserver.local",
                                                         "Host": "elsewhere.example"})
    assert r.status_code == 201, r.text


async def test_the_public_url_and_extra_origins_are_the_only_foreign_origins(tmp_path, engine):
    settings = make_settings(tmp_path, engine, public_url="https://waypoint.example/app/",
                             extra_origins="https://www.waypoint.example")
    app = create_app(settings)
    async with AsyncTestClient(app=app, base_url="https://waypoint.example") as c:
        async def login(origin: str, host: str = "waypoint.example") -> int:
            r = await c.post("/api/auth/login", json={"ReturnPath": "/", "InitialRealm": "pc"},
                             headers={"Origin": origin, "Host": host})
            return r.status_code

        assert await login("https://waypoint.example") == 200
        assert await login("HTTPS://WAYPOINT.EXAMPLE") == 200
        assert await login("https://www.waypoint.example") == 200
        assert await login("http://waypoint.example") == 403  # another scheme is another origin
        assert await login("https://evil.example", "evil.example") == 403
        assert await login("http://127.0.0.1:8000", "127.0.0.1:8000") == 403  # loopback only without a public URL


async def test_without_a_public_url_the_loopback_names_of_our_port_are_ours(tmp_path, engine):
    settings = make_settings(tmp_path, engine, public_url="", host="127.0.0.1", port=8123)
    app = create_app(settings)
    async with AsyncTestClient(app=app) as c:
        async def login(origin: str, host: str) -> int:
            r = await c.post("/api/auth/login", json={"ReturnPath": "/", "InitialRealm": "pc"},
                             headers={"Origin": origin, "Host": host})
            return r.status_code

        for origin in ("http://127.0.0.1:8123", "http://localhost:8123", "http://[::1]:8123",
                       "http://localhost:5173"):  # the Vite dev server, which proxies /api here
            assert await login(origin, "evil.example") == 200, origin
        for origin in ("http://localhost:9999", "http://evil.example", "null"):
            assert await login(origin, origin.removeprefix("http://")) == 403, origin
