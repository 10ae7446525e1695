"""Publish, read, search and like against the real app over a real SQLite file."""

from __future__ import annotations

import uuid

from litestar.testing import AsyncTestClient

from server.app import create_app
from tests.server.conftest import (
    SLAYER,
    bulk_insert,
    make_settings,
    publish_payload,
    rows,
    same_origin,
    session_headers,
    sign_in,
)


async def test_publish_creates_once_per_client_id_and_reads_by_id_and_slug(client):
    await sign_in(client, "Publisher")
    p = publish_payload()
    r = await client.post("/api/Build", json=p)
    assert r.status_code == 201, r.text
    slug = r.json()["data"]["slug"]
    assert r.json()["data"]["buildId"] == p["buildId"]
    assert 6 <= len(slug) <= 12 and slug.isalnum() and slug == slug.lower()
    again = await client.post("/api/Build", json=p)
    assert again.status_code == 200 and again.json()["data"]["slug"] == slug
    for key in (p["buildId"], slug):
        info = (await client.get(f"/api/Build/{key}")).json()["data"]["buildInfo"]
        assert info["buildId"] == p["buildId"] and info["slug"] == slug
        assert info["creatorName"] == "Publisher" and info["likes"] == 0 and info["isLiked"] is False
        assert info["baseClass"] == "Templar" and info["ascendancy"] == "Inquisitor"
        assert info["pobCode"] == p["pobCod"]
        assert info["steps"] == p["steps"] and info["skills"] == p["skills"]
    search = (await client.get("/api/Build/search")).json()["data"]
    assert [b["slug"] for b in search["builds"]] == [slug]
    assert search["builds"][0]["steps"] == 2


async def test_planner_code_is_stored_compressed(app, client, tmp_path):
    await sign_in(client)
    p = publish_payload()
    assert (await client.post("/api/Build", json=p)).status_code == 201
    blob = (await rows(app, "SELECT code_z FROM builds WHERE id = ?", (p["buildId"],)))[0][0]
    import zlib

    assert zlib.decompress(blob).decode() == p["pobCod"]


async def test_publish_needs_a_session(client):
    r = await client.post("/api/Build", json=publish_payload())
    assert r.status_code == 401 and r.json()["error"]["code"] == "unauthorized"


async def test_same_build_id_by_another_user_is_a_conflict(client):
    p = publish_payload()
    a = await session_headers(client, "Alice")
    b = await session_headers(client, "Bob")
    assert (await client.post("/api/Build", json=p, headers=a)).status_code == 201
    r = await client.post("/api/Build", json=p, headers=b)
    assert r.status_code == 409


async def test_publish_mismatches_are_422_with_clear_messages(client):
    await sign_in(client)
    cases = [
        ({"baseClass": "Witch"}, "baseClass 'Witch' does not match"),
        ({"ascendancy": "Guardian"}, "ascendancy 'Guardian' does not match"),
        ({"ascendancy": ""}, "does not match the planner code's ascendancy 'Inquisitor'"),
        ({"skills": []}, "one to three skills"),
        ({"skills": ["Heavy Strike of Trarthus", "Discipline", "Faster Attacks", "Added Lightning Damage"]},
         "one to three skills"),
        ({"skills": ["Fireball"]}, "Skill 'Fireball' is not a gem"),
        ({"steps": []}, "steps"),
        ({"pobCod": "not a planner code!!"}, "not a valid planner code"),
        ({"buildId": "x"}, "buildId"),
    ]
    base = publish_payload()
    for change, message in cases:
        r = await client.post("/api/Build", json={**base, **change})
        assert r.status_code == 422, (change, r.text)
        assert message in r.json()["error"]["message"], (change, r.text)
    bad_step = dict(base["steps"][0], skillSetId="nope")
    r = await client.post("/api/Build", json={**base, "steps": [bad_step]})
    assert r.status_code == 422 and "skillSetId 'nope' is not a set" in r.json()["error"]["message"]
    bad_tree = dict(base["steps"][0], passiveTreeId="missing tree")
    r = await client.post("/api/Build", json={**base, "steps": [bad_tree]})
    assert r.status_code == 422 and "passiveTreeId 'missing tree'" in r.json()["error"]["message"]
    bad_items = dict(base["steps"][0], equipmentSetId="gear")
    r = await client.post("/api/Build", json={**base, "steps": [bad_items]})
    assert r.status_code == 422 and "equipmentSetId 'gear'" in r.json()["error"]["message"]
    r = await client.post("/api/Build", json={"buildId": str(uuid.uuid4())})
    assert r.status_code == 400  # pobCod missing: schema validation
    # Nothing was stored by any of these.
    assert (await client.get("/api/Build/search")).json()["data"]["builds"] == []


