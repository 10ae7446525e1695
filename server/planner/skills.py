"""The main skill of a planner build, for its title on a build card.

The planner marks its main socket group (Build `mainSocketGroup`, 1-based, in the active skill
set). Its first enabled active gem is the main skill, passing over supports and utility gems
(auras, heralds, curses and marks, guards, banners, warcries, travel skills, golems) that a
group may list before the skill they serve ("General's Cry" before "Perforate"). When the marked
group holds only such gems (the planner's choice went stale when the sets changed), the largest
enabled group with a real skill and the most supports is taken. A build whose only skills are
utilities (a curse build) keeps its marked group's first skill. Gem tags come from the planner's own gem list.
"""

from __future__ import annotations

import gzip
import json
import logging
from functools import lru_cache

from lxml import etree

from server.paths import PLANNER_GEMS
from server.planner.extract import gem_name

log = logging.getLogger("waypoint")

UTILITY_TAGS = frozenset(
    {"aura", "herald", "curse", "hex", "mark", "guard", "banner", "warcry", "travel", "blink", "link",
     "golem", "blessing", "stance"}
)
# Utility skills the gem list tags as nothing special.
UTILITY_NAMES = frozenset({"Blood Rage", "Berserk", "Convocation", "Decoy Totem", "Portal", "Automation"})


@lru_cache(maxsize=1)
def _gem_tags() -> dict[str, frozenset[str]]:
    """Gem name (lower case) -> tags, from the planner's Gems.json; empty when it is missing."""
    try:
        with gzip.open(PLANNER_GEMS, "rt", encoding="utf-8") as fh:
            gems = json.load(fh)
    except (OSError, ValueError) as exc:
        log.warning("main skill: no planner gem list at %s (%s); tags unknown", PLANNER_GEMS, exc)
        return {}
    out: dict[str, frozenset[str]] = {}
    for gem in gems.values():
        if isinstance(gem, dict) and isinstance(gem.get("name"), str):
            out[gem["name"].lower()] = frozenset(gem.get("tags") or {})
    return out


def is_support(gem: etree._Element, group: etree._Element | None = None) -> bool:
    name = gem_name(gem, group)
    return (
        "SupportGem" in (gem.get("gemId") or "")
        or (gem.get("skillId") or "").startswith("Support")
        or name.endswith(" Support")
        or "support" in _gem_tags().get(name.lower(), ())
    )


def is_support_name(name: str) -> bool:
    """A support by its name alone (skill sets list names): tagged so, or spelled "... Support"."""
    key = name.strip().lower()
    return key.endswith(" support") or "support" in _gem_tags().get(key, ())


def is_utility_name(name: str) -> bool:
    return name in UTILITY_NAMES or bool(UTILITY_TAGS & _gem_tags().get(name.strip().lower(), frozenset()))


def _enabled(element: etree._Element) -> bool:
    return (element.get("enabled") or "true").strip().lower() != "false"


def active_groups(root: etree._Element) -> list[etree._Element]:
    """The <Skill> groups of the active skill set (or of <Skills> itself in older exports)."""
    skills = root.find("Skills")
    if skills is None:
        return []
    sets = skills.findall("SkillSet")
    if not sets:
        return skills.findall("Skill")
    active = skills.get("activeSkillSet")
    chosen = next((s for s in sets if s.get("id") == active), sets[0])
    return chosen.findall("Skill")


def _actives(group: etree._Element) -> list[str]:
    if not _enabled(group):
        return []
    return [
        gem_name(g, group)
        for g in group.findall("Gem")
        if _enabled(g) and gem_name(g, group) and not is_support(g, group)
    ]


def main_skill(root: etree._Element) -> str:
    """The build's main skill name, or "" when it has no active gem at all."""
    groups = active_groups(root)
    build = root.find("Build")
    try:
        index = int((build.get("mainSocketGroup") if build is not None else None) or 1) - 1
    except ValueError:
        index = 0
    main = groups[index] if 0 <= index < len(groups) else None
    # Past the marked group, the skill with the most supports linked is the one the build is about.
    ordered = ([main] if main is not None else []) + sorted(
        (g for g in groups if g is not main),
        key=lambda g: -sum(1 for x in g.findall("Gem") if _enabled(x) and is_support(x, g)),
    )
    for group in ordered:
        for name in _actives(group):
            if not is_utility_name(name):
                return name
    return next((name for group in ordered for name in _actives(group)), "")
