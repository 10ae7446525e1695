"""Every gem of every corpus build resolves in the gems bundle, transfigured and newer gems included."""

from __future__ import annotations

import json

from test_corpus_trees import corpus_builds


def _corpus_gems():
    for rel, root in corpus_builds():
        for gem in root.iter("Gem"):
            yield rel, gem.get("gemId") or "", (gem.get("nameSpec") or gem.get("name") or "").strip()


def test_every_corpus_gem_resolves_by_name_or_id(built_dist):
    out, result = built_dist
    bundle = json.loads((out / result.manifest["files"]["gems"]).read_bytes())
    gems, by_name, aliases = bundle["gems"], bundle["byName"], bundle["aliases"]
    missing, seen, transfigured = [], 0, set()
    for fname, gem_id, name in _corpus_gems():
        if not gem_id:
            continue  # a skill granted by an item (Summon Spectral Tiger), not a gem
        seen += 1
        hit = by_name.get(name) or by_name.get(name.removesuffix(" Support"))
        if hit:
            assert gems[hit]["name"] in (name, f"{name} Support"), (fname, name, hit)
            if hit.endswith(("AltX", "AltY", "AltZ")):
                transfigured.add(name)
            continue
        if gem_id in gems or aliases.get(gem_id) in gems:
            continue
        missing.append((fname, gem_id, name))
    assert missing == []
    assert seen > 500
    # The corpus's transfigured gems resolve to their own entry, not their base gem's.
    assert "Kinetic Blast of Clustering" in transfigured and "Dual Strike of Ambidexterity" in transfigured
    assert gems[by_name["Arc of Surging"]]["requiredLevel"] == gems[by_name["Arc"]]["requiredLevel"]


def test_corpus_skill_ids_name_the_gem_their_name_spec_names(built_dist):
    """bySkillId names a gem from the planner's skillId alone (exports without nameSpec): for the
    corpus gems that carry both, it names what nameSpec says, transfigured gems included. Older
    builds' skillIds that the game has since renamed (RainOfSpores, AccuracyAndCritsAura) are not
    in today's data; their gemId still names them, as the decoders fall back to it."""
    out, result = built_dist
    bundle = json.loads((out / result.manifest["files"]["gems"]).read_bytes())
    gems, by_skill, aliases = bundle["gems"], bundle["bySkillId"], bundle["aliases"]
    assert all(meta in gems for meta in by_skill.values())
    assert gems[by_skill["ArcAltX"]]["name"] == "Arc of Surging"
    assert by_skill["SupportAddedFireDamage"] == "Metadata/Items/Gems/SupportGemAddedFireDamage"
    checked, wrong, unnamed, newest, transfigured = 0, [], set(), [], set()
    for rel, root in corpus_builds():
        for gem in root.iter("Gem"):
            skill_id, gem_id, name = gem.get("skillId") or "", gem.get("gemId") or "", (gem.get("nameSpec") or "").strip()
            if not skill_id or not name or not gem_id:
                continue  # item-granted skills have no gem item
            checked += 1
            meta = by_skill.get(skill_id)
            if meta is not None and gems[meta]["name"].removesuffix(" Support") != name.removesuffix(" Support"):
                wrong.append((rel, skill_id, name, gems[meta]["name"]))
            elif meta is not None and meta.endswith(("AltX", "AltY", "AltZ")):
                transfigured.add(name)
            if meta is None and gem_id not in gems and aliases.get(gem_id) not in gems:
                unnamed.add((skill_id, name))
            if "328" in rel and meta is None:
                newest.append((rel, skill_id))
    assert checked > 500
    assert wrong == []
    assert newest == []  # every skillId of the 3.28 exports is known
    # Only two 3.13-era gems, whose skillId and gemId the game has both renamed since.
    assert unnamed == {("RainOfSpores", "Toxic Rain"), ("NewPhaseRun", "Phase Run")}
    assert {"Kinetic Blast of Clustering", "Dual Strike of Ambidexterity"} <= transfigured
