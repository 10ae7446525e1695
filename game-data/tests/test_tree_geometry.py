"""Geometry of the 3.25 tree bundle: orbit math, bounds, edges, arcs, ascendancy placement."""

from __future__ import annotations

import math

import pytest
from orbit import ANGLES_16, ANGLES_40, node_angle, orbit_angles_deg, orbit_position
from tree_bundle import ASCENDANCY_OFFSET

S2 = math.sqrt(2) / 2
S3 = math.sqrt(3) / 2


def _node(bundle: dict, node_id: int) -> tuple[float, float]:
    i = bundle["nodes"]["id"].index(node_id)
    return bundle["nodes"]["x"][i], bundle["nodes"]["y"][i]


def test_orbit_angle_tables():
    assert orbit_angles_deg(16) == (0, 30, 45, 60, 90, 120, 135, 150, 180, 210, 225, 240, 270, 300, 315, 330)
    forty = orbit_angles_deg(40)
    assert len(forty) == 40 and list(forty) == sorted(forty)
    assert forty[:8] == (0, 10, 20, 30, 40, 45, 50, 60)
    assert {45, 135, 225, 315} <= set(forty) and 355 not in forty
    assert orbit_angles_deg(6) == (0, 60, 120, 180, 240, 300)
    assert orbit_angles_deg(72)[9] == 45 and orbit_angles_deg(72)[1] == 5
    assert ANGLES_16[11] == 240 and ANGLES_40[20] == 180


def test_orbit_position_convention():
    # Angle 0 is straight up (smaller y), 90 degrees is to the right.
    assert orbit_position(10, 20, 100, 0) == pytest.approx((10, -80))
    assert orbit_position(10, 20, 100, math.pi / 2) == pytest.approx((110, 20))
    assert orbit_position(10, 20, 100, math.pi) == pytest.approx((10, 120))
    assert node_angle([1, 6, 16, 16, 40, 72, 72], 4, 7) == pytest.approx(math.radians(60))


# (node id, orbit, slot, group centre, radius, hand-computed position) from the official 3.25 export.
HAND = [
    # orbit 0: the group centre itself (a mastery)
    (10141, 0, 0, (4625.56, 298.865), 0, (4625.56, 298.865)),
    # orbit 1, 6 slots evenly: slot 1 = 60 degrees
    (23334, 1, 1, (8038.44, 47.815), 82, (8038.44 + 82 * S3, 47.815 - 82 * 0.5)),
    # orbit 2, 16 slots (fixed angles): slot 2 = 45 degrees, slot 4 = 90 degrees
    (11456, 2, 2, (2130.4, 7766.35), 162, (2130.4 + 162 * S2, 7766.35 - 162 * S2)),
    (10031, 2, 4, (-6820.83, -1575.6), 162, (-6820.83 + 162, -1575.6)),
    # orbit 3, 16 slots: slot 11 = 240 degrees (even spacing would say 247.5)
    (10016, 3, 11, (-2783.94, 8089.25), 335, (-2783.94 - 335 * S3, 8089.25 + 335 * 0.5)),
    # orbit 4, 40 slots: slot 3 = 30, slot 7 = 60 (45 sits in between), slot 10 = 90, slot 20 = 180 degrees
    (4502, 4, 3, (5288.6, -4327.57), 493, (5288.6 + 493 * 0.5, -4327.57 - 493 * S3)),
    (10829, 4, 7, (597.435, 2105.26), 493, (597.435 + 493 * S3, 2105.26 - 493 * 0.5)),
    (54142, 4, 10, (3806.14, 2611.82), 493, (3806.14 + 493, 2611.82)),
    (45838, 4, 20, (3627.66, -1604.45), 493, (3627.66, -1604.45 + 493)),
    # orbit 5, 72 slots evenly (5 degrees): slot 7 = 35 degrees
    (
        21075,
        5,
        7,
        (-4.055, -4501.31),
        662,
        (-4.055 + 662 * math.sin(math.radians(35)), -4501.31 - 662 * math.cos(math.radians(35))),
    ),
    # orbit 6, 72 slots: slot 9 = 45, slot 18 = 90 degrees
    (41635, 6, 9, (2529.89, -5616.94), 846, (2529.89 + 846 * S2, -5616.94 - 846 * S2)),
    (27929, 6, 18, (-4.055, -4501.31), 846, (-4.055 + 846, -4501.31)),
]


