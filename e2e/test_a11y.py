"""axe-core (the npm dev dependency, injected into the page) on every product screen at 1400 and
412 px, logged out and signed in: no serious or critical finding, one h1, headings in order.

A new screen is one line in SCREENS.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from playwright.sync_api import expect

from e2e.pwa_support import app_page, inject_axe, login, open_nav, unique_name, wait_settled
from e2e.test_pwa_tracker import attach_via_api, pick_character

SIZES = [1400, 412]
# Rules that fail the test whatever impact axe gives them (the "one h1, headings in order").
ALWAYS = {"heading-order", "page-has-heading-one"}


@dataclass(frozen=True)
class Screen:
    name: str
    path: str
    #: Selector that shows the screen finished loading.
    ready: str
    #: Build view tab to open (data-testid tab-<tab>).
    tab: str | None = None


SCREENS = [
    Screen("browse", "/build/browse/explore", "[data-testid=build-card]"),
    Screen("view-equipment", "/build/view/{slug}", "[data-testid=tab-equipment]", "equipment"),
    Screen("view-tree", "/build/view/{slug}", "[data-testid=passive-tree]", "tree"),
    Screen("view-choices", "/build/view/{slug}", "[data-testid=tab-choices]", "choices"),
    Screen("view-notes", "/build/view/{slug}", "[data-testid=tab-notes]", "notes"),
    Screen("view-settings", "/build/view/{slug}", "[data-testid=tab-settings]", "settings"),
    Screen("editor", "/build/create", "main"),
    Screen("tracker", "/build/track", "main"),
    Screen("privacy", "/privacy", "main h1"),
    # Signed in, it also holds Download my data and Delete my account; the storage line shows once read.
    Screen("settings", "/settings", "[data-testid=settings-storage-used]"),
    Screen("teaser", "/trade-helper", "main h1"),
    Screen("not-found", "/no-such-page", "[data-testid=not-found]"),
]


def audit(page) -> list[str]:
    """Serious and critical axe findings (plus ALWAYS rules) and the h1 count, as readable lines."""
    inject_axe(page)
    result = page.evaluate("() => axe.run(document, { resultTypes: ['violations'] })")
    if any(v["id"] == "color-contrast" for v in result["violations"]):
        # Axe blends a fading element's text at its current opacity: a transition that started after
        # the caller's wait (a dialog or toast shown again) reads as a contrast failure. Measure once
        # more when nothing moves; a colour that really fails fails again.
        wait_settled(page)
        result = page.evaluate("() => axe.run(document, { resultTypes: ['violations'] })")
    out = []
    for v in result["violations"]:
        if v["impact"] in ("serious", "critical") or v["id"] in ALWAYS:
            for n in v["nodes"][:5]:
                out.append(f"{v['id']} ({v['impact']}): {n['target']} {n['html'][:120]} {n.get('failureSummary', '')[:160]}")
            if len(v["nodes"]) > 5:
                out.append(f"{v['id']}: ... {len(v['nodes']) - 5} more")
    h1 = page.locator("h1:visible").count()
    if h1 != 1:
        out.append(f"{h1} visible h1 elements (want exactly one)")
    return out


@pytest.fixture(scope="module")
def slug(live_server):
    with live_server.client() as c:
        return c.get("/api/Build/search").json()["data"]["builds"][0]["slug"]


@pytest.mark.parametrize("signed_in", [False, True], ids=["logged-out", "signed-in"])
@pytest.mark.parametrize("width", SIZES)
def test_no_serious_axe_findings(gl_browser, live_server, slug, width, signed_in):
    findings: dict[str, list[str]] = {}
    with app_page(gl_browser, live_server.base_url, width) as page:
        if signed_in:
            login(page, unique_name("Axe"))
        for screen in SCREENS:
            page.goto(screen.path.format(slug=slug))
            if screen.tab:
                page.get_by_test_id(f"tab-{screen.tab}").click()
            page.locator(screen.ready).first.wait_for(state="visible")
            # Spinners and transitions settle before the audit.
            page.wait_for_function("() => !document.querySelector('[role=status][aria-label^=Loading]')", timeout=20_000)
            wait_settled(page)
            if found := audit(page):
                findings[screen.name] = found
    assert not findings, "\n".join(f"[{name}] {line}" for name, lines in findings.items() for line in lines)


@pytest.mark.parametrize("width", SIZES)
def test_toasts_have_no_serious_axe_findings(gl_browser, live_server, width):
    """A toast (here the storage notice a first draft brings) has a named close button and readable text."""
    from e2e.editor_support import MULTI_STEP, axe_violations, code, load

    with app_page(gl_browser, live_server.base_url, width) as page:
        login(page, unique_name("Toast"))
        page.goto("/build/create")
        load(page, code(MULTI_STEP))
        toast = page.locator(".mantine-Notification-root").first
        toast.wait_for(timeout=30_000)
        wait_settled(page)
        assert toast.get_by_role("button", name="Close").count() == 1
        assert axe_violations(page, ".mantine-Notification-root") == []


def focused_test_id(page) -> str | None:
    return page.evaluate("() => document.activeElement?.dataset.testid ?? null")


@pytest.mark.parametrize("width", SIZES)
def test_menus_and_dialogs_have_no_serious_axe_findings(gl_browser, live_server, width):
    """The realm dialog, the user menu open, and the Change realm and Logout dialogs it opens, each from the
    keyboard: the menu opens on its first item, and a dialog closed with Escape gives focus back to what opened it."""
    findings: dict[str, list[str]] = {}
    with app_page(gl_browser, live_server.base_url, width) as page:
        page.goto("/build/browse/explore")
        page.locator("[data-testid=build-card]").first.wait_for()
        open_nav(page)
        page.get_by_test_id("login-button").focus()
        page.keyboard.press("Enter")
        page.get_by_role("dialog", name="Realm Selection").wait_for()
        wait_settled(page)
        findings["realm dialog"] = audit(page)
        page.keyboard.press("Escape")
        expect(page.get_by_role("dialog")).to_have_count(0)
        assert focused_test_id(page) == "login-button"

        login(page, unique_name("Menu"))
        menu = page.get_by_test_id("user-menu")
        if width < 1200:
            page.get_by_test_id("burger").click()
            menu.wait_for()
            wait_settled(page)
        for item, dialog in [("change-realm", "Change realm"), ("logout", "Logout")]:
            menu.focus()
            page.keyboard.press("Enter")
            page.get_by_role("menu").wait_for()
            wait_settled(page)
            findings[f"user menu for {item}"] = audit(page)
            # The ARIA menu pattern: focus on the first item, the arrows move it.
            expect(page.get_by_test_id("change-realm")).to_be_focused()
            if item == "logout":
                page.keyboard.press("ArrowDown")
                expect(page.get_by_test_id("logout")).to_be_focused()
            page.keyboard.press("Enter")
            page.get_by_role("dialog", name=dialog).wait_for()
            wait_settled(page)
            findings[f"{dialog} dialog"] = audit(page)
            page.keyboard.press("Escape")
            expect(page.get_by_role("dialog")).to_have_count(0)
            expect(menu).to_be_focused()
    findings = {k: v for k, v in findings.items() if v}
    assert not findings, "\n".join(f"[{name}] {line}" for name, lines in findings.items() for line in lines)


@pytest.fixture(scope="module")
def slayer_build_id(live_server):
    with live_server.client() as c:
        return c.get("/api/Build/search", params={"ClassFilters": "Slayer"}).json()["data"]["builds"][0]["buildId"]


@pytest.mark.parametrize("width", SIZES)
def test_tracker_with_a_build_has_no_serious_axe_findings(gl_browser, live_server, slayer_build_id, width):
    """The tracker with DemoSlayer on a Slayer build, every part (one page at 1400 px, each tab and sub-tab
    at 412 px) and the campaign guide with a search: nothing serious, headings in order."""
    findings: dict[str, list[str]] = {}
    with app_page(gl_browser, live_server.base_url, width) as page:
        login(page, unique_name("Track"))
        # Attached through the API (the attach dialog has its own audit in test_pwa_tracker), then picked.
        attach_via_api(page, "demo-slayer", slayer_build_id)
        page.goto("/build/track")
        pick_character(page, page.get_by_test_id("character-picker"), "DemoSlayer")
        page.get_by_test_id("tracker-loaded").wait_for(timeout=30_000)

        def settled(name: str) -> None:
            page.wait_for_function("() => !document.querySelector('[role=status][aria-label^=Loading]')", timeout=20_000)
            wait_settled(page)
            if found := audit(page):
                findings[name] = found

        tabs = {"equipment": ["equipment-character-tab", "equipment-compare-tab"], "tree": ["tree-character-tab", "tree-compare-tab"],
                "choices": ["choices-character-tab", "choices-compare-tab"], "campaign": [], "notes": [], "settings": []}
        for tab, subtabs in tabs.items():
            if width < 1200:
                page.get_by_test_id(f"tracker-tab-{tab}").click()
            for sub in subtabs:
                page.get_by_test_id(sub).click()
                settled(sub)
            if tab == "campaign":
                guide = page.get_by_test_id("campaign-guide")
                guide.scroll_into_view_if_needed()
                # The steps scroll by keyboard: their viewport takes focus.
                steps = guide.get_by_role("region", name="Campaign steps")
                steps.focus()
                expect(steps).to_be_focused()
                guide.get_by_label("Search steps").fill("Merveil")
                expect(guide.get_by_test_id("guide-match").first).to_be_visible()
            settled(tab)
    assert not findings, "\n".join(f"[{name}] {line}" for name, lines in findings.items() for line in lines)
