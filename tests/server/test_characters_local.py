"""Demo characters for local users, and build attachments."""

from __future__ import annotations

from tests.server.conftest import SLAYER, publish_payload, session_headers


async def test_demo_characters_list_and_detail(client):
    u = await session_headers(client, "Demo")
    chars = (await client.get("/api/Character/character/pc", headers=u)).json()["data"]
    assert chars[0]["name"] == "DemoHierophant" and chars[0]["class"] == "Hierophant"
    assert {c["class"] for c in chars} >= {"Hierophant", "Slayer", "Berserker"}
    assert all(set(c) == {"id", "name", "realm", "class", "league", "level", "experience"} for c in chars)
    assert all(c["name"].startswith("Demo") for c in chars)
    detail = (await client.get("/api/Character/character/pc/DemoHierophant", headers=u)).json()["data"]
    assert detail["level"] == 99 and len(detail["equipment"]) == 14
    helm = next(e for e in detail["equipment"] if e["slotType"] == "Helm")
    assert helm["rarity"] == "Unique" and {helm["influence1"], helm["influence2"]} == {"Shaper", "Elder"}
    gems = [s for s in detail["skills"] if s["equipmentSlotType"] == "BodyArmour"]
    assert len(gems) == 6 and {"groupIndex", "identifyingName", "level", "quality", "isCorrupted"} <= set(gems[0])
    fork = next(s for s in detail["skills"] if s["identifyingName"] == "Greater Fork Support")
    assert fork["level"] == 3 and fork["quality"] == 23 and fork["isCorrupted"] is True
    passives = detail["passives"]
    assert passives["banditChoice"] == "Eramir" and passives["minorPantheon"] == "Yugul"
    assert len(passives["expansionJewels"]) == 3 and len(passives["jewels"]) == 8
    assert all("socketNodeIndex" in j and "equipment" in j for j in passives["expansionJewels"])
    assert (await client.get("/api/Character/character/xbox", headers=u)).json()["data"] == []
    assert (await client.get("/api/Character/character/pc/Nobody", headers=u)).status_code == 404
    assert (await client.get("/api/Character/character/moon", headers=u)).status_code == 400
    assert (await client.get("/api/Character/character/pc")).status_code == 401


async def test_attachments_last_writer_wins_and_class_must_match(client):
    u = await session_headers(client, "Tracker")
    templar = publish_payload()
    slayer = publish_payload(SLAYER)
    t_slug = (await client.post("/api/Build", json=templar, headers=u)).json()["data"]["slug"]
    s_slug = (await client.post("/api/Build", json=slayer, headers=u)).json()["data"]["slug"]
    url = "/api/Character/demo-hierophant/attached-build"
    r = await client.get(url, headers=u)
    assert r.status_code == 204 and r.content == b""
    r = await client.post(url, json={"buildId": templar["buildId"]}, headers=u)
    assert r.json()["data"] == {"buildId": templar["buildId"], "slug": t_slug, "pobUrl": f"/api/Build/{t_slug}"}
    assert (await client.get(url, headers=u)).json()["data"]["slug"] == t_slug
    # A Duelist build on a Templar character: refused, and the old attachment stays.
    r = await client.post(url, json={"buildId": slayer["buildId"]}, headers=u)
    assert r.status_code == 422 and r.json()["error"]["message"].startswith("Class mismatch")
    assert (await client.get(url, headers=u)).json()["data"]["slug"] == t_slug
    # Last writer wins: attach by slug to the Slayer, twice over.
    s_url = "/api/Character/demo-slayer/attached-build"
    await client.post(s_url, json={"buildId": slayer["buildId"]}, headers=u)
    r = await client.post(s_url, json={"buildId": s_slug}, headers=u)
    assert r.json()["data"]["buildId"] == slayer["buildId"]
    assert (await client.post(url, json={"buildId": "nope"}, headers=u)).status_code == 404
    r = await client.post("/api/Character/ghost/attached-build", json={"buildId": t_slug}, headers=u)
    assert r.status_code == 404
    assert (await client.get(url)).status_code == 401
    # Another user's character ids are their own.
    other = await session_headers(client, "Other")
    assert (await client.get(url, headers=other)).status_code == 204
