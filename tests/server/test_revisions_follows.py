"""Issue 36 on both engines: revisions of a build (the 409 on a stale base), follows (set
semantics, deletes of nothing), the updates a player has not seen, and idempotency across two
worker processes."""

from __future__ import annotations

import threading

from e2e.harness import ServerProcess
from tests.server.conftest import SLAYER, TEST_PASSWORD, local_form, publish_payload, rows, session_headers


async def _publish(client, who: dict, **over) -> dict:
    p = publish_payload(**over)
    r = await client.post("/api/Build", json=p, headers=who)
    assert r.status_code == 201, r.text
    return {**p, "slug": r.json()["data"]["slug"]}


def _revision_body(p: dict, base: int, **over) -> dict:
    body = {k: p[k] for k in ("pobCod", "baseClass", "ascendancy", "treeVersion", "steps", "skills")}
    body.update(baseRevision=base, **over)
    return body


async def test_a_revision_keeps_the_link_and_every_earlier_revision_stays_readable(client):
    alice = await session_headers(client, "Alice Creator")
    p = await _publish(client, alice)
    slug = p["slug"]
    listed = (await client.get(f"/api/Build/{slug}/revisions")).json()["data"]
    assert listed["newest"] == 1 and [r["revision"] for r in listed["revisions"]] == [1]
    first = (await client.get(f"/api/Build/{slug}/revision/1")).json()["data"]
    assert first["revision"] == first["newest"] == 1 and first["steps"] == p["steps"] and first["note"] == ""

    # Steps moved and renamed, the other title skill, a note.
    steps = [{**s, "title": f"Moved {i}"} for i, s in enumerate(reversed(p["steps"]))]
    new_skill = publish_payload()["skills"][:1]
    body = _revision_body(p, 1, steps=steps, skills=new_skill, note="  Patch 3.28: moved the steps  ")
    r = await client.post(f"/api/Build/{slug}/revisions", json=body, headers=alice)
    assert r.status_code == 201, r.text
    assert r.json()["data"] == {"buildId": p["buildId"], "slug": slug, "revision": 2}

    # The share link opens the newest; the id too.
    for key in (slug, p["buildId"]):
        info = (await client.get(f"/api/Build/{key}")).json()["data"]["buildInfo"]
        assert info["steps"] == steps and info["skills"] == new_skill and info["revision"] == 2
    old = (await client.get(f"/api/Build/{slug}/revision/1")).json()["data"]
    assert old["steps"] == p["steps"] and old["skills"] == p["skills"] and old["newest"] == 2
    new = (await client.get(f"/api/Build/{p['buildId']}/revision/2")).json()["data"]
    assert new["steps"] == steps and new["note"] == "Patch 3.28: moved the steps" and new["pobCode"] == p["pobCod"]
    listed = (await client.get(f"/api/Build/{slug}/revisions")).json()["data"]
    assert listed["newest"] == 2 and [(r["revision"], r["note"]) for r in listed["revisions"]] == [
        (2, "Patch 3.28: moved the steps"), (1, "")]
    # The build is one build still (no new row, same step count in search).
    found = (await client.get("/api/Build/search")).json()["data"]["builds"]
    assert [(b["slug"], b["steps"]) for b in found] == [(slug, len(steps))]

    # Title skills moved with the revision: the skill search finds the new one only (both engines'
    # postings), with a class filter too.
    dropped = p["skills"][1]
    for params, found in (({"SkillFilters": new_skill[0]}, [slug]), ({"SkillFilters": dropped}, []),
                          ({"SkillFilters": new_skill[0], "ClassFilters": "Inquisitor"}, [slug]),
                          ({"SkillFilters": dropped, "ClassFilters": "Inquisitor"}, []),
                          ({"ClassFilters": "Templar"}, [slug])):
        page = (await client.get("/api/Build/search", params=params)).json()["data"]["builds"]
        assert [b["slug"] for b in page] == found, params
    # Based on revision 1 again: stale, refused with the error shape, nothing stored.
    stale = await client.post(f"/api/Build/{slug}/revisions", json=_revision_body(p, 1, note="late"), headers=alice)
    assert stale.status_code == 409
    err = stale.json()["error"]
    assert err["code"] == "stale_revision" and "newest is revision 2" in err["message"]
    assert (await client.get(f"/api/Build/{slug}/revisions")).json()["data"]["newest"] == 2
    # Reapplied on the newest: revision 3.
    r = await client.post(f"/api/Build/{slug}/revisions", json=_revision_body(p, 2, note="reapplied"), headers=alice)
    assert r.status_code == 201 and r.json()["data"]["revision"] == 3

    # Revisions that are not there.
    assert (await client.get(f"/api/Build/{slug}/revision/4")).status_code == 404
    assert (await client.get(f"/api/Build/{slug}/revision/0")).status_code == 400
    assert (await client.get(f"/api/Build/{slug}/revision/99999999999")).status_code == 400
    assert (await client.get("/api/Build/nosuchbuildatall/revisions")).status_code == 404
    assert (await client.get("/api/Build/nosuchbuildatall/revision/1")).status_code == 404


