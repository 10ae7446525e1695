"""The local (demo) provider, identity and logout."""

from __future__ import annotations

from datetime import UTC, datetime

from tests.server.conftest import sign_in


async def test_local_sign_in_redirect_carries_the_auth_complete_fields(client):
    q = await sign_in(client, "  Demo   Player ", return_path="/build/track?x=1", realm="sony")
    assert q["returnPath"] == "/build/track?x=1" and q["displayName"] == "Demo Player"
    assert q["initialRealm"] == "sony"
    expires = datetime.strptime(q["expiresOn"], "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=UTC)
    assert 29.9 * 86400 < (expires - datetime.now(UTC)).total_seconds() <= 30 * 86400
    me = (await client.get("/api/auth/me")).json()["data"]
    assert me == {"displayName": "Demo Player", "expiresOn": q["expiresOn"], "provider": "local"}


async def test_login_validation(client):
    for bad in ("https://evil.example/", "//evil.example", "build", "/a\\b"):
        r = await client.post("/api/auth/login", json={"ReturnPath": bad, "InitialRealm": "pc"})
        assert r.status_code == 400, bad
        assert r.json()["error"]["code"] == "bad_request"
    q = await sign_in(client, "Realmless", realm="moon")
    assert q["initialRealm"] == "pc"  # spec: unknown realms fall back to pc
    assert (await client.post("/api/auth/login", content=b"{", headers={"content-type": "application/json"})).status_code == 400


async def test_local_form_rejects_unknown_state_and_bad_names(client):
    assert (await client.get("/api/auth/local?state=nope")).status_code == 400
    r = await client.post("/api/auth/login", json={"ReturnPath": "/", "InitialRealm": "pc"})
    state = r.json()["data"]["returnPath"].split("state=")[1]
    r = await client.post("/api/auth/local", data={"state": state, "displayName": " x "}, follow_redirects=False)
    assert r.status_code == 422 and "2 to 32 characters" in r.text
    r = await client.post("/api/auth/local", data={"state": "forged", "displayName": "Someone"}, follow_redirects=False)
    assert r.status_code == 400
    # The state survived the bad name; it finishes once, then is spent.
    ok = await client.post("/api/auth/local", data={"state": state, "displayName": "Someone"}, follow_redirects=False)
    assert ok.status_code == 303
    spent = await client.post("/api/auth/local", data={"state": state, "displayName": "Someone"}, follow_redirects=False)
    assert spent.status_code == 400


async def test_form_escapes_html(client):
    r = await client.post("/api/auth/login", json={"ReturnPath": "/", "InitialRealm": "pc"})
    state = r.json()["data"]["returnPath"].split("state=")[1]
    r = await client.post("/api/auth/local", data={"state": state, "displayName": "<script>"}, follow_redirects=False)
    assert r.status_code == 303  # a fine name; shown escaped wherever HTML is made
    page = await client.post("/api/auth/login", json={"ReturnPath": "/", "InitialRealm": "pc"})
    state = page.json()["data"]["returnPath"].split("state=")[1]
    r = await client.post("/api/auth/local", data={"state": state, "displayName": "<b>" * 20}, follow_redirects=False)
    assert r.status_code == 422 and "<b><b>" not in r.text and "&lt;b&gt;" in r.text


async def test_me_and_logout(client):
    r = await client.get("/api/auth/me")
    assert r.status_code == 401 and r.json() == {
        "error": {"code": "unauthorized", "message": r.json()["error"]["message"]}
    }
    await sign_in(client, "Leaver")
    assert (await client.get("/api/auth/me")).status_code == 200
    token = client.cookies.get("waypoint_session")
    r = await client.post("/api/auth/logout")
    assert r.status_code == 204 and "waypoint_session=" in r.headers["set-cookie"]
    # The old token is dead server-side too, even if a client kept it.
    client.cookies.clear()
    r = await client.get("/api/auth/me", headers={"Cookie": f"waypoint_session={token}"})
    assert r.status_code == 401
    assert (await client.post("/api/auth/logout")).status_code == 204  # idempotent
