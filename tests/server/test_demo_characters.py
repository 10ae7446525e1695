"""Demo characters are real: the official sample, and one real planner build per base class.

The round trip (planner build -> official character JSON -> map_character) is checked against the
PWA's own planner decoder (workers/planner, run under Node) and its own cluster ring layout
(pwa/src/features/tracker/characterClusters.ts), not against the converter's reading.
"""

from __future__ import annotations

import gzip
import json
import logging
import subprocess
from collections import Counter
from pathlib import Path

import msgspec
import pytest

from e2e.harness import REPO
from server.ggg import demo
from server.ggg.from_planner import official_character
from server.ggg.mapping import map_character
from server.paths import CORPUS_DIR, POB_CORPUS, TREES_DIR
from server.planner import extract_planner
from server.planner.decode import parse_planner_xml, planner_xml_bytes
from server.settings import Settings
from tests.planner.ts_cli import TSX, ts_batch
from tests.server.conftest import session_headers

DIST = Settings().game_data_dist
CORPUS = str(CORPUS_DIR)
PICKS = {p.name: p for p in demo.PICKS}
BASE_CLASSES = {"Marauder", "Ranger", "Witch", "Duelist", "Templar", "Shadow", "Scion"}


def manifest_file(name: str) -> str:
    files = json.loads((Path(DIST) / "manifest.json").read_text())["files"]
    return str(Path(DIST) / files[name])


def convert(pick: demo.DemoPick, level: int | None = None):
    root = parse_planner_xml(planner_xml_bytes((POB_CORPUS / pick.path).read_text()))
    raw = official_character(root, extract_planner(root), DIST, char_id="t", name=pick.name, tree_id=pick.tree,
                             item_set_id=pick.item_set, skill_set_id=pick.skill_set, level=level)
    return raw, map_character(raw)


@pytest.fixture(scope="module")
def planner_builds() -> dict[str, dict]:
    """The PWA decoder's reading of every picked build."""
    rows = ts_batch([POB_CORPUS / p.path for p in demo.PICKS])
    return {name: rows[str(POB_CORPUS / p.path)]["build"] for name, p in PICKS.items()}


def step(build: dict, pick: demo.DemoPick):
    def pick_set(sets: list[dict], wanted: str | None, active: str) -> dict | None:
        return next((s for s in sets if s["id"] == (wanted or active)), None)

    return (pick_set(build["trees"], pick.tree, build["activeTreeId"]),
            pick_set(build["itemSets"], pick.item_set, build["activeItemSetId"]),
            pick_set(build["skillSets"], pick.skill_set, build["activeSkillSetId"]))


def gem_key(name: str) -> str:
    return name.strip().lower().removesuffix(" support")


@pytest.mark.parametrize("name", list(PICKS))
def test_round_trip_keeps_passives_masteries_jewels_items_and_gems(name, planner_builds):
    build, pick = planner_builds[name], PICKS[name]
    tree, item_set, skill_set = step(build, pick)
    raw, c = convert(pick)
    assert tree is not None and (item_set is not None or not build["itemSets"])
    assert sorted(c.passives.hashes) == sorted(n for n in tree["nodes"] if n < 0x10000)
    want_mastery = {k: v for k, v in tree["masteryEffects"].items() if int(k) in tree["nodes"]}
    assert c.passives.mastery_effects == want_mastery
    # Jewels: every allocated socket's item, at the official slot index of that socket.
    slots = json.loads(Path(manifest_file(f"tree/{c.version.rsplit('.', 1)[0]}")).read_text())["jewelSlots"]
    want_jewels = {slots.index(int(s)): build["items"][i]["baseType"]
                   for s, i in tree["jewels"].items() if int(s) in tree["nodes"] and i in build["items"]}
    got = {j.socket_node_index: j.equipment.base_type for j in c.passives.jewels + c.passives.expansion_jewels}
    assert got == want_jewels
    # Gear: every item of the step's set in a slot the official API has, field by field.
    wanted = {s: build["items"][i] for s, i in (item_set or {"slots": {}})["slots"].items()
              if i in build["items"] and (s.startswith("Flask ") or s in SLOTS)}
    by_slot = {e.slot_type: e for e in c.equipment}
    assert len(c.equipment) == len(wanted)
    for slot, item in wanted.items():
        e = by_slot[SLOTS.get(slot) or slot.replace(" ", "")]
        assert (e.rarity, e.base_type, e.properties.quality, e.is_corrupted) == (
            item["rarity"], item["baseType"], item["quality"], item["corrupted"]), slot
        if item["rarity"] in ("Rare", "Unique", "Relic"):
            assert e.name == item["name"]
        for field, mine in (("enchantMods", e.enchant_mods), ("implicitMods", e.implicit_mods),
                            ("explicitMods", e.explicit_mods), ("craftedMods", e.crafted_mods),
                            ("fracturedMods", e.fractured_mods)):
            assert mine == [m["text"] for m in item[field]], (slot, field)
        # map_item counts an item with fractured mods as fractured, as the official answer implies.
        influences = list(dict.fromkeys(item["influences"] + ["Fracture"] * bool(item["fracturedMods"])))
        assert {e.influence1, e.influence2} - {""} == set(influences[:2])
    # Gems: each enabled gem of each enabled group, with its level and quality, once.
    want_gems = Counter((gem_key(g["name"]), g["level"], g["quality"]) for grp in (skill_set or {"groups": []})["groups"]
                        if grp["enabled"] for g in grp["gems"] if g["enabled"] and g["name"])
    have_gems = Counter((gem_key(s.identifying_name), s.level, s.quality) for s in c.skills)
    assert have_gems == (want_gems if c.equipment else Counter())