@pytest.mark.parametrize("node_id,orbit,slot,centre,radius,expected", HAND, ids=[str(h[0]) for h in HAND])
def test_positions_match_hand_computed_values(
    tree_bundle, tree_export, node_id, orbit, slot, centre, radius, expected
):
    raw = tree_export["nodes"][str(node_id)]
    group = tree_export["groups"][str(raw["group"])]
    # The case's inputs really are the export's, so the expectation is about this node.
    assert (raw["orbit"], raw["orbitIndex"]) == (orbit, slot)
    assert (group["x"], group["y"]) == centre
    assert tree_export["constants"]["orbitRadii"][orbit] == radius
    x, y = _node(tree_bundle, node_id)
    assert x == pytest.approx(expected[0], abs=0.006)
    assert y == pytest.approx(expected[1], abs=0.006)


def test_every_placed_node_is_in_the_bundle(tree_bundle, tree_export):
    placed = {int(k) for k, n in tree_export["nodes"].items() if k != "root" and "group" in n}
    assert set(tree_bundle["nodes"]["id"]) == placed
    assert len(placed) == 2572
    assert tree_bundle["nodes"]["id"] == sorted(placed)


def test_every_node_has_a_finite_position_inside_the_bounds(tree_bundle):
    min_x, min_y, max_x, max_y = tree_bundle["bounds"]
    assert min_x < max_x and min_y < max_y
    xs, ys = tree_bundle["nodes"]["x"], tree_bundle["nodes"]["y"]
    for x, y in zip(xs, ys, strict=True):
        assert math.isfinite(x) and math.isfinite(y)
        assert min_x <= x <= max_x and min_y <= y <= max_y
    # The bounds are tight: the padding is one node radius, not a guess.
    assert min(xs) - min_x <= 101 and max_x - max(xs) <= 101
    assert min(ys) - min_y <= 101 and max_y - max(ys) <= 101


def test_edge_count_is_stable_and_unique(tree_bundle):
    e = tree_bundle["edges"]
    pairs = list(zip(e["a"], e["b"], strict=True))
    assert len(pairs) == 2577
    assert len(set(pairs)) == len(pairs)
    assert len({frozenset(p) for p in pairs}) == len(pairs)  # no reversed duplicates either
    assert all(a != b for a, b in pairs)
    ids = tree_bundle["nodes"]["id"]
    assert all(ids[a] < ids[b] for a, b in pairs)
    assert sum(1 for r in e["r"] if r > 0) == 1421


def test_no_mastery_edges_and_no_edges_out_of_an_ascendancy(tree_bundle):
    bits = tree_bundle["flagBits"]
    flags = tree_bundle["nodes"]["flags"]
    for a, b in zip(tree_bundle["edges"]["a"], tree_bundle["edges"]["b"], strict=True):
        assert not flags[a] & bits["mastery"] and not flags[b] & bits["mastery"]
        ends = flags[a] | flags[b]
        assert not (ends & bits["classStart"] and ends & bits["ascendancyStart"])
        # Nothing crosses from one ascendancy (or the main tree) into another.
        assert tree_bundle["nodes"]["ascendancy"][a] == tree_bundle["nodes"]["ascendancy"][b]


def test_edges_are_exactly_the_exports_links(tree_bundle, tree_export):
    """Recomputed independently from the export's in/out lists."""
    nodes = tree_export["nodes"]
    expected = set()
    for k, n in nodes.items():
        if k == "root" or "group" not in n:
            continue
        for o in n.get("out", []) + n.get("in", []):
            m = nodes.get(o)
            if o == "root" or m is None or "group" not in m or o == k:
                continue
            if n.get("isMastery") or m.get("isMastery"):
                continue
            if ("classStartIndex" in n and m.get("isAscendancyStart")) or (
                "classStartIndex" in m and n.get("isAscendancyStart")
            ):
                continue
            if n.get("ascendancyName") != m.get("ascendancyName"):
                continue  # Ascendant "Path of the ..." links into the main tree
            expected.add(frozenset((int(k), int(o))))
    ids = tree_bundle["nodes"]["id"]
    got = {
        frozenset((ids[a], ids[b]))
        for a, b in zip(tree_bundle["edges"]["a"], tree_bundle["edges"]["b"], strict=True)
    }
    assert got == expected


