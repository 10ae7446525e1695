"""Each upgrade step of tree_layouts on its own version's export, then the bundle built from it."""

from __future__ import annotations

import json
import math

import pytest
from conftest import SHARED_TREES, load_export
from tree_bundle import build_tree_bundle
from tree_layouts import layout_of, legacy_to_3_10, upgrade, v3_10_to_current

VERSIONS = sorted(
    p.name.removesuffix(".json.gz") for p in SHARED_TREES.glob("*_*.json.gz") if p.name.count("_") == 1
)


def _key(v: str) -> tuple[int, int]:
    a, b = v.split("_")
    return int(a), int(b)


def _expected_layout(v: str) -> str:
    return "legacy" if _key(v) <= (3, 9) else "3.10" if _key(v) <= (3, 15) else "current"


def _placed(export: dict) -> set[int]:
    """Node ids with a place on the tree, read from the export in its own layout."""
    if layout_of(export) == "legacy":
        return {int(n.get("id", k)) for k, n in export["nodes"].items() if "g" in n}
    return {int(k) for k, n in export["nodes"].items() if k != "root" and "group" in n and "skill" in n}


def _links(export: dict) -> set[tuple[int, int]]:
    out = set()
    for k, n in export["nodes"].items():
        if k == "root":
            continue
        nid = int(n.get("id", k))  # legacy exports key nodes by position, not id
        for field in ("out", "in"):
            v = n.get(field) or []
            for o in v.values() if isinstance(v, dict) else v:
                if str(o) != "root" and int(o) != nid:
                    out.add((min(nid, int(o)), max(nid, int(o))))
    return out


@pytest.mark.parametrize("version", VERSIONS)
def test_every_version_upgrades_and_builds_inside_its_bounds(version):
    export = load_export(version)
    assert layout_of(export) == _expected_layout(version)
    bundle = build_tree_bundle(upgrade(json.loads(json.dumps(export))), version.replace("_", "."))
    n = bundle["nodes"]
    assert set(n["id"]) == _placed(export)
    min_x, min_y, max_x, max_y = bundle["bounds"]
    for x, y in zip(n["x"], n["y"], strict=True):
        assert math.isfinite(x) and math.isfinite(y) and min_x <= x <= max_x and min_y <= y <= max_y
    links = _links(export)
    count = len(n["id"])
    assert len(bundle["edges"]["a"]) > count * 0.9
    for a, b in zip(bundle["edges"]["a"], bundle["edges"]["b"], strict=True):
        assert 0 <= a < count and 0 <= b < count
        assert (min(n["id"][a], n["id"][b]), max(n["id"][a], n["id"][b])) in links
    assert len(bundle["classes"]) == 7
    assert [bundle["nodes"]["classStart"][c["startNode"]] for c in bundle["classes"]] == list(range(7))
    assert all(len(c["ascendancies"]) >= 1 for c in bundle["classes"])


def _pos(bundle: dict, node_id: int) -> tuple[float, float]:
    i = bundle["nodes"]["id"].index(node_id)
    return bundle["nodes"]["x"][i], bundle["nodes"]["y"][i]


def test_legacy_step_on_3_6_renames_fields_and_keeps_positions():
    export = load_export("3_6")
    raw = export["nodes"]["53225"]
    assert raw["dn"] == "Dual Wield Attack Speed" and raw["o"] == 2 and raw["oidx"] == 1
    step = legacy_to_3_10(export)
    node = step["nodes"]["53225"]
    assert (node["name"], node["orbit"], node["orbitIndex"], node["group"]) == (
        "Dual Wield Attack Speed",
        2,
        1,
        241,
    )
    assert node["stats"] == raw["sd"]
    assert step["groups"]["241"]["orbits"] == [0, 2]
    assert step["classes"][1]["name"] == "Marauder" and step["classes"][1]["base_str"] == 32
    assert [a["id"] for a in step["classes"][2]["ascendancies"]] == ["Raider", "Deadeye", "Pathfinder"]
    assert layout_of(step) == "3.10"
    # Orbit 2 has 12 slots in 3.6: slot 1 is 30 degrees, radius 162, around group 241 at (5843.09, -3095.66).
    bundle = build_tree_bundle(upgrade(export), "3.6")
    assert _pos(bundle, 53225) == pytest.approx(
        (5843.09 + 162 * 0.5, -3095.66 - 162 * math.sqrt(3) / 2), abs=0.01
    )


