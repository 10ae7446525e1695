"""The Campaign Guide follows the game's log (Client.txt) in Chromium.

The picker is the one thing stubbed: window.showOpenFilePicker answers with a real
FileSystemFileHandle from the origin-private file system (the same interface the
picker gives), and the test appends lines to that file while the page watches.
Lines are the real shapes of the game's log; area ids are the campaign facts'.
On the next visit the browser asks again for read permission: the handle's
queryPermission answers "prompt" until requestPermission was called, as Chromium
does for a file picked on an earlier visit.
"""

from __future__ import annotations

import re
import uuid
from urllib.parse import quote

from playwright.sync_api import expect

from e2e.harness import screenshot
from e2e.pwa_support import app_page, inject_axe, login, unique_name

STEP_COUNTER = re.compile(r"^Step (\d+) / (\d+)$")

# The picker and the appends, in the page: a file in the origin-private file system.
PICKER = """
(() => {
  const file = async () => (await navigator.storage.getDirectory()).getFileHandle('Client.txt', { create: true });
  window.showOpenFilePicker = async () => [await file()];
  window.__appendLog = async (text) => {
    const h = await file();
    const size = (await h.getFile()).size;
    const w = await h.createWritable({ keepExistingData: true });
    await w.write({ type: 'write', position: size, data: text });
    await w.close();
  };
  // A handle picked on an earlier visit needs the player's click again (sessionStorage: once per visit).
  const proto = FileSystemHandle.prototype;
  proto.queryPermission = async () => (sessionStorage.getItem('log-allowed') ? 'granted' : 'prompt');
  proto.requestPermission = async () => { sessionStorage.setItem('log-allowed', '1'); return 'granted'; };
})();
"""

STAMP = "2024/07/26 20:{:02d}:{:02d}"


