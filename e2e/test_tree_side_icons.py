"""The game's icons in the tree's side lists, the browse class filter and badges, and the tracker's
character picker, in Chromium at 1400 and 412 px, with axe: a corpus build
with keystones, masteries, tattoos and runegrafts (kinetic_blast_of_clustering_necromancer_328, tree 3_28)
published through the real server; on its view's tree tab every keystone, mastery and override row shows
its icon cut from the 3.28 sprite sheets (not letters), decorative beside its name.

What the rows should be is read here from the corpus XML and the shared 3_28 tree export, not by the
PWA's decoder. The pixel check: each icon's box, screenshotted, is not one flat colour (the letter
circle's background covers most of its centre; the game's art does not) and holds no text.
"""

from __future__ import annotations

import base64
import gzip
import json
import re
import uuid
import zlib
from collections import Counter
from pathlib import Path

import pytest
from lxml import etree
from playwright.sync_api import expect

from e2e.harness import screenshot
from e2e.pixels import png_pixels
from e2e.pwa_support import POB, app_page, assert_arrows_scroll_listbox, login, unique_name
from e2e.test_a11y import audit
from e2e.test_pwa_build_stats import publish
from e2e.tree_helpers import pump_until

SIZES = [1400, 412]
XML = POB / "AdamZ-8113__pob-codes" / "kinetic_blast_of_clustering_necromancer_328.xml"
TREE = Path("/work/shared/game-data/trees/3_28.json.gz")
ICON_CAP = 30_000


def expected_rows() -> tuple[list[str], list[str], set[str]]:
    """Keystone and mastery names of the build's one spec (from the tree export; one per node) and its override names."""
    root = etree.fromstring(XML.read_bytes(), etree.XMLParser(resolve_entities=False, no_network=True))
    spec = root.find("Tree").find("Spec")
    ids = {s.strip() for s in spec.get("nodes").split(",") if s.strip()}
    nodes = json.loads(gzip.decompress(TREE.read_bytes()))["nodes"]
    keystones = sorted(nodes[i]["name"] for i in ids if i in nodes and nodes[i].get("isKeystone"))
    masteries = sorted(nodes[i]["name"] for i in ids if i in nodes and nodes[i].get("isMastery"))
    overrides = {o.get("dn") for o in spec.find("Overrides").findall("Override")}
    return keystones, masteries, overrides


@pytest.fixture(scope="module")
def tattoo_build(live_server):
    creator = unique_name("Icons")
    payload = {
        "buildId": str(uuid.uuid4()),
        "ascendancy": "Necromancer",
        "baseClass": "Witch",
        "treeVersion": "3_28",
        "steps": [{"title": "End game", "passiveTreeId": "default", "equipmentSetId": "default", "skillSetId": "default"}],
        "pobCod": base64.urlsafe_b64encode(zlib.compress(XML.read_bytes(), 9)).decode(),
        "skills": ["Tornado"],
    }
    return publish(live_server, creator, payload)


def test_the_corpus_build_has_what_the_test_checks():
    keystones, masteries, overrides = expected_rows()
    assert len(keystones) >= 1 and len(masteries) >= 3
    assert {"Tattoo of the Rongokurai Warrior", "Runegraft of Gemcraft"} <= overrides


