"""The editor's two step navigator modes (spec §2, §9) in Chromium: draggable cards sized by the layout
figures, and the paged stepper, driven by the keyboard and axe-clean at desktop, tablet and phone widths."""

from __future__ import annotations

import math

import pytest
from playwright.sync_api import expect

from e2e.editor_support import MULTI_STEP, axe_violations, cards, code, load
from e2e.harness import screenshot
from e2e.pwa_support import app_page, login, unique_name, wait_until

# Spec §9: 4 steps per page; 64 + 24 px reserved; about 300 px per step; cards at least 200 px.
PER_PAGE, RESERVED, STEP, CARD_MIN, CARD_GAP = 4, 64 + 24, 300, 200, 12


def per_page(width: float) -> int:
    return max(1, min(PER_PAGE, math.floor((width - RESERVED) / STEP)))


@pytest.mark.parametrize("width", [1400, 800, 390])
def test_cards_and_paged_stepper_by_keyboard(browser, live_server, width):
    with app_page(browser, live_server.base_url, width) as page:
        login(page, unique_name("Pager"))
        page.goto("/build/create")
        page.evaluate("() => localStorage.removeItem('waypoint:editor:step-mode')")
        load(page, code(MULTI_STEP))
        page.get_by_test_id("accept-suggested").click()
        expect(cards(page)).to_have_count(11)
        timeline = page.get_by_test_id("step-timeline")
        expect(timeline).to_have_attribute("data-mode", "cards")
        titles = [c.get_attribute("data-title") for c in cards(page).all()]

        # Card mode: a page's share of the timeline, at most 300 px, never under 200.
        inner = timeline.evaluate("(el) => el.clientWidth")
        share = math.floor((inner - RESERVED) / per_page(inner)) - CARD_GAP
        card = cards(page).first.bounding_box()
        assert card is not None
        assert abs(card["width"] - max(CARD_MIN, min(STEP, share))) <= 1
        assert CARD_MIN <= card["width"] <= STEP
        assert axe_violations(page) == []
        screenshot(page, f"editor-cards-{width}")

        # The mode switch is a radio group: arrows move from Cards to Stepper.
        page.get_by_role("radio", name="Cards").focus()
        page.keyboard.press("ArrowRight")
        expect(timeline).to_have_attribute("data-mode", "stepper")
        expect(cards(page)).to_have_count(0)
        pager = page.get_by_test_id("step-pager")
        n = per_page(inner)
        expect(pager).to_have_attribute("data-per-page", str(n))
        steps = page.get_by_test_id("pager-step")
        expect(steps).to_have_count(n)
        assert [s.get_attribute("data-title") for s in steps.all()] == titles[:n]
        expect(steps.first).to_have_attribute("data-active", "true")
        expect(steps.first).to_have_attribute("data-complete", "true")
        expect(page.get_by_test_id("pager-prev")).to_be_disabled()

        # Next page by the keyboard, then pick its first step with Enter: it becomes the edited step.
        page.get_by_test_id("pager-next").focus()
        page.keyboard.press("Enter")
        expect(pager).to_have_attribute("data-page", "1")
        expect(steps).to_have_count(min(n, 11 - n))
        assert [s.get_attribute("data-title") for s in steps.all()] == titles[n : 2 * n]
        steps.first.focus()
        page.keyboard.press("Enter")
        expect(steps.first).to_have_attribute("data-active", "true")
        expect(steps.first).to_have_attribute("aria-current", "step")
        expect(page.get_by_test_id("step-title")).to_have_value(titles[n])
        assert axe_violations(page) == []
        screenshot(page, f"editor-stepper-{width}")

        # The last page holds the rest; Next is then disabled.
        pages = math.ceil(11 / n)
        for _ in range(pages - 2):
            page.get_by_test_id("pager-next").click()
        expect(pager).to_have_attribute("data-page", str(pages - 1))
        expect(page.get_by_test_id("pager-next")).to_be_disabled()
        wait_until(lambda: steps.count() == 11 - (pages - 1) * n, message="the last page's steps")

        # The mode is kept on the device; the draft keeps the active step.
        page.reload()
        expect(page.get_by_test_id("step-timeline")).to_have_attribute("data-mode", "stepper")
        expect(page.locator("[data-testid=pager-step][data-active=true]")).to_have_attribute("data-title", titles[n])

        # Back to cards by the keyboard: the row shows the active card.
        page.get_by_role("radio", name="Stepper").focus()
        page.keyboard.press("ArrowLeft")
        expect(page.get_by_test_id("step-timeline")).to_have_attribute("data-mode", "cards")
        active = page.locator("[data-testid=step-card][data-active=true]")
        expect(active).to_have_attribute("data-title", titles[n])
        expect(active).to_be_in_viewport(ratio=0.9)
