"""Issue 32, item 10: the player's own data. The download holds every row the player owns and
nothing of anyone else's; deleting the account with or without the builds; both under the
session's CSRF rules; on both engines."""

from __future__ import annotations

import json
import sqlite3

import pytest

from tests.server.conftest import SLAYER, publish_payload, rows, session_headers

EXPORT = "/api/account/export"
DELETE = "/api/account/delete"
TABLES_OF_A_USER = [
    ("builds", "creator_id"), ("likes", "user_id"), ("attachments", "user_id"), ("sessions", "user_id"),
]


async def _player(client, name: str) -> tuple[dict, list[dict]]:
    """A signed-up player with two builds (Templar, Duelist), one like of their own build, a
    tracked character and a change sent with an Idempotency-Key."""
    user = await session_headers(client, name)
    builds = [publish_payload(), publish_payload(SLAYER)]
    for b in builds:
        r = await client.post("/api/Build", json=b, headers=user)
        assert r.status_code == 201, r.text
        b["slug"] = r.json()["data"]["slug"]
    r = await client.post(f"/api/Build/{builds[0]['buildId']}/like", json={"like": True},
                          headers={**user, "Idempotency-Key": f"{name}-like-1"})
    assert r.status_code == 200
    assert (await client.get("/api/Character/character/pc", headers=user)).status_code == 200  # cached 30 s
    r = await client.post("/api/Character/demo-hierophant/attached-build", json={"buildId": builds[0]["buildId"]},
                          headers=user)
    assert r.status_code == 200, r.text
    return user, builds


async def _user_id(app, name: str) -> int:
    return (await rows(app, "SELECT id FROM users WHERE display_name = ?", (name,)))[0][0]


async def test_the_download_holds_every_row_of_the_player_and_nothing_of_anyone_elses(app, client):
    alice, alice_builds = await _player(client, "Alice")
    bob, bob_builds = await _player(client, "Bob")
    # Cross likes: Alice likes Bob's Slayer, Bob likes Alice's Templar.
    await client.post(f"/api/Build/{bob_builds[1]['buildId']}/like", json={"like": True}, headers=alice)
    await client.post(f"/api/Build/{alice_builds[0]['buildId']}/like", json={"like": True}, headers=bob)

    r = await client.get(EXPORT, headers=alice)
    assert r.status_code == 200, r.text
    assert r.headers["content-disposition"] == 'attachment; filename="waypoint-account.json"'
    assert r.headers["cache-control"] == "no-store"
    data = r.json()["data"]
    uid = await _user_id(app, "Alice")
    assert data["account"] == {"account": f"local:{uid}", "provider": "local", "accountName": "alice",
                               "displayName": "Alice", "createdAt": data["account"]["createdAt"],
                               "hasPassword": True}
    # Every row of each of Alice's tables, and only those.
    for table, column in TABLES_OF_A_USER:
        (count,) = (await rows(app, f"SELECT COUNT(*) FROM {table} WHERE {column} = ?", (uid,)))[0]
        assert len(data[table]) == count, table
    assert {b["buildId"] for b in data["builds"]} == {b["buildId"] for b in alice_builds}
    assert {b["pobCode"] for b in data["builds"]} == {b["pobCod"] for b in alice_builds}
    assert {x["buildId"] for x in data["likes"]} == {alice_builds[0]["buildId"], bob_builds[1]["buildId"]}
    assert data["attachments"] == [{"characterId": "demo-hierophant", "buildId": alice_builds[0]["buildId"],
                                    "slug": alice_builds[0]["slug"], "updatedAt": data["attachments"][0]["updatedAt"]}]
    assert [a["key"] for a in data["replayAnswers"]] == ["Alice-like-1"]
    assert data["officialApi"] is None  # a local account: no grant from the official service
    assert [c["key"] for c in data["cachedCharacters"]][0] == f"list:{uid}:pc"
    # Nothing of Bob's: not his account, his sessions, his keys, his attachment, his likes.
    text = json.dumps(data)
    assert "Bob-like-1" not in text and '"bob"' not in text
    bob_id = await _user_id(app, "Bob")
    assert f"list:{bob_id}:" not in text and f"local:{bob_id}" not in text
    # Secrets stay out: no session token or its hash, no password hash.
    token = alice["Cookie"].split("=", 1)[1]
    hashes = [h for (h,) in await rows(app, "SELECT token_hash FROM sessions")]
    (password_hash,) = (await rows(app, "SELECT password_hash FROM users WHERE id = ?", (uid,)))[0]
    assert token not in text and not any(h in text for h in hashes) and password_hash not in text


