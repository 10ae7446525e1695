"""Official passive-tree export -> compact, columnar tree bundle (see FORMAT.md).

Positions use the official orbit math (orbit.py). Ascendancy trees are moved
beside their class start; mastery edges and class-start <-> ascendancy-start
edges are left out; edges are undirected and unique.
"""

from __future__ import annotations

import math
from typing import Any

from orbit import node_angle, orbit_position

FORMAT = 1

# Primary kind of a node; `flags` carries every property, `kind` picks one for drawing.
KINDS = (
    "normal",
    "notable",
    "keystone",
    "mastery",
    "jewelSocket",
    "classStart",
    "ascendancyStart",
    "ascendancy",
    "multipleChoice",
    "blighted",
)
FLAG_BITS = {
    "notable": 1,
    "keystone": 2,
    "mastery": 4,
    "jewelSocket": 8,
    "classStart": 16,
    "ascendancyStart": 32,
    "ascendancy": 64,
    "multipleChoice": 128,
    "multipleChoiceOption": 256,
    "blighted": 512,
    "proxy": 1024,
}

# Spec §9: "Ascendancy tree group offset 1450; alternate ascendancy factors 0.8, 0.9, 0.75".
# Each class's ascendancies fan out 1450 units from its class start, away from the
# tree centre, 55 degrees apart: a tree reaches ~500 units from its start (plus node
# padding), and 2 * 1450 * sin(27.5 deg) = 1339 keeps neighbouring discs apart.
# The alternate (class-less) ascendancies sit around the Scion start at the offset
# scaled by their factor, a quarter turn apart from the Ascendant.
ASCENDANCY_OFFSET = 1450.0
ASCENDANCY_FAN_DEG = 55.0
ALTERNATE_FACTORS = (0.8, 0.9, 0.75)
NODE_PAD = 100.0
# A class start closer than this to the origin counts as the centre (the Scion's is at (3.4, 6.8)).
CENTRE_RADIUS = 500.0


def _kind_and_flags(n: dict[str, Any], is_proxy: bool) -> tuple[int, int]:
    flags = 0
    for key, bit in (
        ("isNotable", "notable"),
        ("isKeystone", "keystone"),
        ("isMastery", "mastery"),
        ("isJewelSocket", "jewelSocket"),
        ("isAscendancyStart", "ascendancyStart"),
        ("isMultipleChoice", "multipleChoice"),
        ("isMultipleChoiceOption", "multipleChoiceOption"),
        ("isBlighted", "blighted"),
    ):
        if n.get(key):
            flags |= FLAG_BITS[bit]
    if n.get("classStartIndex") is not None:
        flags |= FLAG_BITS["classStart"]
    if n.get("ascendancyName"):
        flags |= FLAG_BITS["ascendancy"]
    if is_proxy or n.get("isProxy"):
        flags |= FLAG_BITS["proxy"]
    order = (
        ("classStart", "classStart"),
        ("ascendancyStart", "ascendancyStart"),
        ("multipleChoice", "multipleChoice"),
        ("mastery", "mastery"),
        ("keystone", "keystone"),
        ("jewelSocket", "jewelSocket"),
        ("blighted", "blighted"),
        ("ascendancy", "ascendancy"),
        ("notable", "notable"),
    )
    for bit, kind in order:
        if flags & FLAG_BITS[bit]:
            return KINDS.index(kind), flags
    return 0, flags


class _Strings:
    def __init__(self) -> None:
        self.items: list[str] = []
        self.index: dict[str, int] = {}

    def add(self, s: str) -> int:
        i = self.index.get(s)
        if i is None:
            i = self.index[s] = len(self.items)
            self.items.append(s)
        return i


def _r(v: float, digits: int = 2) -> float:
    out = round(v, digits)
    return 0.0 if out == 0 else out  # no "-0.0" in the output


def _rotate(ux: float, uy: float, deg: float) -> tuple[float, float]:
    a = math.radians(deg)
    return ux * math.cos(a) - uy * math.sin(a), ux * math.sin(a) + uy * math.cos(a)


