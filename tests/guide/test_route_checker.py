"""The route checker over the route facts: the real route passes under every bandit flag, and
each fix of issue 16, reverted in memory, makes it fail with the act, line and missing prerequisite."""

from __future__ import annotations

import pytest

from tests.guide.route_check import (
    ACTS,
    ASCEND_ORDER,
    BANDIT_FLAGS,
    GUIDE,
    LABYRINTH,
    Walk,
    areas,
    check_route,
    never_handed_in,
    read_act,
    route_facts,
    town_trips,
)


def route_text(act: int) -> str:
    return (GUIDE / f"act-{act}.txt").read_text(encoding="utf-8")


def with_act(act: int, text: str) -> dict:
    acts = {n: read_act(n) for n in ACTS}
    acts[act] = read_act(act, text)
    return acts


def replaced(text: str, old: str, new: str) -> str:
    assert text.count(old) == 1, f"the revert no longer matches the route: {old!r}"
    return text.replace(old, new)


def line_of(text: str, needle: str) -> int:
    hits = [n for n, line in enumerate(text.splitlines(), start=1) if needle in line]
    assert len(hits) == 1, (needle, hits)
    return hits[0]


@pytest.mark.parametrize("flag", BANDIT_FLAGS)
def test_the_route_passes_the_checker(flag):
    report = check_route(flag)
    assert report.problems == []
    assert report.passive_points == report.expected_points == route_facts()["passiveTotals"][flag]
    assert report.walk.errors == []


# --- point 1: Through Sacred Ground ------------------------------------------------------------


def revert_sacred_ground(text: str) -> str:
    """The old act 2: the lower crypt skipped as 'only refund points', Yeena never visited."""
    text = replaced(
        text,
        "Descend to {enter|1_2_5_2} and lift the {quest_text|Golden Hand} off the altar at the far end.\n"
        "#sub Recommended level 18 in the lower crypt; the altar sits behind the last set of doors.\n",
        "#sub {area|1_2_5_2} below holds {quest_name|a2q5}; it only gives refund points, so skip it.\n",
    )
    text = replaced(text, " and Yeena takes the hand for {quest|a2q5}", "")
    return replaced(
        text,
        "#sub Yeena's book grants a passive point and some refund points; spend the point at once.\n",
        "",
    )


@pytest.mark.parametrize("flag", BANDIT_FLAGS)
def test_skipping_through_sacred_ground_fails(flag):
    text = revert_sacred_ground(route_text(2))
    report = check_route(flag, with_act(2, text))
    # Reported at the last act 2 step in the Forest Encampment, where Yeena is: the hand-in belongs there.
    line = line_of(text, "{quest|a2q7}" if flag == "BANDIT_KILL" else "give the spike to Silk")
    expected = route_facts()["passiveTotals"][flag]
    assert report.problems == [
        f"act 2 line {line}: quest a2q5 (Through Sacred Ground) is never handed in; this is the last step "
        "of act 2 in 1_2_town (The Forest Encampment), where Yeena gives it: 1 passive point missing",
        f"passive points: the route gives {expected - 1}, the campaign gives {expected} with {flag}",
    ]


def test_a_quest_whose_giver_the_act_never_visits_is_reported_by_the_end_of_the_act():
    walk = Walk(waypoint_sets_town=True)
    assert never_handed_in(walk, "a2q5", route_facts()["quests"]["a2q5"]) == (
        "by the end of act 2: quest a2q5 (Through Sacred Ground) is never handed in; Yeena gives it in "
        "1_2_town (The Forest Encampment), which the route never visits in act 2: 1 passive point missing"
    )


def test_handing_in_through_sacred_ground_without_the_golden_hand_fails():
    text = replaced(
        route_text(2),
        "Descend to {enter|1_2_5_2} and lift the {quest_text|Golden Hand} off the altar at the far end.\n",
        "",
    )
    report = check_route("BANDIT_OAK", with_act(2, text))
    line = line_of(text, "{quest|a2q5}")
    assert report.problems == [
        f"act 2 line {line}: quest a2q5 (Through Sacred Ground) needs the Golden Hand in hand"
    ]


# --- point 2: helping a bandit lord ------------------------------------------------------------------

OLD_HELP = {
    "BANDIT_ALIRA": (
        "Find Alira's camp by the roadside torch and give {generic|Alira Darktongue} the amulets of Kraityn and Oak "
        "to finish {quest|a2q2}.\n",
        "Find Alira's camp by the torch on the roadside, speak with {generic|Alira Darktongue} and side with her.\n",
    ),
    "BANDIT_KRAITYN": (
        "Travel {waypoint|1_2_4} and give {generic|Kraityn, Scarbearer} the amulets of Alira and Oak to finish {quest|a2q1}.\n",
        "Travel {waypoint|1_2_4}; with the other two lords dead, {generic|Kraityn, Scarbearer}'s bonus is yours.\n",
    ),
    "BANDIT_OAK": (
        "Bring {generic|Oak, Skullbreaker} the amulets of Kraityn and Alira to finish {quest|a2q3}.\n",
        "With the other two lords dead, {generic|Oak, Skullbreaker}'s bonus is yours.\n",
    ),
}


