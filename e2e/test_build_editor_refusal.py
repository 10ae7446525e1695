"""A publish the server refuses (422) in Chromium against the real server: the editor comes back with
the server's message and loses nothing; the draft survives a reload and publishes once fixed."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from e2e.editor_support import MULTI_STEP, axe_violations, cards, choose, code, drop_file, titles, user_builds
from e2e.harness import screenshot
from e2e.pwa_support import app_page, login, unique_name
from server.publish import MAX_ITEMS

XML = MULTI_STEP.parent / "sanavixx_cyclone_shockwave_slayer_328.xml"


def with_spare_items(xml: str, count: int) -> str:
    """The real export plus `count` plain rings in no set: the planner and our decoder read it; the
    server's publish cap on items refuses it."""
    spare = "".join(
        f'<Item id="{90000 + i}">\nRarity: NORMAL\nIron Ring\n</Item>\n' for i in range(count)
    )
    return re.sub(r"(<Items\b[^>]*>)", lambda m: m.group(1) + "\n" + spare, xml, count=1)


def test_a_refused_publish_returns_to_the_draft_with_the_servers_message(browser, live_server):
    with app_page(browser, live_server.base_url, 1400) as page:
        name = unique_name("Refused")
        login(page, name)
        page.goto("/build/create")
        drop_file(page, with_spare_items(XML.read_text(), MAX_ITEMS + 1), "too-many-items.xml")
        page.get_by_test_id("accept-suggested").click()
        expect(cards(page)).to_have_count(11)
        # Edit the draft a little: a title of the user's own, a step fewer.
        page.get_by_test_id("step-title").fill("Act 1 to 3, my way")
        cards(page).nth(10).get_by_test_id("step-delete").click()
        expect(cards(page)).to_have_count(10)
        expected = titles(page)
        assert expected[0] == "Act 1 to 3, my way"

        page.get_by_test_id("complete-build").click()
        choose(page, "finalize-skill-0", "Cyclone")
        page.get_by_test_id("finalize-complete").click()

        # The server's 422 brings the user back to the draft with its message.
        errors = page.get_by_test_id("publish-errors")
        expect(errors).to_be_visible(timeout=30_000)
        expect(errors).to_contain_text("The server did not accept this build")
        expect(errors).to_contain_text(f"The planner code has more than {MAX_ITEMS} items")
        expect(page.get_by_role("dialog", name="Finalize Build")).to_be_hidden()
        expect(page.get_by_role("dialog", name="Build Created")).to_have_count(0)
        expect(page.get_by_test_id("create-build-page")).to_have_attribute("data-status", "editing")
        expect(page.get_by_test_id("waiting-badge")).to_have_count(0)
        assert titles(page) == expected
        assert user_builds(live_server.db_path, name) == []
        assert axe_violations(page) == []
        screenshot(page, "editor-publish-refused-1400", full_page=True)

        # Nothing is lost across a reload: the steps, the message, the chosen main skill.
        page.reload()
        expect(page.get_by_test_id("publish-errors")).to_contain_text(f"more than {MAX_ITEMS} items")
        assert titles(page) == expected

        # Fixed by loading the export without the spare items: the steps still fit and stay; it publishes once.
        page.get_by_test_id("change-build").click()
        dialog = page.get_by_role("dialog", name="Select a new build")
        dialog.get_by_test_id("change-loader-input").fill(code(MULTI_STEP))
        dialog.get_by_test_id("change-loader-load").click()
        expect(dialog).to_have_count(0)
        expect(page.get_by_test_id("publish-errors")).to_have_count(0)
        assert titles(page) == expected
        page.get_by_test_id("complete-build").click()
        expect(page.get_by_test_id("finalize-skill-0")).to_have_value("Cyclone")
        page.get_by_test_id("finalize-complete").click()
        created = page.get_by_role("dialog", name="Build Created")
        expect(created.get_by_text("Build created successfully!")).to_be_visible(timeout=30_000)
        [build] = user_builds(live_server.db_path, name)
        assert [s["title"] for s in build["steps"]] == expected
        assert build["skills"] == ["Cyclone"]
