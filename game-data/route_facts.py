"""The route-facts table: per quest its giver, where to hand it in, its rewards and its prerequisites.

The campaign facts (quests.json, areas.json) name each quest's giver and its gem and item
rewards, but not the passive and refund points, the bandit lords' rewards or what a
player must have done before a quest, item or boss can be finished. Those come from
`route-facts.json` next to this file (sources and game version in FORMAT.md). The join is
checked against the game's item names (RePoE base_items): a quest that hands out a Book
of Skill must list passive points and one that hands out a Book of Regrets refund points,
so a supplement that misses a quest (or the data moving on a version) fails the build.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

SUPPLEMENT = Path(__file__).resolve().parent / "route-facts.json"
FORMAT = 1
BANDIT_FLAGS = ("BANDIT_KILL", "BANDIT_ALIRA", "BANDIT_KRAITYN", "BANDIT_OAK")
NEED_KINDS = ("kill", "item", "enter", "met", "handed")
SKILL_BOOK = "Book of Skill"
REFUND_BOOK = "Book of Regrets"


class RouteFactsError(Exception):
    pass


def load_supplement(path: Path = SUPPLEMENT) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


def item_names(base_items: dict[str, Any]) -> dict[str, str]:
    """Metadata id -> shown name, for quest items (the only ones the table names)."""
    return {
        k: v["name"]
        for k, v in base_items.items()
        if k.startswith("Metadata/Items/QuestItems/") and v.get("name")
    }


def campaign_act(quest: dict[str, Any]) -> int | None:
    act = quest.get("act", "")
    return int(act) if isinstance(act, str) and act.isdigit() and 1 <= int(act) <= 10 else None


def town_of_act(areas: dict[str, Any], act: int) -> str:
    towns = [a for a, v in areas.items() if v["is_town_area"] and v["act"] == act and a.endswith("_town")]
    if len(towns) != 1:
        raise RouteFactsError(f"act {act} has {len(towns)} towns in areas.json")
    return towns[0]


def _check_needs(where: str, needs: Any, areas: dict[str, Any], npcs: dict[str, Any]) -> list[dict[str, str]]:
    if not isinstance(needs, list):
        raise RouteFactsError(f"{where}: needs must be a list")
    out = []
    for need in needs:
        if not isinstance(need, dict) or len(need) != 1:
            raise RouteFactsError(f"{where}: each need is one {{kind: value}}, got {need!r}")
        ((kind, value),) = need.items()
        if kind not in NEED_KINDS or not isinstance(value, str) or not value:
            raise RouteFactsError(f"{where}: unknown need {need!r} (kinds: {', '.join(NEED_KINDS)})")
        if kind == "enter" and value not in areas:
            raise RouteFactsError(f"{where}: unknown area {value!r}")
        if kind == "met" and value not in npcs:
            raise RouteFactsError(f"{where}: NPC {value!r} is not in npcs")
        out.append({kind: value})
    return out


def _area(where: str, area: Any, areas: dict[str, Any]) -> str | None:
    if area is not None and area not in areas:
        raise RouteFactsError(f"{where}: unknown area {area!r}")
    return area


def build_route_facts(
    quests: dict[str, Any],
    areas: dict[str, Any],
    base_items: dict[str, Any],
    supplement: dict[str, Any],
) -> dict[str, Any]:
    names = item_names(base_items)
    npcs = supplement.get("npcs", {})
    for npc, places in npcs.items():
        for a in places:
            _area(f"npc {npc}", a, areas)
    extra = supplement.get("quests", {})
    unknown = sorted(set(extra) - set(quests))
    if unknown:
        raise RouteFactsError(f"route-facts.json names quests that quests.json lacks: {unknown}")

    table: dict[str, Any] = {}
    for qid, quest in quests.items():
        act = campaign_act(quest)
        if act is None:
            continue
        more = extra.get(qid, {})
        offers = quest["reward_offers"]
        main = offers.get(qid) or next(iter(offers.values()), None)
        giver = more.get("giver") or (main["quest_npc"] if main else None)
        gems: list[str] = []
        items: list[str] = []
        for offer_id, offer in offers.items():
            if "tencent" in offer_id:  # the Tencent realm's offers do not exist on the international one
                continue
            for item_id in offer.get("quest", {}):
                if item_id.startswith("Metadata/Items/Gems/"):
                    gems.append(item_id)
                else:
                    items.append(names.get(item_id, item_id.rsplit("/", 1)[-1]))
        items += [i for i in more.get("rewardItems", []) if i not in items]
        bandit = more.get("bandit")
        if bandit is not None and bandit not in BANDIT_FLAGS:
            raise RouteFactsError(f"{qid}: unknown bandit flag {bandit!r}")
        passive = int(more.get("passivePoints", 0))
        refund = int(more.get("refundPoints", 0))
        if SKILL_BOOK in items and passive < 1:
            raise RouteFactsError(f"{qid} ({quest['name']}) gives a {SKILL_BOOK} but lists no passive points")
        if REFUND_BOOK in items and refund < 1:
            raise RouteFactsError(f"{qid} ({quest['name']}) gives a {REFUND_BOOK} but lists no refund points")
        if passive and bandit is None and SKILL_BOOK not in items:
            raise RouteFactsError(f"{qid} ({quest['name']}) lists passive points but gives no {SKILL_BOOK}")
        table[qid] = {
            "name": quest["name"],
            "act": act,
            "giver": giver,
            "where": _area(qid, more.get("where"), areas) or town_of_act(areas, act),
            "passivePoints": passive,
            "refundPoints": refund,
            "bandit": bandit,
            "bonus": more.get("bonus"),
            "gems": sorted(set(gems)),
            "items": sorted(set(items)),
            "needs": _check_needs(qid, more.get("needs", []), areas, npcs),
        }

    def things(key: str) -> dict[str, Any]:
        out = {}
        for name, fact in supplement.get(key, {}).items():
            out[name] = {
                **{k: v for k, v in fact.items() if k not in ("area", "needs")},
                "area": _area(f"{key} {name}", fact.get("area"), areas),
                "needs": _check_needs(f"{key} {name}", fact.get("needs", []), areas, npcs),
            }
        return out

    return {
        "format": FORMAT,
        "gameVersion": supplement["gameVersion"],
        "sources": supplement.get("sources", {}),
        "npcs": npcs,
        "quests": table,
        "items": things("items"),
        "handovers": things("handovers"),
        "kills": things("kills"),
        "passiveTotals": passive_totals(table),
    }


def passive_totals(table: dict[str, Any]) -> dict[str, int]:
    """Passive points the whole campaign gives under each bandit choice."""
    return {
        flag: sum(q["passivePoints"] for q in table.values() if q["bandit"] in (None, flag))
        for flag in BANDIT_FLAGS
    }
