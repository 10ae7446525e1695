"""The ggg provider end to end: a real server process against the fake official server."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import httpx
import pytest

from e2e.harness import ServerProcess
from server import __version__
from tests.fakes.ggg import FakeGgg


@pytest.fixture(scope="module")
def fake():
    f = FakeGgg().start()
    yield f
    f.stop()


@pytest.fixture(scope="module")
def server(fake):
    with ServerProcess(env={**fake.env(), "WAYPOINT_SEED_DEMO": "false", "WAYPOINT_RATE_LIMIT_PER_MINUTE": "0"}) as s:
        yield s


def begin(client: httpx.Client, return_path: str = "/build/track") -> str:
    r = client.post("/api/auth/login", json={"ReturnPath": return_path, "InitialRealm": "xbox"})
    assert r.status_code == 200, r.text
    return r.json()["data"]["returnPath"]


def consent(authorize_url: str) -> str:
    """What the browser does at the official site: returns our callback URL."""
    r = httpx.get(authorize_url, follow_redirects=False)
    assert r.status_code == 302, r.text
    return r.headers["location"]


_accounts = iter(range(1000))


def sign_in(server, fake) -> httpx.Client:
    """A fresh official account per call, so no test sees another's cached characters."""
    n = next(_accounts)
    fake.account = {"uuid": f"acc-{n}", "name": f"FakeExile#{n}"}
    client = server.client(follow_redirects=False)
    callback = consent(begin(client))
    r = client.get(callback)
    assert r.status_code == 303, r.text
    return client


def test_authorize_url_uses_pkce_s256_state_and_scopes(server, fake):
    with server.client() as client:
        url = urlsplit(begin(client))
    assert f"{url.scheme}://{url.netloc}{url.path}" == f"{fake.base_url}/oauth/authorize"
    q = {k: v[0] for k, v in parse_qs(url.query).items()}
    assert q["response_type"] == "code" and q["client_id"] == "waypoint"
    assert q["code_challenge_method"] == "S256" and len(q["code_challenge"]) == 43
    assert q["scope"] == "account:profile account:characters"
    assert q["redirect_uri"] == f"{server.base_url}/api/auth/callback"
    assert len(q["state"]) >= 20


def test_full_sign_in_sets_cookie_and_redirects_to_auth_complete(server, fake):
    fake.account = {"uuid": "acc-main", "name": "FakeExile#1234"}
    client = server.client(follow_redirects=False)
    callback = consent(begin(client, "/build/view/abc"))
    r = client.get(callback)
    assert r.status_code == 303
    loc = urlsplit(r.headers["location"])
    q = {k: v[0] for k, v in parse_qs(loc.query).items()}
    assert loc.path == "/auth-complete"
    assert q["returnPath"] == "/build/view/abc" and q["displayName"] == "FakeExile#1234"
    assert q["initialRealm"] == "xbox" and q["expiresOn"].endswith("Z")
    cookie = r.headers["set-cookie"]
    assert "waypoint_session=" in cookie and "HttpOnly" in cookie and "SameSite=lax" in cookie.replace("Lax", "lax")
    me = client.get("/api/auth/me").json()["data"]
    assert me == {"displayName": "FakeExile#1234", "expiresOn": q["expiresOn"], "provider": "ggg", "account": q["account"]}
    # The same state cannot finish a second sign-in.
    assert client.get(callback).status_code == 400
    # Our calls to the official server carry the documented User-Agent.
    uas = {h.get("User-Agent") for m, p, h in fake.requests if p in ("/oauth/token", "/profile")}
    assert uas == {f"OAuth waypoint/{__version__} (contact: tests@example.org)"}


def test_wrong_state_is_refused(server, fake):
    client = server.client(follow_redirects=False)
    callback = consent(begin(client))
    bad = callback.replace("state=", "state=x")
    r = client.get(bad)
    assert r.status_code == 400
    assert r.json()["error"]["code"] == "invalid_state"
    assert "waypoint_session" not in r.headers.get("set-cookie", "")
    assert client.get("/api/auth/me").status_code == 401