async def test_the_build_says_whether_the_viewer_created_it(client):
    """isCreator goes by user id: another account with the same display name is not the creator."""
    alice = await session_headers(client, "Alice Owner")
    p = await _publish(client, alice)
    done = await local_form(client, {"mode": "signup", "accountName": f"twin{p['buildId'][:8]}",
                                     "displayName": "Alice Owner", "password": TEST_PASSWORD})
    assert done.status_code == 303, done.text
    twin = {"Cookie": f"waypoint_session={client.cookies.get('waypoint_session')}"}
    client.cookies.clear()
    bob = await session_headers(client, "Bob Viewer")
    for key in (p["slug"], p["buildId"]):
        seen = {}
        for who, headers in (("alice", alice), ("twin", twin), ("bob", bob), ("anonymous", {})):
            info = (await client.get(f"/api/Build/{key}", headers=headers)).json()["data"]["buildInfo"]
            seen[who] = (info["creatorName"], info["isCreator"])
        assert seen == {"alice": ("Alice Owner", True), "twin": ("Alice Owner", False),
                        "bob": ("Alice Owner", False), "anonymous": ("Alice Owner", False)}
    # Only the creator may publish a revision; the twin's display name does not make them one.
    r = await client.post(f"/api/Build/{p['slug']}/revisions", json=_revision_body(p, 1), headers=twin)
    assert r.status_code == 403
    # The creator's own export says so too.
    export = (await client.get("/api/account/export", headers=alice)).json()["data"]
    assert [(b["buildId"], b["isCreator"]) for b in export["builds"]] == [(p["buildId"], True)]


async def test_who_may_publish_a_revision_and_what_it_may_hold(client):
    alice = await session_headers(client, "Alice Limits")
    bob = await session_headers(client, "Bob Limits")
    p = await _publish(client, alice)
    url = f"/api/Build/{p['slug']}/revisions"
    assert (await client.post(url, json=_revision_body(p, 1))).status_code == 401
    r = await client.post(url, json=_revision_body(p, 1), headers=bob)
    assert r.status_code == 403 and r.json()["error"]["code"] == "forbidden"
    r = await client.post(url, json=_revision_body(p, 1, note="x" * 2001), headers=alice)
    assert r.status_code == 422 and "note" in r.json()["error"]["message"]
    # Another class is another build.
    other = publish_payload(SLAYER)
    r = await client.post(url, json=_revision_body(other, 1), headers=alice)
    assert r.status_code == 422 and "class" in r.json()["error"]["message"]
    # The publish checks apply: a bad code, no steps, a step set the code does not hold.
    for bad in (_revision_body(p, 1, pobCod="not a planner code"), _revision_body(p, 1, steps=[]),
                _revision_body(p, 1, steps=[{**p["steps"][0], "skillSetId": "nope"}])):
        r = await client.post(url, json=bad, headers=alice)
        assert r.status_code == 422 and r.json()["error"]["code"] == "invalid_build", r.text
    for bad in ({**_revision_body(p, 1), "baseRevision": "1"}, {**_revision_body(p, 1), "baseRevision": 0},
                {**_revision_body(p, 1), "baseRevision": 2**63}, {"baseRevision": 1}):
        r = await client.post(url, json=bad, headers=alice)
        assert r.status_code in (400, 409, 422), (bad, r.text)
    assert (await client.post("/api/Build/nosuchbuildatall/revisions", json=_revision_body(p, 1),
                              headers=alice)).status_code == 404
    assert (await client.get(f"/api/Build/{p['slug']}/revisions")).json()["data"]["newest"] == 1