async def test_the_download_takes_the_session_and_its_csrf_rules(client):
    alice, _ = await _player(client, "Alice")
    assert (await client.get(EXPORT)).status_code == 401
    evil = await client.get(EXPORT, headers={**alice, "Origin": "http://evil.example"})
    assert evil.status_code == 403 and evil.json()["error"]["code"] == "forbidden"
    del client.headers["Origin"]
    try:
        assert (await client.get(EXPORT, headers=alice)).status_code == 403  # no Origin, no Sec-Fetch-Site
        r = await client.get(EXPORT, headers={**alice, "Sec-Fetch-Site": "same-origin"})
        assert r.status_code == 200
        assert (await client.get(EXPORT, headers={**alice, "Sec-Fetch-Site": "cross-site"})).status_code == 403
    finally:
        client.headers["Origin"] = str(client.base_url).rstrip("/")


async def test_deleting_the_account_but_keeping_the_builds(app, client):
    alice, alice_builds = await _player(client, "Alice")
    bob, _ = await _player(client, "Bob")
    await client.post(f"/api/Build/{alice_builds[1]['buildId']}/like", json={"like": True}, headers=bob)
    uid = await _user_id(app, "Alice")
    r = await client.post(DELETE, json={"deleteBuilds": False}, headers=alice)
    assert r.status_code == 200, r.text
    assert r.json()["data"] == {"buildsDeleted": 0, "buildsKept": 2}
    assert 'waypoint_session=""' in r.headers["set-cookie"] and "Max-Age=0" in r.headers["set-cookie"]
    # Signed out everywhere, and nothing of the account is left.
    assert (await client.get("/api/auth/me", headers=alice)).status_code == 401
    assert await rows(app, "SELECT COUNT(*) FROM users WHERE id = ?", (uid,)) == [(0,)]
    for table in ("likes", "attachments", "sessions", "ggg_tokens"):
        assert await rows(app, f"SELECT COUNT(*) FROM {table} WHERE user_id = ?", (uid,)) == [(0,)], table
    assert await rows(app, "SELECT COUNT(*) FROM idempotency_keys WHERE scope = ?", (f"u:{uid}",)) == [(0,)]
    # The builds stay public under the name they were published with; Bob's like stands, Alice's is gone.
    for b in alice_builds:
        info = (await client.get(f"/api/Build/{b['slug']}")).json()["data"]["buildInfo"]
        assert info["creatorName"] == "Alice"
    assert (await client.get(f"/api/Build/{alice_builds[0]['slug']}")).json()["data"]["buildInfo"]["likes"] == 0
    assert (await client.get(f"/api/Build/{alice_builds[1]['slug']}")).json()["data"]["buildInfo"]["likes"] == 1
    # The same account name can be taken again, as a new account with nothing of the old.
    fresh = await session_headers(client, "Alice")
    assert (await client.get(EXPORT, headers=fresh)).json()["data"]["builds"] == []


