"""The tracker's "Level N in the game's log" is live with no Campaign Guide on screen.

The log is picked once in the guide (the picker stubbed as in e2e/test_guide_log.py: a real
FileSystemFileHandle from the origin-private file system); then the tracker is opened on a page
where the guide is not mounted (412 px: the Equipment tab; 1400 px: a character with no build yet,
the build chooser) and a level-up appended to the log changes the level beside the character.
On the next visit the tracker itself offers the one click that gives back read permission.
"""

from __future__ import annotations

import uuid

import pytest
from playwright.sync_api import expect

from e2e.harness import screenshot
from e2e.pwa_support import app_page, login, unique_name
from e2e.test_guide_log import PICKER, Log, append, axe_serious, open_guide


@pytest.mark.parametrize(("width", "attach"), [(1400, False), (412, True)])
def test_tracker_level_follows_the_log_without_the_guide(browser, live_server, width, attach):
    from e2e.test_pwa_tracker import attach_via_api, hierophant_expectations, pick_character

    log = Log()
    with app_page(browser, live_server.base_url, width) as page:
        page.context.add_init_script(PICKER)
        login(page, unique_name("LogLevel"))
        if attach:
            attach_via_api(page, "demo-hierophant", hierophant_expectations(live_server)["info"]["buildId"])

        # Follow the game once, in the guide.
        open_guide(page, f"e2e-{uuid.uuid4().hex[:8]}")
        append(page, log.area("1_1_1") + log.level("DemoHierophant", "Templar", 2))
        panel = page.get_by_test_id("guide-log")
        panel.get_by_role("button", name="Follow the game").click()
        expect(panel.get_by_test_id("guide-log-character")).to_have_text("DemoHierophant, Templar, level 2")
        # The read permission the picker gave holds for this visit (the stub's flag for it).
        page.evaluate("() => sessionStorage.setItem('log-allowed', '1')")

        page.goto("/build/track")
        pick_character(page, page.get_by_test_id("character-picker"), "DemoHierophant")
        page.get_by_test_id("tracker-loaded" if attach else "build-chooser").wait_for(timeout=30_000)
        level = page.get_by_test_id("tracker-log-level")
        expect(level).to_have_text("Level 2 in the game's log")
        expect(page.get_by_test_id("campaign-guide")).to_have_count(0)

        append(page, log.area("1_1_town", 13) + log.level("SomeoneElse", "Witch", 40) + log.level("DemoHierophant", "Templar", 3))
        expect(level).to_have_text("Level 3 in the game's log", timeout=15_000)
        append(page, log.noise() + log.level("DemoHierophant", "Templar", 4))
        expect(level).to_have_text("Level 4 in the game's log", timeout=15_000)
        expect(page.get_by_test_id("campaign-guide")).to_have_count(0)
        assert axe_serious(page, "[data-testid=tracker-log-level]") == []
        screenshot(page, f"tracker-log-level-{width}")

        # Next visit, straight to the tracker: the browser asks again, one click here gives the
        # permission back, and what was appended meanwhile is read.
        page.evaluate("() => sessionStorage.removeItem('log-allowed')")
        append(page, log.level("DemoHierophant", "Templar", 5))
        page.reload()
        page.get_by_test_id("tracker-loaded" if attach else "build-chooser").wait_for(timeout=30_000)
        expect(level).to_have_text("Level 4 in the game's log")
        resume = page.get_by_test_id("tracker-log-resume")
        expect(resume).to_have_text("Resume following Client.txt")
        assert axe_serious(page, "[data-testid=tracker]") == []
        resume.click()
        expect(level).to_have_text("Level 5 in the game's log", timeout=15_000)
        expect(resume).to_have_count(0)
