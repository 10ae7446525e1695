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
