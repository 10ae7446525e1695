"""Browse's sort orders and minimum filters by the planner's saved figures (issue 35), in Chromium at
1400 and 412 px, with axe, from the keyboard: choosing "Highest DPS" shows the cards in the order
the server's SortBy=dps answers, and a life minimum typed and entered shows only what the server
answers for it. The live server holds the demo seed (every corpus build, with its saved stats).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from e2e.harness import screenshot
from e2e.pwa_support import app_page, wait_settled
from e2e.test_a11y import audit

SIZES = [1400, 412]


def server_slugs(live_server, params: dict) -> list[str]:
    with live_server.client() as c:
        r = c.get("/api/Build/search", params={**params, "pageSize": 20})
        assert r.status_code == 200, r.text
        return [b["slug"] for b in r.json()["data"]["builds"]]


def card_slugs(page, count: int) -> list[str]:
    cards = page.get_by_test_id("build-card")
    expect(cards).to_have_count(count, timeout=30_000)
    return [cards.nth(i).get_attribute("data-slug") for i in range(count)]


def open_sort_controls(page) -> None:
    """Under the desktop width the sort and minimums sit behind the filter bar's Sort tab."""
    if page.viewport_size["width"] < 1200:
        tab = page.get_by_test_id("filter-tab-sort")
        tab.focus()
        page.keyboard.press("Enter")
        expect(tab).to_have_attribute("aria-selected", "true")


@pytest.mark.parametrize("width", SIZES)
def test_a_sort_and_a_minimum_chosen_from_the_keyboard(browser, live_server, width):
    by_likes = server_slugs(live_server, {})
    by_dps = server_slugs(live_server, {"SortBy": "dps"})
    assert len(by_dps) == 20 and by_dps != by_likes  # the two orders differ, so the test can fail
    with app_page(browser, live_server.base_url, width) as page:
        page.goto("/build/browse/explore")
        sort = page.get_by_test_id("filter-sort")
        # The working bar (with test ids) follows the first cards.
        page.get_by_test_id("filter-bar").wait_for(timeout=30_000)
        open_sort_controls(page)
        expect(sort).to_have_value("likes")
        expect(page.get_by_label("Sort by")).to_be_visible()
        sort.focus()
        page.keyboard.press("ArrowDown")  # Most liked -> Highest DPS
        expect(sort).to_have_value("dps")
        page.wait_for_url("**/build/browse/explore?SortBy=dps", timeout=30_000)
        page.wait_for_function(
            "(first) => document.querySelector('[data-testid=build-card]')?.dataset.slug === first",
            arg=by_dps[0], timeout=30_000,
        )
        assert card_slugs(page, 20) == by_dps

        # A life minimum, typed and entered.
        floor = 6000
        want = server_slugs(live_server, {"SortBy": "dps", "MinLife": floor})
        assert 0 < len(want) < 20
        open_sort_controls(page)
        life = page.get_by_test_id("filter-minLife")
        life.focus()
        page.keyboard.type(str(floor))
        page.keyboard.press("Enter")
        page.wait_for_url(f"**/build/browse/explore?SortBy=dps&MinLife={floor}", timeout=30_000)
        assert card_slugs(page, len(want)) == want
        page.wait_for_function("() => !document.querySelector('[role=status][aria-label^=Loading]')", timeout=30_000)
        wait_settled(page)
        open_sort_controls(page)
        screenshot(page, f"browse-sort-{width}")
        assert audit(page) == []

        # The URL is the list: a reload shows the same sort and minimum.
        page.reload()
        page.get_by_test_id("filter-bar").wait_for(timeout=30_000)
        open_sort_controls(page)
        expect(page.get_by_test_id("filter-sort")).to_have_value("dps")
        assert card_slugs(page, len(want)) == want