async def test_deleting_the_account_and_its_builds_leaves_links_that_answer_410(app, client):
    alice, alice_builds = await _player(client, "Alice")
    bob, bob_builds = await _player(client, "Bob")
    # Bob likes and tracks Alice's Templar; Alice likes Bob's Slayer.
    await client.post(f"/api/Build/{alice_builds[0]['buildId']}/like", json={"like": True}, headers=bob)
    r = await client.post("/api/Character/demo-hierophant/attached-build", json={"buildId": alice_builds[0]["slug"]},
                          headers=bob)
    assert r.status_code == 200
    await client.post(f"/api/Build/{bob_builds[1]['buildId']}/like", json={"like": True}, headers=alice)
    r = await client.post(DELETE, json={"deleteBuilds": True}, headers=alice)
    assert r.status_code == 200 and r.json()["data"] == {"buildsDeleted": 2, "buildsKept": 0}
    for b in alice_builds:
        for ref in (b["slug"], b["buildId"], b["buildId"].upper()):
            gone = await client.get(f"/api/Build/{ref}")
            assert gone.status_code == 410, (ref, gone.text)
            assert gone.json()["error"]["code"] == "gone"
        r = await client.post(f"/api/Build/{b['slug']}/like", json={"like": True}, headers=bob)
        assert r.status_code == 410
        # The id is never given to another build.
        r = await client.post("/api/Build", json={**publish_payload(), "buildId": b["buildId"]}, headers=bob)
        assert r.status_code == 410
    assert (await client.get("/api/Build/nosuchbuild-0000")).status_code == 404  # never existed: 404
    ids = [b["buildId"] for b in alice_builds]
    assert await rows(app, f"SELECT COUNT(*) FROM builds WHERE id IN ({','.join('?' * len(ids))})", ids) == [(0,)]
    # Bob's like and tracking of it went with it; Alice's like of Bob's build is gone too.
    assert (await client.get("/api/Character/demo-hierophant/attached-build", headers=bob)).status_code == 204
    assert (await client.get(f"/api/Build/{bob_builds[1]['slug']}")).json()["data"]["buildInfo"]["likes"] == 0
    assert len((await client.get("/api/Build/search")).json()["data"]["builds"]) == 2  # Bob's two


@pytest.mark.parametrize(("headers", "body", "status"), [
    ({"Origin": "http://evil.example"}, {"deleteBuilds": True}, 403),
    ({}, {"deleteBuilds": 1}, 400),
    ({}, {}, 400),
])
async def test_a_refused_deletion_deletes_nothing(app, client, headers, body, status):
    alice, builds = await _player(client, "Alice")
    r = await client.post(DELETE, json=body, headers={**alice, **headers})
    assert r.status_code == status, r.text
    assert (await client.get("/api/auth/me", headers=alice)).status_code == 200
    assert (await client.get(f"/api/Build/{builds[0]['slug']}")).status_code == 200
    assert (await client.post(DELETE, json={"deleteBuilds": True})).status_code == 401  # no session


async def test_a_publish_that_lands_after_its_creator_deleted_the_account_stores_nothing(app, client, tmp_path):
    """A publish decodes before it stores (waiting its turn for the decode child up to 15 s); the
    player may delete the account meanwhile, in another tab. The insert then named a creator that
    no longer exists: a foreign-key failure, answered 500. The store now says CreatorGone, which
    the publish answers as an ended session (401)."""
    from server.store import make_store
    from server.store.types import CreatorGone, NewBuild
    from server.wire import Step

    user = await session_headers(client, "Leaver")
    uid = await _user_id(app, "Leaver")
    assert (await client.post(DELETE, json={"deleteBuilds": True}, headers=user)).status_code == 200
    late = NewBuild(id="late-build-0001", creator_id=uid, creator_name="Leaver", base_class="Templar",
                    ascendancy="Inquisitor", tree_version="3_28", code="x", skills=["Cleave"],
                    steps=[Step("Step 1", "1", "1", "1")])
    store = await make_store(app.state.settings).open()  # this test's own connections, on its own loop
    try:
        with pytest.raises(CreatorGone):
            await store.insert_build(late)
    finally:
        await store.close()
    assert await rows(app, "SELECT COUNT(*) FROM builds") == [(0,)]


