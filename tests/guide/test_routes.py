"""The campaign route scripts (guide/act-1.txt ... act-10.txt) checked against the campaign facts.

Independent of the TypeScript guide parser: tests/guide/route_check.py reads the scripts with a
small regex and walks the route through areas.json, so ids, travel, portals, trials, ascensions
and rewards are validated for every bandit flag.
"""

from __future__ import annotations

import re

import pytest

from tests.guide.route_check import (
    ACTS,
    ASCEND_ORDER,
    BANDIT_FLAGS,
    Fragment,
    active_lines,
    areas,
    fragments_of,
    quests,
    read_act,
    route_facts,
    static_problems,
    walk_route,
)

NORMAL_TRIALS = ["1_1_7_1", "1_2_6_2", "1_2_5_1", "1_3_3_1", "1_3_6", "1_3_15"]
CRUEL_TRIALS = ["2_6_7_1", "2_7_4", "2_7_5_2"]
MERCILESS_TRIALS = ["2_8_5", "2_9_7", "2_10_9"]

# Levels the spec names for sub-notes ("for example 4, 8, 12, 14-15, 16, 20-22, 40-42, 58-62").
SPEC_LEVELS = {"4", "8", "12", "14-15", "16", "20-22", "40-42", "58-62"}

BANDITS = {
    "BANDIT_ALIRA": "Alira Darktongue",
    "BANDIT_KRAITYN": "Kraityn, Scarbearer",
    "BANDIT_OAK": "Oak, Skullbreaker",
}


@pytest.fixture(scope="module")
def route():
    return {n: read_act(n) for n in ACTS}


@pytest.fixture(scope="module")
def walks(route):
    return {
        (flag, sets_town): walk_route(flag, sets_town, route)
        for flag in BANDIT_FLAGS
        for sets_town in (True, False)
    }


def book_quests() -> set[str]:
    return {
        qid
        for qid, q in quests().items()
        for offer in q["reward_offers"].values()
        for item in offer.get("quest", {})
        if "/Book-" in item and q["act"].isdigit() and 1 <= int(q["act"]) <= 10
    }


def gem_offers() -> set[tuple[str, str]]:
    """Every (quest, offer) in acts 1-10 that hands out or sells skill or support gems.

    Offers whose id names the Tencent realm are left out: they do not exist on the
    international realm this route is written for.
    """
    out = set()
    for qid, q in quests().items():
        if not (q["act"].isdigit() and 1 <= int(q["act"]) <= 10):
            continue
        for oid, offer in q["reward_offers"].items():
            items = list(offer.get("quest", {})) + list(offer.get("vendor", {}))
            if "tencent" not in oid and any(i.startswith("Metadata/Items/Gems/") for i in items):
                out.add((qid, oid))
    return out


# --- the files themselves -------------------------------------------------------------


@pytest.mark.parametrize("act", list(ACTS))
def test_each_act_file_starts_with_its_section(act, route):
    first = route[act][0]
    assert (first.kind, first.text) == ("section", f"Act {act}")
    assert [ln.text for ln in route[act] if ln.kind == "section"] == [f"Act {act}"]


@pytest.mark.parametrize("act", list(ACTS))
def test_commands_arguments_and_ids_are_valid(act, route):
    assert static_problems(route[act]) == []
    steps = [ln for ln in route[act] if ln.kind == "step"]
    assert len(steps) >= 15, "an act needs a real route, not a stub"


def test_every_step_is_a_sentence_not_just_commands(route):
    bare = [
        f"act {ln.act} line {ln.number}"
        for lines in route.values()
        for ln in lines
        if ln.kind in ("step", "sub") and not re.search(r"[A-Za-z]{3}", re.sub(r"\{[^{}]*\}", "", ln.text))
    ]
    assert bare == []


def test_sub_notes_carry_the_recommended_levels(route):
    subs = [ln.text for lines in route.values() for ln in lines if ln.kind == "sub"]
    levels = {m for text in subs for m in re.findall(r"\blevels? (\d+(?:-\d+)?)", text)}
    assert SPEC_LEVELS <= levels
    acts_with_level = {
        ln.act for lines in route.values() for ln in lines if ln.kind == "sub" and "level" in ln.text
    }
    assert acts_with_level == set(ACTS)


