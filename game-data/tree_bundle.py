"""Official passive-tree export -> compact, columnar tree bundle (see FORMAT.md).

Positions use the official orbit math (orbit.py). Ascendancy trees are moved
beside their class start; mastery edges and class-start <-> ascendancy-start
edges are left out; edges are undirected and unique.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from orbit import node_angle, orbit_position

FORMAT = 2

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
) -> tuple[dict[str, tuple[float, float]], dict[str, int]]:
    """Where each ascendancy's start node goes, and its class (-1 for an alternate one)."""
    targets: dict[str, tuple[float, float]] = {}
    owner: dict[str, int] = {}
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
        if ci == 0:
            alternates = tree.get("alternate_ascendancies", [])
            for j, alt in enumerate(alternates):
                factor = ALTERNATE_FACTORS[j % len(ALTERNATE_FACTORS)]
                # Evenly around the Scion start, clear of the Ascendant's direction
                # (a quarter turn apart for the three of 3.25).
                dx, dy = _rotate(ux, uy, 360.0 / (len(alternates) + 1) * (j + 1))
                targets[alt["id"]] = (
                    cx + dx * ASCENDANCY_OFFSET * factor,
                    cy + dy * ASCENDANCY_OFFSET * factor,
                )
                owner[alt["id"]] = -1
    return targets, owner


@dataclass
class _Layout:
    """What every step shares: the placed nodes, their indexes and positions."""

    tree: dict[str, Any]
    raw_nodes: dict[str, dict[str, Any]]
    raw_groups: dict[str, dict[str, Any]]
    placed: list[int]
    index_of: dict[int, int]
    strings: _Strings = field(default_factory=_Strings)
    asc_ids: list[str] = field(default_factory=list)
    gpos: dict[str, tuple[float, float]] = field(default_factory=dict)
    xs: dict[int, tuple[float, float]] = field(default_factory=dict)
    angles: dict[int, float] = field(default_factory=dict)

    def node(self, nid: int) -> dict[str, Any]:
        return self.raw_nodes[str(nid)]


def build_tree_bundle(tree: dict[str, Any], version: str, key: str = "data") -> dict[str, Any]:
    """`key`: the spec's tree key of this export (`data`, `alternate`, `ruthless`, `ruthless-alternate`)."""
    lay = _place_nodes(tree)
    starts = _starts(lay)
    targets, owner = _ascendancy_targets(tree, starts.class_pos, starts.asc_start_pos)
    lay.gpos = _group_positions(lay, starts, targets)
    const = tree["constants"]
    nodes = _node_columns(lay, const["orbitRadii"], const["skillsPerOrbit"])
    masteries, expansion, granted = _sparse_tables(lay)
    return {
        "format": FORMAT,
        "version": version,
        "key": key,
        "kinds": list(KINDS),
        "flagBits": FLAG_BITS,
        "constants": {"orbitRadii": const["orbitRadii"], "skillsPerOrbit": const["skillsPerOrbit"]},
        "points": tree.get("points", {"totalPoints": 121, "ascendancyPoints": 8}),
        "bounds": _bounds(lay.xs.values()),
        "strings": lay.strings.items,
        "nodes": nodes,
        "edges": _edge_columns(lay, const["orbitRadii"]),
        "groups": _group_columns(lay),
        "classes": _classes(lay, starts),
        "ascendancies": _ascendancies(lay, owner),
        "masteries": masteries,
        "expansionJewels": expansion,
        "granted": granted,
        # Node ids in the export's order: the official character API names a socketed jewel by its
        # position here (`x`). Kept as ids, not indexes, since the list also names sockets not placed.
        "jewelSlots": [int(n) for n in tree.get("jewelSlots") or []],
    }