def test_changes_racing_the_account_deletion_end_the_session_and_never_500(tmp_path):
    """Likes and follows already past the guard when their player's account is deleted in another
    tab named a user row that was gone: a foreign-key failure, answered 500 (14 times in 15 tries).
    Such a change now answers as an ended session (401), and nothing of it is stored."""
    import threading

    from e2e.harness import ServerProcess

    env = {"WAYPOINT_RATE_LIMIT_PER_MINUTE": "0", "WAYPOINT_SEED_DEMO": "false"}
    with ServerProcess(env=env, db_path=tmp_path / "race.sqlite3") as server:
        owner = server.signed_up("Race Owner")
        p = publish_payload()
        assert owner.post("/api/Build", json=p).status_code == 201
        statuses: list[int] = []
        for round_ in range(8):
            player = server.signed_up(f"Race Leaver {round_}")
            started = threading.Barrier(5)
            counts = [0] * 4
            warmed = threading.Event()  # every hammer has sent three changes

            def hammer(n: int, path: str, field: str, player=player, started=started, counts=counts, warmed=warmed) -> None:
                with server.client(cookies=player.cookies) as c:
                    started.wait()
                    while True:
                        r = c.post(f"/api/Build/{p['buildId']}/{path}", json={field: counts[n] % 2 == 0})
                        statuses.append(r.status_code)
                        counts[n] += 1
                        if min(counts) >= 3:
                            warmed.set()
                        if r.status_code != 200:
                            return

            threads = [threading.Thread(target=hammer, args=(n, *kind))
                       for n, kind in enumerate([("like", "like"), ("follow", "follow")] * 2)]
            for t in threads:
                t.start()
            started.wait()
            assert warmed.wait(60), counts
            assert player.post(DELETE, json={"deleteBuilds": False}).status_code == 200
            for t in threads:
                t.join(60)
        assert 500 not in statuses, statuses.count(500)
        assert set(statuses) == {200, 401}, set(statuses)
        log = server.log.read_text()
        assert "IntegrityError" not in log and "Traceback" not in log, log[-2000:]
    with sqlite3.connect(tmp_path / "race.sqlite3") as conn:
        assert conn.execute("SELECT COUNT(*) FROM likes").fetchone() == (0,)
        assert conn.execute("SELECT COUNT(*) FROM follows").fetchone() == (0,)


def test_a_sign_in_racing_the_account_deletion_is_refused_not_a_500(tmp_path):
    """A sign-in checks the password (tens of ms of key derivation) and then stores a session; an
    account deleted in between made that insert a foreign-key failure, a 500 (20 of 40 tries). It is
    now the usual sign-in failure: that account does not exist any more."""
    import threading
    from urllib.parse import parse_qs, urlsplit

    from e2e.harness import TEST_PASSWORD, ServerProcess, account_name

    env = {"WAYPOINT_RATE_LIMIT_PER_MINUTE": "0", "WAYPOINT_LOGIN_ATTEMPTS_PER_MINUTE": "0",
           "WAYPOINT_SEED_DEMO": "false"}
    statuses: list[int] = []
    with ServerProcess(env=env, db_path=tmp_path / "signin.sqlite3") as server:
        for round_ in range(6):
            name = f"Vanishing {round_}"
            owner = server.signed_up(name)
            stop = threading.Event()
            tries = [0]
            signed_in = threading.Event()  # every one has signed in once

            def sign_in_again(name=name, stop=stop, tries=tries, signed_in=signed_in) -> None:
                with server.client(follow_redirects=False) as c:
                    while not stop.is_set():
                        target = c.post("/api/auth/login", json={"ReturnPath": "/"}).json()["data"]["returnPath"]
                        state = parse_qs(urlsplit(target).query)["state"][0]
                        r = c.post("/api/auth/local", data={"state": state, "mode": "signin",
                                                            "accountName": account_name(name), "password": TEST_PASSWORD})
                        statuses.append(r.status_code)
                        tries[0] += 1
                        if tries[0] >= 4:
                            signed_in.set()
                        if r.status_code != 303:
                            return

            threads = [threading.Thread(target=sign_in_again) for _ in range(4)]
            for t in threads:
                t.start()
            assert signed_in.wait(60), tries
            assert owner.post(DELETE, json={"deleteBuilds": False}).status_code == 200
            stop.set()
            for t in threads:
                t.join(60)
        assert 500 not in statuses, statuses.count(500)
        assert set(statuses) <= {303, 401}, set(statuses)
        assert "Traceback" not in server.log.read_text()