async def test_a_revision_stores_the_planner_stats_of_its_code(client):
    alice = await session_headers(client, "Alice Stats")
    p = await _publish(client, alice)
    stored = "SELECT stat_dps, stat_life, stat_energy_shield, stats FROM builds WHERE id = ?"
    published = await rows(client.app, stored, (p["buildId"],))
    await rows(client.app, "UPDATE builds SET stat_dps = 1, stat_life = 2, stat_energy_shield = 3, stats = 'null'"
               " WHERE id = ?", (p["buildId"],))
    r = await client.post(f"/api/Build/{p['slug']}/revisions", json=_revision_body(p, 1), headers=alice)
    assert r.status_code == 201, r.text
    assert await rows(client.app, stored, (p["buildId"],)) == published
    info = (await client.get(f"/api/Build/{p['slug']}")).json()["data"]["buildInfo"]
    assert info["stats"] is not None


async def test_a_revision_with_an_idempotency_key_is_stored_once(client):
    alice = await session_headers(client, "Alice Replay")
    p = await _publish(client, alice)
    key = {**alice, "Idempotency-Key": "rev-once-1"}
    first = await client.post(f"/api/Build/{p['slug']}/revisions", json=_revision_body(p, 1, note="once"), headers=key)
    again = await client.post(f"/api/Build/{p['slug']}/revisions", json=_revision_body(p, 1, note="once"), headers=key)
    assert first.status_code == again.status_code == 201 and again.content == first.content
    assert again.headers["idempotent-replayed"] == "true"
    assert (await client.get(f"/api/Build/{p['slug']}/revisions")).json()["data"]["newest"] == 2


async def test_follows_are_a_set_and_counted_on_the_build(client):
    alice = await session_headers(client, "Alice Followed")
    bob = await session_headers(client, "Bob Follower")
    carol = await session_headers(client, "Carol Follower")
    p = await _publish(client, alice)
    other = await _publish(client, alice)
    url = f"/api/Build/{p['slug']}/follow"
    assert (await client.post(url, json={"follow": True})).status_code == 401
    for _ in range(2):
        r = await client.post(url, json={"follow": True}, headers=bob)
        assert r.status_code == 200
        assert r.json()["data"] == {"buildId": p["buildId"], "slug": p["slug"], "revision": 1, "followers": 1,
                                    "isFollowing": True, "seenRevision": 1}
    r = await client.post(f"/api/Build/{p['buildId']}/follow", json={"follow": True}, headers=carol)
    assert r.json()["data"]["followers"] == 2
    info = (await client.get(f"/api/Build/{p['slug']}")).json()["data"]["buildInfo"]
    assert info["followers"] == 2 and info["revision"] == 1
    anonymous = (await client.get(url)).json()["data"]
    assert anonymous["followers"] == 2 and anonymous["isFollowing"] is False and anonymous["seenRevision"] is None
    assert (await client.get(url, headers=bob)).json()["data"]["isFollowing"] is True
    # Following search: only Bob's follows.
    found = (await client.get("/api/Build/following-search", headers=bob)).json()["data"]["builds"]
    assert [b["buildId"] for b in found] == [p["buildId"]]
    assert (await client.get("/api/Build/following-search")).status_code == 401
    # Unfollow twice: the second deletes nothing and answers the same.
    for _ in range(2):
        r = await client.post(url, json={"follow": False}, headers=carol)
        assert r.status_code == 200 and r.json()["data"]["followers"] == 1 and r.json()["data"]["isFollowing"] is False
    # Unfollowing a build never followed.
    r = await client.post(f"/api/Build/{other['slug']}/follow", json={"follow": False}, headers=carol)
    assert r.status_code == 200 and r.json()["data"]["followers"] == 0
    # Not a boolean; unknown builds.
    assert (await client.post(url, json={"follow": 1}, headers=bob)).status_code == 400
    assert (await client.post("/api/Build/nosuchbuildatall/follow", json={"follow": True},
                              headers=bob)).status_code == 404
    assert (await client.post("/api/Build/nosuchbuildatall/follow", json={"follow": False},
                              headers=bob)).status_code == 404
    assert (await client.get("/api/Build/nosuchbuildatall/follow")).status_code == 404
    # The count is the rows' count.
    assert (await rows(client.app, "SELECT followers FROM builds WHERE id = ?", (p["buildId"],)))[0][0] == 1