@pytest.mark.parametrize("flag", sorted(OLD_HELP))
def test_helping_a_lord_without_bringing_him_the_amulets_fails(flag):
    old, reverted = OLD_HELP[flag]
    text = replaced(route_text(2), old, reverted)
    report = check_route(flag, with_act(2, text))
    line = line_of(text, "{kill|Vaal Oversoul}")
    assert report.problems == [f"act 2 line {line}: killing Vaal Oversoul needs The Apex in hand"]


def test_helping_alira_before_oak_is_dead_fails():
    # The old order: Alira's camp before Oak's hut, so Oak and his amulet come too late.
    text = route_text(2)
    oak = (
        "Look for two stone pillars near the river and follow that trail into {enter|1_2_12}; touch {waypoint_get}.\n"
        "Find Oak's hut, kill {kill|Oak, Skullbreaker} and pick up {quest_text|Oak's Amulet}.\n"
        "Go {waypoint|1_2_7} and follow the road west.\n"
    )
    text = replaced(text, oak, "")
    text = replaced(
        text,
        "Return {waypoint|1_2_12} to the wetlands.\n",
        "Go {waypoint|1_2_7} and follow the trail between the two stone pillars into {enter|1_2_12}; touch {waypoint_get}.\n"
        "Find Oak's hut, kill {kill|Oak, Skullbreaker} and pick up {quest_text|Oak's Amulet}.\n",
    )
    report = check_route("BANDIT_ALIRA", with_act(2, text))
    line = line_of(text, "{quest|a2q2}")
    assert report.problems == [
        f"act 2 line {line}: quest a2q2 (The Bandit Lord Alira) needs Oak, Skullbreaker killed first",
        f"act 2 line {line}: quest a2q2 (The Bandit Lord Alira) needs the Oak's Amulet in hand",
    ]


def test_a_bandit_quest_under_the_wrong_flag_fails():
    text = replaced(route_text(2), "#ifdef BANDIT_KILL\n{logout}: Silk", "#ifdef BANDIT_OAK\n{logout}: Silk")
    report = check_route("BANDIT_OAK", with_act(2, text))
    line = line_of(text, "{quest|a2q7}")
    assert (
        f"act 2 line {line}: quest a2q7 (Deal with the Bandits) belongs to BANDIT_KILL, not BANDIT_OAK"
        in report.problems
    )


# --- point 4: Lady Dialla before the Thaumetic Sulphite -------------------------------------------


def revert_dialla(text: str) -> str:
    new = (
        "Walk into {enter|1_3_8_1} and take {waypoint_get}.\n"
        "Continue to {enter|1_3_8_2}, tag {waypoint_get}, check {crafting} and speak with {generic|Lady Dialla}; "
        "she asks for sulphite from the docks.\n"
        "#sub The sulphite cannot be picked up until Dialla has asked for it, so the temple comes first.\n"
        "Travel {waypoint|1_3_7}, go down to {enter|1_3_9}, touch {waypoint_get} and pick up the "
        "{quest_text|Thaumetic Sulphite}.\n"
        "Go {waypoint|1_3_8_2} and hand the sulphite to Lady Dialla for {quest|a3q5}.\n"
    )
    old = (
        "Go down to {enter|1_3_9}, touch {waypoint_get} and pick up the {quest_text|Thaumetic Sulphite}.\n"
        "Travel {waypoint|1_3_7} and walk into {enter|1_3_8_1}; take {waypoint_get}.\n"
        "Continue to {enter|1_3_8_2}, tag {waypoint_get}, check {crafting} and hand the sulphite to Lady Dialla "
        "for {quest|a3q5}.\n"
    )
    return replaced(text, new, old)


@pytest.mark.parametrize("flag", BANDIT_FLAGS)
def test_taking_the_sulphite_before_meeting_dialla_fails(flag):
    text = revert_dialla(route_text(3))
    report = check_route(flag, with_act(3, text))
    line = line_of(text, "{quest_text|Thaumetic Sulphite}")
    assert report.problems == [
        f"act 3 line {line}: taking Thaumetic Sulphite needs Lady Dialla met first in 1_3_8_2 (The Solaris Temple Level 2)"
    ]


# --- point 5: organs to Piety ---------------------------------------------------------------------