def test_arcs_join_their_two_nodes_the_short_way(tree_bundle):
    n, e = tree_bundle["nodes"], tree_bundle["edges"]
    arcs = 0
    for k in range(len(e["a"])):
        a, b = e["a"][k], e["b"][k]
        same_orbit = n["group"][a] == n["group"][b] and n["orbit"][a] == n["orbit"][b] and n["orbit"][a] > 0
        if e["r"][k] == 0:
            assert not same_orbit
            continue
        arcs += 1
        assert same_orbit
        r, cx, cy, start, end = e["r"][k], e["cx"][k], e["cy"][k], e["start"][k], e["end"][k]
        assert r == tree_bundle["constants"]["orbitRadii"][n["orbit"][a]]
        assert 0 < end - start <= math.pi + 1e-4
        p_start = (cx + r * math.sin(start), cy - r * math.cos(start))
        p_end = (cx + r * math.sin(end), cy - r * math.cos(end))
        pa, pb = (n["x"][a], n["y"][a]), (n["x"][b], n["y"][b])
        ok = (math.dist(p_start, pa) < 0.1 and math.dist(p_end, pb) < 0.1) or (
            math.dist(p_start, pb) < 0.1 and math.dist(p_end, pa) < 0.1
        )
        assert ok, (n["id"][a], n["id"][b])
    assert arcs > 1000


def _raw_positions(tree_export: dict) -> dict[int, tuple[float, float]]:
    const = tree_export["constants"]
    out = {}
    for k, n in tree_export["nodes"].items():
        if k == "root" or "group" not in n:
            continue
        g = tree_export["groups"][str(n["group"])]
        angle = node_angle(const["skillsPerOrbit"], n["orbit"], n["orbitIndex"])
        out[int(k)] = orbit_position(g["x"], g["y"], const["orbitRadii"][n["orbit"]], angle)
    return out


def test_main_tree_is_not_moved_and_ascendancies_move_rigidly(tree_bundle, tree_export):
    raw = _raw_positions(tree_export)
    n = tree_bundle["nodes"]
    members: dict[int, list[int]] = {}
    for i, nid in enumerate(n["id"]):
        if n["ascendancy"][i] < 0:
            assert (n["x"][i], n["y"][i]) == pytest.approx(raw[nid], abs=0.006)
        else:
            members.setdefault(n["ascendancy"][i], []).append(i)
    assert len(members) == len(tree_bundle["ascendancies"]) == 22
    for asc, idx in members.items():
        # One translation for the whole tree (up to the 0.01 rounding of the output).
        dx = [n["x"][i] - raw[n["id"][i]][0] for i in idx]
        dy = [n["y"][i] - raw[n["id"][i]][1] for i in idx]
        assert max(dx) - min(dx) < 0.02 and max(dy) - min(dy) < 0.02, tree_bundle["ascendancies"][asc]["id"]
        assert math.hypot(dx[0], dy[0]) > 1000  # and it really moved


def test_ascendancies_sit_beside_their_class_start_without_overlapping(tree_bundle, tree_export):
    n = tree_bundle["nodes"]
    bits = tree_bundle["flagBits"]
    classes = tree_bundle["classes"]
    ascs = tree_bundle["ascendancies"]
    alternates = [a for a in ascs if a["alternate"]]
    assert [a["id"] for a in alternates] == [a["id"] for a in tree_export["alternate_ascendancies"]]
    members = {ai: [i for i in range(len(n["id"])) if n["ascendancy"][i] == ai] for ai in range(len(ascs))}
    start_of = {
        ai: next(i for i in nodes if n["flags"][i] & bits["ascendancyStart"]) for ai, nodes in members.items()
    }
    pos = lambda i: (n["x"][i], n["y"][i])  # noqa: E731
    for ci, cls in enumerate(classes):
        assert n["classStart"][cls["startNode"]] == ci
        for ai in cls["ascendancies"]:
            assert ascs[ai]["classIndex"] == ci and not ascs[ai]["alternate"]
            dist = math.dist(pos(start_of[ai]), pos(cls["startNode"]))
            assert dist == pytest.approx(ASCENDANCY_OFFSET, abs=0.02)
    # They fan outward: their mean direction from the class start points away from the centre.
    for cls in classes[1:]:
        cx, cy = pos(cls["startNode"])
        d = math.hypot(cx, cy)
        mx = sum(pos(start_of[ai])[0] - cx for ai in cls["ascendancies"]) / len(cls["ascendancies"])
        my = sum(pos(start_of[ai])[1] - cy for ai in cls["ascendancies"]) / len(cls["ascendancies"])
        assert (mx * cx + my * cy) / (math.hypot(mx, my) * d) > 0.999, cls["name"]
    scion = pos(classes[0]["startNode"])
    # The Scion starts at the centre, so the Ascendant goes where the export put it.
    raw_start = tree_export["groups"][str(tree_export["nodes"]["35754"]["group"])]
    got_start = pos(start_of[classes[0]["ascendancies"][0]])
    want = math.atan2(raw_start["y"] - scion[1], raw_start["x"] - scion[0])
    got = math.atan2(got_start[1] - scion[1], got_start[0] - scion[0])
    assert abs(want - got) < 1e-3
    for alt, factor in zip(alternates, (0.8, 0.9, 0.75), strict=True):
        s = start_of[ascs.index(alt)]
        assert math.dist(pos(s), scion) == pytest.approx(ASCENDANCY_OFFSET * factor, abs=0.02)
    # Discs around each start holding all of its nodes never overlap (alternates are a hidden view).
    radius = {
        ai: max(math.dist(pos(i), pos(start_of[ai])) for i in nodes) + 100 for ai, nodes in members.items()
    }
    main = [ai for ai in range(len(ascs)) if not ascs[ai]["alternate"]]
    for i, a in enumerate(main):
        for b in main[i + 1 :]:
            assert math.dist(pos(start_of[a]), pos(start_of[b])) > radius[a] + radius[b], (
                ascs[a]["id"],
                ascs[b]["id"],
            )