# --- bandits ----------------------------------------------------------------------------


def test_each_bandit_flag_has_its_own_block(route):
    flags = {ln.flag for lines in route.values() for ln in lines if ln.kind == "ifdef"}
    assert flags == set(BANDIT_FLAGS)


@pytest.mark.parametrize("flag", BANDIT_FLAGS)
def test_bandit_step_follows_the_flag(flag, route):
    frags = [f for ln in active_lines(route[2], flag) for f in ln.fragments]
    for own_flag, name in BANDITS.items():
        helped = Fragment("generic", (name,)) in frags
        killed = Fragment("kill", (name,)) in frags
        assert (helped, killed) == ((True, False) if flag == own_flag else (False, True)), name
    eramir = [f for f in frags if f.command == "quest" and f.args[0] == "a2q7"]
    assert len(eramir) == (1 if flag == "BANDIT_KILL" else 0)


# --- travel -------------------------------------------------------------------------------


@pytest.mark.parametrize("sets_town", [True, False], ids=["waypoint-sets-town", "waypoint-keeps-town"])
@pytest.mark.parametrize("flag", BANDIT_FLAGS)
def test_route_travels_consistently(flag, sets_town, walks):
    walk = walks[(flag, sets_town)]
    assert walk.errors == []
    assert walk.trail[-1] == "2_11_endgame_town"
    assert len(set(walk.trail)) > 120, "the route should visit nearly every campaign area"


@pytest.mark.parametrize("flag", BANDIT_FLAGS)
def test_every_waypoint_travelled_to_was_taken_on_the_route(flag, route):
    # The parser does not learn waypoints from boss kills, so the route must show each one.
    assert walk_route(flag, True, route, learn_from_kills=False).errors == []


@pytest.mark.parametrize("flag", BANDIT_FLAGS)
def test_route_does_not_depend_on_how_a_waypoint_into_town_is_read(flag, walks):
    # The contract does not say whether arriving in a town by waypoint makes it the
    # last town; the route must end up in the same places either way.
    assert walks[(flag, True)].trail == walks[(flag, False)].trail


def test_acts_only_use_their_own_areas_for_the_big_moves(route):
    # Acts 1-5 travel in 1_* areas and acts 6-10 in 2_* areas, apart from the labyrinth
    # plaza, the act 1 town (rewards) and the ship to Karui Shores.
    allowed = {"Labyrinth_Airlock", "1_1_town", "2_11_endgame_town"}
    wrong = []
    for act, lines in route.items():
        prefix = "1_" if act <= 5 else "2_"
        for ln in lines:
            for f in ln.fragments:
                if f.command in ("enter", "waypoint") and f.args:
                    dest = f.args[0]
                    if dest not in allowed and not dest.startswith(prefix):
                        wrong.append((act, ln.number, dest))
    assert wrong == []


# --- trials and ascensions ---------------------------------------------------------------------


@pytest.mark.parametrize("flag", BANDIT_FLAGS)
def test_trials_and_ascensions(flag, walks):
    walk = walks[(flag, True)]
    trial_areas = [area for _, area in walk.trials]
    assert sorted(trial_areas[:6]) == sorted(NORMAL_TRIALS)
    assert all(act <= 3 for act, _ in walk.trials[:6])
    assert sorted(trial_areas[6:9]) == sorted(CRUEL_TRIALS)
    assert sorted(trial_areas[9:]) == sorted(MERCILESS_TRIALS)
    assert [v for _, v, _ in walk.ascends] == list(ASCEND_ORDER)
    # Each ascension comes only once the trials of that labyrinth are all done.
    assert [n for _, _, n in walk.ascends] == [6, 9, 12]
    assert [act for act, _, _ in walk.ascends][0] == 3


def test_trial_areas_are_real_campaign_areas():
    for area in NORMAL_TRIALS + CRUEL_TRIALS + MERCILESS_TRIALS:
        assert area in areas()
    assert {areas()[a]["act"] for a in NORMAL_TRIALS} == {1, 2, 3}
    assert {areas()[a]["act"] for a in CRUEL_TRIALS + MERCILESS_TRIALS} == {6, 7, 8, 9, 10}


