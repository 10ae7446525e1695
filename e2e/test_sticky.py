"""The spec's sticky offsets (70 and 130 px), in Chromium at a desktop and a narrow width:
the browse filter bar and the build view's step navigator stick 70 px below the top of the
window, the build view's tabs 130 px, once the page has scrolled past them."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from e2e.harness import screenshot
from e2e.pwa_support import WIDTHS, app_page, wait_settled


def top_after_scroll(page, test_id: str) -> float:
    # A wheel that lands while the page is still growing (its later cards render after the
    # first ones) can scroll less than asked on a loaded machine: wheel again until it is down.
    for _ in range(20):
        page.mouse.wheel(0, 2500)
        if page.evaluate("() => new Promise((r) => setTimeout(() => r(window.scrollY > 300), 500))"):
            break
    assert page.evaluate("() => window.scrollY") > 300, "the page did not scroll"
    wait_settled(page)
    return page.get_by_test_id(test_id).bounding_box()["y"]


@pytest.mark.parametrize("width", WIDTHS)
def test_browse_filter_bar_sticks_at_70_px(browser, live_server, width):
    with app_page(browser, live_server.base_url, width) as page:
        page.set_viewport_size({"width": width, "height": 500})
        page.goto("/build/browse/explore")
        page.get_by_test_id("build-card").first.wait_for()
        assert page.get_by_test_id("filter-bar").bounding_box()["y"] > 70  # not stuck before scrolling
        assert top_after_scroll(page, "filter-bar") == pytest.approx(70, abs=1)


@pytest.mark.parametrize("width", WIDTHS)
def test_build_view_steps_stick_at_70_px_and_tabs_at_130_px(browser, live_server, width):
    with live_server.client() as c:
        builds = c.get("/api/Build/search", params={"pageSize": 50}).json()["data"]["builds"]
    slug = max(builds, key=lambda b: b["steps"])["slug"]
    with app_page(browser, live_server.base_url, width) as page:
        page.set_viewport_size({"width": width, "height": 500})
        page.goto(f"/build/view/{slug}")
        page.get_by_test_id("build-view").wait_for()
        assert top_after_scroll(page, "sticky-steps") == pytest.approx(70, abs=1)
        assert page.get_by_test_id("build-tabs").bounding_box()["y"] == pytest.approx(130, abs=1)
        screenshot(page, f"sticky-build-view-{width}")
        # Both stay usable while stuck: the tabs switch panels.
        page.get_by_test_id("tab-notes").click()
        expect(page.get_by_test_id("tab-notes")).to_have_attribute("aria-selected", "true")