def _place_nodes(tree: dict[str, Any]) -> _Layout:
    """Only nodes that sit in a group have a place on the tree; the rest (cluster-jewel
    notables and other templates) are dropped, as is the synthetic "root"."""
    raw_nodes: dict[str, dict[str, Any]] = tree["nodes"]
    placed = sorted(int(k) for k, n in raw_nodes.items() if k != "root" and "group" in n and "skill" in n)
    lay = _Layout(tree, raw_nodes, tree["groups"], placed, {nid: i for i, nid in enumerate(placed)})
    lay.asc_ids = [a["id"] for c in tree["classes"] for a in c["ascendancies"]]
    lay.asc_ids += [a["id"] for a in tree.get("alternate_ascendancies", [])]
    return lay


@dataclass
class _Starts:
    class_pos: dict[int, tuple[float, float]] = field(default_factory=dict)
    class_start_node: dict[int, int] = field(default_factory=dict)
    asc_start_pos: dict[str, tuple[float, float]] = field(default_factory=dict)
    asc_of_group: dict[str, str] = field(default_factory=dict)


def _starts(lay: _Layout) -> _Starts:
    """Where the class starts and ascendancy starts sit in the export."""
    st = _Starts()
    for nid in lay.placed:
        n = lay.node(nid)
        gid = str(n["group"])
        xy = float(lay.raw_groups[gid]["x"]), float(lay.raw_groups[gid]["y"])
        if n.get("ascendancyName"):
            st.asc_of_group[gid] = n["ascendancyName"]
        if n.get("classStartIndex") is not None:
            st.class_pos[n["classStartIndex"]] = xy
            st.class_start_node[n["classStartIndex"]] = nid
        if n.get("isAscendancyStart"):
            st.asc_start_pos[n["ascendancyName"]] = xy
    return st


def _group_positions(
    lay: _Layout, st: _Starts, targets: dict[str, tuple[float, float]]
) -> dict[str, tuple[float, float]]:
    """Group positions after moving every ascendancy tree as one rigid piece."""
    gpos: dict[str, tuple[float, float]] = {}
    for gid, g in lay.raw_groups.items():
        x, y = float(g["x"]), float(g["y"])
        asc = st.asc_of_group.get(gid)
        if asc is not None and asc in targets:
            sx, sy = st.asc_start_pos[asc]
            tx, ty = targets[asc]
            x, y = x - sx + tx, y - sy + ty
        gpos[gid] = (x, y)
    return gpos


def _used_groups(lay: _Layout) -> list[str]:
    return sorted({str(lay.node(nid)["group"]) for nid in lay.placed}, key=int)


def _node_columns(lay: _Layout, radii: list[float], per_orbit: list[int]) -> dict[str, list[Any]]:
    names = ("id", "x", "y", "kind", "flags", "group", "orbit", "orbitIndex", "classStart", "ascendancy")
    cols: dict[str, list[Any]] = {k: [] for k in (*names, "name", "stats", "flavour", "reminder")}
    group_index = {gid: i for i, gid in enumerate(_used_groups(lay))}
    asc_index = {a: i for i, a in enumerate(lay.asc_ids)}
    strings = lay.strings
    for nid in lay.placed:
        n = lay.node(nid)
        gid = str(n["group"])
        gx, gy = lay.gpos[gid]
        angle = node_angle(per_orbit, n["orbit"], n["orbitIndex"])
        x, y = orbit_position(gx, gy, radii[n["orbit"]], angle)
        lay.xs[nid] = (x, y)
        lay.angles[nid] = angle
        kind, flags = _kind_and_flags(n, bool(lay.raw_groups[gid].get("isProxy")))
        row = (
            nid,
            _r(x),
            _r(y),
            kind,
            flags,
            group_index[gid],
            n["orbit"],
            n["orbitIndex"],
            n.get("classStartIndex", -1),
            asc_index.get(n.get("ascendancyName", ""), -1),
        )
        for k, v in zip(names, row, strict=True):
            cols[k].append(v)
        cols["name"].append(strings.add(n.get("name", "")))
        cols["stats"].append([strings.add(s) for s in n.get("stats", [])])
        cols["flavour"].append(strings.add("\n".join(n["flavourText"])) if n.get("flavourText") else -1)
        cols["reminder"].append([strings.add(s) for s in n.get("reminderText", [])])
    return cols


