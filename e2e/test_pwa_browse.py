"""The build browser in Chromium against the real seeded server: login, filters, paging, likes."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from e2e.harness import screenshot
from e2e.pwa_support import WIDTHS, app_page, like_rows, login, server_likes, unique_name, wait_until


def card_ids(page) -> list[str]:
    return page.get_by_test_id("build-card").evaluate_all("cards => cards.map(c => c.dataset.buildId)")


def api_ids(live_server, **params) -> list[str]:
    with live_server.client() as c:
        r = c.get("/api/Build/search", params=params)
        r.raise_for_status()
        return [b["buildId"] for b in r.json()["data"]["builds"]]


def pick(page, testid: str, option: str, tab: str | None = None) -> None:
    if tab and page.viewport_size["width"] < 1200:
        page.get_by_test_id("filter-bar").get_by_role("tab", name=tab).click()
    box = page.get_by_test_id(testid)
    box.click()
    box.fill(option)
    page.get_by_role("option", name=option, exact=True).click()
    page.keyboard.press("Escape")


@pytest.mark.parametrize("width", WIDTHS)
def test_filter_search_clear_and_second_page(browser, live_server, width):
    with app_page(browser, live_server.base_url, width) as page:
        login(page, unique_name("Browser"))
        page.get_by_test_id("build-card").first.wait_for()
        # The first screen's cards render first, the rest of the page right after (BrowsePage).
        wait_until(lambda: len(card_ids(page)) == 20, message="the first page's cards")
        first_page = card_ids(page)
        # The first page holds the server's first page (reordered only by projected likes).
        assert set(first_page) == set(api_ids(live_server))
        screenshot(page, f"pwa-browse-{width}")

        pick(page, "filter-classes", "Slayer", tab="Classes")
        pick(page, "filter-skills", "Cyclone", tab="Skills")
        # Edits apply only on Search.
        assert card_ids(page) == first_page
        page.get_by_test_id("filter-search").click()
        page.wait_for_url(re.compile(r"ClassFilters=Slayer&SkillFilters=Cyclone"))
        expected = api_ids(live_server, ClassFilters="Slayer", SkillFilters="Cyclone")
        assert expected, "the seed holds Cyclone Slayer builds"
        wait_until(lambda: sorted(card_ids(page)) == sorted(expected), message="filtered cards")
        for badge in page.get_by_test_id("class-badge").all_inner_texts():
            assert "SLAYER" in badge.upper()
        for card in page.get_by_test_id("build-card").all():
            assert "Cyclone" in card.get_by_test_id("skill-badge").all_text_contents()
        screenshot(page, f"pwa-browse-filtered-{width}")

        page.get_by_test_id("filter-clear").click()
        page.wait_for_url(re.compile(r"/build/browse/explore$"))
        wait_until(lambda: len(card_ids(page)) == 20, message="cleared list")
        assert set(card_ids(page)) == set(first_page)

        # Infinite scroll: the end marker fully visible loads the next page.
        with live_server.client() as c:
            p1 = c.get("/api/Build/search").json()["data"]
            cur = p1["cursor"]
            p2 = c.get(
                "/api/Build/search", params={"lastGuid": cur["lastGuid"], "likeAmount": cur["likeAmount"]}
            ).json()["data"]
        page.get_by_test_id("list-end").scroll_into_view_if_needed()
        wait_until(lambda: len(card_ids(page)) == 20 + len(p2["builds"]), message="second page")
        assert card_ids(page)[20:] == [b["buildId"] for b in p2["builds"]]


@pytest.mark.parametrize("width", [*WIDTHS, 412, 360])
def test_card_titles_read_whole(browser, live_server, width):
    """A card's title (first skill and ascendancy, spec) is read whole beside the like and follow toggles."""
    with app_page(browser, live_server.base_url, width) as page:
        page.goto("/build/browse/explore")
        page.get_by_test_id("build-card").first.wait_for()
        wait_until(lambda: len(card_ids(page)) == 20, message="the first page's cards")
        titles = page.get_by_test_id("build-title").evaluate_all(
            "ts => ts.map(t => [t.textContent, t.scrollHeight - t.clientHeight, t.scrollWidth - t.clientWidth])"
        )
        assert len(titles) == 20 and all(text for text, _, _ in titles)
        cut = [text for text, down, across in titles if down > 1 or across > 1]
        assert cut == [], f"titles cut off at {width} px: {cut}"


