"""DemoHierophant is the corpus's official-API sample; attach calls as the tracker makes them."""

from __future__ import annotations

import json

from server.ggg.mapping import map_item, slot_of
from server.paths import CORPUS_DIR
from tests.server.conftest import SLAYER, publish_payload, rows, session_headers

GGG_API = CORPUS_DIR / "ggg-api"
SAMPLE = json.loads((GGG_API / "PathOfBuildingCommunity__PathOfBuilding" / "character_detail_SampleCharacter.json").read_text())["character"]


async def test_demo_hierophant_is_the_official_sample(client):
    u = await session_headers(client, "Sample")
    chars = (await client.get("/api/Character/character/pc", headers=u)).json()["data"]
    # The sample first, then one converted planner build per base class (tests/server/test_demo_characters.py),
    # so every build can be attached somewhere.
    assert chars[0]["name"] == "DemoHierophant" and chars[0]["class"] == "Hierophant"
    assert {"Berserker", "Pathfinder", "Occultist", "Slayer", "Guardian", "Saboteur", "Reliquarian"} == {
        c["class"] for c in chars[1:]
    }
    d = (await client.get("/api/Character/character/pc/DemoHierophant", headers=u)).json()["data"]
    assert d["class"] == chars[0]["class"] and d["id"] == chars[0]["id"] == "demo-hierophant"
    # The sample's passives, mastery choices and gear, as the official API sent them.
    assert d["passives"]["hashes"] == SAMPLE["passives"]["hashes"]
    assert d["passives"]["masteryEffects"] == {k: v for k, v in SAMPLE["passives"]["mastery_effects"].items()}
    assert [e["name"] for e in d["equipment"]] == [i["name"] for i in SAMPLE["equipment"] if slot_of(i)]
    assert len(d["skills"]) == sum(len(i.get("socketedItems") or []) for i in SAMPLE["equipment"])
    assert sorted(j["socketNodeIndex"] for j in d["passives"]["jewels"] + d["passives"]["expansionJewels"]) == sorted(
        j["x"] for j in SAMPLE["jewels"]
    )
    assert set(d["passives"]["skillOverrides"]) == set(SAMPLE["passives"]["skill_overrides"])
    # No other character wears the sample's passives any more (they were costumes of it once).
    for c in chars[1:]:
        other = (await client.get(f"/api/Character/character/pc/{c['name']}", headers=u)).json()["data"]
        assert other["passives"]["hashes"] != SAMPLE["passives"]["hashes"]
    first = chars[0]
    assert (first["name"], first["league"], first["level"]) == ("DemoHierophant", SAMPLE["league"], SAMPLE["level"])


def _flat(lines: list[str]) -> str:
    return " ".join(" ".join(lines).split())


def test_every_official_sample_item_maps():
    """Every item of every sample (equipment, jewels, legacy passive-skill answers) maps without loss."""
    seen = 0
    for path in sorted(GGG_API.rglob("*.json")):
        raw = json.loads(path.read_text())
        if not isinstance(raw, dict):
            continue
        c = raw.get("character") if isinstance(raw.get("character"), dict) else None
        items = ((c.get("equipment") or []) + (c.get("jewels") or [])) if c else (raw.get("items") or [])
        for item in items:
            slot = slot_of(item) or "PassiveJewels"
            m = map_item(item, slot)
            seen += 1
            assert m.base_type == (item.get("baseType") or item.get("typeLine"))
            assert m.name == (item.get("name") or "")
            # Each official string holds one or more lines (a newline joins them); none of its text is lost.
            # A Foulborn unique's mutatedMods (the real sample's Foulborn ring) are shown with its explicit ones.
            raw_mods = [
                x if isinstance(x, str) else x["description"]
                for x in (item.get("explicitMods") or []) + (item.get("mutatedMods") or [])
            ]
            assert _flat(m.explicit_mods) == _flat(raw_mods) and len(m.explicit_mods) >= len(raw_mods)
            assert not any("\n" in line for line in m.explicit_mods)
            assert m.is_corrupted == bool(item.get("corrupted"))
            assert m.rarity in {"Normal", "Magic", "Rare", "Unique", "Relic"}
    assert seen > 50


async def test_attach_replays_by_idempotency_key_and_honours_the_realm(client):
    u = await session_headers(client, "Outboxer")
    templar = publish_payload()
    slug = (await client.post("/api/Build", json=templar, headers=u)).json()["data"]["slug"]
    url = "/api/Character/demo-hierophant/attached-build"
    key = {"Idempotency-Key": "attach-once-1"}
    first = await client.post(f"{url}?realm=pc", json={"buildId": templar["buildId"]}, headers={**u, **key})
    again = await client.post(f"{url}?realm=pc", json={"buildId": templar["buildId"]}, headers={**u, **key})
    assert first.status_code == again.status_code == 200 and first.json() == again.json()
    assert (await client.get(url, headers=u)).json()["data"]["slug"] == slug
    # The same key with another body is refused, and nothing changes.
    slayer = publish_payload(SLAYER)
    await client.post("/api/Build", json=slayer, headers=u)
    clash = await client.post(f"{url}?realm=pc", json={"buildId": slayer["buildId"]}, headers={**u, **key})
    assert clash.status_code == 422
    assert (await client.get(url, headers=u)).json()["data"]["slug"] == slug
    # Demo characters live on PC: another realm has no such character.
    r = await client.post(f"{url}?realm=xbox", json={"buildId": templar["buildId"]}, headers=u)
    assert r.status_code == 404
    assert (await client.post(f"{url}?realm=moon", json={"buildId": templar["buildId"]}, headers=u)).status_code == 400
    # A body that is not an attach request is a 400, not a 500.
    assert (await client.post(url, json={"nope": 1}, headers=u)).status_code == 400


async def test_one_character_has_one_attachment_whichever_way_it_is_named(app, client):
    """The path takes a character's id or its name (any case); the attachment is kept under the
    character's id, so the last writer wins per character. Before, each spelling was a row of its
    own: attaching by name left the id's older build in place, and the export listed three."""
    u = await session_headers(client, "Namer")
    builds = []
    for _ in range(3):
        p = publish_payload()
        builds.append((await client.post("/api/Build", json=p, headers=u)).json()["data"])
    for spelling, build in zip(("demo-hierophant", "DemoHierophant", "demohierophant"), builds, strict=True):
        r = await client.post(f"/api/Character/{spelling}/attached-build", json={"buildId": build["buildId"]}, headers=u)
        assert r.status_code == 200, r.text
        for read in ("demo-hierophant", "DemoHierophant", "DEMOHIEROPHANT"):
            got = await client.get(f"/api/Character/{read}/attached-build", headers=u)
            assert got.status_code == 200 and got.json()["data"]["slug"] == build["slug"], (spelling, read, got.text)
    kept = await rows(app, "SELECT character_id, build_id FROM attachments")
    assert kept == [("demo-hierophant", builds[-1]["buildId"])]
    assert [a["characterId"] for a in (await client.get("/api/account/export", headers=u)).json()["data"]["attachments"]] \
        == ["demo-hierophant"]
    # Another character is still its own, and a name nobody has is still no attachment.
    assert (await client.get("/api/Character/demo-slayer/attached-build", headers=u)).status_code == 204
    assert (await client.get("/api/Character/Nobody/attached-build", headers=u)).status_code == 204
