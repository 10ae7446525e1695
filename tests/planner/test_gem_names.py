"""Gems an export names only by skillId or gemId (no nameSpec) keep their place and get their
names from the game data's gem list (the gems bundle in game-data/dist).

Inputs are real corpus builds with their nameSpec attributes removed at test time, as older
planner versions and other tools write them.
"""

from __future__ import annotations

from lxml import etree

from server.planner import decode_planner
from server.planner.decode import parse_planner_xml, planner_xml_bytes
from server.planner.gem_names import gem_names
from server.planner.skills import main_skill
from tests.planner.corpus import corpus_file, corpus_files


def corpus_root(name: str) -> etree._Element:
    return parse_planner_xml(planner_xml_bytes(corpus_file(name).read_text(encoding="utf-8")))


def as_text(root: etree._Element) -> str:
    return etree.tostring(root, encoding="unicode")


def strip(root: etree._Element, *attrs: str, names: set[str] | None = None) -> int:
    """Remove attrs from the gems (those with nameSpec in names, or all); the number changed."""
    changed = 0
    for gem in root.iter("Gem"):
        if names is None or gem.get("nameSpec") in names:
            for attr in attrs:
                gem.attrib.pop(attr, None)
            changed += 1
    return changed


def test_the_gems_bundle_names_gems_by_skill_id():
    table = gem_names()
    assert table.by_skill_id, "game-data/dist has no gems bundle with bySkillId; run ./just game-data"
    assert table.name("", "ArcAltX") == "Arc of Surging"
    # Supports are named as the planner names them, without the item's " Support".
    assert table.name("Metadata/Items/Gems/SupportGemAddedFireDamage", "") == "Added Fire Damage"
    # Older gemId spelling without "SkillGem".
    assert table.name("Metadata/Items/Gems/HeraldOfPurity", "") == "Herald of Purity"
    assert table.name("", "ChaosDegenAuraUnique") == ""


def test_a_build_without_name_spec_decodes_to_the_same_skill_sets():
    name = "dual_strike_of_ambidexterity_slayer_328.xml"
    original = decode_planner(corpus_file(name).read_text(encoding="utf-8"))
    root = corpus_root(name)
    assert strip(root, "nameSpec") > 20
    stripped = decode_planner(as_text(root))
    assert [(s.id, s.gems) for s in stripped.skill_sets] == [(s.id, s.gems) for s in original.skill_sets]
    # The transfigured gem shares its base gem's gemId; its skillId tells them apart.
    assert "Dual Strike of Ambidexterity" in stripped.gem_names
    assert "Dual Strike" not in stripped.gem_names
    assert main_skill(root) == "Dual Strike of Ambidexterity"


def test_gem_id_alone_or_skill_id_alone_names_the_gem():
    root = corpus_root("sanavixx_cyclone_shockwave_slayer_328.xml")
    original = decode_planner(as_text(root))
    gems = [g for g in root.iter("Gem") if g.get("enabled") != "false" and g.get("gemId") and g.get("skillId")]
    support = next(g for g in gems if "/SupportGem" in g.get("gemId"))
    active = next(g for g in gems if g.get("nameSpec") == "Cyclone of Tumult")
    support_name = support.get("nameSpec")
    # An old-style gem: skillId only. A support: gemId only.
    for attr in ("nameSpec", "gemId", "variantId"):
        active.attrib.pop(attr, None)
    for attr in ("nameSpec", "skillId"):
        support.attrib.pop(attr, None)
    stripped = decode_planner(as_text(root))
    assert stripped.gem_names == original.gem_names
    assert support_name in stripped.gem_names and not support_name.endswith(" Support")
    assert main_skill(root) == "Cyclone of Tumult"


def test_ids_the_gem_list_does_not_know_stay_unnamed():
    root = corpus_root("sanavixx_cyclone_shockwave_slayer_328.xml")
    original = decode_planner(as_text(root))
    group = root.find("Skills/SkillSet/Skill")
    etree.SubElement(group, "Gem", skillId="ChaosDegenAuraUnique", level="20", enabled="true", nameSpec="")
    assert decode_planner(as_text(root)).gem_names == original.gem_names


def test_skills_granted_by_items_or_passives_stay_unnamed_in_every_corpus_build():
    """The planner leaves a granted skill's nameSpec blank (a group with a source, "Item:5:Kraken
    Spur, Zealot Boots" or "Tree:2768"); it is not a gem to socket even when a gem grants the same
    skill (Purity of Elements, Despair, Decoy Totem), so every corpus build's gems are exactly
    its named gems."""
    granted_known = 0
    for path in corpus_files():
        if not path.name.endswith(".xml"):
            continue
        root = parse_planner_xml(planner_xml_bytes(path.read_text(encoding="utf-8")))
        named = set()
        for group in root.iter("Skill"):
            if (group.get("enabled") or "true").lower() == "false":
                continue
            for gem in group.findall("Gem"):
                name = (gem.get("nameSpec") or gem.get("name") or "").strip()
                if (gem.get("enabled") or "true").lower() != "false" and name:
                    named.add(name)
                if group.get("source") and not name and gem_names().name("", gem.get("skillId") or ""):
                    granted_known += 1
        assert decode_planner(as_text(root)).gem_names == sorted(named), path.name
    # Not vacuous: granted skills whose ids the gem list knows (it would name them).
    assert granted_known >= 5
