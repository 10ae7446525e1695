"""The build view in Chromium: every tab shows the real items, gems and choices of a corpus build."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from e2e.harness import screenshot
from e2e.pwa_support import WIDTHS, app_page, corpus_xml_for_code, read_step

DOLL = [
    "Weapon 1",
    "Helmet",
    "Weapon 2",
    "Body Armour",
    "Ring 1",
    "Amulet",
    "Ring 2",
    "Gloves",
    "Belt",
    "Boots",
]


@pytest.fixture(scope="module")
def cyclone_slayer(live_server):
    """The seeded Cyclone Slayer build with 11 steps, and its corpus reading for the last step."""
    with live_server.client() as c:
        builds = c.get(
            "/api/Build/search", params={"ClassFilters": "Slayer", "SkillFilters": "Cyclone"}
        ).json()["data"]["builds"]
        summary = max(builds, key=lambda b: b["steps"])
        info = c.get(f"/api/Build/{summary['slug']}").json()["data"]["buildInfo"]
    xml = corpus_xml_for_code(info["pobCode"])
    last = info["steps"][-1]
    return info, read_step(xml, last["equipmentSetId"], last["skillSetId"], last["passiveTreeId"])


# The game's names of the planner's pantheon ids (the soul each god grants first, its Data/Pantheons.lua).
SOULS = {
    "TheBrineKing": "Soul of the Brine King", "Arakaali": "Soul of Arakaali", "Solaris": "Soul of Solaris",
    "Lunaris": "Soul of Lunaris", "Abberath": "Soul of Abberath", "Gruthkul": "Soul of Gruthkul", "Yugul": "Soul of Yugul",
    "Shakari": "Soul of Shakari", "Tukohama": "Soul of Tukohama", "Ralakesh": "Soul of Ralakesh",
    "Garukhan": "Soul of Garukhan", "Ryslatha": "Soul of Ryslatha",
}


def soul(god: str) -> str:
    """What the Choices tab shows for a planner pantheon value."""
    return "None chosen" if god in ("", "None") else SOULS[god]


def open_tab(page, name: str) -> None:
    page.get_by_test_id(f"tab-{name}").click()


@pytest.mark.parametrize("width", WIDTHS)
def test_every_tab_shows_the_corpus_build(browser, live_server, cyclone_slayer, width):
    info, step = cyclone_slayer
    with app_page(browser, live_server.base_url, width) as page:
        page.goto(f"/build/view/{info['slug']}")
        page.get_by_test_id("build-view").wait_for()
        expect(page.get_by_test_id("build-creator")).to_have_text(f"By {info['creatorName']}")
        # The last step is preselected.
        active = page.locator('[data-testid=step][data-active="true"]')
        expect(active).to_contain_text(info["steps"][-1]["title"])
        expect(active).to_contain_text(f"Step {len(info['steps'])}")
        if width >= 1200:
            assert page.get_by_test_id("step-navigator").get_attribute("data-per-page") in {"3", "4"}
        else:
            assert int(page.get_by_test_id("step-navigator").get_attribute("data-per-page")) < 4

        # Equipment: every doll slot holds the corpus item of the last step's item set.
        expected_doll = {slot: step.items[slot] for slot in DOLL if slot in step.items}
        assert len(expected_doll) >= 8
        if width >= 1200:
            for slot, item in expected_doll.items():
                box = page.locator(f'[data-testid=item-slot][data-slot="{slot}"]')
                expect(box).to_contain_text(item.name)
            helmet = step.items["Helmet"]
            page.locator('[data-testid=item-slot][data-slot="Helmet"]').hover()
            tip = page.get_by_test_id("item-tooltip").filter(has_text=helmet.name)
            expect(tip).to_be_visible()
            assert tip.get_attribute("data-rarity") == helmet.rarity
            assert (
                tip.evaluate(
                    "el => el.closest('[role=dialog], .mantine-HoverCard-dropdown, .mantine-Popover-dropdown').getBoundingClientRect().width"
                )
                == 240
            )
            mod = next(ln for ln in helmet.lines if re.match(r"^[+\d]", ln) and "{" not in ln)
            expect(tip).to_contain_text(mod)
            screenshot(page, f"pwa-view-equipment-{width}")
        else:
            carousel = page.get_by_test_id("equipment-carousel")
            seen = {}
            for _ in range(len(DOLL)):
                slide = page.get_by_test_id("carousel-slide")
                seen[slide.get_attribute("data-key")] = slide.inner_text()
                box = slide.bounding_box()
                # A 40 px swipe to the left moves one slide; a 20 px one does not.
                page.mouse.move(box["x"] + box["width"] / 2, box["y"] + 20)
                page.mouse.down()
                page.mouse.move(box["x"] + box["width"] / 2 - 20, box["y"] + 20)
                page.mouse.up()
                before = carousel.get_attribute("data-index")
                page.mouse.move(box["x"] + box["width"] / 2, box["y"] + 20)
                page.mouse.down()
                page.mouse.move(box["x"] + box["width"] / 2 - 40, box["y"] + 20)
                page.mouse.up()
                if before == carousel.get_attribute("data-index"):
                    break
            for slot, item in expected_doll.items():
                assert item.name in seen[slot], slot
            # Small screens: the arrows move too, and a click (no hover) opens the item tooltip.
            while carousel.get_attribute("data-index") != "1":
                carousel.get_by_role("button", name="Previous slot").click()
            helmet = step.items["Helmet"]
            page.locator('[data-testid=item-slot][data-slot="Helmet"]').click()
            tip = page.get_by_test_id("item-tooltip").filter(has_text=helmet.name)
            expect(tip).to_be_visible()
            assert (
                tip.evaluate("el => el.closest('.mantine-Popover-dropdown').getBoundingClientRect().width")
                == 240
            )
            screenshot(page, f"pwa-view-equipment-{width}")
            page.keyboard.press("Escape")
        flasks = page.get_by_test_id("flask-slot")
        if width >= 1200:
            expect(flasks).to_have_count(5)
            for i in range(1, 6):
                item = step.items.get(f"Flask {i}")
                box = page.locator(f'[data-testid=flask-slot][data-slot="Flask {i}"]')
                expect(box).to_contain_text(item.name if item else "Empty")

        # Gems per slot: actives first, at most 6 per slot group.
        for slot, names in step.gems_by_slot.items():
            group = page.locator(f'[data-testid=gem-group][data-slot="{slot}"]')
            cap = 20 if slot == "Unslotted" else 6
            shown = [t.strip() for t in group.get_by_test_id("gem-name").all_text_contents()]
            assert shown == names[:cap], slot
        first_gem = page.get_by_test_id("gem").first
        first_gem.hover()
        # Gem tooltips carry game-data facts (max level, required level).
        tooltip = page.get_by_test_id("gem-tooltip").first
        expect(tooltip).to_contain_text(re.compile(r"Level: \d+ / \d+"))
        expect(tooltip).to_contain_text(re.compile(r"Requires Level \d+"))

        open_tab(page, "tree")
        # The header no longer counts (the tree's summary is the one count); the step's nodes are all there.
        expect(page.get_by_test_id("skill-tree")).to_have_attribute("data-nodes", str(step.tree_nodes))
        expect(page.get_by_test_id("skill-tree").locator("canvas").first).to_be_attached(timeout=30_000)
        screenshot(page, f"pwa-view-tree-{width}")

        open_tab(page, "choices")
        bandit = "Kill All" if step.bandit in ("", "None") else f"Help {step.bandit}"
        expect(page.get_by_test_id("choice-bandit")).to_have_text(bandit)
        expect(page.get_by_test_id("choice-major")).to_have_text(soul(step.pantheon_major))
        expect(page.get_by_test_id("choice-minor")).to_have_text(soul(step.pantheon_minor))
        screenshot(page, f"pwa-view-choices-{width}")

        open_tab(page, "notes")
        notes = page.get_by_test_id("notes")
        plain = re.sub(r"\^(x[0-9A-Fa-f]{6}|\d)", "", step.notes)
        first_line = next(ln.strip() for ln in plain.splitlines() if len(ln.strip()) > 12)
        expect(notes).to_contain_text(first_line)
        if "http" in plain:
            link = notes.locator("a").first
            assert link.get_attribute("target") == "_blank"
        if re.search(r"\^x[0-9A-Fa-f]{6}|\^[1-9]", step.notes):
            assert notes.locator("span[data-color]").count() > 0
        screenshot(page, f"pwa-view-notes-{width}")

        open_tab(page, "settings")
        expect(page.get_by_test_id("copy-slug-input")).to_have_value(info["slug"])
        expect(page.get_by_test_id("copy-code-input")).to_have_value(info["pobCode"])
        copy = page.get_by_test_id("copy-slug-copy")
        expect(copy).to_have_text("Copy")
        copy.click()
        expect(copy).to_have_text("Copied")
        assert page.evaluate("navigator.clipboard.readText()") == info["slug"]
        screenshot(page, f"pwa-view-settings-{width}")


def test_unknown_build_fails_to_load(browser, live_server):
    with app_page(browser, live_server.base_url, 1400) as page:
        page.goto("/build/view/no-such-build")
        dialog = page.get_by_role("dialog", name="Failed to Load")
        expect(dialog).to_be_visible()
        dialog.get_by_role("button", name="Browse other Builds").click()
        page.wait_for_url(re.compile(r"/build/browse/explore$"))


def test_logged_out_attach_is_a_login_prompt(browser, live_server, cyclone_slayer):
    info, _ = cyclone_slayer
    with app_page(browser, live_server.base_url, 1400) as page:
        page.goto(f"/build/view/{info['slug']}")
        page.get_by_test_id("attach-login").click()
        expect(page.get_by_role("dialog", name="Realm Selection")).to_be_visible()


def test_step_navigator_pages_and_switches_steps(browser, live_server, cyclone_slayer):
    info, _ = cyclone_slayer
    first = info["steps"][0]
    xml = corpus_xml_for_code(info["pobCode"])
    expected = read_step(xml, first["equipmentSetId"], first["skillSetId"], first["passiveTreeId"])
    with app_page(browser, live_server.base_url, 1400) as page:
        page.goto(f"/build/view/{info['slug']}")
        # The page size is set once the navigator has measured its width.
        nav = page.locator("[data-testid=step-navigator][data-per-page]")
        per_page = int(nav.get_attribute("data-per-page"))
        assert 1 <= per_page <= 4
        expect(page.get_by_test_id("steps-next")).to_be_disabled()
        while page.get_by_test_id("steps-prev").is_enabled():
            page.get_by_test_id("steps-prev").click()
        steps = nav.get_by_test_id("step")
        expect(steps).to_have_count(per_page)
        expect(steps.first).to_contain_text("Step 1")
        steps.first.click()
        expect(page.locator('[data-testid=step][data-active="true"]')).to_contain_text(first["title"])
        for slot in DOLL:
            box = page.locator(f'[data-testid=item-slot][data-slot="{slot}"]')
            item = expected.items.get(slot)
            expect(box).to_contain_text(item.name if item else "Empty")
        page.get_by_test_id("tab-tree").click()
        expect(page.get_by_test_id("skill-tree")).to_have_attribute("data-nodes", str(expected.tree_nodes))