def _ascendancy_targets(
    tree: dict[str, Any],
    class_pos: dict[int, tuple[float, float]],
    asc_start_pos: dict[str, tuple[float, float]],
) -> tuple[dict[str, tuple[float, float]], dict[str, int], dict[str, tuple[float, float]]]:
    """Where each ascendancy's start node goes, its class, and its collapsed anchor."""
    targets: dict[str, tuple[float, float]] = {}
    owner: dict[str, int] = {}
    anchor: dict[str, tuple[float, float]] = {}
    for ci, cls in enumerate(tree["classes"]):
        cx, cy = class_pos[ci]
        ascs = [a["id"] for a in cls["ascendancies"]]
        dist = math.hypot(cx, cy)
        if dist > CENTRE_RADIUS:
            ux, uy = cx / dist, cy / dist
        else:
            # The Scion starts at the centre: fan out toward where the export put its ascendancy.
            ax, ay = asc_start_pos[ascs[0]]
            d = math.hypot(ax - cx, ay - cy)
            ux, uy = (ax - cx) / d, (ay - cy) / d
        for k, aid in enumerate(ascs):
            dx, dy = _rotate(ux, uy, (k - (len(ascs) - 1) / 2) * ASCENDANCY_FAN_DEG)
            targets[aid] = (cx + dx * ASCENDANCY_OFFSET, cy + dy * ASCENDANCY_OFFSET)
            owner[aid] = ci
            anchor[aid] = (cx, cy)
        if ci == 0:
            for j, alt in enumerate(tree.get("alternate_ascendancies", [])):
                factor = ALTERNATE_FACTORS[j % len(ALTERNATE_FACTORS)]
                dx, dy = _rotate(ux, uy, 90.0 * (j + 1))
                targets[alt["id"]] = (
                    cx + dx * ASCENDANCY_OFFSET * factor,
                    cy + dy * ASCENDANCY_OFFSET * factor,
                )
                owner[alt["id"]] = -1
                anchor[alt["id"]] = (cx, cy)
    return targets, owner, anchor


