"""Page error boundaries and the production router, in Chromium.

A render error on a product page shows the spec's generic error ('Something went wrong'
with Try again) inside the layout instead of a blank screen; Try again renders the page
afresh. The error is forced by the test hook the e2e build carries (VITE_DEV_PAGES=1);
a production build has neither the hook nor the dev pages.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from playwright.sync_api import expect

from e2e.harness import ServerProcess, build_pwa, screenshot

FORCE_RENDER_ERROR_KEY = "waypoint:test:render-error"  # pwa/src/app/testHooks.tsx


def a_build_slug(server) -> str:
    with server.client() as c:
        return c.get("/api/Build/search").json()["data"]["builds"][0]["slug"]


def test_a_render_error_on_the_build_view_shows_something_went_wrong_and_try_again(page, live_server):
    slug = a_build_slug(live_server)
    page.goto("/build/browse/explore")
    page.get_by_test_id("build-card").first.wait_for()
    page.evaluate(f"localStorage.setItem('{FORCE_RENDER_ERROR_KEY}', '1')")

    page.goto(f"/build/view/{slug}")
    error = page.get_by_test_id("render-error")
    expect(error.get_by_role("heading", name="Something went wrong")).to_be_visible()
    expect(page.get_by_test_id("build-view")).to_have_count(0)
    expect(page.get_by_test_id("sidebar")).to_be_visible()  # the layout stays; only the page failed
    screenshot(page, "render-error-build-view")

    # Try again from the keyboard renders the page afresh once the fault is gone.
    page.evaluate(f"localStorage.removeItem('{FORCE_RENDER_ERROR_KEY}')")
    retry = error.get_by_role("button", name="Try again")
    retry.focus()
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("build-view")).to_be_visible()
    expect(page.get_by_test_id("render-error")).to_have_count(0)


def test_a_render_error_clears_when_the_player_moves_to_another_page(page, live_server):
    page.goto("/build/browse/explore")
    page.get_by_test_id("build-card").first.wait_for()
    page.evaluate(f"localStorage.setItem('{FORCE_RENDER_ERROR_KEY}', '1')")
    page.goto("/build/track")
    expect(page.get_by_test_id("render-error").get_by_text("Something went wrong")).to_be_visible()
    page.evaluate(f"localStorage.removeItem('{FORCE_RENDER_ERROR_KEY}')")
    page.get_by_test_id("sidebar").get_by_role("link", name="Build browser").click()
    expect(page.get_by_test_id("browse-page")).to_be_visible()
    expect(page.get_by_test_id("render-error")).to_have_count(0)


def test_a_production_build_routes_no_dev_pages_and_has_no_test_hooks(browser):
    with tempfile.TemporaryDirectory(prefix="waypoint-pwa-prod-") as tmp:
        dist = build_pwa(Path(tmp) / "dist", dev_pages=False)
        assets = "\n".join(p.read_text() for p in (dist / "assets").glob("*.js"))
        assert "DevTreePage" not in assets and "DevGuidePage" not in assets
        assert FORCE_RENDER_ERROR_KEY not in assets
        with ServerProcess(dist) as server:
            ctx = browser.new_context(base_url=server.base_url)
            try:
                page = ctx.new_page()
                for path in ("/dev/tree", "/dev/guide"):
                    page.goto(path)
                    expect(page.get_by_test_id("not-found").get_by_text("Page not found")).to_be_visible()
                # The hook is absent: the flag does nothing in production.
                page.evaluate(f"localStorage.setItem('{FORCE_RENDER_ERROR_KEY}', '1')")
                page.goto(f"/build/view/{a_build_slug(server)}")
                expect(page.get_by_test_id("build-view")).to_be_visible(timeout=20_000)
            finally:
                ctx.close()
