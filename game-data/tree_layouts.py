"""Older official tree export layouts -> the current one, one small step at a time.

`upgrade(tree)` finds the export's layout and applies every step from there on,
so build_tree_bundle only ever reads the current layout. Layouts, oldest first:

- ``legacy`` (2.6 to 3.9): nodes keyed ``id``/``dn``/``sd``/``g``/``o``/``oidx``
  with one-letter flags (``m``, ``ks``, ``not``), ``spc`` for the class start,
  ``sa``/``da``/``ia`` granted attributes; groups ``n``/``oo``; classes a table
  of ``{name, classes: [ascendancy]}`` with base attributes in ``characterData``;
  the synthetic root outside ``nodes``; 2.6 has no orbit constants.
- ``3.10`` (3.10 to 3.15): the current field names, no masteries, no alternate
  ascendancies, 12-slot orbits 2 and 3.
- ``current`` (3.16 on): what build_tree_bundle reads.

Lua tables were converted to JSON as lists or as objects keyed "0", "1", ...;
``_seq`` reads both.
"""

from __future__ import annotations

from typing import Any

# 2.6 exports carry no orbit constants; these are the ones every export up to 3.15 states.
LEGACY_ORBIT_RADII = [0, 82, 162, 335, 493]
LEGACY_SKILLS_PER_ORBIT = [1, 6, 12, 12, 40]


def _seq(v: Any) -> list[Any]:
    if v is None:
        return []
    if isinstance(v, dict):
        return [v[k] for k in sorted(v, key=int)]
    return list(v)


def _orbits(oo: Any, orbit_count: int) -> list[int]:
    """A legacy group's ``oo`` (the set of orbits it uses) as sorted orbit indices.

    The Lua table ``oo[orbit] = true`` became a JSON object keyed by orbit ("0", "2") unless its
    keys were exactly 1..n, a Lua sequence, which became a list: ``[true]`` is ``{[1] = true}``,
    orbit 1 (3.6's 82 such groups have every node on orbit 1), so list item i is orbit i + 1.
    2.6 also flags orbits 5-9, which its orbit table (and its nodes) lack: only real orbits are kept.
    """
    if isinstance(oo, dict):
        used = (int(o) for o, on in oo.items() if on)
    else:
        used = (i + 1 for i, on in enumerate(_seq(oo)) if on)
    return sorted(o for o in used if 0 <= o < orbit_count)


def layout_of(tree: dict[str, Any]) -> str:
    groups = tree.get("groups") or {}
    first = next(iter(groups.values()), {})
    if isinstance(tree.get("classes"), dict) or "oo" in first or "n" in first:
        return "legacy"
    if "alternate_ascendancies" in tree or any("masteryEffects" in n for n in tree["nodes"].values()):
        return "current"
    if len(tree.get("constants", {}).get("skillsPerOrbit", [])) <= 5:
        return "3.10"
    return "current"


def legacy_to_3_10(tree: dict[str, Any]) -> dict[str, Any]:
    """Rename the legacy fields; drop what has no current counterpart (icons, sprites)."""
    nodes: dict[str, dict[str, Any]] = {}
    for key, n in tree["nodes"].items():
        nid = int(n.get("id", key))
        out = {
            "skill": nid,
            "name": n.get("dn", ""),
            "stats": _seq(n.get("sd")),
            "group": n["g"],
            "orbit": n.get("o", 0),
            "orbitIndex": n.get("oidx", 0),
            "out": [str(o) for o in _seq(n.get("out"))],
            "in": [str(i) for i in _seq(n.get("in"))],
        }
        flags = {
            "isNotable": n.get("not"),
            "isKeystone": n.get("ks"),
            "isMastery": n.get("m"),
            "isJewelSocket": n.get("isJewelSocket"),
            "isMultipleChoice": n.get("isMultipleChoice"),
            "isMultipleChoiceOption": n.get("isMultipleChoiceOption"),
            "isBlighted": n.get("isBlighted"),
            "isAscendancyStart": n.get("isAscendancyStart"),
        }
        out.update({k: True for k, v in flags.items() if v})
        starts = _seq(n.get("spc"))
        if starts:
            out["classStartIndex"] = starts[0]
        for key_old, key_new in (
            ("ascendancyName", "ascendancyName"),
            ("flavourText", "flavourText"),
            ("reminderText", "reminderText"),
        ):
            if n.get(key_old):
                value = n[key_old]
                out[key_new] = _seq(value) if key_new != "ascendancyName" else value
        for key_old, key_new in (
            ("sa", "grantedStrength"),
            ("da", "grantedDexterity"),
            ("ia", "grantedIntelligence"),
            ("passivePointsGranted", "grantedPassivePoints"),
        ):
            if n.get(key_old):
                out[key_new] = n[key_old]
        nodes[str(nid)] = out

    constants = dict(tree.get("constants") or {})
    constants.setdefault("orbitRadii", LEGACY_ORBIT_RADII)
    constants.setdefault("skillsPerOrbit", LEGACY_SKILLS_PER_ORBIT)
    orbit_count = len(constants["skillsPerOrbit"])
    groups = {
        gid: {
            "x": g["x"],
            "y": g["y"],
            "orbits": _orbits(g.get("oo"), orbit_count),
            "nodes": [str(n) for n in _seq(g.get("n"))],
        }
        for gid, g in tree["groups"].items()
    }
    base = tree.get("characterData") or {}
    classes = []
    for ci in sorted(tree["classes"], key=int):
        cls = tree["classes"][ci]
        attrs = base.get(ci, {})
        classes.append(
            {
                "name": cls["name"],
                "base_str": attrs.get("base_str", 0),
                "base_dex": attrs.get("base_dex", 0),
                "base_int": attrs.get("base_int", 0),
                "ascendancies": [
                    {"id": a["name"], "name": a.get("displayName", a["name"])}
                    for a in _seq(cls.get("classes"))
                ],
            }
        )
    return {
        "tree": tree.get("tree", "Default"),
        "classes": classes,
        "groups": groups,
        "nodes": nodes,
        "constants": constants,
        "points": tree.get("points", {"totalPoints": 123, "ascendancyPoints": 8}),
        "jewelSlots": _seq(tree.get("jewelSlots")),
    }


def v3_10_to_current(tree: dict[str, Any]) -> dict[str, Any]:
    """3.10 to 3.15 already use the current fields; only the alternate ascendancies are new (none then)."""
    return {**tree, "alternate_ascendancies": tree.get("alternate_ascendancies", [])}


STEPS = (("legacy", legacy_to_3_10), ("3.10", v3_10_to_current))


def upgrade(tree: dict[str, Any]) -> dict[str, Any]:
    layout = layout_of(tree)
    names = [name for name, _ in STEPS]
    if layout == "current":
        return tree
    for _, step in STEPS[names.index(layout) :]:
        tree = step(tree)
    return tree
