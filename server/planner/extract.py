"""What the server needs from a planner export: class, ascendancy, sets, skills.

The meaning follows workers/planner (the PWA's decoder); tests compare both on
every corpus build.
"""

from __future__ import annotations

import re

import msgspec
from lxml import etree

from server.planner.decode import parse_planner_xml, planner_xml_bytes
from server.planner.errors import PlannerError
from server.planner.gem_names import gem_names
from server.planner.sets import assign_set_ids
from server.planner.treeurl import decode_tree_url

# A spec without treeVersion has none (""), as the worker's decoder reads it: the PWA draws it on the
# tree version holding the most of its passives.
DEFAULT_TREE_VERSION = ""

_RARITY_LINE = re.compile(r"^Rarity: [A-Za-z]")
# Item text lines are trimmed of ASCII whitespace and controls only, as the worker does.
_ASCII_SPACE = "".join(chr(i) for i in range(33))
_MASTERY = re.compile(r"\{(\d+),(\d+)\}")
_NUMBER = re.compile(r"\d+")
# Base classes in the planner's classId order (Spec classId, tree classes[]).
CLASS_IDS = ("Scion", "Marauder", "Ranger", "Witch", "Duelist", "Templar", "Shadow")
NO_TREE_FOR_CLASS = "This build has no passive tree for its class"


class ExtractTree(msgspec.Struct, kw_only=True):
    id: str
    title: str
    tree_version: str
    class_id: int
    ascendancy_id: int
    nodes: list[int]
    mastery_effects: dict[int, int] = {}


class ExtractSet(msgspec.Struct, kw_only=True):
    id: str
    title: str
    slots: dict[str, str] = {}


class ExtractSkillSet(msgspec.Struct, kw_only=True):
    id: str
    title: str
    # Enabled gems of enabled socket groups, in document order.
    gems: list[str]


class PlannerExtract(msgspec.Struct, kw_only=True):
    class_name: str
    # "" when the build has no ascendancy.
    ascendancy_name: str
    level: int
    # As written; "None" when absent (the display default is "Kill all").
    bandit: str
    pantheon_major: str
    pantheon_minor: str
    # Tree version of the active spec ("" when the build has no tree).
    tree_version: str
    trees: list[ExtractTree]
    item_sets: list[ExtractSet]
    skill_sets: list[ExtractSkillSet]
    # All enabled gem names across skill sets, sorted, unique.
    gem_names: list[str]
    active_tree_id: str
    active_item_set_id: str
    active_skill_set_id: str
    item_count: int
    # Items whose text does not start with a rarity line.
    invalid_item_ids: list[str]


def decode_planner(text: str) -> PlannerExtract:
    """Planner code or raw XML -> extract; raises PlannerError."""
    return extract_planner(parse_planner_xml(planner_xml_bytes(text)))


def _int(value: str | None, default: int = 0) -> int:
    if value is None:
        return default
    try:
        return int(float(value.strip()))
    except (ValueError, OverflowError):
        return default


def _none_blank(value: str | None) -> str:
    return "" if value is None or value.strip() in ("", "None", "nil") else value.strip()


def _ids(numbers: list[str], title: str | None) -> list[int]:
    """Digit runs as ints; int() refuses runs past 4,300 digits, which is bad input, not a crash."""
    try:
        return [int(n) for n in numbers]
    except ValueError as exc:
        raise PlannerError(
            "not_planner_xml", f"Passive tree '{(title or 'Default').strip()[:80]}' holds a number too long to be a node id."
        ) from exc


def _first_id(ids: list[tuple[str, str] | None]) -> str:
    return next((x[0] for x in ids if x is not None), "")


def _active_index_id(ids: list[tuple[str, str] | None], active: str | None) -> str:
    """Tree specs: activeSpec is a 1-based index; else the first kept set."""
    index = _int(active, 1) - 1
    if 0 <= index < len(ids) and ids[index] is not None:
        return ids[index][0]
    return _first_id(ids)


def _active_set_id(
    sources: list[etree._Element], ids: list[tuple[str, str] | None], active: str | None, legacy: bool
) -> str:
    """Item and skill sets: the active one is named by its id attribute; else the first kept set."""
    if not legacy and active is not None:
        for element, assigned in zip(sources, ids, strict=True):
            if element.get("id") == active and assigned is not None:
                return assigned[0]
    return _first_id(ids)


