"""The app shell: redirects, 404, privacy tabs, layout at two widths, offline reload."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from e2e.harness import screenshot
from e2e.pwa_support import login, unique_name, wait_for_service_worker


@pytest.mark.parametrize(
    ("start", "expected"),
    [
        ("/", "/build/browse/explore"),
        ("/build/browse", "/build/browse/explore"),
        ("/build/browse?ClassFilters=Witch&SkillFilters=Fireball", "/build/browse/explore?ClassFilters=Witch&SkillFilters=Fireball"),
        ("/?CreatorFilter=Zizaran", "/build/browse/explore?CreatorFilter=Zizaran"),
        ("/build/view", "/build/browse/explore"),
    ],
)
def test_redirects_keep_query(page, live_server, start, expected):
    page.goto(start)
    page.wait_for_url(re.compile(re.escape(live_server.base_url + expected) + "$"))


def test_unknown_path_shows_not_found(page):
    response = page.goto("/no/such/page")
    assert response is not None and response.status == 200  # SPA fallback serves the app
    expect(page.get_by_text("Page not found")).to_be_visible()
    screenshot(page, "shell-404")


def test_unknown_api_path_is_json_404(live_server):
    with live_server.client() as c:
        r = c.get("/api/definitely-not-here")
    assert r.status_code == 404
    assert r.headers["content-type"].startswith("application/json")
    assert r.json()["error"]["code"] == "not_found"


def test_privacy_tabs(page):
    page.goto("/privacy")
    expect(page.get_by_role("tab", name="Privacy Policy")).to_have_attribute("aria-selected", "true")
    expect(page.get_by_text("Last updated November 28, 2026").first).to_be_visible()
    page.get_by_role("tab", name="Cookie Policy").click()
    page.wait_for_url(re.compile(r"tab=cookies"))
    expect(page.get_by_test_id("policy-cookies")).to_be_visible()
    page.goto("/privacy?tab=terms")
    expect(page.get_by_role("tab", name="Terms of Conditions")).to_have_attribute("aria-selected", "true")
    expect(page.get_by_test_id("policy-terms")).to_contain_text("not affiliated")
    screenshot(page, "shell-privacy-terms")


def test_desktop_layout_1400(page):
    page.set_viewport_size({"width": 1400, "height": 900})
    page.goto("/privacy")
    sidebar = page.get_by_test_id("sidebar")
    expect(sidebar).to_be_visible()
    expect(page.get_by_test_id("header")).to_have_count(0)
    footer = page.get_by_test_id("footer")
    expect(footer).to_be_visible()
    assert round(page.locator(".mantine-AppShell-footer").bounding_box()["height"]) == 26
    nav = page.locator(".mantine-AppShell-navbar")
    assert round(nav.bounding_box()["width"]) == 180
    expect(footer.get_by_role("link", name="Cookie Policy")).to_be_visible()
    page.get_by_test_id("sidebar-toggle").click()
    page.wait_for_function("() => document.querySelector('.mantine-AppShell-navbar').getBoundingClientRect().width < 100")
    assert round(nav.bounding_box()["width"]) == 80
    screenshot(page, "shell-desktop-collapsed")
    page.get_by_test_id("sidebar-toggle").click()
    page.wait_for_function("() => document.querySelector('.mantine-AppShell-navbar').getBoundingClientRect().width > 170")
    expect(sidebar.get_by_role("link", name="Build tracker")).to_be_visible()
    page.wait_for_function(
        "() => parseFloat(getComputedStyle(document.querySelector('.mantine-AppShell-main')).paddingInlineStart) >= 180"
    )
    screenshot(page, "shell-desktop")


def test_signed_in_sidebar_items_keep_one_line(page):
    """Signed in, the sidebar adds 'Build updates': each item's label stays on one line, as tall as the others."""
    page.set_viewport_size({"width": 1400, "height": 900})
    login(page, unique_name("Sidebar"))
    sidebar = page.get_by_test_id("sidebar")
    expect(sidebar.get_by_test_id("nav-updates")).to_be_visible()
    heights = sidebar.locator("a.mantine-NavLink-root").evaluate_all(
        "links => links.map(a => [a.textContent, Math.round(a.getBoundingClientRect().height)])"
    )
    assert [text for text, _ in heights][:4] == ["Build browser", "Build tracker", "Build updates", "Community"], heights
    assert len({h for _, h in heights}) == 1, heights


def test_narrow_layout_800(page):
    page.set_viewport_size({"width": 800, "height": 900})
    page.goto("/trade-helper")
    expect(page.get_by_test_id("header")).to_be_visible()
    expect(page.get_by_test_id("footer")).to_have_count(0)
    nav = page.locator(".mantine-AppShell-navbar")
    burger = page.get_by_test_id("burger")
    expect(burger).to_be_visible()
    burger.click()
    expect(page.get_by_test_id("sidebar-footer")).to_be_visible()
    expect(page.get_by_test_id("sidebar-footer").get_by_role("link", name="Privacy")).to_be_visible()
    page.wait_for_function(
        "() => document.querySelector('.mantine-AppShell-navbar').getBoundingClientRect().left >= 0"
    )
    assert nav.bounding_box()["x"] >= 0
    screenshot(page, "shell-narrow-menu-open")
    page.get_by_test_id("sidebar").get_by_role("link", name="Build tracker").click()
    page.wait_for_url(re.compile(r"/build/track$"))


def test_teaser_pages(page):
    for path, title in [
        ("/trade-helper", "Trade helper"),
        ("/crafting-assistant", "Crafting assistant"),
        ("/wealth-tracker", "Wealth tracker"),
    ]:
        page.goto(path)
        expect(page.get_by_role("heading", name=title)).to_be_visible()
        expect(page.get_by_test_id("teaser-badge")).to_be_visible()
    first = page.get_by_test_id("teaser-line").inner_text()
    page.wait_for_function(
        "t => document.querySelector('[data-testid=teaser-line]')?.innerText !== t", arg=first, timeout=8000
    )
    screenshot(page, "shell-teaser")


def test_dark_scheme_by_default(page):
    page.goto("/privacy")
    assert page.evaluate("document.documentElement.getAttribute('data-mantine-color-scheme')") == "dark"
    bg = page.evaluate("getComputedStyle(document.body).backgroundColor")
    r, g, b = (int(x) for x in re.findall(r"\d+", bg)[:3])
    assert max(r, g, b) < 60, bg


def test_offline_reload_through_service_worker(context, page):
    page.goto("/privacy?tab=cookies")
    wait_for_service_worker(page)
    context.set_offline(True)
    try:
        page.reload()
        expect(page.get_by_test_id("policy-cookies")).to_be_visible()
        page.goto("/build/view/some-deep-link")  # any route opens offline from the precached shell
        expect(page.get_by_test_id("sidebar")).to_be_visible()
        screenshot(page, "shell-offline")
    finally:
        context.set_offline(False)


def test_manifest_is_installable(live_server):
    with live_server.client() as c:
        manifest = c.get("/manifest.webmanifest").json()
        assert manifest["display"] == "standalone"
        sizes = {i["sizes"] for i in manifest["icons"]}
        assert {"192x192", "512x512"} <= sizes
        for icon in manifest["icons"]:
            r = c.get(icon["src"])
            assert r.status_code == 200 and r.content[:8] == b"\x89PNG\r\n\x1a\n"