async def test_unknown_build_is_404(client):
    r = await client.get("/api/Build/nosuchbuild")
    assert r.status_code == 404 and r.json()["error"]["code"] == "not_found"


async def test_likes_have_set_semantics(client):
    p = publish_payload()
    a = await session_headers(client, "Alice")
    b = await session_headers(client, "Bob")
    slug = (await client.post("/api/Build", json=p, headers=a)).json()["data"]["slug"]
    for _ in range(2):
        r = await client.post(f"/api/Build/{slug}/like", json={"like": True}, headers=a)
        assert r.json()["data"] == {"buildId": p["buildId"], "likes": 1, "isLiked": True}
    r = await client.post(f"/api/Build/{p['buildId']}/like", json={"like": True}, headers=b)
    assert r.json()["data"]["likes"] == 2
    assert (await client.get(f"/api/Build/{slug}", headers=a)).json()["data"]["buildInfo"]["isLiked"] is True
    for _ in range(2):
        r = await client.post(f"/api/Build/{slug}/like", json={"like": False}, headers=a)
        assert r.json()["data"] == {"buildId": p["buildId"], "likes": 1, "isLiked": False}
    assert (await client.post("/api/Build/nosuch/like", json={"like": True}, headers=a)).status_code == 404
    assert (await client.post(f"/api/Build/{slug}/like", json={"like": "yes"}, headers=a)).status_code == 400
    assert (await client.post(f"/api/Build/{slug}/like", json={"like": True})).status_code == 401
    info = (await client.get(f"/api/Build/{slug}")).json()["data"]["buildInfo"]
    assert info["likes"] == 1 and info["isLiked"] is False


async def test_liked_and_created_searches(client):
    a = await session_headers(client, "Alice")
    b = await session_headers(client, "Bob")
    pa = publish_payload()
    pb = publish_payload(SLAYER)
    await client.post("/api/Build", json=pa, headers=a)
    await client.post("/api/Build", json=pb, headers=b)
    await client.post(f"/api/Build/{pb['buildId']}/like", json={"like": True}, headers=a)
    created = (await client.get("/api/Build/created-search", headers=a)).json()["data"]["builds"]
    assert [x["buildId"] for x in created] == [pa["buildId"]]
    liked = (await client.get("/api/Build/liked-search", headers=a)).json()["data"]["builds"]
    assert [x["buildId"] for x in liked] == [pb["buildId"]] and liked[0]["isLiked"] is True
    assert (await client.get("/api/Build/liked-search", headers=b)).json()["data"]["builds"] == []
    explore = (await client.get("/api/Build/search", headers=b)).json()["data"]["builds"]
    assert [x["buildId"] for x in explore] == [pb["buildId"], pa["buildId"]]  # likes desc
    assert explore[0]["isLiked"] is False and explore[0]["likes"] == 1
    assert set(explore[0]) == {
        "buildId", "slug", "skills", "baseClass", "ascendancy", "steps", "creatorName", "likes", "isLiked",
        "stats",  # the planner's saved stats (issue 35)
    }
    for path in ("/api/Build/liked-search", "/api/Build/created-search"):
        r = await client.get(path)
        assert r.status_code == 401 and r.json()["error"]["code"] == "unauthorized"
    assert len((await client.get("/api/Build/search")).json()["data"]["builds"]) == 2


