"""Older and odd shapes of real official answers, each built from the real corpus sample at test time.

- 3.16-era answers sent passives.mastery_effects as a list of packed integers (effect << 16 | node,
  as decimal strings; Path of Building's ImportTab unpacks value & 0xFFFF and value >> 16).
- Ruthless characters: the `ruthless` flag, or "Ruthless" in the league name (what Path of
  Building's importer reads).
"""

from __future__ import annotations

import copy
import json

import pytest

from server.ggg.mapping import map_character
from server.paths import CORPUS_DIR

SAMPLE = CORPUS_DIR / "ggg-api/PathOfBuildingCommunity__PathOfBuilding/character_detail_SampleCharacter.json"


def _sample() -> dict:
    return json.loads(SAMPLE.read_text())


def _packed(effects: dict[str, int], as_text: bool) -> list:
    return [str(e << 16 | int(n)) if as_text else e << 16 | int(n) for n, e in effects.items()]


@pytest.mark.parametrize("as_text", [True, False], ids=["decimal-strings", "numbers"])
def test_packed_mastery_list_maps_like_the_object_form(as_text):
    raw = _sample()
    effects = raw["character"]["passives"]["mastery_effects"]
    assert isinstance(effects, dict) and len(effects) == 7
    want = map_character(raw).passives.mastery_effects
    assert want == {n: e for n, e in effects.items()}
    old = copy.deepcopy(raw)
    old["character"]["passives"]["mastery_effects"] = _packed(effects, as_text)
    assert all(int(v) > 0xFFFF for v in old["character"]["passives"]["mastery_effects"])
    assert map_character(old).passives.mastery_effects == want


def test_an_empty_or_broken_mastery_list_maps_to_no_choices():
    raw = _sample()
    effects = raw["character"]["passives"]["mastery_effects"]
    for junk in ([], None, "x", 5):
        raw["character"]["passives"]["mastery_effects"] = junk
        assert map_character(raw).passives.mastery_effects == {}
    # Bad entries are skipped; the good ones still come through.
    node, effect = next(iter(effects.items()))
    raw["character"]["passives"]["mastery_effects"] = ["", "-3", "1e9", "²", True, None, {"a": 1}, str(effect << 16 | int(node))]
    assert map_character(raw).passives.mastery_effects == {node: effect}


@pytest.mark.parametrize(
    ("league", "flag", "ruthless"),
    [
        ("Ruthless", None, True),
        ("SSF Ruthless", None, True),
        ("Hardcore Ruthless Settlers", None, True),
        ("Mirage", None, False),
        ("Standard", True, True),
        ("Hardcore", False, False),
        ("ruthless boys (PL1234)", None, False),  # Path of Building's match is case-sensitive too
    ],
)
def test_ruthless_from_the_flag_or_the_league_name(league, flag, ruthless):
    raw = _sample()
    c = raw["character"]
    assert c["league"] == "Mirage" and "ruthless" not in c
    c["league"] = league
    if flag is not None:
        c["ruthless"] = flag
    mapped = map_character(raw)
    assert mapped.ruthless is ruthless
    assert mapped.league == league


def _jewel(raw: dict, name: str) -> dict:
    return next(j for j in raw["character"]["jewels"] if j["name"] == name)


def test_jewel_data_sent_as_a_list_is_read_by_socket_index():
    """A PHP encoder sends an object keyed exactly 0..n-1 as a list ("0" is a real socket key, e.g. a
    Strength jewel in timeless-historian's turdtwisterx answer). The sample's small cluster (socket 25,
    allocated orbit slots 0 and 2) and Sol Shard (socket 1) moved to sockets 0 and 1."""
    raw = _sample()
    data = raw["character"]["passives"]["jewel_data"]
    small, sol = _jewel(raw, "Fulgent Bliss"), _jewel(raw, "Sol Shard")
    assert (small["x"], sol["x"]) == (25, 1) and "subgraph" in data["25"] and "subgraph" not in data["1"]
    before = map_character(raw).passives
    want_orbits = next(j for j in before.expansion_jewels if j.socket_node_index == 25).allocated_orbit_indices
    assert want_orbits == [0, 2]
    small["x"], sol["x"] = 0, 1
    raw["character"]["jewels"] = [small, sol]
    raw["character"]["passives"]["jewel_data"] = [data["25"], data["1"]]
    p = map_character(raw).passives
    assert [(j.socket_node_index, j.equipment.name, j.allocated_orbit_indices) for j in p.expansion_jewels] == [
        (0, "Fulgent Bliss", [0, 2])
    ]
    assert [(j.socket_node_index, j.equipment.name) for j in p.jewels] == [(1, "Sol Shard")]


