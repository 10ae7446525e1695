"""Pure pieces of the official-API client: PKCE, rate-limit headers, mapping edge cases."""

from __future__ import annotations

import base64
import hashlib
from urllib.parse import parse_qs, urlsplit

from server.ggg import pkce
from server.ggg.mapping import map_character, map_item
from server.ggg.ratelimit import RateGate, parse_retry_after, restriction_seconds


def test_pkce_s256_challenge_and_authorize_url():
    v = pkce.new_verifier()
    assert 43 <= len(v) <= 128
    assert set(v) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
    expected = base64.urlsafe_b64encode(hashlib.sha256(v.encode()).digest()).rstrip(b"=").decode()
    q = parse_qs(urlsplit(pkce.authorize_url("https://x/oauth/authorize", "cid", "https://me/cb", "st", v)).query)
    assert q["code_challenge"] == [expected] and q["state"] == ["st"] and q["scope"] == [pkce.SCOPES]


def test_rate_limit_headers():
    h = {
        "x-rate-limit-rules": "Account,Ip",
        "x-rate-limit-account": "30:60:60",
        "x-rate-limit-account-state": "3:60:0",
        "x-rate-limit-ip": "45:60:120,180:1800:600",
        "x-rate-limit-ip-state": "2:60:0,181:1800:600",
    }
    assert restriction_seconds(h, 200) == (600.0, True)
    ok = dict(h, **{"x-rate-limit-ip-state": "2:60:0,10:1800:0"})
    assert restriction_seconds(ok, 200) == (0.0, False)
    # At the limit without a restriction yet: wait out the period rather than earn one.
    full = dict(ok, **{"x-rate-limit-account-state": "30:60:0"})
    assert restriction_seconds(full, 200) == (60.0, False)
    assert restriction_seconds({"retry-after": "12"}, 429) == (12.0, False)
    assert restriction_seconds({}, 429) == (5.0, False)  # spec default when the header is missing
    assert parse_retry_after("garbage") is None
    assert 0 <= parse_retry_after("Wed, 21 Oct 2015 07:28:00 GMT") <= 0.0


def test_rate_gate_blocks_per_key_and_globally_for_ip_rules():
    now = [100.0]
    gate = RateGate(clock=lambda: now[0])
    assert gate.observe("u1", {"retry-after": "10"}, 429) == 10
    assert gate.remaining("u1", "ip") == 10 and gate.remaining("u2", "ip") == 0
    gate.observe("u2", {"x-rate-limit-rules": "Ip", "x-rate-limit-ip": "5:10:30", "x-rate-limit-ip-state": "6:10:30"}, 429)
    assert gate.remaining("u3", "ip") == 30
    now[0] += 31
    assert gate.remaining("u1", "ip") == 0


def test_mapping_accepts_object_mods_frame_types_and_skips_unknown_slots():
    item = {
        "inventoryId": "Helm", "frameType": 3, "name": "Crown", "typeLine": "Iron Hat", "ilvl": "84",
        "explicitMods": [{"description": "+10 to Strength", "flags": {"crafted": False}}, "+5 to Dexterity", 7],
        "requirements": [{"name": "Strength", "values": [["40", 0]]}],
        "properties": [{"name": "Armour", "values": [["120", 1]]}, {"name": "Energy Shield", "values": [["30", 0]]}],
        "searing": True, "tangled": True, "duplicated": True, "split": True,
    }
    m = map_item(item, "Helm")
    assert m.rarity == "Unique" and m.base_type == "Iron Hat" and m.item_level == 84
    assert m.explicit_mods == ["+10 to Strength", "+5 to Dexterity"]
    assert m.requirements.strength == 40 and m.properties.armour == 120 and m.properties.energy_shield == 30
    assert (m.influence1, m.influence2) == ("SearingExarch", "EaterOfWorlds")
    assert m.is_mirrored and m.is_split and not m.is_corrupted
    c = map_character({"character": {
        "name": "X", "class": "Slayer", "level": 5,
        "equipment": [item, {"inventoryId": "MainInventory"}, {"inventoryId": "Flask", "x": 9}, "junk"],
    }})
    assert [e.slot_type for e in c.equipment] == ["Helm"] and c.passives.bandit_choice == "None"


def test_cluster_jewels_carry_their_allocated_orbit_slots_and_the_game_version():
    """Read independently from the real sample: hashes_ex names subgraph node keys; each key's orbitIndex."""
    import json

    from e2e.harness import SHARED

    raw = json.loads((SHARED / "corpus/ggg-api/PathOfBuildingCommunity__PathOfBuilding/character_detail_SampleCharacter.json").read_text())
    p = raw["character"]["passives"]
    c = map_character(raw)
    assert c.version == raw["character"]["metadata"]["version"] == "3.28.0g"
    ex = {str(h) for h in p["hashes_ex"]}
    want = {
        int(x): sorted(n["orbitIndex"] for k, n in d["subgraph"]["nodes"].items() if k in ex)
        for x, d in p["jewel_data"].items()
        if "subgraph" in d
    }
    got = {j.socket_node_index: j.allocated_orbit_indices for j in c.passives.expansion_jewels}
    assert got == want == {25: [0, 2], 11: [3, 7, 15], 20: [4, 7, 9, 12, 15]}
    assert sum(map(len, got.values())) == len(p["hashes_ex"])
    assert all(j.allocated_orbit_indices == [] for j in c.passives.jewels)
    assert sorted(j.socket_node_index for j in c.passives.jewels) == [1, 3, 8, 9, 14, 19, 51, 53]


def test_a_jewel_in_an_abyssal_socket_is_not_a_skill():
    """The real sample's belt given an abyssal socket holding an abyss jewel (as the API sends it: abyssJewel,
    a rare's frameType, sColour "A"): the character's skills stay its gems, and no jewel is read as one."""
    import copy
    import json

    from e2e.harness import SHARED

    raw = json.loads((SHARED / "corpus/ggg-api/PathOfBuildingCommunity__PathOfBuilding/character_detail_SampleCharacter.json").read_text())
    before = [(s.identifying_name, s.equipment_slot_type) for s in map_character(raw).skills]
    assert before and all(name for name, _ in before)
    mutated = copy.deepcopy(raw)
    belt = next(i for i in mutated["character"]["equipment"] if i["inventoryId"] == "Belt")
    belt["sockets"] = [{"group": 0, "sColour": "A"}]
    belt["socketedItems"] = [{
        "abyssJewel": True, "frameType": 2, "name": "Dread Eye", "typeLine": "Ghastly Eye Jewel", "baseType": "Ghastly Eye Jewel",
        "socket": 0, "ilvl": 84, "properties": [{"name": "Abyss", "values": [], "displayMode": 0}],
        "explicitMods": ["Adds 5 to 10 Physical Damage to Attacks"],
    }]
    # A non-gem without the flag (an older answer) is left out by its frame type alone.
    weapon = next(i for i in mutated["character"]["equipment"] if i["inventoryId"] == "Weapon")
    weapon["socketedItems"] = [*weapon["socketedItems"], {"frameType": 1, "typeLine": "Murderous Eye Jewel", "socket": 0}]
    after = [(s.identifying_name, s.equipment_slot_type) for s in map_character(mutated).skills]
    assert after == before
    assert not any("Jewel" in name for name, _ in after)
