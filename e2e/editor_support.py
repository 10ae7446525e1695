"""Steps shared by the build editor e2e tests (e2e/test_build_editor*.py)."""

from __future__ import annotations

import json

from playwright.sync_api import Page, expect

from e2e.pwa_support import POB, db, inject_axe, wait_settled

MULTI_STEP = POB / "AdamZ-8113__pob-codes" / "sanavixx_cyclone_shockwave_slayer_328.code.txt"
ONE_STEP = POB / "AdamZ-8113__pob-codes" / "flicker_strike_reliquarian_328.code.txt"


def code(path) -> str:
    return path.read_text().strip()


def load(page: Page, text: str) -> None:
    page.get_by_test_id("loader-input").fill(text)
    page.get_by_test_id("loader-load").click()


def cards(page: Page):
    return page.get_by_test_id("step-card")


def titles(page: Page) -> list[str]:
    return [c.get_attribute("data-title") for c in cards(page).all()]


def choose(page: Page, test_id: str, option: str) -> None:
    """Pick an option of a Mantine select by typing it and clicking it in the list."""
    field = page.get_by_test_id(test_id)
    field.click()
    field.fill(option)
    page.get_by_role("option", name=option, exact=True).click()


def keyboard_drag(page: Page, index: int, moves: int) -> None:
    """dnd-kit's keyboard sensor: Space picks the step up, arrows move it, Space drops it."""
    handle = cards(page).nth(index).get_by_test_id("step-drag")
    handle.scroll_into_view_if_needed()
    handle.focus()
    page.keyboard.press("Space")
    # dnd-kit marks the handle pressed while a keyboard drag is on.
    expect(handle).to_have_attribute("aria-pressed", "true")
    # Each move starts from where the cards have come to rest: the sensor measures them.
    wait_settled(page)
    for _ in range(abs(moves)):
        page.keyboard.press("ArrowRight" if moves > 0 else "ArrowLeft")
        wait_settled(page)
    page.keyboard.press("Space")
    expect(cards(page).get_by_test_id("step-drag").and_(page.locator("[aria-pressed=true]"))).to_have_count(0)


def notification(page: Page, title: str, message: str) -> None:
    note = page.locator(".mantine-Notification-root").filter(has_text=title).last
    expect(note).to_be_visible()
    expect(note).to_contain_text(message)


def axe_violations(page: Page, include: str = "[data-testid=create-build-page]") -> list[dict]:
    """Serious and critical axe-core findings inside the given element."""
    inject_axe(page)
    result = page.evaluate(
        """async (sel) => {
            const r = await window.axe.run(document.querySelector(sel), { resultTypes: ['violations'] });
            return r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
              .map(v => ({ id: v.id, impact: v.impact, nodes: v.nodes.slice(0, 3).map(n => n.html.slice(0, 200)) }));
        }""",
        include,
    )
    return result


def user_builds(db_path, display_name: str) -> list[dict]:
    with db(db_path) as con:
        rows = con.execute(
            "SELECT b.id, b.slug, b.steps, b.skills FROM builds b JOIN users u ON u.id = b.creator_id WHERE u.display_name = ?",
            (display_name,),
        ).fetchall()
    return [
        {"id": r["id"], "slug": r["slug"], "steps": json.loads(r["steps"]), "skills": json.loads(r["skills"])}
        for r in rows
    ]


def drop_file(page: Page, text: str, name: str = "build.xml") -> None:
    """Drop a file on the loader card, as a person dragging it from their desktop would."""
    page.get_by_test_id("loader").wait_for()
    page.evaluate(
        """([text, name]) => {
            const dt = new DataTransfer();
            dt.items.add(new File([text], name, { type: 'text/xml' }));
            const target = document.querySelector('[data-testid=loader]');
            for (const type of ['dragover', 'drop']) target.dispatchEvent(new DragEvent(type, { dataTransfer: dt, bubbles: true, cancelable: true }));
        }""",
        [text, name],
    )