def _edge_columns(lay: _Layout, radii: list[float]) -> dict[str, list[Any]]:
    edge_cols: dict[str, list[Any]] = {k: [] for k in ("a", "b", "r", "cx", "cy", "start", "end")}
    for a, b, arc in _edges(lay.raw_nodes, lay.placed, lay.angles, lay.gpos, radii):
        edge_cols["a"].append(lay.index_of[a])
        edge_cols["b"].append(lay.index_of[b])
        r, cx, cy, start, end = arc or (0, 0, 0, 0, 0)
        edge_cols["r"].append(_r(r))
        edge_cols["cx"].append(_r(cx))
        edge_cols["cy"].append(_r(cy))
        edge_cols["start"].append(_r(start, 5))
        edge_cols["end"].append(_r(end, 5))
    return edge_cols


def _group_columns(lay: _Layout) -> dict[str, list[Any]]:
    groups: dict[str, list[Any]] = {"x": [], "y": [], "orbits": [], "background": [], "proxy": []}
    for gid in _used_groups(lay):
        g = lay.raw_groups[gid]
        bg = (g.get("background") or {}).get("image", "")
        groups["x"].append(_r(lay.gpos[gid][0]))
        groups["y"].append(_r(lay.gpos[gid][1]))
        groups["orbits"].append(list(g.get("orbits", [])))
        groups["background"].append(
            int(bg[-1]) if bg.startswith("PSGroupBackground") and bg[-1].isdigit() else 0
        )
        groups["proxy"].append(1 if g.get("isProxy") else 0)
    return groups


def _ascendancies(lay: _Layout, owner: dict[str, int]) -> list[dict[str, Any]]:
    tree = lay.tree
    meta = {a["id"]: a for c in tree["classes"] for a in c["ascendancies"]}
    meta.update({a["id"]: a for a in tree.get("alternate_ascendancies", [])})
    return [
        {
            "id": aid,
            "name": meta[aid].get("name", aid),
            "classIndex": owner.get(aid, -1),
            "alternate": owner.get(aid, -1) == -1,
        }
        for aid in lay.asc_ids
    ]


def _classes(lay: _Layout, st: _Starts) -> list[dict[str, Any]]:
    asc_index = {a: i for i, a in enumerate(lay.asc_ids)}
    return [
        {
            "name": cls["name"],
            "baseStr": cls["base_str"],
            "baseDex": cls["base_dex"],
            "baseInt": cls["base_int"],
            "startNode": lay.index_of[st.class_start_node[ci]],
            "ascendancies": [asc_index[a["id"]] for a in cls["ascendancies"]],
        }
        for ci, cls in enumerate(lay.tree["classes"])
    ]


def _sparse_tables(lay: _Layout) -> tuple[dict[str, list[Any]], ...]:
    """Masteries, cluster-jewel sockets and granted attributes: only the nodes that have them."""
    masteries: dict[str, list[Any]] = {"node": [], "effects": []}
    expansion: dict[str, list[Any]] = {"node": [], "size": [], "index": [], "proxy": [], "parent": []}
    granted: dict[str, list[Any]] = {"node": [], "str": [], "dex": [], "int": [], "points": []}
    strings, index_of = lay.strings, lay.index_of
    for i, nid in enumerate(lay.placed):
        n = lay.node(nid)
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
    return masteries, expansion, granted


def _bounds(points: Any) -> list[float]:
    pts = list(points)
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    return [
        _r(math.floor(min(xs) - NODE_PAD)),
        _r(math.floor(min(ys) - NODE_PAD)),
        _r(math.ceil(max(xs) + NODE_PAD)),
        _r(math.ceil(max(ys) + NODE_PAD)),
    ]


def _edges(
    raw_nodes: dict[str, dict[str, Any]],
    placed: list[int],
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
