"""The campaign route in the guide panel: the passives note for a build's bandit choice is the
route checker's count of the passive points the route hands in, and the panel names the game
version the route targets."""

from __future__ import annotations

import uuid
from urllib.parse import quote

import pytest
from playwright.sync_api import expect

from server.paths import POB_CORPUS
from tests.guide.route_check import check_route, route_facts

BUILDS = {
    # planner bandit "None" -> kill all three
    "BANDIT_KILL": (
        "AdamZ-8113__pob-codes/sanavixx_cyclone_shockwave_slayer_328.code.txt",
        "Kill all bandits",
    ),
    # planner bandit "Alira" -> help Alira
    "BANDIT_ALIRA": ("ppoelzl__PathOfBuildingAPI/test_code.code.txt", "Help Alira"),
}


@pytest.mark.parametrize("flag", sorted(BUILDS))
def test_passives_note_is_the_checkers_count_for_the_builds_bandit_choice(page, flag):
    path, choice = BUILDS[flag]
    code = (POB_CORPUS / path).read_text().strip()
    page.goto(f"/dev/guide?code={quote(code, safe='')}&character=e2e-{uuid.uuid4().hex[:8]}")
    expect(page.get_by_test_id("campaign-guide")).to_be_visible(timeout=30_000)
    report = check_route(flag)
    assert report.problems == []
    expect(page.get_by_test_id("guide-passives")).to_have_text(
        f"{choice}: {report.passive_points} passive points from the campaign"
    )
    expect(page.get_by_test_id("guide-version")).to_have_text(
        f"Route for game version {route_facts()['gameVersion']}"
    )
