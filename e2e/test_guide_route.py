"""The campaign route in the guide panel: the passives note for a build's bandit choice is the
route checker's count of the passive points the route hands in, and the panel names the game
version the route targets."""

from __future__ import annotations

import base64
import re
import uuid
import zlib
from urllib.parse import quote

import pytest
from playwright.sync_api import expect

from server.paths import POB_CORPUS
from tests.guide.route_check import check_route, route_facts

ALIRA_BUILD = "ppoelzl__PathOfBuildingAPI/test_code.code.txt"
BUILDS = {
    # planner bandit "None" -> kill all three
    "BANDIT_KILL": (
        "AdamZ-8113__pob-codes/sanavixx_cyclone_shockwave_slayer_328.code.txt",
        None,
        "Kill all bandits",
    ),
    # planner bandit "Alira" -> help Alira
    "BANDIT_ALIRA": (ALIRA_BUILD, None, "Help Alira"),
    # No corpus build helps Kraityn or Oak: the Alira build with its bandit attribute changed.
    "BANDIT_KRAITYN": (ALIRA_BUILD, "Kraityn", "Help Kraityn"),
    "BANDIT_OAK": (ALIRA_BUILD, "Oak", "Help Oak"),
}


def planner_code(path: str, bandit: str | None) -> str:
    """The corpus build's planner code, with its <Build bandit="..."> set to `bandit` when given."""
    code = (POB_CORPUS / path).read_text().strip()
    if bandit is None:
        return code
    xml = zlib.decompress(base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))).decode("utf-8")
    xml, n = re.subn(r'(<Build\b[^>]*?\bbandit=")[^"]*"', rf'\g<1>{bandit}"', xml, count=1)
    assert n == 1, f"{path} has no bandit attribute to change"
    return base64.urlsafe_b64encode(zlib.compress(xml.encode("utf-8"))).decode("ascii")


@pytest.mark.parametrize("flag", sorted(BUILDS))
def test_passives_note_is_the_checkers_count_for_the_builds_bandit_choice(page, flag):
    path, bandit, choice = BUILDS[flag]
    code = planner_code(path, bandit)
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


def test_passives_note_reads_whole_on_a_phone(browser, live_server):
    """At 412 px the note wraps inside the guide instead of ending in an ellipsis."""
    path, bandit, choice = BUILDS["BANDIT_KILL"]
    ctx = browser.new_context(base_url=live_server.base_url, viewport={"width": 412, "height": 915})
    try:
        page = ctx.new_page()
        page.goto(f"/dev/guide?code={quote(planner_code(path, bandit), safe='')}&character=e2e-{uuid.uuid4().hex[:8]}")
        note = page.get_by_test_id("guide-passives")
        expect(note).to_contain_text(f"{choice}: ", timeout=30_000)
        cut = note.evaluate(
            "el => [el, ...el.querySelectorAll('*')].filter(e => e.scrollWidth - e.clientWidth > 1 || e.scrollHeight - e.clientHeight > 1).length"
        )
        assert cut == 0
        box = note.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 412
    finally:
        ctx.close()