async def test_search_filters_and_paging(tmp_path, engine):
    settings = make_settings(tmp_path, engine)
    ids = await bulk_insert(settings, 130, seed=3, max_likes=5)
    app = create_app(settings)
    async with AsyncTestClient(app=app) as c:
        same_origin(c)
        expected = [r[0] for r in await rows(app, "SELECT id FROM builds ORDER BY likes DESC, id")]
        assert sorted(expected) == sorted(ids)
        seen, cursor, pages = [], None, 0
        while True:
            params = {"pageSize": 25}
            if cursor:
                # The alternate cursor spelling works the same.
                keys = ("lastGuid", "likeAmount") if pages % 2 else ("CurrentCursor.LastGuid", "CurrentCursor.LikeAmount")
                params.update({keys[0]: cursor["lastGuid"], keys[1]: cursor["likeAmount"]})
            data = (await c.get("/api/Build/search", params=params)).json()["data"]
            assert data["pageSize"] == 25
            seen += [b["buildId"] for b in data["builds"]]
            pages += 1
            cursor = data["cursor"]
            if cursor is None:
                break
            assert cursor["lastGuid"] == data["builds"][-1]["buildId"]
            assert cursor["likeAmount"] == data["builds"][-1]["likes"]
        assert seen == expected and pages == 6
        # Page size: default 20, capped at 50, at least 1.
        assert len((await c.get("/api/Build/search")).json()["data"]["builds"]) == 20
        capped = (await c.get("/api/Build/search", params={"pageSize": 500})).json()["data"]
        assert capped["pageSize"] == 50 and len(capped["builds"]) == 50
        assert (await c.get("/api/Build/search", params={"pageSize": 0})).status_code == 400
        assert (await c.get("/api/Build/search", params={"lastGuid": "x"})).status_code == 400
        # Class filters: base class or ascendancy names, any case, OR-ed.
        all_rows = await rows(app, "SELECT id, base_class, ascendancy FROM builds")
        want = {r[0] for r in all_rows if r[1] == "Witch" or r[2] == "Slayer"}
        got = await _all(c, [("ClassFilters", "Witch"), ("ClassFilters", "slayer")])
        assert got == want and want
        # Skill filters match any listed title skill, case-insensitively.
        skills = {r[0]: set() for r in all_rows}
        for s, b in await rows(app, "SELECT skill, build_id FROM build_skills"):
            skills[b].add(s)
        want = {b for b, ss in skills.items() if ss & {"arc", "cyclone"}}
        assert await _all(c, [("SkillFilters", "Arc"), ("SkillFilters", "CYCLONE")]) == want
        too_many = [("SkillFilters", f"s{i}") for i in range(9)]
        r = await c.get("/api/Build/search", params=too_many)
        assert r.status_code == 400 and "At most 8 skill" in r.json()["error"]["message"]
        # Creator filter: trimmed, empty ignored, substring match.
        want = {r[0] for r in await rows(app, "SELECT id FROM builds WHERE creator_name LIKE '%Creator 12%'")}
        assert await _all(c, [("CreatorFilter", "  Creator 12  ")]) == want and want
        assert len(await _all(c, [("CreatorFilter", "   ")])) == 130
        assert await _all(c, [("CreatorFilter", "100%_")]) == set()


async def _all(c, params) -> set[str]:
    out, cursor = [], None
    while True:
        p = list(params) + [("pageSize", "50")]
        if cursor:
            p += [("lastGuid", cursor["lastGuid"]), ("likeAmount", str(cursor["likeAmount"]))]
        r = await c.get("/api/Build/search", params=p)
        assert r.status_code == 200, r.text
        data = r.json()["data"]
        out += [b["buildId"] for b in data["builds"]]
        cursor = data["cursor"]
        if not cursor:
            assert len(out) == len(set(out))
            return set(out)


async def test_anonymous_pages_are_reused_only_while_the_data_is_unchanged(client):
    u = await session_headers(client, "Cacher")
    p = publish_payload()
    await client.post("/api/Build", json=p, headers=u)
    first = (await client.get("/api/Build/search")).json()["data"]["builds"]
    assert first[0]["likes"] == 0
    await client.post(f"/api/Build/{p['buildId']}/like", json={"like": True}, headers=u)
    # The like committed: the anonymous page must show it at once.
    assert (await client.get("/api/Build/search")).json()["data"]["builds"][0]["likes"] == 1
    # Signed-in readers never get the anonymous answer (isLiked is theirs).
    assert (await client.get("/api/Build/search", headers=u)).json()["data"]["builds"][0]["isLiked"] is True
    assert (await client.get("/api/Build/search")).json()["data"]["builds"][0]["isLiked"] is False
    second = publish_payload(SLAYER)
    await client.post("/api/Build", json=second, headers=u)
    assert len((await client.get("/api/Build/search")).json()["data"]["builds"]) == 2


async def test_a_publish_payload_missing_a_field_is_a_400_naming_it(client):
    """Every field of the spec's publish payload is required (one Step struct in and out)."""
    await sign_in(client)
    no_version = publish_payload()
    del no_version["treeVersion"]
    r = await client.post("/api/Build", json=no_version)
    assert r.status_code == 400 and "`treeVersion`" in r.json()["error"]["message"]
    no_title = publish_payload()
    del no_title["steps"][1]["title"]
    r = await client.post("/api/Build", json=no_title)
    assert r.status_code == 400 and "steps[1]" in r.json()["error"]["message"] and "`title`" in r.text