def _set(d: dict, path: tuple, value) -> None:
    for k in path[:-1]:
        d = d[k]
    d[path[-1]] = value


@pytest.mark.parametrize(
    ("path", "junk"),
    [
        (("passives",), [1, 2]),
        (("passives", "hashes"), True),
        (("passives", "hashes_ex"), 5),
        (("passives", "jewel_data"), "x"),
        (("equipment",), True),
        (("equipment", 0, "inventoryId"), []),
        (("equipment", 0, "enchantMods"), True),
        (("equipment", 0, "properties"), True),
        (("equipment", 0, "requirements"), 1),
        (("equipment", 0, "influences"), ["shaper"]),
        (("equipment", -1, "sockets"), "RGB"),
        (("equipment", -1, "sockets", 0), None),
        (("equipment", -1, "socketedItems"), 3),
    ],
)
def test_an_unforeseen_field_shape_reads_as_empty_and_the_rest_still_maps(path, junk):
    """Each of these raised (TypeError/AttributeError: a 500 from the character call) before."""
    raw = _sample()
    before = map_character(raw)
    _set(raw["character"], path, junk)
    after = map_character(raw)
    assert after.name == before.name and after.level == before.level
    if path[0] == "equipment" and len(path) > 1:
        # Only the one item (or its gems) is affected; every other item maps as before.
        assert [e for e in after.equipment if e.slot_type != "Weapon" and e.slot_type != before.equipment[0].slot_type] == [
            e for e in before.equipment if e.slot_type != "Weapon" and e.slot_type != before.equipment[0].slot_type
        ]
        assert after.passives == before.passives
    if path[0] == "passives" and len(path) > 1:
        assert after.equipment == before.equipment and after.skills == before.skills


MARKUP = "<<set:MS>><<set:M>><<set:S>>"


def test_older_answers_font_markup_is_dropped_from_item_and_gem_names():
    """Older answers prefix names with the in-game font markup ("<<set:MS>><<set:M>><<set:S>>Empyrean
    Creed" in a Harbinger-era get-passive-skills answer; stash answers the same). With it, a unique
    never matched the build's unique by name, nor a named jewel (Thread of Hope, Watcher's Eye)."""
    raw = _sample()
    before = map_character(raw)
    c = raw["character"]
    marked = 0
    for item in [*c["equipment"], *c["jewels"]]:
        if item.get("name"):
            item["name"] = MARKUP + item["name"]
            marked += 1
        for gem in item.get("socketedItems") or []:
            gem["typeLine"] = MARKUP + gem["typeLine"]
    weapon = next(i for i in c["equipment"] if i["inventoryId"] == "Weapon")
    weapon["typeLine"] = MARKUP + weapon["typeLine"]
    weapon.pop("baseType", None)
    assert marked >= 20
    after = map_character(raw)
    assert after.equipment == before.equipment
    assert after.equipment_jewels == before.equipment_jewels
    assert after.skills == before.skills and after.passives == before.passives
    assert "Thread of Hope" in {j.equipment.name for j in after.passives.jewels}


def _planner_gem_keys() -> set[str]:
    """Gem names as the planner names them (PoB's gem table), keyed as the tracker compares gems."""
    import gzip

    from server.paths import PLANNER_GEMS

    gems = json.loads(gzip.open(PLANNER_GEMS).read())
    return {g["name"].strip().lower().removesuffix(" support") for g in gems.values() if g.get("name")}


def test_a_gem_is_named_by_its_item_base_so_dual_gems_match_the_planner():
    """The sample's Sacred Wisps Support is a dual gem: its typeLine is the skill it grants ("Summon Sacred
    Wisps"), its baseType the gem ("Sacred Wisps Support"; the planner's "Sacred Wisps"). Named by the
    typeLine, the tracker listed it as an extra gem and the build's Sacred Wisps as missing."""
    raw = _sample()
    gems = [g for i in raw["character"]["equipment"] for g in i.get("socketedItems") or [] if g.get("frameType") == 4]
    wisps = next(g for g in gems if g["typeLine"] == "Summon Sacred Wisps")
    assert wisps["baseType"] == "Sacred Wisps Support" and wisps["support"] is True
    names = [s.identifying_name for s in map_character(raw).skills]
    assert "Sacred Wisps Support" in names and "Summon Sacred Wisps" not in names
    known = _planner_gem_keys()
    assert [n for n in names if n.strip().lower().removesuffix(" support") not in known] == []
    # Older answers have no baseType: the typeLine names the gem.
    for g in gems:
        g.pop("baseType", None)
    older = [s.identifying_name for s in map_character(raw).skills]
    assert older == [g["typeLine"] for i in raw["character"]["equipment"] for g in i.get("socketedItems") or [] if g.get("frameType") == 4]