def build_tree_bundle(tree: dict[str, Any], version: str) -> dict[str, Any]:
    const = tree["constants"]
    radii: list[float] = const["orbitRadii"]
    per_orbit: list[int] = const["skillsPerOrbit"]
    raw_nodes: dict[str, dict[str, Any]] = tree["nodes"]
    raw_groups: dict[str, dict[str, Any]] = tree["groups"]

    # Only nodes that sit in a group have a place on the tree; the rest (cluster-jewel
    # notables and other templates) are dropped, as is the synthetic "root".
    placed = sorted((int(k) for k, n in raw_nodes.items() if k != "root" and "group" in n and "skill" in n))
    index_of = {nid: i for i, nid in enumerate(placed)}

    group_of_asc: dict[str, str] = {}
    asc_of_group: dict[str, str] = {}
    for nid in placed:
        n = raw_nodes[str(nid)]
        if n.get("ascendancyName"):
            asc_of_group[str(n["group"])] = n["ascendancyName"]

    def group_xy(gid: str) -> tuple[float, float]:
        g = raw_groups[gid]
        return float(g["x"]), float(g["y"])

    class_pos: dict[int, tuple[float, float]] = {}
    class_start_node: dict[int, int] = {}
    asc_start_pos: dict[str, tuple[float, float]] = {}
    asc_start_node: dict[str, int] = {}
    for nid in placed:
        n = raw_nodes[str(nid)]
        if n.get("classStartIndex") is not None:
            class_pos[n["classStartIndex"]] = group_xy(str(n["group"]))
            class_start_node[n["classStartIndex"]] = nid
        if n.get("isAscendancyStart"):
            asc_start_pos[n["ascendancyName"]] = group_xy(str(n["group"]))
            asc_start_node[n["ascendancyName"]] = nid
            group_of_asc[n["ascendancyName"]] = str(n["group"])

    targets, owner, anchor = _ascendancy_targets(tree, class_pos, asc_start_pos)

    # Group positions after moving every ascendancy tree as one rigid piece.
    gpos: dict[str, tuple[float, float]] = {}
    for gid in raw_groups:
        x, y = group_xy(gid)
        asc = asc_of_group.get(gid)
        if asc is not None and asc in targets:
            sx, sy = asc_start_pos[asc]
            tx, ty = targets[asc]
            x, y = x - sx + tx, y - sy + ty
        gpos[gid] = (x, y)

    strings = _Strings()
    cols: dict[str, list[Any]] = {
        k: []
        for k in (
            "id",
            "x",
            "y",
            "kind",
            "flags",
            "group",
            "orbit",
            "orbitIndex",
            "classStart",
            "ascendancy",
            "name",
            "stats",
            "flavour",
            "reminder",
        )
    }
    used_groups = sorted({str(raw_nodes[str(nid)]["group"]) for nid in placed}, key=int)
    group_index = {gid: i for i, gid in enumerate(used_groups)}

    asc_ids: list[str] = [a["id"] for c in tree["classes"] for a in c["ascendancies"]]
    asc_ids += [a["id"] for a in tree.get("alternate_ascendancies", [])]
    asc_index = {a: i for i, a in enumerate(asc_ids)}

    xs: dict[int, tuple[float, float]] = {}
    angles: dict[int, float] = {}
    for nid in placed:
        n = raw_nodes[str(nid)]
        gid = str(n["group"])
        gx, gy = gpos[gid]
        angle = node_angle(per_orbit, n["orbit"], n["orbitIndex"])
        x, y = orbit_position(gx, gy, radii[n["orbit"]], angle)
        xs[nid] = (x, y)
        angles[nid] = angle
        kind, flags = _kind_and_flags(n, bool(raw_groups[gid].get("isProxy")))
        cols["id"].append(nid)
        cols["x"].append(_r(x))
        cols["y"].append(_r(y))
        cols["kind"].append(kind)
        cols["flags"].append(flags)
        cols["group"].append(group_index[gid])
        cols["orbit"].append(n["orbit"])
        cols["orbitIndex"].append(n["orbitIndex"])
        cols["classStart"].append(n.get("classStartIndex", -1))
        cols["ascendancy"].append(asc_index.get(n.get("ascendancyName", ""), -1))
        cols["name"].append(strings.add(n.get("name", "")))
        cols["stats"].append([strings.add(s) for s in n.get("stats", [])])
        cols["flavour"].append(strings.add("\n".join(n["flavourText"])) if n.get("flavourText") else -1)
        cols["reminder"].append([strings.add(s) for s in n.get("reminderText", [])])

    edges = _edges(raw_nodes, placed, xs, angles, gpos, radii)
    edge_cols: dict[str, list[Any]] = {k: [] for k in ("a", "b", "r", "cx", "cy", "start", "end")}
    for a, b, arc in edges:
        edge_cols["a"].append(index_of[a])
        edge_cols["b"].append(index_of[b])
        if arc is None:
            for k in ("r", "cx", "cy", "start", "end"):
                edge_cols[k].append(0)
        else:
            r, cx, cy, start, end = arc
            edge_cols["r"].append(_r(r))
            edge_cols["cx"].append(_r(cx))
            edge_cols["cy"].append(_r(cy))
            edge_cols["start"].append(_r(start, 5))
            edge_cols["end"].append(_r(end, 5))

    groups = {"id": [], "x": [], "y": [], "orbits": [], "background": [], "halfImage": [], "proxy": []}
    for gid in used_groups:
        g = raw_groups[gid]
        bg = (g.get("background") or {}).get("image", "")
        groups["id"].append(int(gid))
        groups["x"].append(_r(gpos[gid][0]))
        groups["y"].append(_r(gpos[gid][1]))
        groups["orbits"].append(list(g.get("orbits", [])))
        groups["background"].append(
            int(bg[-1]) if bg.startswith("PSGroupBackground") and bg[-1].isdigit() else 0
        )
        groups["halfImage"].append(1 if (g.get("background") or {}).get("isHalfImage") else 0)
        groups["proxy"].append(1 if g.get("isProxy") else 0)

    ascendancies = []
    asc_meta = {a["id"]: a for c in tree["classes"] for a in c["ascendancies"]}
    asc_meta.update({a["id"]: a for a in tree.get("alternate_ascendancies", [])})
    for aid in asc_ids:
        members = [xs[nid] for nid in placed if raw_nodes[str(nid)].get("ascendancyName") == aid]
        meta = asc_meta[aid]
        centre = targets.get(aid, (0.0, 0.0))
        bx = [p[0] for p in members] or [centre[0]]
        by = [p[1] for p in members] or [centre[1]]
        radius = max((math.hypot(p[0] - centre[0], p[1] - centre[1]) for p in members), default=0.0)
        ascendancies.append(
            {
                "id": aid,
                "name": meta.get("name", aid),
                "classIndex": owner.get(aid, -1),
                "alternate": owner.get(aid, -1) == -1,
                "startNode": index_of[asc_start_node[aid]] if aid in asc_start_node else -1,
                "centre": [_r(centre[0]), _r(centre[1])],
                "radius": _r(radius + NODE_PAD),
                "bounds": [
                    _r(min(bx) - NODE_PAD),
                    _r(min(by) - NODE_PAD),
                    _r(max(bx) + NODE_PAD),
                    _r(max(by) + NODE_PAD),
                ],
                "collapsed": [_r(anchor.get(aid, centre)[0]), _r(anchor.get(aid, centre)[1])],
                "flavourText": meta.get("flavourText", ""),
                "flavourTextColour": meta.get("flavourTextColour", ""),
            }
        )

    classes = []
    for ci, cls in enumerate(tree["classes"]):
        classes.append(
            {
                "index": ci,
                "name": cls["name"],
                "baseStr": cls["base_str"],
                "baseDex": cls["base_dex"],
                "baseInt": cls["base_int"],
                "startNode": index_of[class_start_node[ci]],
                "x": _r(class_pos[ci][0]),
                "y": _r(class_pos[ci][1]),
                "ascendancies": [asc_index[a["id"]] for a in cls["ascendancies"]],
            }
        )

    masteries: dict[str, list[Any]] = {"node": [], "effects": []}
    expansion: dict[str, list[Any]] = {"node": [], "size": [], "index": [], "proxy": [], "parent": []}
    granted: dict[str, list[Any]] = {"node": [], "str": [], "dex": [], "int": [], "points": []}
    for i, nid in enumerate(placed):
        n = raw_nodes[str(nid)]
        if n.get("masteryEffects"):
            masteries["node"].append(i)
            masteries["effects"].append(
                [[e["effect"], [strings.add(s) for s in e.get("stats", [])]] for e in n["masteryEffects"]]
            )
        if n.get("expansionJewel"):
            ej = n["expansionJewel"]
            expansion["node"].append(i)
            expansion["size"].append(ej.get("size", 0))
            expansion["index"].append(ej.get("index", 0))
            expansion["proxy"].append(index_of.get(int(ej["proxy"]), -1) if ej.get("proxy") else -1)
            expansion["parent"].append(index_of.get(int(ej["parent"]), -1) if ej.get("parent") else -1)
        g = [
            n.get("grantedStrength", 0),
            n.get("grantedDexterity", 0),
            n.get("grantedIntelligence", 0),
            n.get("grantedPassivePoints", 0),
        ]
        if any(g):
            granted["node"].append(i)
            for k, v in zip(("str", "dex", "int", "points"), g, strict=True):
                granted[k].append(v)

    all_x = [p[0] for p in xs.values()]
    all_y = [p[1] for p in xs.values()]
    bounds = [
        _r(math.floor(min(all_x) - NODE_PAD)),
        _r(math.floor(min(all_y) - NODE_PAD)),
        _r(math.ceil(max(all_x) + NODE_PAD)),
        _r(math.ceil(max(all_y) + NODE_PAD)),
    ]

    return {
        "format": FORMAT,
        "version": version,
        "tree": tree.get("tree", "Default"),
        "kinds": list(KINDS),
        "flagBits": FLAG_BITS,
        "constants": {
            "orbitRadii": radii,
            "skillsPerOrbit": per_orbit,
            "PSSCentreInnerRadius": const.get("PSSCentreInnerRadius", 130),
            "classes": const.get("classes", {}),
            "characterAttributes": const.get("characterAttributes", {}),
        },
        "points": tree.get("points", {"totalPoints": 121, "ascendancyPoints": 8}),
        "bounds": bounds,
        "imageZoomLevels": tree.get("imageZoomLevels", []),
        "jewelSlots": [index_of[int(s)] for s in tree.get("jewelSlots", []) if int(s) in index_of],
        "strings": strings.items,
        "nodes": cols,
        "edges": edge_cols,
        "groups": groups,
        "classes": classes,
        "ascendancies": ascendancies,
        "masteries": masteries,
        "expansionJewels": expansion,
        "granted": granted,
    }


