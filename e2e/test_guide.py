"""Campaign Guide panel in Chromium: a corpus build on /dev/guide, Prev/Next
across an act boundary, search with Enter and Shift+Enter, progress restored
after a reload, online and offline."""

from __future__ import annotations

import re
import uuid
from urllib.parse import quote

import pytest
from playwright.sync_api import expect

from e2e.harness import screenshot
from e2e.pwa_support import wait_for_service_worker
from server.paths import POB_CORPUS

# A Duelist (Slayer) levelling build whose planner bandit is "None" -> kill all.
CORPUS_CODE = POB_CORPUS / "AdamZ-8113__pob-codes/sanavixx_cyclone_shockwave_slayer_328.code.txt"
STEP_COUNTER = re.compile(r"^Step (\d+) / (\d+)$")
MATCH_COUNTER = re.compile(r"^(\d+) / (\d+)$")


def guide_url(character: str) -> str:
    code = CORPUS_CODE.read_text().strip()
    return f"/dev/guide?code={quote(code, safe='')}&character={character}"


def counter(page) -> tuple[int, int]:
    text = page.get_by_test_id("guide-step-counter").inner_text().strip()
    m = STEP_COUNTER.match(text)
    assert m, text
    return int(m.group(1)), int(m.group(2))


def match_counter(page) -> tuple[int, int]:
    text = page.get_by_test_id("guide-match-counter").inner_text().strip()
    m = MATCH_COUNTER.match(text)
    assert m, text
    return int(m.group(1)), int(m.group(2))


def selected_tab(page) -> str:
    return page.get_by_role("tab", selected=True).inner_text().strip()


def selected_index(page) -> int:
    return int(
        page.locator('[data-testid="guide-step"][data-selected="true"]').get_attribute("data-step-index")
    )


def open_guide(page, character: str) -> None:
    page.goto(guide_url(character))
    expect(page.get_by_test_id("campaign-guide")).to_be_visible(timeout=30_000)


def assert_centred(page) -> None:
    """The selected step sits in the middle of the 500 px box (unless the box cannot scroll that far)."""
    box = page.locator('[data-testid="guide-steps"] .mantine-ScrollArea-viewport')
    geo = box.evaluate(
        """(vp) => {
          const el = vp.querySelector('[data-selected="true"]');
          const b = vp.getBoundingClientRect(), e = el.getBoundingClientRect();
          return {box: b.height, offset: (e.top + e.height / 2) - (b.top + b.height / 2),
                  top: vp.scrollTop, max: vp.scrollHeight - vp.clientHeight};
        }"""
    )
    assert geo["box"] == pytest.approx(500, abs=2)
    at_edge = geo["top"] <= 1 or geo["top"] >= geo["max"] - 1
    assert abs(geo["offset"]) <= 30 or at_edge, geo


def test_guide_for_corpus_build(page):
    character = f"e2e-{uuid.uuid4().hex[:8]}"
    open_guide(page, character)
    expect(page.get_by_test_id("dev-guide-build")).to_contain_text("Duelist")
    expect(page.get_by_role("heading", name="Campaign Guide")).to_be_visible()
    expect(page.get_by_role("tab")).to_have_count(10)
    expect(page.get_by_test_id("guide-passives")).to_contain_text("24")
    assert selected_tab(page) == "Act 1"
    assert counter(page)[0] == 1
    # Gem steps for this build: something to take or buy, with its vendor currency.
    expect(page.locator('[data-part="get_gem"], [data-part="buy_gem"]').first).to_be_attached()
    screenshot(page, "guide-act1")
    # Act 3 ends in the normal labyrinth: its ascend step says what it gives (area level from the campaign facts).
    page.get_by_role("tab", name="Act 3", exact=True).click()
    expect(page.get_by_test_id("labyrinth-help")).to_have_text(
        " (area level 33; 2 ascendancy points (2 of 8); refunding an ascendancy node costs 5 passive refund points)"
    )