def test_3_29_flagged_explicit_mods_go_to_crafted_and_fractured_as_before():
    """The 3.29 item API sends crafted and fractured modifiers among explicitMods as objects with flags
    (Path of Building's TestImport_spec); older answers sent craftedMods / fracturedMods. The sample's
    fractured rares re-encoded the 3.29 way (without the item-level `fractured` too) map as before."""
    raw = _sample()
    before = map_character(raw)
    converted = 0
    for item in raw["character"]["equipment"]:
        if not (item.get("craftedMods") or item.get("fracturedMods")):
            continue
        item["explicitMods"] = (
            [{"description": m, "flags": {"fractured": True}} for m in item.pop("fracturedMods", [])]
            + [{"description": m, "flags": {}} for m in item["explicitMods"]]
            + [{"description": m, "flags": {"crafted": True}} for m in item.pop("craftedMods", [])]
        )
        item.pop("fractured", None)
        converted += 1
    assert converted == 5
    after = map_character(raw)
    assert after.equipment == before.equipment
    body = next(e for e in after.equipment if e.slot_type == "BodyArmour")
    assert body.crafted_mods and body.fractured_mods
    assert not any(m.startswith("{") for e in after.equipment for m in e.explicit_mods)
    # Where an influence slot is free, the fracture is read from the flags alone (no item-level flag left).
    assert "Fracture" in {e.influence1 for e in after.equipment} | {e.influence2 for e in after.equipment}


def test_an_official_modifier_string_becomes_the_planners_lines():
    """A newline inside one official modifier string either parts several modifiers or wraps one (a part in
    lower case). Each comes out as the planner writes it: one modifier a line. From the real sample: Thread
    of Hope's second string holds two modifiers and its "Passage" label; The Red Nightmare's wraps one.
    Impossible Escape's stat text wraps the same way ("...can be Allocated\\nwithout being connected to your
    tree", the game's stat_2422708892); the tree reads its keystone from the one-line form."""
    raw = _sample()
    mods = {j.equipment.name: j.equipment.explicit_mods for j in map_character(raw).passives.jewels}
    assert mods["Thread of Hope"] == [
        "Only affects Passives in Very Large Ring",
        "Passive Skills in Radius can be Allocated without being connected to your tree",
        "-17% to all Elemental Resistances",
        "Passage",
    ]
    assert (
        "Passives granting Fire Resistance or all Elemental Resistances in Radius also grant Chance to Block "
        "Attack Damage at 50% of its value"
    ) in mods["The Red Nightmare"]
    instinct = _jewel(raw, "Unnatural Instinct")
    instinct.update(name="Impossible Escape", explicitMods=["Passives in Radius of Point Blank can be Allocated\nwithout being connected to your tree"])
    escape = next(j for j in map_character(raw).passives.jewels if j.equipment.name == "Impossible Escape")
    assert escape.equipment.explicit_mods == ["Passives in Radius of Point Blank can be Allocated without being connected to your tree"]


@pytest.mark.parametrize("prefix", ["Anomalous", "Divergent", "Phantasmal"])
def test_an_alternate_quality_gem_is_named_as_the_gem(prefix):
    """3.12-3.22 answers named alternate-quality gems "Anomalous Greater Fork Support" (Path of Building's
    importer strips the word: GetBaseNameAndQuality); the planner names the gem "Greater Fork"."""
    raw = _sample()
    gems = [g for i in raw["character"]["equipment"] for g in i.get("socketedItems") or [] if g.get("frameType") == 4]
    # Older answers have no baseType: each gem is named by its typeLine (see above).
    want = [g["typeLine"] for g in gems]
    for gem in gems:
        gem["typeLine"] = f"{prefix} {gem['typeLine']}"
        gem.pop("baseType", None)
    after = [s.identifying_name for s in map_character(raw).skills]
    assert after == want and "Greater Fork Support" in after