@pytest.mark.parametrize("width", WIDTHS)
def test_like_and_unlike_reach_the_server(browser, live_server, width):
    with app_page(browser, live_server.base_url, width) as page:
        name = unique_name("Liker")
        login(page, name)
        # The signed-in list replaces the anonymous one: the card is pinned by its id, not its place.
        page.wait_for_load_state("networkidle")
        build_id = page.get_by_test_id("build-card").nth(2).get_attribute("data-build-id")
        card = page.locator(f'[data-testid=build-card][data-build-id="{build_id}"]')
        before = server_likes(live_server.db_path, build_id)
        toggle = card.get_by_test_id("like-toggle")
        # The like toggle is a control beside the card's link, not nested inside it.
        assert card.locator("a [data-testid=like-toggle]").count() == 0
        assert card.get_by_test_id("build-card-link").count() == 1
        assert toggle.get_attribute("data-liked") == "false"
        assert card.get_by_test_id("like-count").inner_text() == f"{before:,}"

        # Hold the like request on its way to the server: the toggle is optimistic and disabled meanwhile.
        held = []

        def hold(route):
            held.append(route)

        # On the context: a page route misses requests once the service worker controls the page.
        page.context.route("**/api/Build/*/like", hold)
        toggle.click()
        wait_until(lambda: toggle.get_attribute("data-pending") == "true" and held, timeout=60, message="like in flight")
        expect(toggle).to_be_disabled()
        assert toggle.get_attribute("data-liked") == "true"
        assert card.get_by_test_id("like-count").inner_text() == f"{before + 1:,}"
        assert like_rows(live_server.db_path, name, build_id) == 0
        held[0].continue_()
        page.context.unroute("**/api/Build/*/like", hold)
        wait_until(lambda: like_rows(live_server.db_path, name, build_id) == 1, message="like row")
        expect(toggle).to_be_enabled()
        assert server_likes(live_server.db_path, build_id) == before + 1
        wait_until(lambda: toggle.get_attribute("data-pending") == "false", message="like settled")

        # Liked tab lists it (the session cookie reaches liked-search).
        page.get_by_test_id("tab-liked").click()
        page.wait_for_url(re.compile(r"/build/browse/liked$"))
        wait_until(lambda: card_ids(page) == [build_id], message="liked list")

        page.get_by_test_id("tab-explore").click()
        card = page.locator(f'[data-testid=build-card][data-build-id="{build_id}"]')
        toggle = card.get_by_test_id("like-toggle")
        wait_until(
            lambda: toggle.get_attribute("data-liked") == "true", message="liked after reload of the list"
        )
        toggle.click()
        wait_until(lambda: like_rows(live_server.db_path, name, build_id) == 0, message="unlike")
        assert server_likes(live_server.db_path, build_id) == before
        wait_until(
            lambda: card.get_by_test_id("like-count").inner_text() == f"{before:,}", message="count back"
        )


def test_logged_out_prompts_and_empty_texts(browser, live_server):
    with app_page(browser, live_server.base_url, 1400) as page:
        page.goto("/build/browse/liked")
        expect(page.get_by_test_id("empty-text")).to_have_text("Log-in to like a build")
        page.get_by_test_id("tab-created").click()
        expect(page.get_by_test_id("empty-text")).to_have_text("Log-in to create a build")
        page.get_by_test_id("tab-explore").click()
        page.get_by_test_id("build-card").first.wait_for()
        expect(page.get_by_test_id("create-login")).to_have_text("Log in to create a build")
        assert page.get_by_test_id("like-toggle").count() == 0
        page.get_by_test_id("like-login").first.click()
        expect(page.get_by_role("dialog", name="Realm Selection")).to_be_visible()
        page.keyboard.press("Escape")
        page.goto("/build/browse?ClassFilters=Witch&CreatorFilter=nobody-by-this-name")
        page.wait_for_url(re.compile(r"/build/browse/explore\?ClassFilters=Witch"))
        expect(page.get_by_test_id("empty-text")).to_have_text("No builds found. Try different filters.")
        expect(page.get_by_test_id("filter-creator")).to_have_value("nobody-by-this-name")
