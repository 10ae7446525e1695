"""Keyboard only: browse, open a build, switch every tab, like it, and reach the passive tree's
text alternative, with a visible focus ring at every stop. No mouse event is sent."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from e2e.harness import TEST_PASSWORD, account_name
from e2e.pwa_support import app_page, unique_name

TABS = ["equipment", "tree", "choices", "notes", "settings"]


def focused(page, selector: str) -> bool:
    return page.evaluate(f"() => !!document.activeElement?.matches({selector!r})")


def tab_to(page, selector: str, limit: int = 80) -> None:
    """Presses Tab until the focused element matches selector; asserts its focus is visible."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if focused(page, selector):
            ring = page.evaluate(
                """() => { const s = getComputedStyle(document.activeElement);
                   return document.activeElement.matches(':focus-visible') &&
                     ((s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) || s.boxShadow !== 'none'); }"""
            )
            assert ring, f"no visible focus on {selector}"
            return
    raise AssertionError(f"{selector} not reached with Tab")


def sign_in_by_keyboard(page) -> None:
    """The local provider's form, typed: the realm dialog is the mouse path and tested elsewhere."""
    page.goto("/build/browse/explore")
    target = page.evaluate(
        """async () => (await (await fetch('/api/auth/login', {method: 'POST', headers: {'Content-Type': 'application/json'},
             body: JSON.stringify({ReturnPath: '/build/browse/explore', InitialRealm: 'pc'})})).json()).data.returnPath"""
    )
    page.goto(target)
    name = unique_name("Keys")
    page.focus("#signup-account")
    page.keyboard.type(account_name(name))
    page.keyboard.press("Tab")
    page.keyboard.type(name)
    page.keyboard.press("Tab")
    page.keyboard.type(TEST_PASSWORD)
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"/build/browse/explore$"))
    page.get_by_test_id("create-build").wait_for()


def test_keyboard_walk(gl_browser, live_server):
    with app_page(gl_browser, live_server.base_url, 1400) as page:
        sign_in_by_keyboard(page)
        page.locator("[data-testid=build-card]").first.wait_for()
        # The card's one link (the like toggle beside it is its own control, not nested in the link).
        tab_to(page, "[data-testid=build-card-link]")
        page.keyboard.press("Enter")
        page.wait_for_url(re.compile(r"/build/view/"))
        page.get_by_test_id("tab-equipment").wait_for()

        tab_to(page, "[data-testid=like-toggle]")
        before = page.get_by_test_id("like-toggle").get_attribute("data-liked")
        page.keyboard.press("Enter")
        expect(page.get_by_test_id("like-toggle")).to_have_attribute("data-liked", "false" if before == "true" else "true")

        tab_to(page, "[role=tab][aria-selected=true]")
        assert focused(page, "[data-testid=tab-equipment]")
        for name in TABS[1:]:
            page.keyboard.press("ArrowRight")
            expect(page.get_by_test_id(f"tab-{name}")).to_have_attribute("aria-selected", "true")
            assert focused(page, f"[data-testid=tab-{name}]")

        # Back to the tree, then into its text alternative: the summary and the side lists.
        for _ in TABS[2:]:
            page.keyboard.press("ArrowLeft")
        expect(page.get_by_test_id("tab-tree")).to_have_attribute("aria-selected", "true")
        page.get_by_test_id("tree-side-lists").wait_for(timeout=60_000)
        tab_to(page, "[data-testid=tree-text]")
        region = page.get_by_role("region", name="Passive tree as text")
        expect(region.get_by_test_id("tree-summary")).to_have_text(re.compile(r"^\d+ passives allocated: \d+ notables?, "))
        expect(region.get_by_test_id("tree-side-lists")).to_contain_text("Keystones")


@pytest.mark.parametrize("width", [1400, 412])
def test_item_tooltip_by_keyboard(gl_browser, live_server, width):
    """An item's tooltip from the keyboard: focus opens it on a wide screen (hover card), Enter on a phone
    (click popover); Escape closes it either way and focus stays on the item's slot."""
    with live_server.client() as c:
        slug = c.get("/api/Build/search").json()["data"]["builds"][0]["slug"]
    with app_page(gl_browser, live_server.base_url, width) as page:
        page.goto(f"/build/view/{slug}")
        page.get_by_test_id("tab-equipment").wait_for()
        slot = "[data-testid=item-slot][data-empty=false]"
        tab_to(page, slot)
        tooltip = page.get_by_test_id("item-tooltip")
        if width < 1200:
            expect(tooltip).to_have_count(0)
            page.keyboard.press("Enter")
        expect(tooltip).to_be_visible()
        page.keyboard.press("Escape")
        expect(tooltip).to_be_hidden()
        assert focused(page, slot)


def test_phone_nav_drawer_by_keyboard(browser, live_server):
    """At 412 px the shut drawer's links are out of the tab order (they sat off screen and took focus out of
    sight); the burger says whether it is open, opens the drawer with Enter, and Escape shuts it back onto the burger."""
    with app_page(browser, live_server.base_url, 412) as page:
        page.goto("/build/browse/explore")
        page.locator("[data-testid=build-card]").first.wait_for()
        burger = page.get_by_test_id("burger")
        in_sidebar = "() => !!document.activeElement?.closest('[data-testid=sidebar]')"
        tab_to(page, "[data-testid=burger]")
        expect(burger).to_have_attribute("aria-expanded", "false")
        for _ in range(5):
            page.keyboard.press("Tab")
            assert not page.evaluate(in_sidebar), "focus went into the shut nav drawer"
        burger.focus()
        page.keyboard.press("Enter")
        expect(burger).to_have_attribute("aria-expanded", "true")
        tab_to(page, "[data-testid=sidebar] a[href='/build/track']")
        page.keyboard.press("Escape")
        expect(burger).to_have_attribute("aria-expanded", "false")
        expect(burger).to_be_focused()
        page.keyboard.press("Tab")
        assert not page.evaluate(in_sidebar)