SLOTS = {"Weapon 1": "Weapon", "Weapon 2": "Offhand", "Weapon 1 Swap": "Weapon2", "Weapon 2 Swap": "Offhand2",
         "Helmet": "Helm", "Body Armour": "BodyArmour", "Gloves": "Gloves", "Boots": "Boots", "Belt": "Belt",
         "Amulet": "Amulet", "Ring 1": "Ring", "Ring 2": "Ring2"}


def test_cluster_ring_passives_land_on_the_pwas_own_rings(tmp_path):
    """Each allocated cluster passive of the planner tree is found by the PWA's ring layout of the
    converted character: same node ids, none left over."""
    want, characters = {}, {}
    for name, pick in PICKS.items():
        raw, c = convert(pick)
        ex = raw["character"]["passives"]["hashes_ex"]
        if not ex:
            continue
        want[name] = sorted(n + 0x10000 for n in ex)
        characters[name] = {"character": json.loads(msgspec.json.encode(c)),
                            "treeFile": manifest_file(f"tree/{c.version.rsplit('.', 1)[0]}")}
    assert {"DemoPathfinder", "DemoGuardian", "DemoReliquarian"} <= set(want)  # nested, several, one
    job = tmp_path / "rings.json"
    job.write_text(json.dumps({"clustersFile": manifest_file("clusters"), "characters": characters}))
    out = subprocess.run([str(TSX), "tests/server/character_rings.ts", str(job)], cwd=REPO, capture_output=True,
                         text=True, timeout=300, check=True)
    got = json.loads(out.stdout)
    assert {k: v["allocated"] for k, v in got.items()} == want
    assert all(v["unmatched"] == 0 for v in got.values())
    # Every allocated ring passive of a socketed jewel is in hashes_ex (the Voices build nests three deep).
    root = parse_planner_xml(planner_xml_bytes((POB_CORPUS / PICKS["DemoPathfinder"].path).read_text()))
    tree = extract_planner(root).trees[0]
    assert want["DemoPathfinder"] == sorted(n for n in tree.nodes if n >= 0x10000)


def class_tree(version: str) -> dict:
    """The planner's tree export for a version (../shared/game-data/trees), not the converter's bundle."""
    return json.loads(gzip.decompress((TREES_DIR / f"{version.replace('.', '_')}.json.gz").read_bytes()))


def start_class(hashes: list[int], tree: dict) -> tuple[str, float]:
    """The base class whose start node the allocated passives connect from, and the share they reach."""
    nodes = {int(k): v for k, v in tree["nodes"].items() if k != "root"}
    # Ascendancy passives and the sockets that hang on cluster rings are not on the path from the start.
    mine = {h for h in hashes if h in nodes and not nodes[h].get("ascendancyName")
            and (nodes[h].get("expansionJewel") or {}).get("parent") is None}
    links: dict[int, set[int]] = {}
    for nid, n in nodes.items():
        for other in [*(n.get("out") or []), *(n.get("in") or [])]:
            links.setdefault(nid, set()).add(int(other))
            links.setdefault(int(other), set()).add(nid)
    best = ("", 0.0)
    for nid, n in nodes.items():
        for index in n.get("classStartIndex", None) is not None and [n["classStartIndex"]] or []:
            seen, todo = set(), [m for m in links.get(nid, ()) if m in mine]
            while todo:
                m = todo.pop()
                if m not in seen:
                    seen.add(m)
                    todo.extend(x for x in links.get(m, ()) if x in mine and x not in seen)
            share = len(seen) / max(1, len(mine))
            if share > best[1]:
                classes = tree["classes"]
                best = (classes[index]["name"], share)
    return best


async def test_each_demo_character_claims_the_class_its_tree_starts_from(client):
    u = await session_headers(client, "Classes")
    chars = (await client.get("/api/Character/character/pc", headers=u)).json()["data"]
    assert [c["name"] for c in chars] == ["DemoHierophant", *PICKS]
    ascendancies = {}
    for c in chars:
        d = (await client.get(f"/api/Character/character/pc/{c['name']}", headers=u)).json()["data"]
        version = ".".join(d["version"].split(".")[:2])
        tree = class_tree(version)
        base, share = start_class(d["passives"]["hashes"], tree)
        asc_of = {a["name"]: cls["name"] for cls in tree["classes"] for a in cls.get("ascendancies", [])}
        assert asc_of.get(d["class"], d["class"]) == base, (c["name"], d["class"], base)
        # A few notables are reached through jewels (Thread of Hope, Impossible Escape), not the path.
        assert share > 0.9, (c["name"], share)
        ascendancies[c["name"]] = base
        assert c["id"] == demo.demo_id(c["name"]) and c["realm"] == "pc"
        if c["name"] != "DemoHierophant":
            assert c["league"] == "Standard" and d["version"] == f"{version}.0"
    # One character per base class besides the sample.
    assert set(ascendancies.values()) == BASE_CLASSES