def spec_elements(root: etree._Element) -> tuple[list[etree._Element], etree._Element | None]:
    """The export's passive tree specs and the <Tree> holding them (None for a legacy spec).

    Exports keep their specs under <Tree>. The planner's first versions (before it kept several trees,
    late 2016) wrote the build's one tree as a <Spec> directly under the root, and the planner still
    loads such a section as the build's single tree. It reads the root's sections in order, each one
    replacing the trees before it, so the last <Tree> or root <Spec> is the one that counts.
    """
    last = None
    for child in root:
        if child.tag in ("Tree", "Spec"):
            last = child
    if last is None:
        return [], None
    if last.tag == "Spec":
        return [last], None
    return last.findall("Spec"), last


def _trees(root: etree._Element) -> tuple[list[ExtractTree], str]:
    specs, tree = spec_elements(root)
    ids = assign_set_ids([s.get("title") for s in specs])
    trees = []
    for spec, assigned in zip(specs, ids, strict=True):
        if assigned is None:
            continue
        nodes_attr = spec.get("nodes")
        class_id = _int(spec.get("classId"))
        ascendancy_id = _int(spec.get("ascendClassId"))
        mastery: dict[int, int] = {}
        if nodes_attr is not None:
            nodes = list(dict.fromkeys(_ids(_NUMBER.findall(nodes_attr), spec.get("title"))))
            pairs = _MASTERY.findall(spec.get("masteryEffects") or "")
            flat = _ids([n for pair in pairs for n in pair], spec.get("title"))
            mastery = dict(zip(flat[0::2], flat[1::2], strict=True))
        else:
            url = decode_tree_url(spec.findtext("URL") or "")
            nodes = list(dict.fromkeys(url.nodes)) if url else []
            if url:
                class_id, ascendancy_id, mastery = url.class_id, url.ascendancy_id, url.mastery_effects
        trees.append(
            ExtractTree(
                id=assigned[0],
                title=assigned[1],
                tree_version=(spec.get("treeVersion") or "").strip() or DEFAULT_TREE_VERSION,
                class_id=class_id,
                ascendancy_id=ascendancy_id,
                nodes=nodes,
                mastery_effects=mastery,
            )
        )
    return trees, _active_index_id(ids, tree.get("activeSpec") if tree is not None else None)


def _set_sources(container: etree._Element, set_tag: str, child_tag: str, active_attr: str):
    """The sets under a container with their ids, and the active set's id.

    Old exports keep one unnamed set's children (<Slot>, <Skill>) directly
    under the container; that container then stands for the single set.
    """
    elements = container.findall(set_tag)
    legacy = not elements and container.find(child_tag) is not None
    sources = [container] if legacy else elements
    ids = assign_set_ids([None if legacy else e.get("title") for e in sources])
    active = _active_set_id(sources, ids, container.get(active_attr), legacy)
    kept = [(element, assigned) for element, assigned in zip(sources, ids, strict=True) if assigned is not None]
    return kept, active


def _item_sets(root: etree._Element) -> tuple[list[ExtractSet], str]:
    items = root.find("Items")
    if items is None:
        return [], ""
    sources, active = _set_sources(items, "ItemSet", "Slot", "activeItemSet")
    sets = []
    for element, (set_id, title) in sources:
        slots = {
            s.get("name"): s.get("itemId")
            for s in element.findall("Slot")
            if s.get("name") and s.get("itemId") not in (None, "", "0")
        }
        sets.append(ExtractSet(id=set_id, title=title, slots=slots))
    return sets, active


def _enabled(element: etree._Element) -> bool:
    return (element.get("enabled") or "true").strip().lower() != "false"


def granted(group: etree._Element | None) -> bool:
    """A group whose skills an item or passive grants (its planner `source`, "Item:5:Kraken Spur,
    Zealot Boots", "Tree:2768"): not gems to socket, even when a gem grants the same skill."""
    return group is not None and bool((group.get("source") or "").strip())


def gem_name(gem: etree._Element, group: etree._Element | None = None) -> str:
    """nameSpec (or the older name); a socketed gem named only by skillId or gemId is named from
    the gem list. Skills granted by items or passives (blank nameSpec) stay unnamed."""
    name = (gem.get("nameSpec") or gem.get("name") or "").strip()
    if name or granted(group):
        return name
    gem_id, skill_id = gem.get("gemId") or "", gem.get("skillId") or ""
    return gem_names().name(gem_id, skill_id) if gem_id or skill_id else ""