async def test_unseen_updates_follow_the_revisions(client):
    alice = await session_headers(client, "Alice Updates")
    bob = await session_headers(client, "Bob Updates")
    a = await _publish(client, alice)
    b = await _publish(client, alice)
    c = await _publish(client, alice)
    for build in (a, b):
        assert (await client.post(f"/api/Build/{build['slug']}/follow", json={"follow": True}, headers=bob)).status_code == 200
    assert (await client.get("/api/Build/updates")).status_code == 401
    assert (await client.get("/api/Build/updates", headers=bob)).json()["data"] == {"updates": []}
    for build, note in ((a, "first change"), (c, "not followed")):
        r = await client.post(f"/api/Build/{build['slug']}/revisions", json=_revision_body(build, 1, note=note),
                              headers=alice)
        assert r.status_code == 201
    ups = (await client.get("/api/Build/updates", headers=bob)).json()["data"]["updates"]
    assert [(u["buildId"], u["revision"], u["seenRevision"], u["note"], u["creatorName"]) for u in ups] == [
        (a["buildId"], 2, 1, "first change", "Alice Updates")]
    # What the app titles the build by comes with it: the newest revision's skills and class.
    assert [(u["skills"], u["baseClass"], u["ascendancy"]) for u in ups] == [
        (a["skills"], a["baseClass"], a["ascendancy"])]
    # Two more revisions: still one update, at revision 4, seen 1.
    for base in (2, 3):
        r = await client.post(f"/api/Build/{a['slug']}/revisions", json=_revision_body(a, base, note=f"r{base + 1}"),
                              headers=alice)
        assert r.status_code == 201
    ups = (await client.get("/api/Build/updates", headers=bob)).json()["data"]["updates"]
    assert [(u["revision"], u["seenRevision"], u["note"]) for u in ups] == [(4, 1, "r4")]
    # Revision 5 keeps only the second title skill: the update names the newest revision's.
    assert len(a["skills"]) > 1
    r = await client.post(f"/api/Build/{a['slug']}/revisions",
                          json=_revision_body(a, 4, note="r5", skills=a["skills"][1:]), headers=alice)
    assert r.status_code == 201, r.text
    ups = (await client.get("/api/Build/updates", headers=bob)).json()["data"]["updates"]
    assert [(u["revision"], u["skills"], u["baseClass"], u["ascendancy"]) for u in ups] == [
        (5, a["skills"][1:], a["baseClass"], a["ascendancy"])]
    # Seen up to 3: still behind; seen 99 is capped at the newest; seen 2 later never moves back.
    r = await client.post(f"/api/Build/{a['slug']}/seen", json={"revision": 3}, headers=bob)
    assert r.status_code == 200 and r.json()["data"]["seenRevision"] == 3
    assert len((await client.get("/api/Build/updates", headers=bob)).json()["data"]["updates"]) == 1
    r = await client.post(f"/api/Build/{a['slug']}/seen", json={"revision": 99}, headers=bob)
    assert r.json()["data"]["seenRevision"] == 5
    r = await client.post(f"/api/Build/{a['slug']}/seen", json={"revision": 2}, headers=bob)
    assert r.json()["data"]["seenRevision"] == 5
    assert (await client.get("/api/Build/updates", headers=bob)).json()["data"]["updates"] == []
    # Seen on a build not followed; bad revisions; unknown builds.
    r = await client.post(f"/api/Build/{c['slug']}/seen", json={"revision": 2}, headers=bob)
    assert r.status_code == 409 and r.json()["error"]["code"] == "not_following"
    for bad in ({"revision": 0}, {"revision": 2**40}, {"revision": "2"}, {}):
        assert (await client.post(f"/api/Build/{a['slug']}/seen", json=bad, headers=bob)).status_code in (400, 422)
    assert (await client.post("/api/Build/nosuchbuildatall/seen", json={"revision": 1},
                              headers=bob)).status_code == 404
    # Following a build with revisions starts at the newest: nothing unseen.
    carol = await session_headers(client, "Carol Late")
    await client.post(f"/api/Build/{a['slug']}/follow", json={"follow": True}, headers=carol)
    assert (await client.get("/api/Build/updates", headers=carol)).json()["data"]["updates"] == []