def test_node_kinds_and_texts(tree_bundle, tree_export):
    n, s, kinds = tree_bundle["nodes"], tree_bundle["strings"], tree_bundle["kinds"]
    by_kind: dict[str, int] = {}
    for k in n["kind"]:
        by_kind[kinds[k]] = by_kind.get(kinds[k], 0) + 1
    assert by_kind == {
        "normal": 1389,
        "notable": 414,
        "ascendancy": 344,
        "mastery": 275,
        "jewelSocket": 60,
        "keystone": 43,
        "ascendancyStart": 22,
        "blighted": 11,
        "multipleChoice": 7,
        "classStart": 7,
    }
    i = n["id"].index(10016)
    assert s[n["name"][i]] == "Executioner" and kinds[n["kind"][i]] == "notable"
    assert [s[j] for j in n["stats"][i]] == tree_export["nodes"]["10016"]["stats"]
    assert [s[j] for j in n["reminder"][i]] == ["(Recently refers to the past 4 seconds)"]
    keystones = [i for i, k in enumerate(n["kind"]) if kinds[k] == "keystone"]
    assert any(n["flavour"][i] >= 0 for i in keystones)
    for i in keystones:
        raw = tree_export["nodes"][str(n["id"][i])]
        if raw.get("flavourText"):
            assert s[n["flavour"][i]] == "\n".join(raw["flavourText"])
    witch = tree_bundle["classes"][3]
    assert witch["name"] == "Witch" and n["classStart"][witch["startNode"]] == 3


def test_masteries_expansion_jewels_and_granted_attributes(tree_bundle, tree_export):
    n, s = tree_bundle["nodes"], tree_bundle["strings"]
    m = tree_bundle["masteries"]
    assert len(m["node"]) == 275
    for i, effects in zip(m["node"], m["effects"], strict=True):
        raw = tree_export["nodes"][str(n["id"][i])]["masteryEffects"]
        assert [e for e, _ in effects] == [r["effect"] for r in raw]
        assert [[s[j] for j in st] for _, st in effects] == [r["stats"] for r in raw]
    ej = tree_bundle["expansionJewels"]
    assert len(ej["node"]) == 42
    i = ej["node"].index(n["id"].index(10532))
    assert (ej["size"][i], ej["index"][i]) == (1, 0)
    assert n["id"][ej["proxy"][i]] == 37898 and n["id"][ej["parent"][i]] == 2491
    g = tree_bundle["granted"]
    i = g["node"].index(n["id"].index(10153))  # Physique: +30 Strength
    assert (g["str"][i], g["dex"][i], g["int"][i]) == (30, 0, 0)
    assert sum(1 for v in g["points"] if v) == 18


def test_jewel_slots_keep_the_export_order(tree_bundle, tree_export):
    # The official character API places a jewel by its position in this list, so order and length are the export's.
    assert tree_bundle["jewelSlots"] == [int(x) for x in tree_export["jewelSlots"]]
    ids = set(tree_bundle["nodes"]["id"])
    kinds, flags = tree_bundle["kinds"], tree_bundle["nodes"]["flags"]
    placed = [x for x in tree_bundle["jewelSlots"] if x in ids]
    assert len(placed) == len(tree_bundle["jewelSlots"]) > 20
    for x in placed:
        assert flags[tree_bundle["nodes"]["id"].index(x)] & tree_bundle["flagBits"]["jewelSocket"], (x, kinds)
