"""The one import box (issue 33) in Chromium against the real server, at 1400 and 412 px: each kind of
input is named as it loads and has its own error; a single-tree build shows its suggested step and what was
loaded; the one 'Select a new build' dialog in the editor and in the tracker, whose 'browse builds' opens
the list with the class filter."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from e2e.editor_support import ONE_STEP, axe_violations, cards, code, load
from e2e.harness import screenshot
from e2e.pwa_support import app_page, login, unique_name

POBB_MESSAGE = "Link must start with pobb.in/ followed by 12 characters."


def seeded(live_server, cls: str, skill: str | None = None) -> dict:
    with live_server.client() as c:
        builds = c.get("/api/Build/search", params={"ClassFilters": cls}).json()["data"]["builds"]
    return next(b for b in builds if skill is None or skill in b["skills"])


@pytest.mark.parametrize("width", [1400, 412])
def test_editor_import_box_kinds_errors_and_summary(browser, live_server, width):
    hierophant = seeded(live_server, "Hierophant", "Kinetic Fusillade")
    with app_page(browser, live_server.base_url, width) as page:
        login(page, unique_name("Importer"))
        page.goto("/build/create")

        # A bad code is a bad code: no pobb.in link message, no 'PoB URL'.
        load(page, "bm90IGEgcGxhbm5lciBjb2RlIGF0IGFsbCwganVzdCB0ZXh0")
        error = page.get_by_test_id("loader-error")
        expect(error).to_contain_text("Failed to read the planner code")
        expect(error).not_to_contain_text("PoB URL")
        expect(page.get_by_text(POBB_MESSAGE)).to_have_count(0)
        # A bad pobb.in link keeps the spec's message; another site and plain text get their own.
        load(page, "https://pobb.in/short")
        expect(page.get_by_text(POBB_MESSAGE)).to_be_visible()
        load(page, "https://example.com/some/build")
        expect(page.get_by_text("Links of example.com are not accepted.", exact=False)).to_be_visible()
        load(page, "hello world")
        expect(page.get_by_text("This is not a link, a planner code or a Waypoint slug.", exact=False)).to_be_visible()
        load(page, "nosuchb2")
        expect(error).to_contain_text("Waypoint build not found")
        expect(error).to_contain_text("No published build has the slug 'nosuchb2'.")
        screenshot(page, f"import-box-errors-{width}")

        # A single-tree build: its suggested step and what was loaded, never 'There are no steps'.
        load(page, code(ONE_STEP))
        suggest = page.get_by_test_id("suggest-steps")
        expect(suggest).to_contain_text("Suggested 1 step, one per passive tree")
        expect(page.get_by_test_id("load-summary")).to_contain_text(
            re.compile(r"Loaded planner code: \w+ \(\w+\), version 3\.28: 1 passive tree, \d+ item sets?, \d+ skill sets?")
        )
        expect(cards(page)).to_have_count(1)
        expect(page.get_by_test_id("no-steps")).to_have_count(0)
        assert axe_violations(page) == []
        screenshot(page, f"import-box-single-tree-{width}")
        page.get_by_test_id("accept-suggested").click()

        # Change Build takes a Waypoint slug in its '{product} Code' tab and says which build it loaded.
        page.get_by_test_id("change-build").click()
        dialog = page.get_by_role("dialog", name="Select a new build")
        dialog.get_by_test_id("change-tab-browse").click()
        expect(dialog.get_by_test_id("change-browse")).to_have_attribute("href", re.compile(r"/build/browse\?ClassFilters=\w+"))
        dialog.get_by_test_id("change-tab-code").click()
        dialog.get_by_test_id("change-loader-input").fill(f"{live_server.base_url}/build/view/{hierophant['slug']}")
        dialog.get_by_test_id("change-loader-load").click()
        expect(dialog).to_have_count(0)
        expect(page.get_by_test_id("load-summary").first).to_contain_text("Loaded Waypoint build 'Kinetic Fusillade Hierophant'")
        expect(page.get_by_test_id("load-summary").first).to_contain_text("Hierophant (Templar)")
        screenshot(page, f"import-box-waypoint-{width}")


@pytest.mark.parametrize("width", [1400, 412])
def test_tracker_change_build_is_the_same_dialog_with_the_class_filter(browser, live_server, width):
    hierophant = seeded(live_server, "Hierophant", "Kinetic Fusillade")
    slayer = seeded(live_server, "Slayer")
    with app_page(browser, live_server.base_url, width) as page:
        login(page, unique_name("Changer"))
        page.goto("/build/track")
        status = page.evaluate(
            """async (build) => (await fetch('/api/Character/demo-hierophant/attached-build', {method: 'POST',
                headers: {'Content-Type': 'application/json'}, body: JSON.stringify({buildId: build})})).status""",
            hierophant["buildId"],
        )
        assert status == 200, status
        page.get_by_test_id("character-picker").get_by_test_id("character-select").click()
        page.get_by_role("option", name=re.compile(r"^DemoHierophant\b")).click()
        page.get_by_test_id("tracker-loaded").wait_for()
        if width >= 1200:
            # The one-page section heads the guide; the panel does not say 'Campaign Guide' a second time.
            page.get_by_test_id("campaign-guide").wait_for(timeout=30_000)
            expect(page.get_by_role("heading", name="Campaign Guide")).to_have_count(1)
        if width < 1200:
            page.get_by_test_id("tracker-tab-settings").click()
        page.get_by_test_id("change-build").click()
        dialog = page.get_by_role("dialog", name="Select a new build")
        expect(dialog.get_by_role("tab", name="Waypoint Code")).to_be_visible()
        field = dialog.get_by_test_id("change-loader-input")
        expect(field).to_have_attribute("placeholder", "build-code...")

        # A planner code is named for what it is; a build of another class is a 'Class mismatch'.
        field.fill(code(ONE_STEP))
        dialog.get_by_test_id("change-loader-load").click()
        error = dialog.get_by_test_id("change-loader-error")
        expect(error).to_contain_text("Not a published build")
        expect(error).to_contain_text("That is a planner code.")
        expect(error).not_to_contain_text("pobb.in")
        expect(error.get_by_test_id("open-in-editor")).to_have_text("Load it in Create New Build")
        field.fill(slayer["slug"])
        dialog.get_by_test_id("change-loader-load").click()
        expect(error).to_contain_text("Class mismatch")
        expect(error).to_contain_text("This build is for Duelist, but your selected character is Templar.")
        screenshot(page, f"tracker-change-build-{width}")

        # 'browse builds' opens the list filtered to the character's base class.
        dialog.get_by_test_id("change-tab-browse").click()
        dialog.get_by_test_id("change-browse").click()
        page.wait_for_url(re.compile(r"/build/browse/explore\?ClassFilters=Templar"))
        expect(page.get_by_role("dialog", name="Select a new build")).to_have_count(0)

        # The planner code the tracker can't follow goes to Create New Build in one press, and loads there.
        page.goto("/build/track")
        page.get_by_test_id("tracker-loaded").wait_for()
        if width < 1200:
            page.get_by_test_id("tracker-tab-settings").click()
        page.get_by_test_id("change-build").click()
        dialog = page.get_by_role("dialog", name="Select a new build")
        dialog.get_by_test_id("change-loader-input").fill(code(ONE_STEP))
        dialog.get_by_test_id("change-loader-load").click()
        dialog.get_by_test_id("change-loader-error").get_by_test_id("open-in-editor").click()
        page.wait_for_url(re.compile(r"/build/create$"))
        expect(page.get_by_test_id("accept-suggested")).to_be_visible(timeout=30_000)
