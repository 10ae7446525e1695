"""A planner build step -> the official API's character JSON (the inverse of mapping.map_character).

One step of a planner export (a tree, an item set, a skill set, a level) becomes the answer the
official character endpoint would give for a character that far along that build: the class the
tree starts from (its ascendancy, else the base class), the tree's passives, mastery choices,
tattoos and jewels (cluster rings as hashes_ex plus a jewel_data subgraph), the item set's gear
with the skill set's gems socketed in linked groups, bandit and pantheon choices, and the game
version of the tree. Tree and gem facts come from the game-data bundles (server.ggg.tree_data).
"""

from __future__ import annotations

from lxml import etree

from server.ggg.cluster_slots import CLUSTER_ID_BASE, SIZES, cluster_slots
from server.ggg.planner_items import mod_ranges, parse_item, variant_attributes
from server.ggg.tree_data import GemInfo, TreeDataError, gem_infos, load_clusters, load_tree, planner_version
from server.planner.extract import PlannerExtract, _set_sources, spec_elements
from server.planner.sets import assign_set_ids
from server.planner.skills import gem_name, is_support

# Planner item slot -> the official inventoryId; flasks are "Flask" with x = n - 1.
INVENTORY = {
    "Weapon 1": "Weapon", "Weapon 2": "Offhand", "Weapon 1 Swap": "Weapon2", "Weapon 2 Swap": "Offhand2",
    "Helmet": "Helm", "Body Armour": "BodyArmour", "Gloves": "Gloves", "Boots": "Boots", "Belt": "Belt",
    "Amulet": "Amulet", "Ring 1": "Ring", "Ring 2": "Ring2",
}
# Where gems of a group that names no slot go, in order (levelling skill sets often name none).
GEM_HOMES = ["BodyArmour", "Weapon", "Helm", "Gloves", "Boots", "Offhand"]
COLOURS = {"strength": ("S", "R"), "dexterity": ("D", "G"), "intelligence": ("I", "B")}


class ConversionError(Exception):
    pass


def _spec(root: etree._Element, tree_id: str) -> etree._Element:
    specs, _ = spec_elements(root)
    for spec, assigned in zip(specs, assign_set_ids([s.get("title") for s in specs]), strict=True):
        if assigned is not None and assigned[0] == tree_id:
            return spec
    raise ConversionError(f"no tree '{tree_id}'")


def _set(root: etree._Element, path: str, tag: str, child: str, attr: str, set_id: str | None):
    container = root.find(path)
    if container is None:
        return None
    kept, active = _set_sources(container, tag, child, attr)
    wanted = set_id or active
    return next((e for e, (i, _) in kept if i == wanted), None)


def _parse(element: etree._Element) -> dict | None:
    variant, alts = variant_attributes(element)
    return parse_item(element.text or "", variant, alts, mod_ranges(element))


def _equipment(root: etree._Element, item_set: etree._Element | None) -> list[dict]:
    items = {i.get("id"): i for i in root.findall("Items/Item")}
    out = []
    for slot in item_set.findall("Slot") if item_set is not None else []:
        name, item_id = slot.get("name") or "", slot.get("itemId") or "0"
        inventory = "Flask" if name.startswith("Flask ") else INVENTORY.get(name)
        item = _parse(items[item_id]) if inventory and item_id in items else None
        if item is None:
            continue
        x = int(name[6:]) - 1 if inventory == "Flask" and name[6:].isdigit() else 0
        if inventory == "Flask" and not 0 <= x <= 4:
            continue
        item.update(inventoryId=inventory, x=x, y=0)
        out.append(item)
    return out


def _gem(
    gem: etree._Element, group: etree._Element, socket: int, info: GemInfo | None, level_cap: int | None
) -> dict:
    name = gem_name(gem, group)
    support = is_support(gem, group)
    shown = f"{name} Support" if support and not name.endswith(" Support") else name
    level = max(1, _to_int(gem.get("level"), 1))
    if level_cap is not None and info is not None and info.required_levels:
        # A character below the build's level has the gem only as far as its own level allows.
        level = max(1, min(level, sum(1 for need in info.required_levels if need <= level_cap)))
    quality = _to_int(gem.get("quality"), 0)
    props = [{"name": "Level", "values": [[str(level), 0]], "displayMode": 0, "type": 5}]
    if quality:
        props.append({"name": "Quality", "values": [[f"+{quality}%", 1]], "displayMode": 0, "type": 6})
    return {
        "typeLine": shown, "baseType": shown, "name": "", "support": support, "socket": socket,
        "colour": COLOURS.get(info.attribute if info else "", ("G", "W"))[0], "frameType": 4,
        "identified": True, "properties": props,
    }


def _to_int(value: str | None, default: int) -> int:
    try:
        return int(float((value or "").strip()))
    except (ValueError, OverflowError):
        return default


def _socket_gems(
    equipment: list[dict], skill_set: etree._Element | None, infos: dict[str, GemInfo], level_cap: int | None
) -> None:
    """Socket the skill set's enabled gems into the gear, one linked socket group per planner group."""
    by_inventory = {i["inventoryId"]: i for i in equipment if i["inventoryId"] != "Flask"}
    for group in skill_set.findall("Skill") if skill_set is not None else []:
        if (group.get("enabled") or "true").lower() == "false":
            continue
        # Skills granted by items or passives (the group's source) have no name and are not socketed.
        gems = [g for g in group.findall("Gem") if (g.get("enabled") or "true").lower() != "false" and gem_name(g, group)]
        if not gems:
            continue
        home = by_inventory.get(INVENTORY.get(group.get("slot") or "", ""))
        if home is None:
            # No slot named: the first main piece with room, else the first main piece.
            free = [by_inventory[k] for k in GEM_HOMES if k in by_inventory]
            if not free:
                continue
            home = next((i for i in free if len(i.get("sockets", [])) + len(gems) <= 6), free[0])
        sockets = home.setdefault("sockets", [])
        socketed = home.setdefault("socketedItems", [])
        group_index = max((s["group"] for s in sockets), default=-1) + 1
        for gem in gems:
            info = infos.get(gem.get("gemId") or "") or infos.get(gem_name(gem, group).lower())
            attr, colour = COLOURS.get(info.attribute if info else "", ("G", "W"))
            socketed.append(_gem(gem, group, len(sockets), info, level_cap))
            sockets.append({"group": group_index, "attr": attr, "sColour": colour})