def test_prev_next_across_act_boundary(page):
    open_guide(page, f"e2e-{uuid.uuid4().hex[:8]}")
    prev = page.get_by_role("button", name="Prev", exact=True)
    nxt = page.get_by_role("button", name="Next", exact=True)
    expect(prev).to_be_disabled()  # very first step

    steps = page.get_by_test_id("guide-step")
    last = steps.last
    last.click()
    n, m = counter(page)
    assert n == m and m == steps.count()
    assert_centred(page)

    nxt.click()
    assert selected_tab(page) == "Act 2"
    assert counter(page)[0] == 1
    screenshot(page, "guide-act2-first")
    prev.click()
    assert selected_tab(page) == "Act 1"
    assert counter(page) == (m, m)

    # A step in the middle is scrolled to the centre of the box.
    steps.nth(m // 2).click()
    assert counter(page)[0] == m // 2 + 1
    assert_centred(page)

    page.get_by_role("tab", name="Act 10").click()
    page.get_by_test_id("guide-step").last.click()
    expect(nxt).to_be_disabled()  # very last step
    prev.click()
    expect(nxt).to_be_enabled()


def test_search_enter_and_shift_enter(page):
    open_guide(page, f"e2e-{uuid.uuid4().hex[:8]}")
    search = page.get_by_placeholder("Search steps")
    assert search.bounding_box()["width"] == pytest.approx(240, abs=1)
    search.fill("  WAYPOINT ")
    i, n = match_counter(page)
    assert n >= 3 and i == 0
    expect(page.locator('[role="tab"][data-has-matches="true"]').first).to_be_visible()
    assert page.locator('[role="tab"][data-has-matches="true"]').count() >= 2
    assert page.get_by_test_id("guide-match").count() >= n

    search.press("Enter")
    assert match_counter(page) == (1, n)
    first = selected_index(page)
    assert page.locator(f'[data-step-index="{first}"] [data-testid="guide-match"]').count() >= 1
    search.press("Enter")
    assert match_counter(page) == (2, n)
    assert selected_index(page) > first
    search.press("Shift+Enter")
    assert match_counter(page) == (1, n)
    assert selected_index(page) == first
    search.press("Shift+Enter")  # wraps to the last match
    assert match_counter(page) == (n, n)
    assert_centred(page)
    search.press("Enter")  # and back round to the first
    assert match_counter(page) == (1, n)
    screenshot(page, "guide-search")

    search.fill("   ")
    assert match_counter(page) == (0, 0)
    assert page.locator('[role="tab"][data-has-matches="true"]').count() == 0


def test_gems_only_toggle(page):
    open_guide(page, f"e2e-{uuid.uuid4().hex[:8]}")
    all_steps = page.get_by_test_id("guide-step").count()
    page.get_by_role("switch", name="Gems only").check(force=True)
    gem_steps = page.get_by_test_id("guide-step")
    expect(gem_steps.first).to_be_visible()
    assert 0 < gem_steps.count() < all_steps
    screenshot(page, "guide-gems-only")

    # The filter never hides where the player is: a step without gems, selected, stays shown with its number.
    gem_indices = {int(i) for i in gem_steps.evaluate_all("(els) => els.map((e) => e.dataset.stepIndex)")}
    other = next(i for i in range(all_steps) if i not in gem_indices)
    page.get_by_role("switch", name="Gems only").uncheck(force=True)
    page.locator(f'[data-testid="guide-step"][data-step-index="{other}"]').click()
    page.get_by_role("switch", name="Gems only").check(force=True)
    expect(page.locator('[data-testid="guide-step"][data-selected="true"]')).to_have_attribute(
        "data-step-index", str(other)
    )
    expect(page.get_by_test_id("guide-step-counter")).to_have_text(f"Step {other + 1} / {all_steps}")
    assert gem_steps.count() == len(gem_indices) + 1
    # Moving on takes the next gem step, and the step without gems drops out of the list.
    later = min((i for i in gem_indices if i > other), default=None)
    if later is not None:
        page.get_by_role("button", name="Next", exact=True).click()
        expect(page.get_by_test_id("guide-step-counter")).to_have_text(f"Step {later + 1} / {all_steps}")
        expect(gem_steps).to_have_count(len(gem_indices))


def test_progress_restored_after_reload_and_offline(context, page):
    character = f"e2e-{uuid.uuid4().hex[:8]}"
    open_guide(page, character)
    page.get_by_role("tab", name="Act 3").click()
    page.get_by_test_id("guide-step").nth(4).click()
    assert counter(page)[0] == 5
    page.get_by_role("tab", name="Act 2").click()
    page.get_by_test_id("guide-step").nth(2).click()

    page.reload()
    expect(page.get_by_test_id("campaign-guide")).to_be_visible(timeout=30_000)
    assert selected_tab(page) == "Act 2"
    assert counter(page)[0] == 3
    page.get_by_role("tab", name="Act 3").click()
    assert counter(page)[0] == 5  # step per act

    # Let the service worker take over and cache the game data, then go offline.
    wait_for_service_worker(page)
    page.reload()
    expect(page.get_by_test_id("campaign-guide")).to_be_visible(timeout=30_000)
    context.set_offline(True)
    try:
        page.reload()
        expect(page.get_by_test_id("campaign-guide")).to_be_visible(timeout=30_000)
        expect(page.get_by_test_id("dev-guide-build")).to_contain_text("Duelist")
        assert selected_tab(page) == "Act 3" and counter(page)[0] == 5
        page.get_by_role("button", name="Next", exact=True).click()
        page.get_by_role("button", name="Next", exact=True).click()
        assert counter(page)[0] == 7
        page.reload()
        expect(page.get_by_test_id("campaign-guide")).to_be_visible(timeout=30_000)
        assert selected_tab(page) == "Act 3" and counter(page)[0] == 7
        screenshot(page, "guide-offline-restored")
    finally:
        context.set_offline(False)


def test_no_build_shows_every_reward(page):
    page.goto("/dev/guide")
    expect(page.get_by_test_id("campaign-guide")).to_be_visible(timeout=30_000)
    expect(page.get_by_test_id("dev-guide-build")).to_contain_text("No build")
    expect(page.locator('[data-part="offer_list"]').first).to_be_visible()
    expect(page.get_by_role("switch", name="Gems only")).to_be_disabled()