# --- rewards ------------------------------------------------------------------------------------


def test_passive_point_quests_are_the_skill_books_plus_the_bandits():
    # Every Book of Skill quest in the campaign facts carries its points in the route facts,
    # and the only passive points without a book are Eramir's for killing all three lords.
    facts = route_facts()["quests"]
    with_points = {qid for qid, q in facts.items() if q["passivePoints"]}
    assert with_points - book_quests() == {"a2q7"}
    assert facts["a2q5"]["passivePoints"] == 1 and facts["a2q5"]["refundPoints"] == 2
    assert facts["a2q7"]["passivePoints"] == 1 and facts["a10q3"]["passivePoints"] == 2
    assert route_facts()["passiveTotals"] == {
        "BANDIT_KILL": 24,
        "BANDIT_ALIRA": 23,
        "BANDIT_KRAITYN": 23,
        "BANDIT_OAK": 23,
    }


@pytest.mark.parametrize("flag", BANDIT_FLAGS)
def test_route_claims_every_passive_point(flag, walks):
    claimed = {qid for _, qid, _ in walks[(flag, True)].claimed}
    facts = route_facts()["quests"]
    expected = {qid for qid, q in facts.items() if q["passivePoints"] and q["bandit"] in (None, flag)}
    assert expected <= claimed
    assert ("a2q7" in claimed) == (flag == "BANDIT_KILL")


@pytest.mark.parametrize("flag", BANDIT_FLAGS)
def test_route_claims_every_gem_reward_offer(flag, walks):
    claimed = {(qid, oid) for _, qid, offers in walks[(flag, True)].claimed for oid in offers}
    wanted = gem_offers()
    assert len(wanted) >= 15
    assert wanted - claimed == set()


@pytest.mark.parametrize("flag", BANDIT_FLAGS)
def test_no_quest_is_claimed_twice_for_the_same_offer(flag, walks):
    pairs = [(qid, oid) for _, qid, offers in walks[(flag, True)].claimed for oid in offers]
    assert len(pairs) == len(set(pairs))


def test_field_givers_stand_where_the_facts_say():
    facts = route_facts()["quests"]
    assert {qid: (facts[qid]["where"], facts[qid]["giver"]) for qid in ("a3q5", "a3q12", "a7q3")} == {
        "a3q5": ("1_3_8_2", "Lady Dialla"),
        "a3q12": ("1_3_17_1", "Siosa"),
        "a7q3": ("2_7_5_1", "Silk"),
    }
    for qid in ("a3q5", "a3q12", "a7q3"):
        assert quests()[qid]["reward_offers"][qid]["quest_npc"] == facts[qid]["giver"]
    # Everyone else hands out rewards in their act's town (Lani after Kitava on Karui Shores).
    elsewhere = {
        qid
        for qid, q in facts.items()
        if not areas()[q["where"]]["is_town_area"] or areas()[q["where"]]["act"] != q["act"]
    }
    assert elsewhere == {"a3q5", "a3q12", "a7q3", "a2q1", "a2q2", "a2q3", "a10q3"}


def test_refund_book_quests_are_named_for_the_player(route):
    refund_only = {
        qid for qid, q in route_facts()["quests"].items() if q["refundPoints"] and not q["passivePoints"]
    }
    assert refund_only == {"a1q8", "a6q4", "a9q4", "a10q4"}
    named = {
        f.args[0]
        for lines in route.values()
        for ln in lines
        for f in ln.fragments
        if f.command in ("quest", "quest_name")
    }
    assert refund_only <= named


# --- the checker itself catches broken routes ------------------------------------------------


def _walk(text: str, flag: str = "BANDIT_KILL"):
    return walk_route(flag, True, {1: read_act(1, text)})


def test_checker_rejects_portal_use_without_portal():
    walk = _walk("#section Act 1\nGo to {enter|1_1_town}.\nTake {portal|use}.\n")
    assert walk.errors == ["act 1 line 3: portal used with no portal set"]


