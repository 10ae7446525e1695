"""The local provider (accounts with a password), identity and logout."""

from __future__ import annotations

from datetime import UTC, datetime

from litestar.testing import AsyncTestClient

from tests.server.conftest import rows, sign_in


async def test_local_sign_in_redirect_carries_the_auth_complete_fields(client):
    q = await sign_in(client, "  Demo   Player ", return_path="/build/track?x=1", realm="sony")
    assert q["returnPath"] == "/build/track?x=1" and q["displayName"] == "Demo Player"
    assert q["initialRealm"] == "sony"
    expires = datetime.strptime(q["expiresOn"], "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=UTC)
    assert 29.9 * 86400 < (expires - datetime.now(UTC)).total_seconds() <= 30 * 86400
    me = (await client.get("/api/auth/me")).json()["data"]
    assert me == {"displayName": "Demo Player", "expiresOn": q["expiresOn"], "provider": "local", "account": q["account"]}
    assert q["account"].startswith("local:")


async def test_login_validation(client):
    for bad in ("https://evil.example/", "//evil.example", "build", "/a\\b"):
        r = await client.post("/api/auth/login", json={"ReturnPath": bad, "InitialRealm": "pc"})
        assert r.status_code == 400, bad
        assert r.json()["error"]["code"] == "bad_request"
    q = await sign_in(client, "Realmless", realm="moon")
    assert q["initialRealm"] == "pc"  # spec: unknown realms fall back to pc
    assert (await client.post("/api/auth/login", content=b"{", headers={"content-type": "application/json"})).status_code == 400


def _fields(mode="signup", account="someone", display="Someone", password="long enough secret"):
    return {"mode": mode, "accountName": account, "displayName": display, "password": password}


async def _state(client) -> str:
    r = await client.post("/api/auth/login", json={"ReturnPath": "/", "InitialRealm": "pc"})
    return r.json()["data"]["returnPath"].split("state=")[1]


async def test_local_form_rejects_unknown_state_and_bad_sign_ups(client):
    assert (await client.get("/api/auth/local?state=nope")).status_code == 400
    state = await _state(client)
    post = lambda fields: client.post("/api/auth/local", data={"state": state, **fields}, follow_redirects=False)  # noqa: E731
    r = await post(_fields(display=" x "))
    assert r.status_code == 422 and "2 to 32 characters" in r.text
    r = await post(_fields(account="a b"))
    assert r.status_code == 422 and "account name of 3 to 32" in r.text
    r = await post(_fields(password="short"))
    assert r.status_code == 422 and "password of 8 to 256" in r.text
    r = await client.post("/api/auth/local", data={"state": "forged", **_fields()}, follow_redirects=False)
    assert r.status_code == 400
    # The state survived the bad attempts; it finishes once, then is spent.
    assert (await post(_fields())).status_code == 303
    assert (await post(_fields(account="other"))).status_code == 400


async def test_sign_up_then_sign_in_with_the_password_only(app, client):
    state = await _state(client)
    r = await client.post("/api/auth/local", data={"state": state, **_fields(account="Exile.One", display="Shown Name")},
                          follow_redirects=False)
    assert r.status_code == 303 and "displayName=Shown+Name" in r.headers["location"]
    client.cookies.clear()
    # The password is stored as scrypt, never in the clear.
    (row,) = await rows(app, "SELECT subject, display_name, password_hash FROM users WHERE provider = 'local'")
    assert row[0] == "exile.one" and row[1] == "Shown Name" and row[2].startswith("scrypt$14$8$1$")
    assert "long enough secret" not in row[2]
    # Sign in by account name (any case) and password; the display name is not a credential.
    ok = await client.post("/api/auth/local", data={"state": await _state(client), **_fields(
        "signin", "EXILE.ONE", "", "long enough secret")}, follow_redirects=False)
    assert ok.status_code == 303
    assert (await client.get("/api/auth/me")).json()["data"]["displayName"] == "Shown Name"
    client.cookies.clear()
    failures = []
    for account, password in (("exile.one", "wrong password!"), ("Shown Name", "long enough secret"),
                              ("nobody-here", "long enough secret")):
        r = await client.post("/api/auth/local", data={"state": await _state(client), **_fields(
            "signin", account, "", password)}, follow_redirects=False)
        failures.append((r.status_code, "Account name or password is incorrect." in r.text))
        assert "waypoint_session" not in client.cookies
    # One generic answer whatever failed: no way to learn which accounts exist.
    assert failures == [(401, True)] * 3


async def test_a_taken_account_name_is_refused_and_the_owner_keeps_it(client):
    assert (await client.post("/api/auth/local", data={"state": await _state(client), **_fields()},
                              follow_redirects=False)).status_code == 303
    client.cookies.clear()
    r = await client.post("/api/auth/local", data={"state": await _state(client), **_fields(
        account="SOMEONE", display="Impostor", password="another secret")}, follow_redirects=False)
    assert r.status_code == 409 and "That account name is taken" in r.text
    assert "waypoint_session" not in client.cookies
    ok = await client.post("/api/auth/local", data={"state": await _state(client), **_fields(
        "signin", "someone", "", "long enough secret")}, follow_redirects=False)
    assert ok.status_code == 303 and "displayName=Someone" in ok.headers["location"]


async def test_seeded_demo_creators_cannot_be_signed_into(tmp_path, engine):
    from server.app import create_app
    from tests.server.conftest import make_settings, same_origin

    app = create_app(make_settings(tmp_path, engine, seed_demo=True))
    async with AsyncTestClient(app=app) as c:
        same_origin(c)
        creators = await rows(
            app, "SELECT DISTINCT u.subject, u.display_name FROM users u JOIN builds b ON b.creator_id = u.id")
        assert creators
        for subject, display in creators[:3]:
            for account in (subject, display):
                for password in ("", "password", subject, display):
                    r = await c.post("/api/auth/local", data={"state": await _state(c), **_fields(
                        "signin", account, "", password)}, follow_redirects=False)
                    assert r.status_code in (401, 400, 422), (account, r.status_code)
                    assert "waypoint_session" not in c.cookies


async def test_sign_in_attempts_are_slowed_per_account_and_address(tmp_path, engine):
    from server.app import create_app
    from tests.server.conftest import make_settings, same_origin

    app = create_app(make_settings(tmp_path, engine, login_attempts_per_minute=3))
    async with AsyncTestClient(app=app) as c:
        same_origin(c)
        app.state.shared.clock = lambda: 1_000_000.0  # the 1 s wait after the third failure holds
        codes = []
        for _ in range(5):
            r = await c.post("/api/auth/local", data={"state": await _state(c), **_fields(
                "signin", "victim", "", "guess number")}, follow_redirects=False)
            codes.append(r.status_code)
        assert codes == [401, 401, 401, 429, 429]
        assert "Too many sign-in attempts" in r.text and int(r.headers["retry-after"]) >= 1


async def test_form_escapes_html(client):
    r = await client.post("/api/auth/local", data={"state": await _state(client), **_fields(display="<script>")},
                          follow_redirects=False)
    assert r.status_code == 303  # a fine name; shown escaped wherever HTML is made
    r = await client.post("/api/auth/local", data={"state": await _state(client), **_fields(
        account="other", display="<b>" * 20)}, follow_redirects=False)
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