async def test_attaching_a_character_follows_its_build(client):
    alice = await session_headers(client, "Alice Attached")
    bob = await session_headers(client, "Bob Attaches")
    p = await _publish(client, alice)
    r = await client.post("/api/Character/demo-hierophant/attached-build", json={"buildId": p["slug"]}, headers=bob)
    assert r.status_code == 200, r.text
    state = (await client.get(f"/api/Build/{p['slug']}/follow", headers=bob)).json()["data"]
    assert state["isFollowing"] is True and state["followers"] == 1 and state["seenRevision"] == 1
    # Attaching again (another character) keeps one follow.
    r = await client.post("/api/Character/demo-guardian/attached-build", json={"buildId": p["slug"]}, headers=bob)
    assert (await client.get(f"/api/Build/{p['slug']}/follow")).json()["data"]["followers"] == 1
    await client.post(f"/api/Build/{p['slug']}/revisions", json=_revision_body(p, 1, note="for the tracker"),
                      headers=alice)
    ups = (await client.get("/api/Build/updates", headers=bob)).json()["data"]["updates"]
    assert [(u["slug"], u["revision"]) for u in ups] == [(p["slug"], 2)]


async def test_a_deleted_build_takes_its_follows_and_revisions_with_it(client):
    alice = await session_headers(client, "Alice Leaves")
    bob = await session_headers(client, "Bob Stays")
    p = await _publish(client, alice)
    await client.post(f"/api/Build/{p['slug']}/follow", json={"follow": True}, headers=bob)
    await client.post(f"/api/Build/{p['slug']}/revisions", json=_revision_body(p, 1), headers=alice)
    r = await client.post("/api/account/delete", json={"deleteBuilds": True}, headers=alice)
    assert r.status_code == 200, r.text
    assert (await client.get("/api/Build/updates", headers=bob)).json()["data"]["updates"] == []
    assert (await client.get(f"/api/Build/{p['slug']}/revisions")).status_code == 410
    assert (await client.get(f"/api/Build/{p['slug']}/revision/1")).status_code == 410
    assert (await client.post(f"/api/Build/{p['slug']}/follow", json={"follow": False}, headers=bob)).status_code == 410
    assert await rows(client.app, "SELECT COUNT(*) FROM follows") == [(0,)]
    assert await rows(client.app, "SELECT COUNT(*) FROM build_revisions") == [(0,)]


# Two worker processes (SQLite: one file, two uvicorn workers; PostgreSQL: two servers).


def _servers(engine, tmp_path) -> list[ServerProcess]:
    env = {"WAYPOINT_SEED_DEMO": "false", "WAYPOINT_RATE_LIMIT_PER_MINUTE": "0"}
    if engine.name == "sqlite":
        return [ServerProcess(env={**env, "WAYPOINT_WORKERS": "2"}, db_path=tmp_path / "two.sqlite3")]
    env["WAYPOINT_DATABASE_URL"] = engine.url
    return [ServerProcess(env=env), ServerProcess(env=env)]