def test_checker_follows_portal_there_and_back():
    walk = _walk(
        "#section Act 1\n{enter|1_1_town} then {enter|1_1_2} and {portal|set}.\n"
        "{portal|use} to town.\n{portal|use} back.\n{portal|use} again.\n"
    )
    assert walk.trail == ["1_1_town", "1_1_2", "1_1_town", "1_1_2"]
    assert walk.errors == ["act 1 line 5: portal used with no portal set"]


def test_checker_clears_the_portal_on_logout():
    walk = _walk("#section Act 1\n{enter|1_1_town} {enter|1_1_2} {portal|set}\n{logout}\n{portal|use}\n")
    assert walk.trail[-1] == "1_1_town"
    assert walk.errors == ["act 1 line 4: portal used with no portal set"]


def test_checker_rejects_unknown_waypoints_and_teleporting_walks():
    walk = _walk(
        "#section Act 1\n{enter|1_1_town}\nGo {waypoint|1_1_5}.\n"
        "Walk {enter|1_1_8}.\nTravel {waypoint|1_1_town}.\n"
    )
    assert walk.errors == [
        "act 1 line 3: waypoint 1_1_5 is not known yet",
        "act 1 line 4: cannot walk from 1_1_5 to 1_1_8",
    ]


def test_checker_learns_waypoints_from_bosses_and_requires_the_plaza_to_ascend():
    text = (
        "#section Act 1\n{enter|1_1_town}\nKill {kill|Brutus, Lord Incarcerator}.\n"
        "Go {waypoint|1_1_8}.\n{trial} then {ascend|normal}\n"
    )
    walk = _walk(text)
    assert walk.errors == ["act 1 line 5: ascend away from the Aspirants' Plaza (1_1_8)"]
    assert walk.trail[-1] == "1_1_town"
    strict = walk_route("BANDIT_KILL", True, {1: read_act(1, text)}, learn_from_kills=False)
    assert strict.errors[0] == "act 1 line 4: waypoint 1_1_8 is not known yet"


def test_checker_evaluates_nested_ifdef_and_ifndef():
    text = (
        "#section Act 1\n#ifdef BANDIT_OAK\nA {generic|oak}\n#ifndef BANDIT_KILL\nB {generic|b}\n#endif\n#endif\n"
        "#ifndef BANDIT_OAK\nC {generic|c}\n#endif\n"
    )
    lines = read_act(1, text)
    seen = {flag: [ln.text[0] for ln in active_lines(lines, flag)] for flag in BANDIT_FLAGS}
    assert seen == {
        "BANDIT_OAK": ["A", "B"],
        "BANDIT_KILL": ["C"],
        "BANDIT_ALIRA": ["C"],
        "BANDIT_KRAITYN": ["C"],
    }


def test_checker_reports_bad_ids_arity_and_unbalanced_blocks():
    text = (
        "#section Act 1\n#ifdef BANDIT_ERAMIR\n{enter|1_9_9}\n{quest|a1q1|nope}\n{quest|zzz}\n"
        "{kill}\n{logout|now}\n{teleport|x}\n{crafting|1_1_2}\n"
    )
    problems = static_problems(read_act(1, text))
    assert problems == [
        "act 1 line 2: unknown flag 'BANDIT_ERAMIR'",
        "act 1 line 3: unknown area id '1_9_9'",
        "act 1 line 4: quest a1q1 has no reward offers ['nope']",
        "act 1 line 5: unknown quest id 'zzz'",
        "act 1 line 6: {kill} takes 1..1 arguments, got 0",
        "act 1 line 7: {logout} takes 0..0 arguments, got 1",
        "act 1 line 8: unknown command 'teleport'",
        "act 1 line 9: 1_1_2 has no crafting recipes",
        "act 1: 1 unclosed #ifdef/#ifndef",
    ]


def test_fragment_reader_splits_arguments():
    assert fragments_of("Hand in {quest|a9q5|a9q5_offer} and {logout}") == (
        Fragment("quest", ("a9q5", "a9q5_offer")),
        Fragment("logout", ()),
    )