class Log:
    """Lines in the shape the game writes them, a second apart."""

    def __init__(self) -> None:
        self.t = 0

    def _stamp(self) -> str:
        self.t += 1
        return STAMP.format(self.t // 60 % 60, self.t % 60)

    def area(self, area_id: str, level: int = 1) -> str:
        return f'{self._stamp()} 76512546 1186a0e0 [DEBUG Client 22384] Generating level {level} area "{area_id}" with seed 1780194933\n'

    def entered(self, name: str) -> str:
        return f"{self._stamp()} 76515625 f22b6b26 [INFO Client 22384] : You have entered {name}.\n"

    def level(self, who: str, cls: str, n: int) -> str:
        return f"{self._stamp()} 76713640 f22b6b26 [INFO Client 22384] : {who} ({cls}) is now level {n}\n"

    def slain(self, who: str) -> str:
        return f"{self._stamp()} 76794001 f22b6b26 [INFO Client 22384] : {who} has been slain.\n"

    def noise(self) -> str:
        return f"{self._stamp()} 76794001 a2b1c3d4 [INFO Client 22384] [SHADER] Delay: ON\n"


def guide_url(character: str) -> str:
    """The guide alone, without a build (the log follower does not depend on one; a planner code
    in the URL would make it longer than the server takes)."""
    return f"/dev/guide?character={quote(character, safe='')}"


def append(page, text: str) -> None:
    page.evaluate("(t) => window.__appendLog(t)", text)


def step_number(page) -> int:
    m = STEP_COUNTER.match(page.get_by_test_id("guide-step-counter").inner_text().strip())
    assert m
    return int(m.group(1))


def expect_step(page, act: str, text: str) -> None:
    """The selected tab and the selected step, which says `text`."""
    expect(page.get_by_test_id("campaign-guide").get_by_role("tab", selected=True)).to_have_text(act)
    expect(page.locator('[data-testid="guide-step"][data-selected="true"]')).to_contain_text(text)


def open_guide(page, character: str) -> None:
    page.goto(guide_url(character))
    expect(page.get_by_test_id("campaign-guide")).to_be_visible(timeout=30_000)


def axe_serious(page, include: str) -> list[str]:
    inject_axe(page)
    return page.evaluate(
        "async (sel) => (await axe.run({include: [sel]}, {resultTypes: ['violations']})).violations"
        ".filter(v => ['serious', 'critical'].includes(v.impact)).map(v => v.id + ': ' + v.nodes.map(n => n.target.join(' ')).join(' | '))",
        include,
    )


def test_guide_follows_the_log(browser, live_server):
    log = Log()
    character = f"e2e-{uuid.uuid4().hex[:8]}"
    with app_page(browser, live_server.base_url, 1400) as page:
        page.context.add_init_script(PICKER)
        open_guide(page, character)
        # The game was already running: the log has the start of the strand.
        append(page, "2024/07/26 20:00:00 ***** LOG FILE OPENING *****\n" + log.area("1_1_1") + log.entered("The Twilight Strand") + log.noise())

        panel = page.get_by_test_id("guide-log")
        expect(panel.get_by_role("button", name="Follow the game")).to_be_visible()
        assert axe_serious(page, "[data-testid=guide-log]") == []
        panel.get_by_role("button", name="Follow the game").click()
        expect(panel).to_have_attribute("data-phase", "following")
        expect(panel.get_by_test_id("guide-log-following")).to_have_text("Following Client.txt")
        expect_step(page, "Act 1", "Grab the starter weapon")

        # A level-up names the character; the guide offers to bind to it.
        append(page, log.level("Wanderer", "Ranger", 2))
        expect(panel.get_by_test_id("guide-log-character")).to_have_text("Wanderer, Ranger, level 2")
        expect(panel.get_by_test_id("guide-log-bind")).to_have_text("Bind progress to Wanderer")

        # Into town: the step after the one that walks there.
        append(page, log.area("1_1_town", 13) + log.entered("Lioneye's Watch"))
        expect_step(page, "Act 1", "Speak to Tarkleigh")
        town_step = step_number(page)

        # A line cut in half by a read: the first half waits, the second half completes it.
        line = log.area("1_1_2", 2)
        append(page, line[:40])
        append(page, line[40:] + log.entered("The Coast") + log.slain("Wanderer"))
        expect(panel.get_by_test_id("guide-log-deaths")).to_have_text("Deaths: 1")
        expect_step(page, "Act 1", "Head out to The Coast")
        assert step_number(page) == town_step + 1

        panel.get_by_test_id("guide-log-bind").click()
        expect(panel.get_by_test_id("guide-log-bound")).to_have_text("Progress follows Wanderer.")
        assert axe_serious(page, "[data-testid=guide-log]") == []
        screenshot(page, "guide-log-following")

        # Across the act boundary: act 1's end, then act 2's first area.
        append(page, log.area("1_1_11_2", 13) + log.area("1_2_1", 13) + log.entered("The Southern Forest") + log.level("Wanderer", "Ranger", 12))
        expect_step(page, "Act 2", "Leave the cavern into The Southern Forest")
        expect(panel.get_by_test_id("guide-log-character")).to_have_text("Wanderer, Ranger, level 12")
        expect(panel.get_by_test_id("guide-log-acts")).to_contain_text("Act 1")
        expect(panel.get_by_test_id("guide-log-acts")).to_contain_text("Act 2")

        # Next visit: one click gives the permission back, and what was appended meanwhile is read.
        page.goto("/")
        page.evaluate("() => sessionStorage.removeItem('log-allowed')")
        append(page, log.area("1_2_town", 15) + log.level("Wanderer", "Ranger", 13) + log.slain("Wanderer"))
        open_guide(page, character)
        expect_step(page, "Act 2", "Leave the cavern into The Southern Forest")  # progress kept, the log not read yet
        resume = panel.get_by_role("button", name="Resume following Client.txt")
        expect(resume).to_be_visible()
        assert axe_serious(page, "[data-testid=guide-log]") == []
        resume.click()
        expect(panel).to_have_attribute("data-phase", "following")
        expect(panel.get_by_test_id("guide-log-character")).to_have_text("Wanderer, Ranger, level 13")
        expect(panel.get_by_test_id("guide-log-deaths")).to_have_text("Deaths: 2")
        expect_step(page, "Act 2", "Go out through The Old Fields")


def test_guide_log_panel_is_accessible_on_a_phone_width(browser, live_server):
    with app_page(browser, live_server.base_url, 412) as page:
        page.context.add_init_script(PICKER)
        open_guide(page, f"e2e-{uuid.uuid4().hex[:8]}")
        append(page, Log().level("Wanderer", "Witch", 4))
        page.get_by_test_id("guide-log").get_by_role("button", name="Follow the game").click()
        expect(page.get_by_test_id("guide-log-character")).to_have_text("Wanderer, Witch, level 4")
        assert axe_serious(page, "[data-testid=guide-log]") == []
        screenshot(page, "guide-log-412")


def test_without_the_api_a_note_and_next(browser, live_server):
    with app_page(browser, live_server.base_url, 1400) as page:
        page.context.add_init_script("delete window.showOpenFilePicker;")
        open_guide(page, f"e2e-{uuid.uuid4().hex[:8]}")
        note = page.get_by_test_id("guide-log-unsupported")
        expect(note).to_contain_text("Following the game needs desktop Chrome or Edge")
        expect(page.get_by_role("button", name="Follow the game")).to_have_count(0)
        page.get_by_role("button", name="Next", exact=True).click()
        expect(page.get_by_test_id("guide-step-counter")).to_have_text(re.compile(r"^Step 2 / "))
        assert axe_serious(page, "[data-testid=guide-log-unsupported]") == []


def test_guide_follows_the_log_in_the_tracker(browser, live_server):
    """The product route: a demo character's tracked build, its Campaign tab, the same follower."""
    from e2e.test_pwa_tracker import attach_via_api, hierophant_expectations, pick_character

    info = hierophant_expectations(live_server)["info"]
    log = Log()
    with app_page(browser, live_server.base_url, 412) as page:
        page.context.add_init_script(PICKER)
        login(page, unique_name("GuideLog"))
        attach_via_api(page, "demo-hierophant", info["buildId"])
        page.goto("/build/track")
        pick_character(page, page.get_by_test_id("character-picker"), "DemoHierophant")
        page.get_by_test_id("tracker-loaded").wait_for(timeout=30_000)
        page.get_by_test_id("tracker-tab-campaign").click()
        expect(page.get_by_test_id("campaign-guide")).to_be_visible(timeout=30_000)
        append(page, log.area("1_1_1") + log.level("DemoHierophant", "Templar", 2))
        panel = page.get_by_test_id("guide-log")
        panel.get_by_role("button", name="Follow the game").click()
        expect(panel.get_by_test_id("guide-log-character")).to_have_text("DemoHierophant, Templar, level 2")
        append(page, log.area("1_1_town", 13) + log.area("1_1_2", 2))
        expect_step(page, "Act 1", "Head out to The Coast")
        assert axe_serious(page, "[data-testid=guide-log]") == []
        screenshot(page, "guide-log-tracker-412")

        # The level beside the tracker's character follows the log, ahead of the API's cached one;
        # another character's level-up does not move it.
        level = page.get_by_test_id("tracker-log-level")
        expect(level).to_have_text("Level 2 in the game's log")
        append(page, log.level("SomeoneElse", "Witch", 40) + log.level("DemoHierophant", "Templar", 3))
        expect(level).to_have_text("Level 3 in the game's log")
        # After a reload, with the guide's tab not open, the tracker still shows what the log told.
        page.reload()
        page.get_by_test_id("tracker-loaded").wait_for(timeout=30_000)
        expect(level).to_have_text("Level 3 in the game's log")