def flatness(png: bytes) -> float:
    """Share of the most common colour in the centre half of a screenshot."""
    width, bpp, rows = png_pixels(png)
    h = len(rows)
    counts: Counter[bytes] = Counter()
    for y in range(h // 4, h - h // 4):
        row = rows[y]
        for x in range(width // 4, width - width // 4):
            counts[row[x * bpp : x * bpp + 3]] += 1
    return counts.most_common(1)[0][1] / sum(counts.values())


@pytest.mark.parametrize("width", SIZES)
def test_side_lists_show_the_games_icons(gl_browser, live_server, tattoo_build, width):
    keystones, masteries, overrides = expected_rows()
    with app_page(gl_browser, live_server.base_url, width) as page:
        page.goto(f"/build/view/{tattoo_build}")
        page.get_by_test_id("build-view").wait_for()
        # The view's class badge carries the ascendancy's icon.
        badge_icon = page.get_by_test_id("view-class-badge").get_by_test_id("class-icon")
        expect(badge_icon).to_have_attribute("data-art", "sprite", timeout=ICON_CAP)
        assert flatness(badge_icon.screenshot()) < 0.35
        page.get_by_test_id("tab-tree").click()
        for section, names in (("tree-keystones", keystones), ("tree-masteries", masteries), ("tree-overrides", overrides)):
            box = page.get_by_test_id(section)
            expect(box).to_be_visible(timeout=60_000)
            for name in names:
                expect(box).to_contain_text(name)
            icons = box.get_by_test_id("side-icon")
            expect(icons).to_have_count(len(names), timeout=ICON_CAP)
            # Every row's icon is the game's art once its sheet is in (the letters only until then).
            expect(box.locator('[data-testid=side-icon][data-art="letters"]')).to_have_count(0, timeout=ICON_CAP)
            for i in range(icons.count()):
                icon = icons.nth(i)
                assert icon.get_attribute("aria-hidden") == "true"
                assert icon.inner_text().strip() == ""
                b = icon.bounding_box()
                assert round(b["width"]) == 64 and round(b["height"]) == 64
                share = flatness(icon.screenshot())
                assert share < 0.35, f"{section} icon {i}: {share:.0%} of its centre is one colour"
        # The letter circle for comparison fails the same check (so the check can fail).
        page.evaluate(
            """() => { const el = document.querySelector('[data-testid=tree-keystones] [data-testid=side-icon]');
              const c = el.cloneNode(false); c.dataset.testid = 'probe'; c.textContent = 'Ct';
              c.style.background = 'rgba(255,255,255,0.04)'; el.after(c); }"""
        )
        assert flatness(page.get_by_test_id("probe").screenshot()) >= 0.35
        page.evaluate("() => document.querySelector('[data-testid=probe]').remove()")
        screenshot(page, f"tree-side-icons-{width}")
        page.get_by_test_id("tree-keystones").scroll_into_view_if_needed()
        assert audit(page) == []


@pytest.mark.parametrize("width", SIZES)
def test_a_class_badge_keeps_its_width_when_its_icon_comes(gl_browser, live_server, tattoo_build, width):
    """Until the tree art is in, the class colour's dot holds the icon's place in the badge, so the badge
    does not widen (and push what follows it) when the icon comes."""
    ctx = gl_browser.new_context(base_url=live_server.base_url, viewport={"width": width, "height": 900}, service_workers="block")
    try:
        page = ctx.new_page()
        held = []
        page.route(re.compile(r".*/game-data/art-[0-9.]+\.[0-9a-f]+\.json$"), lambda route: held.append(route))
        page.goto(f"/build/view/{tattoo_build}")
        badge = page.get_by_test_id("view-class-badge")
        icon = badge.get_by_test_id("class-icon")
        # The art is asked for once the page is idle: held, the badge shows the dot.
        pump_until(page, lambda: len(held) > 0, message="the art bundle asked for")
        expect(icon).to_have_attribute("data-art", "dot")
        before = badge.bounding_box()
        for route in held:
            route.continue_()
        expect(icon).to_have_attribute("data-art", "sprite", timeout=ICON_CAP)
        after = badge.bounding_box()
        assert abs(after["width"] - before["width"]) < 0.5, (before, after)
        assert round(icon.bounding_box()["width"]) == 16
    finally:
        ctx.close()


@pytest.mark.parametrize("width", SIZES)
def test_the_class_filter_shows_class_and_ascendancy_icons(gl_browser, live_server, width):
    """A card's class badge and the browse filter's options: a base class (its start art) and an ascendancy
    (its circular art), drawn."""
    with app_page(gl_browser, live_server.base_url, width) as page:
        page.goto("/build/browse/explore")
        # A card's class badge carries its ascendancy's icon beside the text.
        badge = page.get_by_test_id("class-badge").first
        badge_icon = badge.get_by_test_id("class-icon")
        expect(badge_icon).to_have_attribute("data-art", "sprite", timeout=ICON_CAP)
        assert badge_icon.get_attribute("aria-hidden") == "true"
        assert round(badge_icon.bounding_box()["width"]) == 16
        assert flatness(badge_icon.screenshot()) < 0.35
        box = page.get_by_test_id("filter-classes")
        if width < 1200:
            page.get_by_test_id("filter-bar").get_by_role("tab", name="Classes").click()
        box.wait_for(timeout=30_000)
        for name in ("Witch", "Necromancer", "Warden"):
            box.click()
            box.fill(name)
            option = page.get_by_role("option", name=name, exact=True)
            icon = option.get_by_test_id("class-icon")
            expect(icon).to_have_attribute("data-art", "sprite", timeout=ICON_CAP)
            assert icon.get_attribute("aria-hidden") == "true" and icon.inner_text() == ""
            b = icon.bounding_box()
            assert round(b["width"]) == 20 and round(b["height"]) == 20
            share = flatness(icon.screenshot())
            assert share < 0.35, f"{name}: {share:.0%} of its icon's centre is one colour"
            if name == "Necromancer":
                screenshot(page, f"class-filter-icons-{width}")
                assert audit(page) == []
            page.keyboard.press("Escape")


@pytest.mark.parametrize("width", SIZES)
def test_the_character_picker_shows_class_icons(gl_browser, live_server, width):
    """The tracker's character options: each character's class or ascendancy icon beside its name, drawn."""
    with app_page(gl_browser, live_server.base_url, width) as page:
        login(page, unique_name("Picker"))
        page.goto("/build/track")
        page.get_by_test_id("character-select").click()
        options = page.get_by_test_id("character-option")
        expect(options.first).to_be_visible(timeout=30_000)
        icons = options.get_by_test_id("class-icon")
        expect(icons.first).to_have_attribute("data-art", "sprite", timeout=ICON_CAP)
        icon = icons.first
        assert icon.get_attribute("aria-hidden") == "true" and icon.inner_text() == ""
        assert round(icon.bounding_box()["width"]) == 24
        assert flatness(icon.screenshot()) < 0.35
        screenshot(page, f"character-picker-icons-{width}")
        # The open list scrolls, and the box that scrolls is the combobox's listbox itself (ui/listbox.ts):
        # a scroll area inside it was a region no key reaches (axe scrollable-region-focusable, serious).
        listbox = page.get_by_role("listbox")
        assert listbox.evaluate("e => e.scrollHeight > e.clientHeight")
        assert audit(page) == []
        assert_arrows_scroll_listbox(page, listbox, len(options.all()) + 2)
        page.get_by_test_id("character-select").press("Escape")
        expect(options.first).to_be_hidden()
        assert audit(page) == []
