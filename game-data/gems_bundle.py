"""RePoE gems.min.json -> gems bundle keyed by the gem's metadata id.

The planner's gemId and the campaign data use the same metadata ids
(e.g. Metadata/Items/Gems/SkillGemFireball); `byName` maps display names
(with and without the " Support" suffix) back to them.
"""

from __future__ import annotations

from typing import Any

from gem_text import Translator, gem_text

FORMAT = 2
ATTRIBUTES = ("strength", "dexterity", "intelligence")
# Exceptional supports stop at 3 and awakened supports at 5; everything else at 20
# (RePoE lists the corrupted/overlevelled levels too, up to 40).
EXCEPTIONAL = ("Empower Support", "Enlighten Support", "Enhance Support")


def _max_level(name: str, levels: int) -> int:
    if name.startswith("Awakened "):
        return min(5, levels)
    if name in EXCEPTIONAL:
        return min(3, levels)
    return min(20, levels)


def _attribute(gem: dict[str, Any]) -> str:
    tags = gem.get("tags") or []
    for attr in ATTRIBUTES:
        if attr in tags:
            return attr
    return "none"


def _skip(name: str, release_state: str) -> bool:
    # Test and placeholder entries ("[DNT] ...", "[UNUSED] ...") are not real gems.
    return release_state == "unreleased" or not name or name.startswith("[")


def build_gems_bundle(
    gems: dict[str, dict[str, Any]],
    planner_gems: dict[str, dict[str, Any]] | None = None,
    translations: list[dict[str, Any]] | None = None,
    tag_names: dict[str, str | None] | None = None,
) -> dict[str, Any]:
    out: dict[str, dict[str, Any]] = {}
    # The planner's skillId (a granted effect id) -> metadata id: exports that name a gem only by
    # its skillId (older planner versions, other tools) are named through it.
    by_skill: dict[str, str] = {}
    translator = Translator(translations) if translations is not None else None
    for effect_id in sorted(gems):
        gem = gems[effect_id]
        base = gem.get("base_item")
        if not base:
            continue  # granted effects that are not gem items
        meta_id, name = base.get("id", ""), base.get("display_name", "")
        if _skip(name, base.get("release_state", "")) or not meta_id.startswith("Metadata/Items/Gems/"):
            continue
        per_level = gem.get("per_level") or {}
        levels = sorted(int(k) for k in per_level if k.isdigit())
        max_level = _max_level(name, len(levels))
        required = [int(per_level[str(lv)].get("required_level") or 0) for lv in levels[:max_level]]
        entry = {
            "name": name,
            "isSupport": bool(gem.get("is_support")),
            "maxLevel": max_level,
            "requiredLevel": required,
            "attribute": _attribute(gem),
            "vaal": "vaal" in (gem.get("tags") or []),
        }
        if translator is not None:
            entry["text"] = gem_text(gem, translator, tag_names or {}, max_level)
        previous = out.get(meta_id)
        # Several granted effects can share one gem item; the first in sorted order wins
        # unless a later one carries more levels (the primary effect).
        if previous is None or len(previous["requiredLevel"]) < len(required):
            out[meta_id] = entry
        by_skill[effect_id] = meta_id

    repoe_ids = set(out)
    _add_planner_gems(out, planner_gems or {})
    for key in sorted(planner_gems or {}):
        effect = (planner_gems or {})[key].get("grantedEffectId")
        # RePoE's own effect ids win; the planner's add the transfigured and newer gems.
        if isinstance(effect, str) and effect and key in out:
            by_skill.setdefault(effect, key)

    by_name: dict[str, str] = {}
    # RePoE's own entries first: a name the 3.25 data knows keeps its id.
    for meta_id in sorted(out, key=lambda m: (m not in repoe_ids, _name_rank(m), m)):
        name = out[meta_id]["name"]
        for key in {name, name.removesuffix(" Support")}:
            by_name.setdefault(key, meta_id)
    return {
        "format": FORMAT,
        "gems": out,
        "byName": dict(sorted(by_name.items())),
        "aliases": _aliases(out),
        "bySkillId": dict(sorted(by_skill.items())),
    }


def _add_planner_gems(out: dict[str, dict[str, Any]], planner_gems: dict[str, dict[str, Any]]) -> None:
    """The planner's gem list (3.28, keyed by id plus variant: SkillGemArcAltX) adds the
    transfigured gems and the gems newer than RePoE's 3.25 data. A transfigured gem
    takes its base gem's required levels; a gem RePoE lacks entirely has none."""
    for key in sorted(planner_gems):
        g = planner_gems[key]
        if key in out or not key.startswith("Metadata/Items/Gems/") or not g.get("name"):
            continue
        tags = g.get("tags") or {}
        max_level = int(g.get("naturalMaxLevel") or 20)
        base = out.get(g.get("gameId", ""))
        reqs = {
            "strength": g.get("reqStr", 0),
            "dexterity": g.get("reqDex", 0),
            "intelligence": g.get("reqInt", 0),
        }
        top = max(reqs.values())
        out[key] = {
            "name": g["name"],
            "isSupport": bool(tags.get("support")),
            "maxLevel": max_level,
            "requiredLevel": base["requiredLevel"][:max_level]
            if base and len(base["requiredLevel"]) >= max_level
            else [],
            "attribute": next((a for a in ATTRIBUTES if top > 0 and reqs[a] == top), "none"),
            "vaal": bool(tags.get("vaal")),
            "transfigured": g.get("variantId", "")[-4:] in ("AltX", "AltY", "AltZ"),
        }
        if "text" in (base or {}):
            # RePoE 3.25 has no transfigured gems: show the base gem's numbers, say so.
            # The lines are the base gem's (`from`: its id; the PWA reads them there).
            out[key]["text"] = {"tags": g.get("tagString") or base["text"]["tags"], "from": g["gameId"],
                                "basedOn": base["name"]}
        elif base is None and planner_gems is not None:
            out[key]["text"] = {"tags": g.get("tagString") or "", "header": [[]], "stats": [[]],
                                "quality": [], "missing": True}


def _aliases(gems: dict[str, dict[str, Any]]) -> dict[str, str]:
    """Older planner exports name some skill gems without the "SkillGem" prefix
    (Metadata/Items/Gems/HeraldOfAgony); map those spellings to the real ids."""
    prefix = "Metadata/Items/Gems/SkillGem"
    aliases: dict[str, str] = {}
    for meta_id in sorted(gems):
        if meta_id.startswith(prefix):
            alias = "Metadata/Items/Gems/" + meta_id.removeprefix(prefix)
            if alias not in gems:
                aliases[alias] = meta_id
    return aliases


def _name_rank(meta_id: str) -> int:
    # When two items share a display name (battle-royale copies), prefer the real gem.
    return 1 if meta_id.endswith("Royale") else 0