def _edges(
    raw_nodes: dict[str, dict[str, Any]],
    placed: list[int],
    xs: dict[int, tuple[float, float]],
    angles: dict[int, float],
    gpos: dict[str, tuple[float, float]],
    radii: list[float],
) -> list[tuple[int, int, tuple[float, float, float, float, float] | None]]:
    placed_set = set(placed)
    pairs: set[tuple[int, int]] = set()
    for nid in placed:
        n = raw_nodes[str(nid)]
        for other_s in (*n.get("out", []), *n.get("in", [])):
            if other_s == "root":
                continue
            other = int(other_s)
            if other == nid or other not in placed_set:
                continue
            pairs.add((min(nid, other), max(nid, other)))

    out = []
    for a, b in sorted(pairs):
        na, nb = raw_nodes[str(a)], raw_nodes[str(b)]
        if na.get("isMastery") or nb.get("isMastery"):
            continue
        if (na.get("classStartIndex") is not None and nb.get("isAscendancyStart")) or (
            nb.get("classStartIndex") is not None and na.get("isAscendancyStart")
        ):
            continue
        # The Ascendant's "Path of the ..." nodes link to the main tree beside other
        # class starts; like a class start <-> ascendancy start link, that is a rule,
        # not a line to draw (it would cross the whole tree).
        if na.get("ascendancyName") != nb.get("ascendancyName"):
            continue
        arc = None
        if na["group"] == nb["group"] and na["orbit"] == nb["orbit"] and na["orbit"] > 0:
            gx, gy = gpos[str(na["group"])]
            a1, a2 = angles[a], angles[b]
            d = (a2 - a1) % (2 * math.pi)
            # Always the short way round, clockwise from start to end.
            start, sweep = (a1, d) if d <= math.pi else (a2, 2 * math.pi - d)
            arc = (radii[na["orbit"]], gx, gy, start, start + sweep)
        out.append((a, b, arc))
    return out