def test_follows_and_revisions_across_two_workers(engine, tmp_path):
    servers = _servers(engine, tmp_path)
    for s in servers:
        s.start()
    try:
        first, last = servers[0], servers[-1]
        creator = first.signed_up("Two Worker Creator", timeout=30)
        p = publish_payload()
        r = creator.post("/api/Build", json=p)
        assert r.status_code == 201, r.text
        slug = r.json()["data"]["slug"]
        followers = [(servers[i % len(servers)]).signed_up(f"Two Worker Fan {i}", timeout=30) for i in range(6)]
        errors: list[str] = []
        final: dict[int, bool] = {}

        def flip(i: int) -> None:
            c = followers[i]
            for j in range(30):
                want = (i + j) % 3 != 0
                r = c.post(f"/api/Build/{slug}/follow", json={"follow": want})
                if r.status_code != 200 or r.json()["data"]["isFollowing"] is not want:
                    errors.append(r.text)
                final[i] = want

        threads = [threading.Thread(target=flip, args=(i,)) for i in range(len(followers))]
        for t in threads:
            t.start()
        for t in threads:
            t.join(120)
        assert not errors, errors[:3]
        with last.client() as c:
            count = c.get(f"/api/Build/{slug}/follow").json()["data"]["followers"]
        assert count == sum(final.values())

        # One Idempotency-Key, sent to each process: one revision, the same answer.
        body = _revision_body(p, 1, note="two workers")
        key = {"Idempotency-Key": "two-worker-revision"}
        answers = [creator.post(f"/api/Build/{slug}/revisions", json=body, headers=key) for _ in range(4)]
        if len(servers) == 2:
            cookie = creator.cookies["waypoint_session"]
            with last.client(cookies={"waypoint_session": cookie}) as on_last:
                answers.append(on_last.post(f"/api/Build/{slug}/revisions", json=body, headers=key))
        assert answers[0].status_code == 201
        assert all(a.status_code == 201 and a.content == answers[0].content for a in answers)
        # Racing revisions on the same base, through every process: exactly one wins.
        results: list[int] = []

        def race(n: int) -> None:
            server = servers[n % len(servers)]
            cookie = creator.cookies["waypoint_session"]
            with server.client(cookies={"waypoint_session": cookie}) as c:
                results.append(c.post(f"/api/Build/{slug}/revisions", json=_revision_body(p, 2, note=f"race {n}"),
                                      timeout=60).status_code)

        racers = [threading.Thread(target=race, args=(n,)) for n in range(4)]
        for t in racers:
            t.start()
        for t in racers:
            t.join(120)
        assert sorted(results) == [201, 409, 409, 409], results
        with first.client() as c:
            listed = c.get(f"/api/Build/{slug}/revisions").json()["data"]
        assert [r["revision"] for r in listed["revisions"]] == [3, 2, 1]
        # Every follower still following sees revisions 2 and 3 as one update, whichever process answers.
        for i, fan in enumerate(followers):
            ups = fan.get("/api/Build/updates").json()["data"]["updates"]
            assert [(u["slug"], u["revision"]) for u in ups] == ([(slug, 3)] if final[i] else [])
        for c in [creator, *followers]:
            c.close()
        log = "".join(s.log.read_text() for s in servers)
        assert "Traceback" not in log, log[-3000:]
    finally:
        for s in servers:
            s.stop()


async def test_the_account_export_lists_the_follows_and_deleting_the_account_drops_them(client):
    alice = await session_headers(client, "Alice Exported")
    bob = await session_headers(client, "Bob Exports")
    p = await _publish(client, alice)
    await client.post(f"/api/Build/{p['slug']}/follow", json={"follow": True}, headers=bob)
    await client.post(f"/api/Build/{p['slug']}/revisions", json=_revision_body(p, 1), headers=alice)
    await client.post(f"/api/Build/{p['slug']}/seen", json={"revision": 2}, headers=bob)
    data = (await client.get("/api/account/export", headers=bob)).json()["data"]
    assert [(f["buildId"], f["slug"], f["seenRevision"]) for f in data["follows"]] == [(p["buildId"], p["slug"], 2)]
    assert data["follows"][0]["followedAt"].endswith("Z")
    assert (await client.get("/api/account/export", headers=alice)).json()["data"]["follows"] == []
    assert (await client.post("/api/account/delete", json={"deleteBuilds": False}, headers=bob)).status_code == 200
    assert await rows(client.app, "SELECT COUNT(*) FROM follows") == [(0,)]
    assert (await client.get(f"/api/Build/{p['slug']}")).json()["data"]["buildInfo"]["followers"] == 0


async def test_a_build_keeps_at_most_max_revisions(app, client):
    """Every revision is kept and GET /revisions lists them all (read on the event loop, notes of up to
    2,000 characters): a creator revising every few seconds for a day made that list hundreds of
    megabytes for anyone who opened the build. A build now keeps at most MAX_REVISIONS; the next
    one is refused before any decoding, and the build stays as it was."""
    from server.api.revisions import MAX_REVISIONS

    alice = await session_headers(client, "Alice Many")
    p = await _publish(client, alice)
    await rows(app, "UPDATE builds SET revision = ? WHERE id = ?", (MAX_REVISIONS, p["buildId"]))
    r = await client.post(f"/api/Build/{p['slug']}/revisions", json=_revision_body(p, MAX_REVISIONS), headers=alice)
    assert r.status_code == 422, r.text
    assert r.json()["error"] == {
        "code": "invalid_revision",
        "message": f"This build has {MAX_REVISIONS} revisions, the most a build keeps: publish the changes as a new build",
    }
    assert await rows(app, "SELECT revision FROM builds WHERE id = ?", (p["buildId"],)) == [(MAX_REVISIONS,)]
    assert MAX_REVISIONS == 1000
