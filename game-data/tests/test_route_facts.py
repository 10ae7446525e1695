"""The route-facts table: built into the campaign bundle from the real sources, and checked against them."""

from __future__ import annotations

import copy
import json

import pytest
from conftest import SHARED_CAMPAIGN
from route_facts import RouteFactsError, build_route_facts, item_names, load_supplement


@pytest.fixture(scope="module")
def sources(repoe_paths):
    quests = json.loads((SHARED_CAMPAIGN / "quests.json").read_text())
    areas = json.loads((SHARED_CAMPAIGN / "areas.json").read_text())
    base_items = json.loads(repoe_paths["base_items"].read_bytes())
    return quests, areas, base_items


def build(sources, supplement):
    quests, areas, base_items = sources
    return build_route_facts(quests, areas, base_items, supplement)


def test_the_campaign_bundle_carries_the_route_facts(built_dist, sources):
    out, result = built_dist
    campaign = json.loads((out / result.manifest["files"]["campaign"]).read_bytes())
    facts = campaign["routeFacts"]
    assert facts == build(sources, load_supplement())
    assert facts["gameVersion"] == "3.25"
    assert facts["passiveTotals"] == {
        "BANDIT_KILL": 24,
        "BANDIT_ALIRA": 23,
        "BANDIT_KRAITYN": 23,
        "BANDIT_OAK": 23,
    }


def test_quests_join_the_campaign_facts_with_points_and_prerequisites(sources):
    facts = build(sources, load_supplement())["quests"]
    sacred = facts["a2q5"]
    assert (sacred["name"], sacred["giver"], sacred["where"]) == (
        "Through Sacred Ground",
        "Yeena",
        "1_2_town",
    )
    assert (sacred["passivePoints"], sacred["refundPoints"], sacred["items"]) == (1, 2, ["Book of Skill"])
    assert sacred["needs"] == [{"item": "Golden Hand"}]
    bandits = facts["a2q7"]
    assert (bandits["giver"], bandits["passivePoints"], bandits["bandit"]) == ("Eramir", 1, "BANDIT_KILL")
    assert bandits["items"] == ["The Apex"]  # CombinedAmulet, named by the game's item data
    alira = facts["a2q2"]
    assert (alira["giver"], alira["where"], alira["bonus"]) == (
        "Alira Darktongue",
        "1_2_9",
        "+15% to all Elemental Resistances",
    )
    assert {"item": "Oak's Amulet"} in alira["needs"] and {"kill": "Kraityn, Scarbearer"} in alira["needs"]
    gems = facts["a1q1"]["gems"]
    assert "Metadata/Items/Gems/SkillGemFreezingPulse" in gems and facts["a1q1"]["giver"] == "Tarkleigh"
    # Acts 1-10 only: atlas quests and chests are not part of the route.
    assert "maven_boss" not in facts and "d2c1" not in facts and "bandit_respec" not in facts


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda s: s["quests"]["a2q5"].pop("passivePoints"),
            "a2q5 (Through Sacred Ground) gives a Book of Skill",
        ),
        (lambda s: s["quests"]["a1q8"].pop("refundPoints"), "a1q8 (A Dirty Job) gives a Book of Regrets"),
        (
            lambda s: s["quests"].update(a1q1={"passivePoints": 1}),
            "a1q1 (Enemy at the Gate) lists passive points",
        ),
        (
            lambda s: s["quests"].update(zz9={"passivePoints": 1}),
            "names quests that quests.json lacks: ['zz9']",
        ),
        (lambda s: s["quests"]["a3q5"].update(where="9_9_9"), "a3q5: unknown area '9_9_9'"),
        (lambda s: s["items"]["Golden Hand"].update(needs=[{"smell": "x"}]), "unknown need {'smell': 'x'}"),
        (
            lambda s: s["items"]["Golden Hand"].update(needs=[{"met": "Nobody"}]),
            "NPC 'Nobody' is not in npcs",
        ),
        (lambda s: s["quests"]["a2q1"].update(bandit="BANDIT_ERAMIR"), "unknown bandit flag 'BANDIT_ERAMIR'"),
    ],
)
def test_a_supplement_that_disagrees_with_the_game_data_fails(sources, change, message):
    supplement = copy.deepcopy(load_supplement())
    change(supplement)
    with pytest.raises(RouteFactsError) as err:
        build(sources, supplement)
    assert message in str(err.value)


# Labels of the route's own for three-piece quest item sets (FORMAT.md, where the prerequisites come from).
ROUTE_LABELS = {"Platinum Bust", "Kitava's Torment"}


def test_the_items_the_prerequisites_name_are_the_games_quest_items(sources):
    _, _, base_items = sources
    facts = build(sources, load_supplement())
    needed = {
        value
        for part in ("quests", "items", "handovers", "kills")
        for fact in facts[part].values()
        for need in fact["needs"]
        for kind, value in need.items()
        if kind == "item"
    } | set(facts["items"])
    names = set(item_names(base_items).values())
    assert needed - names == ROUTE_LABELS
    assert not ROUTE_LABELS & names