async def test_two_demo_characters_are_mid_campaign_with_passives_still_to_take(client, planner_builds):
    u = await session_headers(client, "Campaign")
    mid = []
    for name, pick in PICKS.items():
        d = (await client.get(f"/api/Character/character/pc/{name}", headers=u)).json()["data"]
        if 20 <= d["level"] <= 45:
            final = next(t for t in planner_builds[name]["trees"] if t["id"] == planner_builds[name]["activeTreeId"])
            missing = set(final["nodes"]) - set(d["passives"]["hashes"])
            assert len(missing) > 40, name  # the build's final tree is far ahead
            assert pick.tree and pick.level == d["level"]
            mid.append(name)
    assert len(mid) >= 2


def test_a_mid_campaign_characters_gems_are_capped_at_its_level():
    _, full = convert(PICKS["DemoOccultist"])
    _, capped = convert(PICKS["DemoOccultist"], level=36)
    assert [s.identifying_name for s in capped.skills] == [s.identifying_name for s in full.skills]
    assert all(a.level <= b.level for a, b in zip(capped.skills, full.skills, strict=True))
    assert any(a.level < b.level for a, b in zip(capped.skills, full.skills, strict=True))


def test_tattoos_of_the_planner_export_become_skill_overrides():
    raw, c = convert(PICKS["DemoSaboteur"])
    root = parse_planner_xml(planner_xml_bytes((POB_CORPUS / PICKS["DemoSaboteur"].path).read_text()))
    overrides = root.findall("Tree/Spec/Overrides/Override")
    assert set(c.passives.skill_overrides) == {o.get("nodeId") for o in overrides} and overrides
    first = overrides[0]
    got = c.passives.skill_overrides[first.get("nodeId")]
    assert (got.name, got.icon, got.is_tattoo) == (first.get("dn"), first.get("icon"), True)
    assert got.stats == [s.strip() for s in first.text.split("\n") if s.strip()]


def test_a_build_that_fails_is_skipped_with_a_warning(tmp_path, caplog):
    with caplog.at_level(logging.WARNING, logger="waypoint"):
        chars = demo.demo_list(str(tmp_path), DIST, "pc")
    assert [c.name for c in chars] == ["DemoHierophant"]
    assert sum("demo characters: skipping" in r.message for r in caplog.records) == len(demo.PICKS)


def test_a_small_jewel_in_a_medium_socket_is_turned_by_that_sockets_own_proxy():
    """Official answers place a small cluster jewel socketed in a medium socket (a Voices socket) on the
    medium socket's proxy group, its slots turned by that proxy's size-0 offset; the planner's walk on to
    the small socket's proxy gave slots one off. Planner ids map to the official slots the same way."""
    from server.ggg.cluster_slots import CLUSTER_ID_BASE, cluster_slots
    from server.ggg.tree_data import load_clusters, load_tree

    tree, clusters = load_tree(DIST, "3.28"), load_clusters(DIST)
    large = tree.jewel_slots[20]
    medium = next(s for s in tree.sockets.values() if s.parent == large and s.index == 1)
    small = next(s for s in tree.sockets.values() if s.parent == medium.node)
    own = clusters["orbitOffsets"][str(medium.proxy)]["0"]
    assert own != clusters["orbitOffsets"][str(small.proxy)]["0"]
    slots = cluster_slots(tree, clusters, {large: "Large Cluster Jewel", medium.node: "Small Cluster Jewel"})
    # Slot 0 of the small ring: the large socket's and the medium socket's indexes in its id.
    first = CLUSTER_ID_BASE + (tree.sockets[large].index << 6) + (medium.index << 9)
    assert slots[first] == (medium.node, own)


def test_a_legacy_spec_under_the_root_converts_as_the_same_tree_under_tree():
    """The planner's first versions wrote the build's one tree as a <Spec> under the root; it converts
    to the same character as that spec under <Tree> (passives, jewels in its sockets, gear)."""
    from tests.planner.test_corpus_cross import legacy_root_spec_variants
    wrapped = (POB_CORPUS / "ppoelzl__PathOfBuildingAPI" / "import_code.xml").read_text(encoding="utf-8")
    characters = []
    for xml in (wrapped, legacy_root_spec_variants()["root_spec"]):
        root = parse_planner_xml(planner_xml_bytes(xml.replace("<Spec>", '<Spec treeVersion="3_10">', 1)))
        characters.append(official_character(root, extract_planner(root), DIST, char_id="t", name="n")["character"])
    assert characters[0] == characters[1]
    assert (len(characters[1]["passives"]["hashes"]), len(characters[1]["jewels"])) == (131, 5)