def test_a_callback_started_in_another_browser_does_not_sign_in(server, fake):
    """Login CSRF: an attacker starts a sign-in with their own official account, consents, and sends
    the callback link (their state and code) to a victim. Opening it must not sign the victim's
    browser into the attacker's account (nor replace the victim's session): the state is bound
    to the browser that started the sign-in."""
    fake.account = {"uuid": "acc-attacker", "name": "Attacker#1"}
    attacker = server.client(follow_redirects=False)
    callback = consent(begin(attacker))
    victim = sign_in(server, fake)
    victim_name = victim.get("/api/auth/me").json()["data"]["displayName"]
    r = victim.get(callback)
    assert r.status_code == 400, r.text
    assert r.json()["error"] == {
        "code": "invalid_state",
        "message": "This sign-in was started in another browser or has expired; start the login again",
    }
    assert "waypoint_session" not in r.headers.get("set-cookie", "")
    assert victim.get("/api/auth/me").json()["data"]["displayName"] == victim_name != "Attacker#1"
    # A browser with no sign-in under way at all is refused the same way.
    fresh = server.client(follow_redirects=False)
    assert fresh.get(callback).status_code == 400
    assert fresh.get("/api/auth/me").status_code == 401
    # The browser that started it still finishes it, once; its sign-in cookie is then cleared.
    fake.account = {"uuid": "acc-attacker", "name": "Attacker#1"}
    done = attacker.get(callback)
    assert done.status_code == 303, done.text
    assert attacker.get("/api/auth/me").json()["data"]["displayName"] == "Attacker#1"
    assert "waypoint_signin=" in done.headers.get("set-cookie", "")
    assert not attacker.cookies.get("waypoint_signin")


def test_wrong_verifier_is_refused_by_the_token_endpoint(server, fake):
    """A code issued for one sign-in's challenge, finished with another sign-in's state (and verifier)."""
    client = server.client(follow_redirects=False)
    code_a = parse_qs(urlsplit(consent(begin(client))).query)["code"][0]
    state_b = parse_qs(urlsplit(begin(client)).query)["state"][0]
    r = client.get(f"/api/auth/callback?code={code_a}&state={state_b}")
    assert r.status_code == 400, r.text
    assert r.json()["error"]["code"] == "oauth_refused"
    assert client.get("/api/auth/me").status_code == 401


def test_characters_list_and_detail_are_mapped(server, fake):
    client = sign_in(server, fake)
    chars = client.get("/api/Character/character/pc").json()["data"]
    assert [c["name"] for c in chars] == ["testcharacter", "SlayerAlt"]
    assert chars[0] == {
        "id": "c1", "name": "testcharacter", "realm": "pc", "class": "Hierophant", "league": "Mirage",
        "level": 99, "experience": 4017660065,
    }
    xbox = client.get("/api/Character/character/xbox").json()["data"]
    assert {c["realm"] for c in xbox} == {"xbox"}
    assert any(p == "/character/xbox" for _, p, _ in fake.requests)
    detail = client.get("/api/Character/character/pc/testcharacter").json()["data"]
    assert detail["class"] == "Hierophant" and detail["passives"]["banditChoice"] == "Eramir"
    assert detail["passives"]["majorPantheon"] == "TheBrineKing"
    assert {e["slotType"] for e in detail["equipment"]} >= {"Helm", "BodyArmour", "Weapon", "Flask1", "Ring2"}
    assert client.get("/api/Character/character/pc/nobody").status_code == 404
    assert client.get("/api/Character/character/moon").status_code == 400


def test_expired_access_token_is_refreshed(server, fake):
    client = sign_in(server, fake)
    assert client.get("/api/Character/character/sony").status_code == 200
    before = fake.grants.count("refresh_token")
    fake.expire_access_tokens()
    r = client.get("/api/Character/character/pc/SlayerAlt")
    assert r.status_code == 200, r.text
    assert r.json()["data"]["class"] == "Slayer"
    assert fake.grants.count("refresh_token") == before + 1
    # The new token is kept: the next uncached call needs no refresh.
    assert client.get("/api/Character/character/pc/testcharacter").status_code == 200
    assert fake.grants.count("refresh_token") == before + 1


def test_refused_refresh_ends_the_session_with_401(server, fake):
    client = sign_in(server, fake)
    fake.expire_access_tokens()
    fake.revoke_refresh_tokens()
    r = client.get("/api/Character/character/xbox")
    assert r.status_code == 401
    assert r.json()["error"]["code"] == "unauthorized"
    assert client.get("/api/auth/me").status_code == 401