def test_3_10_step_on_3_12_adds_no_alternate_ascendancies_and_keeps_positions():
    export = load_export("3_12")
    step = v3_10_to_current(export)
    assert step["alternate_ascendancies"] == [] and layout_of(step) == "current"
    # Orbit 3 has 12 slots in 3.12: slot 5 is 150 degrees, radius 335, around group 301 at (-940.465, -4242.17).
    bundle = build_tree_bundle(upgrade(export), "3.12")
    assert _pos(bundle, 4184) == pytest.approx(
        (-940.465 + 335 * 0.5, -4242.17 + 335 * math.sqrt(3) / 2), abs=0.01
    )


def test_2_6_without_orbit_constants_gets_the_legacy_ones():
    export = load_export("2_6")
    assert "orbitRadii" not in export["constants"]
    bundle = build_tree_bundle(upgrade(export), "2.6")
    assert bundle["constants"]["orbitRadii"] == [0, 82, 162, 335, 493]
    assert bundle["constants"]["skillsPerOrbit"] == [1, 6, 12, 12, 40]


ALL_EXPORTS = sorted(p.name.removesuffix(".json.gz") for p in SHARED_TREES.glob("*.json.gz"))


@pytest.mark.parametrize("name", ALL_EXPORTS)
def test_every_group_uses_integer_orbits_of_its_orbit_table(name):
    """Upgraded and built, every tree's group orbits are orbit indices (never the legacy `oo` flags).
    Read from `oo`, a group's orbits hold the orbit of each of its nodes (the current exports do not:
    a few 3.25+ groups list no orbits for their orbit 5-6 nodes)."""
    export = load_export(name)
    legacy = layout_of(export) == "legacy"
    upgraded = upgrade(export)
    count = len(upgraded["constants"]["skillsPerOrbit"])
    assert count == len(upgraded["constants"]["orbitRadii"])
    for gid, g in upgraded["groups"].items():
        orbits = g.get("orbits", [])
        assert all(type(o) is int and 0 <= o < count for o in orbits), (gid, orbits)
        for nid in g.get("nodes", []):
            n = upgraded["nodes"].get(str(nid))
            if legacy and n is not None and str(n.get("group")) == gid:
                assert n["orbit"] in orbits, (gid, nid, n["orbit"], orbits)
    version = ".".join(name.split("_")[:2])
    bundle = build_tree_bundle(upgraded, version)
    assert all(type(o) is int and 0 <= o < count for orbits in bundle["groups"]["orbits"] for o in orbits)


def test_legacy_list_form_oo_is_the_lua_sequence_from_orbit_1():
    # `[true]` is the Lua table {[1] = true}: 3.6 group 1 has its nodes on orbit 1; {"0": true, "2": true} is orbits 0 and 2.
    export = load_export("3_6")
    lists = [gid for gid, g in export["groups"].items() if g["oo"] == [True]]
    assert len(lists) == 82
    step = legacy_to_3_10(export)
    for gid in lists:
        assert step["groups"][gid]["orbits"] == [1]
        members = export["groups"][gid]["n"]  # a Lua table from key 0 is an object
        members = members.values() if isinstance(members, dict) else members
        assert {export["nodes"][str(n)]["o"] for n in members} == {1}
    assert export["groups"]["241"]["oo"] == {"0": True, "2": True}
    assert step["groups"]["241"]["orbits"] == [0, 2]
    # 2.6 also flags orbits 5-9, which its five-orbit table lacks.
    old = load_export("2_6")
    assert old["groups"]["2"]["oo"] == {"1": True, "5": True, "6": True, "7": True, "8": True, "9": True}
    assert legacy_to_3_10(old)["groups"]["2"]["orbits"] == [1]
