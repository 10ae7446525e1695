"""A seeded build's first skill (its card title) is the planner's main skill, never a support or a utility gem."""

from __future__ import annotations

import gzip
import json
import logging

import pytest

from server.paths import PLANNER_GEMS
from server.planner.decode import parse_planner_xml, planner_xml_bytes
from server.seed import _sources, plan_build, to_code
from tests.server.conftest import POB

TAGS = {g["name"]: set(g["tags"]) for g in json.loads(gzip.decompress(PLANNER_GEMS.read_bytes())).values()}
UTILITY = {"aura", "herald", "curse", "hex", "mark", "guard", "banner", "warcry", "travel", "blink", "golem", "stance", "link", "blessing"}


def real_skills(group) -> list[str]:
    """Enabled active gems of an enabled group that are neither supports nor utilities, read from the XML."""
    if group.get("enabled") == "false":
        return []
    out = []
    for gem in group.findall("Gem"):
        name = gem.get("nameSpec") or gem.get("name") or ""
        support = "SupportGem" in (gem.get("gemId") or "") or "support" in TAGS.get(name, set())
        if gem.get("enabled") != "false" and name and not support and not UTILITY & TAGS.get(name, set()):
            out.append(name)
    return out


def marked_group(root):
    skills = root.find("Skills")
    sets = skills.findall("SkillSet")
    chosen = next((s for s in sets if s.get("id") == skills.get("activeSkillSet")), sets[0]) if sets else skills
    groups = chosen.findall("Skill")
    index = int(root.find("Build").get("mainSocketGroup") or 1) - 1
    return groups, (groups[index] if 0 <= index < len(groups) else None)


PLANNED = [(p, plan_build(p, POB.parent)) for p in _sources(POB)]


@pytest.mark.parametrize("path,plan", [x for x in PLANNED if x[1]], ids=lambda x: getattr(x, "name", ""))
def test_seeded_main_skill_is_the_marked_groups_real_skill(path, plan):
    root = parse_planner_xml(planner_xml_bytes(to_code(path.read_text(errors="replace"))))
    groups, marked = marked_group(root)
    main = plan[1]["skills"][0]
    anywhere = [n for g in groups for n in real_skills(g)]
    if marked is not None and real_skills(marked):
        assert main == real_skills(marked)[0]
    elif anywhere:
        # The marked group went stale (utilities only): some real skill of the build stands in.
        assert main in anywhere
    else:
        pytest.skip("a build whose only skills are utilities (a curse build) has no other title")


def test_known_cards_name_the_real_skill():
    logging.disable(logging.WARNING)
    try:
        titles = {p.name: plan[1]["skills"][0] for p, plan in PLANNED if plan}
    finally:
        logging.disable(logging.NOTSET)
    # Before, these cards read "Flame Dash Elementalist", "Flammability Raider" and "Berserk Berserker".
    assert titles["The_TyTyKiller_Armageddon_Build.code.txt"] == "Armageddon Brand"
    assert titles["many-builds_14.xml"] == "Vaal Righteous Fire"
    assert titles["many-builds_3.xml"] == "Vaal Double Strike"
    # General's Cry leads its group; the skill it serves is Perforate.
    assert titles["3.13_Generals_Perforate_Zerker.xml"] == "Perforate"
    # The marked group is stale (Flesh and Stone): the group with the most supports is Cyclone's.
    assert titles["sanavixx_cyclone_shockwave_slayer_328.code.txt"] == "Cyclone of Tumult"