def test_upstream_429_becomes_our_429_and_is_honoured(server, fake):
    client = sign_in(server, fake)
    fake.limit_next(7)
    r = client.get("/api/Character/character/pc/SlayerAlt")
    assert r.status_code == 429, r.text
    assert r.headers["retry-after"] == "7"
    assert r.json()["error"]["code"] == "rate_limited"
    calls = len(fake.api_calls())
    # While restricted we do not call upstream at all.
    again = client.get("/api/Character/character/xbox/testcharacter")
    assert again.status_code == 429 and 1 <= int(again.headers["retry-after"]) <= 7
    assert len(fake.api_calls()) == calls


def test_an_upstream_restriction_met_by_one_process_holds_the_others(fake, tmp_path):
    """The official API's restrictions are state that limits abuse: every worker (here two server
    processes on one database) honours a restriction another one met, rather than calling upstream
    during it and earning a longer one."""
    env = {**fake.env(), "WAYPOINT_SEED_DEMO": "false", "WAYPOINT_RATE_LIMIT_PER_MINUTE": "0"}
    db = tmp_path / "two.sqlite3"
    with ServerProcess(env=env, db_path=db) as a, ServerProcess(env=env, db_path=db) as b:
        client = sign_in(a, fake)
        cookie = client.cookies["waypoint_session"]
        fake.limit_next(30)
        r = client.get("/api/Character/character/pc/SlayerAlt")
        assert r.status_code == 429 and r.headers["retry-after"] == "30", r.text
        calls = len(fake.api_calls())
        with b.client(headers={"Cookie": f"waypoint_session={cookie}"}) as other:
            again = other.get("/api/Character/character/pc/testcharacter")
        assert again.status_code == 429, again.text
        assert 1 <= int(again.headers["retry-after"]) <= 30
        assert len(fake.api_calls()) == calls


def test_logout_clears_session(server, fake):
    client = sign_in(server, fake)
    r = client.post("/api/auth/logout")
    assert r.status_code == 204
    assert "waypoint_session=" in r.headers["set-cookie"]
    assert client.get("/api/auth/me").status_code == 401


def test_character_detail_is_cached_briefly_per_user(server, fake):
    client = sign_in(server, fake)
    path = "/api/Character/character/pc/testcharacter"
    assert client.get(path).status_code == 200
    calls = len(fake.api_calls("/character/testcharacter"))
    assert client.get(path).json()["data"]["name"] == "testcharacter"
    assert len(fake.api_calls("/character/testcharacter")) == calls
    # Another user's request is not answered from this user's cache.
    other = sign_in(server, fake)
    assert other.get(path).status_code == 200
    assert len(fake.api_calls("/character/testcharacter")) == calls + 1


@pytest.mark.parametrize("coding", ["br", "gzip"])
def test_a_compressed_bomb_from_the_official_api_is_a_502_within_bounded_memory(server, fake, coding):
    """The official API's answers are inflated by us at most to MAX_UPSTREAM_BYTES (httpx inflated a
    brotli answer whole before its size was looked at: 1.4 KB became 1 GiB in the worker)."""
    import re
    import time

    from tests.planner.test_pobb_proxy import _zeros_compressed

    def peak_mb() -> float:
        status = open(f"/proc/{server.proc.pid}/status").read()
        return int(re.search(r"VmHWM:\s+(\d+) kB", status).group(1)) / 1024

    client = sign_in(server, fake)
    fake.encoded_next = (coding, _zeros_compressed(coding, 1024 if coding == "br" else 256))
    before, started = peak_mb(), time.monotonic()
    r = client.get("/api/Character/character/sony")
    assert r.status_code == 502, r.text
    assert time.monotonic() - started < 2
    assert peak_mb() - before < 48
    assert r.json()["error"]["message"] in (
        "The official site failed: official API sent a Content-Encoding we do not take (br)",
        "The official site failed: official API answer too large")
    # What we ask for.
    assert "br" not in fake.requests[-1][2].get("Accept-Encoding", "")


def test_an_official_answer_nested_past_the_recursion_limit_is_a_502(server, fake):
    """msgspec stops at Python's recursion limit with a RecursionError, which nothing caught: a 500."""
    client = sign_in(server, fake)
    fake.encoded_next = ("identity", b'{"characters": ' + b"[" * 5000 + b"]" * 5000 + b"}")
    r = client.get("/api/Character/character/sony")
    assert r.status_code == 502, r.text
    assert r.json()["error"]["message"].startswith("The official site failed")