def _overrides(spec: etree._Element) -> dict:
    out = {}
    for o in spec.findall("Overrides/Override"):
        node = o.get("nodeId")
        if not node:
            continue
        name = o.get("dn") or ""
        out[node] = {
            "name": name, "icon": o.get("icon") or "", "activeEffectImage": o.get("activeEffectImage") or "",
            "isTattoo": "Tattoo" in name,
            "stats": [s.strip() for s in (o.text or "").split("\n") if s.strip()], "reminderText": [],
        }
    return out


def _jewels(root, spec, nodes: set[int], tree, dist: str) -> tuple[list[dict], dict, list[int]]:
    """The socketed jewels (allocated sockets only), the cluster rings' jewel_data, and the
    cluster passives (planner ids) that sit on a socketed jewel's ring."""
    items = {i.get("id"): i for i in root.findall("Items/Item")}
    jewels, bases = [], {}
    for s in spec.findall("Sockets/Socket"):
        node, item_id = _to_int(s.get("nodeId"), -1), s.get("itemId") or "0"
        item = _parse(items[item_id]) if item_id in items and node in nodes else None
        if item is None or node not in tree.jewel_slots:
            continue
        item.update(inventoryId="PassiveJewels", x=tree.jewel_slots.index(node), y=0)
        jewels.append(item)
        bases[node] = item["baseType"]
    jewel_data: dict[str, dict] = {}
    on_rings: list[int] = []
    cluster_nodes = sorted(n for n in nodes if n >= CLUSTER_ID_BASE)
    if cluster_nodes and any(b in SIZES for b in bases.values()):
        slots = cluster_slots(tree, load_clusters(dist), bases)
        for j in jewels:
            socket = tree.jewel_slots[j["x"]]
            if j["baseType"] not in SIZES or socket not in tree.sockets:
                continue
            # The subgraph keys are what hashes_ex names; only allocated ring passives are listed.
            mine = {str(n - CLUSTER_ID_BASE): {"skill": str(n), "orbitIndex": slots[n][1]}
                    for n in cluster_nodes if n in slots and slots[n][0] == socket}
            on_rings.extend(int(k) + CLUSTER_ID_BASE for k in mine)
            kind = "JewelPassiveTreeExpansion" + SIZES[j["baseType"]]
            jewel_data[str(j["x"])] = {"type": kind, "subgraph": {"groups": {}, "nodes": mine}}
    return jewels, jewel_data, sorted(on_rings)


def official_character(
    root: etree._Element, extract: PlannerExtract, dist: str, *, char_id: str, name: str,
    tree_id: str | None = None, item_set_id: str | None = None, skill_set_id: str | None = None,
    level: int | None = None,
) -> dict:
    """`{"character": {...}}` for one step of a planner build; ConversionError when it cannot be made.

    `level` sets a level below the build's (a mid-campaign character): gem levels are then capped at
    what that level allows; the step's gear is kept as the planner lists it."""
    tree = next((t for t in extract.trees if t.id == (tree_id or extract.active_tree_id)), None)
    if tree is None:
        raise ConversionError(f"no tree '{tree_id or extract.active_tree_id}'")
    try:
        data = load_tree(dist, planner_version(tree.tree_version))
        class_name = data.class_name(tree.class_id, tree.ascendancy_id)
    except TreeDataError as exc:
        raise ConversionError(str(exc)) from exc
    spec = _spec(root, tree.id)
    nodes = set(tree.nodes)
    equipment = _equipment(root, _set(root, "Items", "ItemSet", "Slot", "activeItemSet", item_set_id))
    skills = _set(root, "Skills", "SkillSet", "Skill", "activeSkillSet", skill_set_id)
    below = level if level is not None and level < extract.level else None
    _socket_gems(equipment, skills, gem_infos(dist), below)
    # Ring passives of a jewel the export does not hold are left out, as the official API would.
    jewels, jewel_data, ring_passives = _jewels(root, spec, nodes, data, dist)
    alternate = _to_int(spec.get("secondaryAscendClassId"), 0)
    return {"character": {
        "id": char_id, "name": name, "realm": "pc", "class": class_name, "league": "Standard",
        "level": level or extract.level, "experience": 0,
        "equipment": equipment, "jewels": jewels,
        "passives": {
            "hashes": [n for n in tree.nodes if n < CLUSTER_ID_BASE],
            "hashes_ex": [n - CLUSTER_ID_BASE for n in ring_passives],
            "mastery_effects": {str(k): v for k, v in tree.mastery_effects.items() if k in nodes},
            "skill_overrides": _overrides(spec),
            "bandit_choice": "Eramir" if extract.bandit in ("", "None") else extract.bandit,
            "pantheon_major": "" if extract.pantheon_major == "None" else extract.pantheon_major,
            "pantheon_minor": "" if extract.pantheon_minor == "None" else extract.pantheon_minor,
            "jewel_data": jewel_data,
            "alternate_ascendancy": data.alternates[alternate - 1] if 0 < alternate <= len(data.alternates) else "",
        },
        "metadata": {"version": f"{data.version}.0"},
    }}
