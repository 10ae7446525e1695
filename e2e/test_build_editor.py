"""Create New Build in Chromium against the real server: load, suggested steps, reorder, delete,
finalize and publish; validation messages; offline drafts; dropped files; links through the proxy."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from e2e.editor_support import (
    MULTI_STEP,
    ONE_STEP,
    axe_violations,
    cards,
    choose,
    code,
    drop_file,
    keyboard_drag,
    load,
    notification,
    titles,
    user_builds,
)
from e2e.harness import screenshot
from e2e.pwa_support import (
    WIDTHS,
    app_page,
    login,
    outbox_size,
    unique_name,
    wait_for_service_worker,
    wait_until,
)
from server.planner import decode_planner


@pytest.mark.parametrize("width", WIDTHS)
def test_paste_accept_reorder_delete_and_publish(browser, live_server, width):
    with app_page(browser, live_server.base_url, width) as page:
        name = unique_name("Creator")
        login(page, name)
        page.goto("/build/create")
        load(page, code(MULTI_STEP))
        page.get_by_test_id("suggest-steps").wait_for()
        assert axe_violations(page) == []
        page.get_by_test_id("accept-suggested").click()
        expect(cards(page)).to_have_count(11)
        suggested = titles(page)
        assert suggested[0] == "lvl 1-12 (spectral throw)"
        expect(cards(page).first).to_have_attribute("data-complete", "true")
        screenshot(page, f"editor-suggested-{width}")
        # Each step's title reads whole: the card's width, two lines (one line beside the level badge
        # showed "lvl 1-12 (s…" at 412 px).
        shown = page.get_by_test_id("step-card-title").evaluate_all(
            "ts => ts.map(t => [t.textContent, t.scrollHeight - t.clientHeight, t.scrollWidth - t.clientWidth])"
        )
        assert [text for text, _, _ in shown] == suggested
        cut = [text for text, down, across in shown if down > 1 or across > 1]
        assert cut == [], f"step titles cut off at {width} px: {cut}"

        # Drag the first step one place to the right with the keyboard.
        keyboard_drag(page, 0, 1)
        moved = [suggested[1], suggested[0], *suggested[2:]]
        wait_until(lambda: titles(page) == moved, message="step moved")
        expect(cards(page).nth(1)).to_have_attribute("data-active", "true")

        # Delete the last step.
        cards(page).nth(10).get_by_test_id("step-delete").click()
        expect(cards(page)).to_have_count(10)
        expected = moved[:10]
        assert titles(page) == expected
        expect(page.get_by_test_id("step-detail")).to_be_visible()
        assert axe_violations(page) == []
        screenshot(page, f"editor-edited-{width}", full_page=True)

        page.get_by_test_id("complete-build").click()
        modal = page.get_by_role("dialog", name="Finalize Build")
        expect(modal).to_be_visible()
        page.get_by_test_id("finalize-complete").click()
        expect(modal.get_by_text("Please choose a main skill.")).to_be_visible()
        notification(page, "Select Main Skill", "Please choose a main skill.")
        choose(page, "finalize-skill-0", "Cyclone")
        choose(page, "finalize-skill-1", "Shockwave")
        assert axe_violations(page, "[role=dialog]") == []
        page.get_by_test_id("finalize-complete").click()

        created = page.get_by_role("dialog", name="Build Created")
        # A slow server (a busy machine) makes the publish wait and retry; it still lands once.
        expect(created.get_by_text("Build created successfully!")).to_be_visible(timeout=30_000)
        slug = page.get_by_test_id("created-slug-input").input_value()
        screenshot(page, f"editor-created-{width}")
        [build] = user_builds(live_server.db_path, name)
        assert build["slug"] == slug
        assert [s["title"] for s in build["steps"]] == expected
        assert [s["passiveTreeId"] for s in build["steps"]] == expected
        assert all(s["equipmentSetId"] == s["skillSetId"] == s["passiveTreeId"] for s in build["steps"])
        assert build["skills"] == ["Cyclone", "Shockwave"]

        page.get_by_test_id("created-close").click()
        page.wait_for_url("**/build/browse/explore")

        # The Created tab lists it; its view shows exactly those steps.
        page.goto("/build/browse/created")
        card = page.locator(f'[data-testid=build-card][data-slug="{slug}"]')
        expect(card).to_contain_text("Contains 10 step(s)")
        page.goto(f"/build/view/{slug}")
        page.get_by_test_id("build-view").wait_for()
        expect(page.locator('[data-testid=step][data-active="true"]')).to_contain_text(expected[-1])
        # The navigator shows the last steps (a window of them at 800 px); read it once it has settled.
        def shown_is_a_tail() -> bool:
            texts = page.get_by_test_id("step").all_text_contents()
            return len(texts) >= 1 and all(expected[10 - len(texts) + i] in t for i, t in enumerate(texts))

        wait_until(shown_is_a_tail, message="the view's steps are the published ones, in order")
        screenshot(page, f"editor-published-view-{width}")

        # Export the view's selected (last) step to a planner code: the server's decoder reads that one step.
        page.get_by_test_id("tab-settings").click()
        page.get_by_test_id("export-step-button").click()
        exported = decode_planner(page.get_by_test_id("export-step-code-input").input_value())
        assert [t.id for t in exported.trees] == [expected[-1]]
        assert [s.id for s in exported.item_sets] == [expected[-1]]
        assert [s.id for s in exported.skill_sets] == [expected[-1]]

        # The editor starts empty again: the published draft is gone.
        page.goto("/build/create")
        page.get_by_test_id("loader-input").wait_for()


def test_every_validation_message_by_a_user_action(browser, live_server):
    with app_page(browser, live_server.base_url, 1400) as page:
        login(page, unique_name("Checker"))
        page.goto("/build/create")

        load(page, "https://pobb.in/short")
        expect(page.get_by_text("Link must start with pobb.in/ followed by 12 characters.")).to_be_visible()
        load(page, "bm90IGEgcGxhbm5lciBjb2RlIGF0IGFsbCwganVzdCB0ZXh0")
        # A bad code is named for what it is, not sent to "a different PoB URL".
        expect(page.get_by_test_id("loader-error")).to_contain_text("Failed to read the planner code")
        expect(page.get_by_test_id("loader-error")).not_to_contain_text("PoB URL")
        screenshot(page, "editor-bad-input-1400")

        load(page, code(ONE_STEP))
        page.get_by_test_id("step-timeline").wait_for()
        # One tree: one suggested step, as for a multi-tree build; 'Start empty' clears it.
        expect(page.get_by_test_id("suggest-steps")).to_contain_text("Suggested 1 step, one per passive tree")
        expect(cards(page)).to_have_count(1)
        page.get_by_test_id("start-empty").click()
        expect(page.get_by_test_id("no-steps")).to_have_text(
            "There are no steps to display. You can add one using the editor above."
        )
        page.get_by_test_id("add-step").click()
        expect(cards(page)).to_have_count(1)
        assert titles(page) == ["Step 1"]
        expect(cards(page).first).to_have_attribute("data-complete", "false")
        expect(page.get_by_test_id("incomplete-step")).to_have_text(
            "Please pick an equipment set, skill tree and skill set to see details."
        )
        for test_id, placeholder in [
            ("select-equipment", "Select set"),
            ("select-tree", "Select tree"),
            ("select-skills", "Select skills"),
        ]:
            field = page.get_by_test_id(test_id)
            expect(field).to_have_attribute("placeholder", placeholder)
            expect(field).to_have_attribute("aria-invalid", "true")
        page.get_by_test_id("add-step").click()
        notification(
            page, "Current Step Invalid", "Please complete the current step before adding a new one."
        )
        expect(cards(page)).to_have_count(1)
        page.get_by_test_id("complete-build").click()
        notification(page, "Incomplete Build", "please fix invalid steps")
        expect(page.get_by_role("dialog", name="Finalize Build")).to_be_hidden()
        assert axe_violations(page) == []

        # Change Build to the eleven-step export; the empty step still fits and stays.
        page.get_by_test_id("change-build").click()
        dialog = page.get_by_role("dialog", name="Select a new build")
        expect(dialog.get_by_label("Please paste a Waypoint build code")).to_have_attribute(
            "placeholder", "build-code..."
        )
        dialog.get_by_test_id("change-loader-input").fill(code(MULTI_STEP))
        dialog.get_by_test_id("change-loader-load").click()
        expect(dialog).to_have_count(0)
        expect(page.get_by_test_id("settings-code-input")).to_have_value(code(MULTI_STEP))

        # The same id in all three sets the title; complete borders turn green.
        for test_id in ["select-equipment", "select-tree", "select-skills"]:
            choose(page, test_id, "Lvl 100 Giga Endgame - Bossing")
        assert titles(page) == ["lvl 100 giga endgame - bossing"]
        expect(cards(page).first).to_have_attribute("data-complete", "true")
        expect(page.get_by_test_id("step-approx-level")).not_to_have_text("Approximate level: -")
        page.get_by_test_id("add-step").click()
        expect(cards(page)).to_have_count(2)
        assert titles(page)[1] == "Step 2"
        choose(page, "select-tree", "Lvl 1-12 (Spectral Throw)")
        # A warning, with its own title and look: not under the red 'Current Step Invalid'.
        notification(
            page,
            "Fewer passive points than the previous step",
            "amount of allocated skill points can't be lower than previous steps",
        )
        warning = page.locator(".mantine-Notification-root").filter(has_text="can't be lower than previous steps").last
        expect(warning).to_have_attribute("data-kind", "warning")
        expect(warning).not_to_contain_text("Current Step Invalid")
        screenshot(page, "editor-validation-1400", full_page=True)

        # Export the first step back to a planner code.
        cards(page).first.get_by_test_id("step-select").click()
        page.get_by_test_id("export-step-button").click()
        exported = page.get_by_test_id("export-step-code-input").input_value()
        assert len(exported) > 100 and exported != code(MULTI_STEP)


def test_offline_draft_survives_reload_and_publishes_exactly_once(browser, live_server):
    with app_page(browser, live_server.base_url, 1400) as page:
        name = unique_name("Offline")
        login(page, name)
        wait_for_service_worker(page)
        page.goto("/build/create")
        load(page, code(MULTI_STEP))
        page.get_by_test_id("accept-suggested").click()
        expect(cards(page)).to_have_count(11)

        page.context.set_offline(True)
        cards(page).nth(3).get_by_test_id("step-delete").click()
        expect(cards(page)).to_have_count(10)
        expected = titles(page)
        page.get_by_test_id("complete-build").click()
        choose(page, "finalize-skill-0", "Cyclone")
        page.get_by_test_id("finalize-complete").click()
        expect(page.get_by_test_id("waiting-badge")).to_have_text("waiting to publish")
        expect(page.get_by_role("dialog", name="Finalize Build")).to_be_hidden()

        page.reload()
        expect(page.get_by_test_id("waiting-badge")).to_have_text("waiting to publish")
        assert titles(page) == expected
        screenshot(page, "editor-offline-waiting-1400")
        assert user_builds(live_server.db_path, name) == []

        page.context.set_offline(False)
        page.evaluate("() => window.dispatchEvent(new Event('online'))")
        wait_until(
            lambda: len(user_builds(live_server.db_path, name)) == 1, timeout=30, message="publish replayed"
        )
        expect(
            page.get_by_role("dialog", name="Build Created").get_by_text("Build created successfully!")
        ).to_be_visible(timeout=20_000)
        [build] = user_builds(live_server.db_path, name)
        assert [s["title"] for s in build["steps"]] == expected
        assert page.get_by_test_id("created-slug-input").input_value() == build["slug"]
        # A reload replays whatever the outbox still holds on start: once the page's requests are done and
        # its outbox is empty, a second publish would have reached the server.
        page.reload(wait_until="networkidle")
        wait_until(lambda: outbox_size(page) == 0, timeout=30, message="the outbox to drain")
        assert len(user_builds(live_server.db_path, name)) == 1


def test_a_dropped_planner_xml_file_loads(browser, live_server):
    xml = (MULTI_STEP.parent / "sanavixx_cyclone_shockwave_slayer_328.xml").read_text()
    with app_page(browser, live_server.base_url, 800) as page:
        login(page, unique_name("Dropper"))
        page.goto("/build/create")
        drop_file(page, xml)
        page.get_by_test_id("suggest-steps").wait_for()
        page.get_by_test_id("accept-suggested").click()
        expect(cards(page)).to_have_count(11)
        expect(page.get_by_test_id("settings-code-input")).not_to_have_value("")
        assert page.get_by_test_id("settings-code-input").input_value().startswith("eN")
        screenshot(page, "editor-dropped-file-800")
