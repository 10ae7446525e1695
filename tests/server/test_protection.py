"""Idempotency-Key replay, the Origin check, body caps and rate limits."""

from __future__ import annotations

from litestar.testing import AsyncTestClient

from server.app import create_app
from tests.server.conftest import make_settings, publish_payload, rows, same_origin, session_headers


async def test_publish_replay_with_idempotency_key_returns_the_first_answer(app, client):
    u = await session_headers(client, "Replayer")
    p = publish_payload()
    h = {**u, "Idempotency-Key": "publish-1"}
    first = await client.post("/api/Build", json=p, headers=h)
    assert first.status_code == 201
    again = await client.post("/api/Build", json=p, headers=h)
    assert again.status_code == 201 and again.content == first.content
    assert again.headers["idempotent-replayed"] == "true"
    assert (await rows(app, "SELECT COUNT(*) FROM builds"))[0][0] == 1
    # The same key with a different body is refused, and nothing changes.
    other = await client.post("/api/Build", json=publish_payload(), headers=h)
    assert other.status_code == 422 and other.json()["error"]["code"] == "idempotency_mismatch"
    assert (await rows(app, "SELECT COUNT(*) FROM builds"))[0][0] == 1


async def test_like_replay_does_not_reapply_and_keys_are_per_user(app, client):
    a = await session_headers(client, "Alice")
    b = await session_headers(client, "Bob")
    p = publish_payload()
    await client.post("/api/Build", json=p, headers=a)
    url = f"/api/Build/{p['buildId']}/like"
    liked = await client.post(url, json={"like": True}, headers={**a, "Idempotency-Key": "k1"})
    assert liked.json()["data"] == {"buildId": p["buildId"], "likes": 1, "isLiked": True}
    await client.post(url, json={"like": False}, headers=a)  # a later intent, no key
    replay = await client.post(url, json={"like": True}, headers={**a, "Idempotency-Key": "k1"})
    assert replay.json() == liked.json() and replay.headers["idempotent-replayed"] == "true"
    # The replay answered from storage: the later unlike still stands.
    assert (await rows(app, "SELECT likes FROM builds"))[0][0] == 0
    # Bob's identical key is his own.
    mine = await client.post(url, json={"like": True}, headers={**b, "Idempotency-Key": "k1"})
    assert "idempotent-replayed" not in mine.headers and mine.json()["data"]["likes"] == 1


async def test_client_errors_are_replayed_and_oversized_keys_refused(client):
    u = await session_headers(client, "Retry")
    h = {**u, "Idempotency-Key": "x-1"}
    bad = publish_payload(baseClass="Witch")
    assert (await client.post("/api/Build", json=bad, headers=h)).status_code == 422
    # A 4xx answer is replayed too: the same request gets the same answer.
    again = await client.post("/api/Build", json=bad, headers=h)
    assert again.status_code == 422 and again.headers["idempotent-replayed"] == "true"
    r = await client.post("/api/Build", json=publish_payload(), headers={**u, "Idempotency-Key": "y" * 201})
    assert r.status_code == 400


async def test_foreign_origin_is_refused_on_mutations(app, client):
    u = await session_headers(client, "Victim")
    p = publish_payload()
    evil = {**u, "Origin": "https://evil.example"}
    r = await client.post("/api/Build", json=p, headers=evil)
    assert r.status_code == 403 and r.json()["error"]["code"] == "forbidden"
    assert (await client.post("/api/auth/logout", headers=evil)).status_code == 403
    assert (await client.get("/api/auth/me", headers=u)).status_code == 200  # session intact
    assert (await rows(app, "SELECT COUNT(*) FROM builds"))[0][0] == 0
    # Our own origin (and no Origin at all, e.g. curl) is fine.
    own = {**u, "Origin": "http://testserver.local"}
    assert (await client.post("/api/Build", json=p, headers=own)).status_code == 201
    r = await client.post(f"/api/Build/{p['buildId']}/like", json={"like": True}, headers={**u, "Origin": "null"})
    assert r.status_code == 403
    # Reads are not affected.
    assert (await client.get("/api/Build/search", headers=evil)).status_code == 200


async def test_body_size_cap(tmp_path, engine):
    app = create_app(make_settings(tmp_path, engine, max_body_bytes=2048))
    async with AsyncTestClient(app=app) as c:
        same_origin(c)
        u = await session_headers(c, "Big")
        big = publish_payload(pobCod="A" * 5000)
        r = await c.post("/api/Build", json=big, headers=u)
        assert r.status_code == 413 and r.json()["error"]["code"] == "payload_too_large"
        r = await c.post("/api/Build", json=big, headers={**u, "Idempotency-Key": "big"})
        assert r.status_code == 413