def _skill_sets(root: etree._Element) -> tuple[list[ExtractSkillSet], str]:
    skills = root.find("Skills")
    if skills is None:
        return [], ""
    sources, active = _set_sources(skills, "SkillSet", "Skill", "activeSkillSet")
    sets = []
    for element, (set_id, title) in sources:
        gems = [
            name
            for group in element.findall("Skill")
            if _enabled(group)
            for gem in group.findall("Gem")
            if _enabled(gem) and (name := gem_name(gem, group))
        ]
        sets.append(ExtractSkillSet(id=set_id, title=title, gems=gems))
    return sets, active


def _config_inputs(root: etree._Element) -> dict[str, str]:
    """Inputs of the active config set (or of <Config> itself in older exports).

    The planner keeps bandit and pantheon choices there; <Build> attributes are
    the legacy place and only fill in what the config does not say.
    """
    config = root.find("Config")
    if config is None:
        return {}
    sets = config.findall("ConfigSet")
    source = config
    if sets:
        active = config.get("activeConfigSet")
        source = next((s for s in sets if s.get("id") == active), sets[0])
    return {
        i.get("name"): i.get("string") for i in source.findall("Input") if i.get("name") and i.get("string")
    }


def _choice(inputs: dict[str, str], build: etree._Element, name: str) -> str:
    return (inputs.get(name) or build.get(name) or "").strip() or "None"


def extract_planner(root: etree._Element) -> PlannerExtract:
    build = root.find("Build")
    trees, active_tree = _trees(root)
    item_sets, active_items = _item_sets(root)
    skill_sets, active_skills = _skill_sets(root)
    items = root.findall("Items/Item")
    invalid = [
        item.get("id") or ""
        for item in items
        if not _RARITY_LINE.match((item.text or "").strip(_ASCII_SPACE).split("\n", 1)[0].strip(_ASCII_SPACE))
    ]
    active = next((t for t in trees if t.id == active_tree), None)
    inputs = _config_inputs(root)
    return PlannerExtract(
        class_name=_none_blank(build.get("className")),
        ascendancy_name=_none_blank(build.get("ascendClassName")),
        level=_int(build.get("level"), 1),
        bandit=_choice(inputs, build, "bandit"),
        pantheon_major=_choice(inputs, build, "pantheonMajorGod"),
        pantheon_minor=_choice(inputs, build, "pantheonMinorGod"),
        tree_version=active.tree_version if active else "",
        trees=trees,
        item_sets=item_sets,
        skill_sets=skill_sets,
        gem_names=sorted({g for s in skill_sets for g in s.gems}),
        active_tree_id=active_tree,
        active_item_set_id=active_items,
        active_skill_set_id=active_skills,
        item_count=len(items),
        invalid_item_ids=invalid,
    )


class OfferedTrees(msgspec.Struct, kw_only=True):
    # Ids of the trees a step may use: the build's base class, and its ascendancy or none yet.
    ids: list[str]
    # Titles of the other trees (another class or ascendancy), which are never offered as steps.
    not_offered: list[str]


def offered_trees(extract: PlannerExtract) -> OfferedTrees:
    """Which trees of an export belong to its character.

    An export may carry a spec of another class (an old tree kept for reference); such trees are
    left out rather than refusing the build. The class is the build's className (else the active
    tree's); the ascendancy is the active tree's when it is of the class and ascended, else the
    first ascended tree of the class. Trees without an ascendancy (levelling trees) fit any.
    """
    trees = extract.trees
    active = next((t for t in trees if t.id == extract.active_tree_id), trees[0] if trees else None)
    named = next((i for i, c in enumerate(CLASS_IDS) if c.lower() == extract.class_name.strip().lower()), None)
    class_id = named if named is not None else (active.class_id if active else -1)
    same = [t for t in trees if t.class_id == class_id]
    ascended = ([active] if active in same else []) + same
    asc = next((t.ascendancy_id for t in ascended if t.ascendancy_id > 0), 0)
    ids = [t.id for t in same if t.ascendancy_id in (0, asc)]
    return OfferedTrees(ids=ids, not_offered=[t.title for t in trees if t.id not in ids])
