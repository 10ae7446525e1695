"""Gems, items and campaign bundles against their real sources."""

from __future__ import annotations

import json

from conftest import SHARED_CAMPAIGN
from gems_bundle import build_gems_bundle


def _bundle(built_dist, name: str) -> dict:
    out, result = built_dist
    return json.loads((out / result.manifest["files"][name]).read_bytes())


def test_gems_by_metadata_id_with_required_level_per_gem_level(built_dist, repoe_paths):
    gems = _bundle(built_dist, "gems")["gems"]
    raw = json.loads(repoe_paths["gems"].read_bytes())
    fireball = gems["Metadata/Items/Gems/SkillGemFireball"]
    assert fireball["name"] == "Fireball" and not fireball["isSupport"]
    assert fireball["maxLevel"] == 20 and fireball["attribute"] == "intelligence"
    expected = [int(raw["Fireball"]["per_level"][str(lv)]["required_level"]) for lv in range(1, 21)]
    assert fireball["requiredLevel"] == expected
    assert fireball["requiredLevel"][:5] == [1, 2, 4, 7, 11] and fireball["requiredLevel"][19] == 70
    added_fire = gems["Metadata/Items/Gems/SupportGemAddedFireDamage"]
    assert (
        added_fire["isSupport"]
        and added_fire["requiredLevel"][0] == 8
        and added_fire["attribute"] == "strength"
    )
    awakened = gems["Metadata/Items/Gems/SupportGemAddedFireDamagePlus"]
    assert awakened["maxLevel"] == 5 and len(awakened["requiredLevel"]) == 5
    assert gems[_bundle(built_dist, "gems")["byName"]["Enlighten"]]["maxLevel"] == 3
    assert gems["Metadata/Items/Gems/SkillGemVaalFireball"]["vaal"]
    assert all(not g["name"].startswith("[") for g in gems.values())
    repoe_ids = set(build_gems_bundle(raw)["gems"])  # what RePoE alone gives
    assert all(len(g["requiredLevel"]) == g["maxLevel"] for k, g in gems.items() if k in repoe_ids)
    # Gems only the planner's list knows: a transfigured one has its base gem's levels, a newer gem none (unknown).
    for k, g in gems.items():
        if k not in repoe_ids:
            assert g["requiredLevel"] == [] or len(g["requiredLevel"]) == g["maxLevel"], k


def test_gem_name_index_prefers_real_gems_and_knows_support_names(built_dist):
    b = _bundle(built_dist, "gems")
    by_name, gems = b["byName"], b["gems"]
    assert by_name["Fireball"] == "Metadata/Items/Gems/SkillGemFireball"  # not the battle-royale copy
    assert (
        by_name["Added Fire Damage"]
        == by_name["Added Fire Damage Support"]
        == "Metadata/Items/Gems/SupportGemAddedFireDamage"
    )
    assert by_name["Vaal Fireball"] == "Metadata/Items/Gems/SkillGemVaalFireball"
    assert by_name["Awakened Added Fire Damage"] == "Metadata/Items/Gems/SupportGemAddedFireDamagePlus"
    assert all(meta in gems for meta in by_name.values())
    aliases = b["aliases"]
    assert aliases["Metadata/Items/Gems/HeraldOfAgony"] == "Metadata/Items/Gems/SkillGemHeraldOfAgony"
    assert all(target in gems and alias not in gems for alias, target in aliases.items())


def test_campaign_start_and_chest_gems_are_known(built_dist):
    gems = _bundle(built_dist, "gems")["gems"]
    characters = json.loads((SHARED_CAMPAIGN / "characters.json").read_text())
    known = [c["chest_gem_id"] in gems for c in characters.values()]
    assert sum(known) >= 6  # the 3.25 data predates at most one of the newer class gems


def test_item_requirements_by_name(built_dist):
    items = _bundle(built_dist, "items")
    assert items["fields"] == ["level", "str", "dex", "int"]
    assert items["bases"]["Golden Mantle"] == {"itemClass": "Body Armour", "req": [20, 8, 8, 8]}
    assert items["bases"]["Vaal Regalia"]["req"][0] == 68
    hooves = items["uniques"]["Abberath's Hooves"]
    assert hooves["base"] == "Goathide Boots" and hooves["req"] == items["bases"]["Goathide Boots"]["req"]
    assert len(items["uniques"]) > 1000 and len(items["bases"]) > 2000


def test_campaign_bundle_carries_every_source_file_unchanged(built_dist):
    campaign = _bundle(built_dist, "campaign")
    for key, fname in {
        "quests": "quests.json",
        "areas": "areas.json",
        "gems": "gems.json",
        "characters": "characters.json",
        "vaalGemLookup": "vaal-gem-lookup.json",
        "awakenedGemLookup": "awakened-gem-lookup.json",
        "killWaypoints": "kill-waypoints.json",
        "gemColours": "gem-colours.json",
    }.items():
        assert campaign[key] == json.loads((SHARED_CAMPAIGN / fname).read_text()), key
    assert campaign["quests"]["a1q1"]["name"] == "Enemy at the Gate"