async def test_rate_limits_per_session_and_per_ip(tmp_path, engine):
    app = create_app(make_settings(tmp_path, engine, rate_limit_per_minute=3))
    async with AsyncTestClient(app=app) as c:
        same_origin(c)
        app.state.shared.clock = lambda: 1_000_000.0  # nothing refills during the test
        u = await session_headers(c, "Clicker")  # one anonymous login + one form post from this IP
        p = publish_payload()
        await c.post("/api/Build", json=p, headers=u)
        url = f"/api/Build/{p['buildId']}/like"
        codes = [(await c.post(url, json={"like": True}, headers=u)).status_code for _ in range(3)]
        # Per session: 3 a minute (the publish was the first).
        assert codes == [200, 200, 429]
        r = await c.post(url, json={"like": True}, headers=u)
        assert r.status_code == 429 and 1 <= int(r.headers["retry-after"]) <= 60
        assert r.json()["error"]["code"] == "rate_limited"
        # Per IP: 5 x 3 = 15 a minute; 5 used so far (2 sign-in, 1 publish, 2 likes: a request the
        # session's bucket refused took no token from the IP's).
        codes = [
            (await c.post("/api/auth/login", json={"ReturnPath": "/", "InitialRealm": "pc"})).status_code
            for _ in range(11)
        ]
        assert codes == [200] * 10 + [429]
        # Reads are not limited.
        for _ in range(10):
            assert (await c.get("/api/Build/search")).status_code == 200


async def test_cookie_is_secure_when_served_over_https(tmp_path):
    app = create_app(make_settings(tmp_path, public_url="https://waypoint.example"))
    async with AsyncTestClient(app=app, base_url="https://waypoint.example") as c:
        same_origin(c)
        target = (await c.post("/api/auth/login", json={"ReturnPath": "/", "InitialRealm": "pc"})).json()
        state = target["data"]["returnPath"].split("state=")[1]
        r = await c.post("/api/auth/local", data={"state": state, "mode": "signup", "accountName": "secure",
                                                  "displayName": "Secure", "password": "secret password"},
                         follow_redirects=False)
        cookie = r.headers["set-cookie"]
        assert "Secure" in cookie and "HttpOnly" in cookie and "samesite=lax" in cookie.lower()


async def test_the_planner_proxy_is_rate_limited_per_ip(tmp_path, engine):
    app = create_app(make_settings(tmp_path, engine, rate_limit_per_minute=1))
    async with AsyncTestClient(app=app) as c:
        same_origin(c)
        app.state.shared.clock = lambda: 1_000_000.0  # nothing refills during the test
        # An invalid code is answered without any upstream fetch; the limit applies first.
        codes = [(await c.get("/api/proxy/pobb/bad!")).status_code for _ in range(6)]
        assert codes[:5] == [400] * 5 and codes[5] == 429


def test_addresses_of_one_ipv6_network_share_their_limits(tmp_path):
    """Every per-address limit counted each IPv6 address alone, and one home connection holds a whole
    /64 (2^64 addresses): a client rotating its source address had a fresh budget of mutations,
    sign-ins and paste decodes on every request. An IPv6 address now counts as its /64 (an
    IPv4-mapped one as its IPv4 address). Through a trusted proxy's X-Forwarded-For, as deployed."""
    from e2e.harness import ServerProcess

    env = {"WAYPOINT_RATE_LIMIT_PER_MINUTE": "1", "WAYPOINT_SEED_DEMO": "false",
           "WAYPOINT_FORWARDED_ALLOW_IPS": "127.0.0.1"}
    with ServerProcess(env=env, db_path=tmp_path / "v6.sqlite3") as server, server.client() as c:
        def login(address: str) -> int:
            return c.post("/api/auth/login", json={"ReturnPath": "/"}, headers={"X-Forwarded-For": address}).status_code

        # Five mutations a minute per address (five times the per-session 1): the sixth address of the
        # same /64 is refused, as the sixth request from one address would be.
        codes = [login(f"2001:db8:1:2::{i:x}") for i in range(1, 7)]
        assert codes == [200] * 5 + [429], codes
        assert login("2001:db8:1:2:ffff:ffff:ffff:fffe") == 429
        # Another /64 has its own budget; so do IPv4 addresses, an IPv4-mapped address counting as its IPv4.
        assert login("2001:db8:1:3::1") == 200
        assert [login("192.0.2.7") for _ in range(5)] == [200] * 5
        assert login("::ffff:192.0.2.7") == 429
