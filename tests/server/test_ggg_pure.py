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


def test_hostile_rate_limit_headers_give_a_bounded_wait():
    """An upstream answer's headers are input too: 'inf', 1e400 or a 4,000-digit restriction made an
    endless wait or an OverflowError (a 500) out of one character request."""
    huge = "9" * 4000
    for headers in (
        {"retry-after": "inf"}, {"retry-after": "1e400"}, {"retry-after": "nan"}, {"retry-after": "-5"},
        {"retry-after": huge},
        {"x-rate-limit-rules": "Ip", "x-rate-limit-ip": "1:1:1", "x-rate-limit-ip-state": f"9:1:{huge}"},
        {"x-rate-limit-rules": "Ip", "x-rate-limit-ip": f"1:{huge}:1", "x-rate-limit-ip-state": f"{huge}:{huge}:0"},
    ):
        wait, _ = restriction_seconds(headers, 429)
        assert 0 <= wait <= 24 * 3600, (headers, wait)


class _Entries:
    """The shared state's entries (get, put with a lifetime, clock), in memory."""

    def __init__(self, now: float):
        self.now = now
        self.kept: dict[str, tuple[bytes, float]] = {}

    def clock(self) -> float:
        return self.now

    async def get(self, key: str) -> bytes | None:
        value, expires = self.kept.get(key, (None, 0.0))
        return value if expires > self.now else None

    async def put(self, key: str, value: bytes, ttl_s: float) -> None:
        self.kept[key] = (value, self.now + ttl_s)


async def test_rate_gate_blocks_per_key_and_globally_for_ip_rules():
    entries = _Entries(100.0)
    gate = RateGate(entries)
    assert await gate.observe("u1", {"retry-after": "10"}, 429) == 10
    assert await gate.remaining("u1", "ip") == 10 and await gate.remaining("u2", "ip") == 0
    await gate.observe("u2", {"x-rate-limit-rules": "Ip", "x-rate-limit-ip": "5:10:30",
                              "x-rate-limit-ip-state": "6:10:30"}, 429)
    assert await gate.remaining("u3", "ip") == 30
    # A shorter restriction met later does not shorten the one in force.
    await gate.observe("u1", {"retry-after": "2"}, 429)
    assert await gate.remaining("u1") == 10
    entries.now += 31
    assert await gate.remaining("u1", "ip") == 0


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