def test_the_black_core_without_piety_fails():
    text = replaced(
        route_text(4),
        "Bring all three organs to {generic|Piety} at the heart of the harvest; her ritual opens the way into the Black Core.\n",
        "",
    )
    report = check_route("BANDIT_KILL", with_act(4, text))
    line = line_of(text, "{kill|Malachai, The Nightmare}")
    assert report.problems == [
        f"act 4 line {line}: killing Malachai, The Nightmare needs the items handed to Piety first"
    ]


# --- givers ---------------------------------------------------------------------------------------


def test_a_reward_claimed_away_from_its_giver_fails():
    text = replaced(
        route_text(3),
        "Go {waypoint|1_3_8_2} and hand the sulphite to Lady Dialla for {quest|a3q5}.\n",
        "Go {waypoint|1_3_town} and hand the sulphite to Lady Dialla for {quest|a3q5}.\n",
    )
    report = check_route("BANDIT_KILL", with_act(3, text))
    line = line_of(text, "{quest|a3q5}")
    assert report.problems == [
        f"act 3 line {line}: quest a3q5 (Fiery Dust) is handed in at 1_3_town (The Sarn Encampment), "
        "but Lady Dialla gives it in 1_3_8_2 (The Solaris Temple Level 2)"
    ]


# --- recommended levels ---------------------------------------------------------------------------


def test_recommended_levels_follow_the_monster_levels():
    # The Weaver's chambers are level 18 in the facts: 16 is fine, 12 is far too low, 22 too high.
    for level, ok in (("16", True), ("12", False), ("22", False)):
        text = replaced(
            route_text(2),
            "#sub Recommended level 16 for the Weaver;",
            f"#sub Recommended level {level} for the Weaver;",
        )
        report = check_route("BANDIT_KILL", with_act(2, text))
        line = line_of(text, "for the Weaver;")
        expected = (
            []
            if ok
            else [
                f"act 2 line {line}: recommended level {level} is far from the monster level 18 of 1_2_10 (The Weaver's Chambers)"
            ]
        )
        assert report.problems == expected, level


def test_a_labyrinth_note_follows_the_labyrinths_monster_level():
    # The note under {ascend|merciless} is about the merciless labyrinth (level 68 in the facts), not
    # Oriath Docks (69), where the player is back after ascending: 65 is fine, 71 too high.
    for level, ok in (("65", True), ("71", False)):
        text = replaced(
            route_text(10),
            "#sub Recommended level 68 or more for the merciless labyrinth;",
            f"#sub Recommended level {level} or more for the merciless labyrinth;",
        )
        report = check_route("BANDIT_KILL", with_act(10, text))
        line = line_of(text, "for the merciless labyrinth;")
        expected = (
            []
            if ok
            else [
                f"act 10 line {line}: recommended level {level} is far from the monster level 68 "
                "of 3_Labyrinth_boss_3 (Aspirant's Trial)"
            ]
        )
        assert report.problems == expected, level
    text = replaced(route_text(3), "#sub Recommended level 33;", "#sub Recommended level 40;")
    report = check_route("BANDIT_KILL", with_act(3, text))
    line = line_of(text, "#sub Recommended level 40;")
    assert report.problems == [
        f"act 3 line {line}: recommended level 40 is far from the monster level 33 "
        "of 1_Labyrinth_boss_3 (Aspirant's Trial)"
    ]


def test_each_ascension_names_its_labyrinth_in_the_facts():
    labs = [areas()[LABYRINTH[v]] for v in ASCEND_ORDER]
    assert [a["name"] for a in labs] == ["Aspirant's Trial"] * 3
    assert [a["level"] for a in labs] == sorted(a["level"] for a in labs)


def test_the_route_names_the_game_version_of_its_facts():
    header = [ln.text for ln in read_act(1) if ln.kind == "comment" and ln.text.startswith("# Game version:")]
    assert len(header) == 1
    assert header[0].split(":", 1)[1].strip().startswith(f"{route_facts()['gameVersion']} ")


# --- point 6: trips merged --------------------------------------------------------------------------


def test_killing_all_bandits_costs_no_extra_town_trip():
    trips = {flag: len(town_trips(check_route(flag).walk)) for flag in BANDIT_FLAGS}
    assert len(set(trips.values())) == 1, trips
    assert trips["BANDIT_KILL"] <= 35


def test_act_5_pays_out_three_quests_in_one_visit():
    walk = check_route("BANDIT_KILL").walk
    act5 = [qid for act, qid, _ in walk.claimed if act == 5]
    assert act5[:4] == ["a5q1b", "a5q3", "a5q2", "a5q4"]
    lines = [ln for ln in read_act(5) if ln.kind == "step" and "{quest|a5q3}" in ln.text]
    assert len(lines) == 1 and "{quest|a5q2}" in lines[0].text and "{quest|a5q4}" in lines[0].text
