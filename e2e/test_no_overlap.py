"""Issue 33: no overlap at any width from 360 px up, on the build view, the editor and the tracker, in Chromium.

Two checks, each able to fail on its own:
- no two visible controls (buttons, fields, links, tabs) cover each other, as clipped by their scroll boxes,
  and the page never scrolls sideways;
- scrolled down, the band between the window's top (or the phone header) and the first sticky bar shows
  the page's background only: nothing scrolls visibly behind the sticky bars.
A screenshot of each screen is kept as an artifact.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from e2e.editor_support import MULTI_STEP, code, load
from e2e.harness import screenshot
from e2e.pixels import png_pixels
from e2e.pwa_support import app_page, login, unique_name, wait_settled

WIDTHS = [360, 412, 800, 1400]
BODY = (0x24, 0x24, 0x24)  # Mantine dark-7, the page's background

# Every visible control, clipped by its scrolling ancestors; pairs whose clipped boxes intersect by more
# than a pixel each way. A control inside another (a field inside its combobox) counts as the outer one.
OVERLAPS = """() => {
  const sel = 'button, input:not([type=hidden]), textarea, select, a[href], [role=tab], [role=switch], [role=combobox]';
  // What the window shows of the page: below the phone header, above the desktop footer (both fixed; what
  // scrolls under them is hidden by them, as under the sticky bars).
  const edge = (s, side) => document.querySelector(s)?.getBoundingClientRect()[side];
  const view = { l: 0, t: edge('.mantine-AppShell-header', 'bottom') ?? 0, r: innerWidth, b: edge('.mantine-AppShell-footer', 'top') ?? innerHeight };
  const clip = (el, r) => {
    let box = { l: Math.max(r.left, view.l), t: Math.max(r.top, view.t), r: Math.min(r.right, view.r), b: Math.min(r.bottom, view.b) };
    for (let p = el.parentElement; p; p = p.parentElement) {
      const st = getComputedStyle(p);
      if (st.overflowX === 'visible' && st.overflowY === 'visible') continue;
      const c = p.getBoundingClientRect();
      box = { l: Math.max(box.l, c.left), t: Math.max(box.t, c.top), r: Math.min(box.r, c.right), b: Math.min(box.b, c.bottom) };
    }
    return box;
  };
  const shown = [...document.querySelectorAll(sel)].filter((e) => {
    const st = getComputedStyle(e);
    return e.checkVisibility({ opacityProperty: true, visibilityProperty: true }) && st.pointerEvents !== 'none'
      && !e.closest('[aria-hidden=true], [inert], .mantine-AppShell-header, .mantine-AppShell-footer, .mantine-AppShell-navbar');
  });
  const outer = shown.filter((e) => !shown.some((o) => o !== e && o.contains(e)));
  // In a sticky or fixed bar: what scrolls under it is covered by design (the pixel check sees to that).
  const pinned = (e) => {
    for (let p = e; p; p = p.parentElement) if (['sticky', 'fixed'].includes(getComputedStyle(p).position)) return true;
    return false;
  };
  const boxes = outer.map((e) => ({ e, b: clip(e, e.getBoundingClientRect()) }))
    .filter(({ b }) => b.r - b.l > 2 && b.b - b.t > 2);
  const name = (e) => (e.dataset.testid || e.getAttribute('aria-label') || e.textContent || e.tagName).trim().slice(0, 40);
  const out = [];
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++) {
      if (pinned(boxes[i].e) !== pinned(boxes[j].e)) continue;
      const a = boxes[i].b, b = boxes[j].b;
      const w = Math.min(a.r, b.r) - Math.max(a.l, b.l), h = Math.min(a.b, b.b) - Math.max(a.t, b.t);
      const at = (b) => `[${[b.l, b.t, b.r, b.b].map(Math.round).join(',')}]`;
      if (w > 1 && h > 1) out.push(`${name(boxes[i].e)} ${at(a)} | ${name(boxes[j].e)} ${at(b)}`);
    }
  return out;
}"""


def assert_nothing_overlaps(page, width: int, what: str, shot: str) -> None:
    wait_settled(page)
    screenshot(page, shot)  # kept before the checks, so a failure has its picture
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width, f"{what} scrolls sideways"
    found = page.evaluate(OVERLAPS)
    assert found == [], f"{what}: " + "; ".join(found)


def off_background(page, box: dict) -> int:
    """How many pixels in the box are not the page's background."""
    shot = page.screenshot(clip={"x": box["x"], "y": box["y"], "width": box["width"], "height": box["height"]}, scale="css")
    _, bpp, rows = png_pixels(shot)
    return sum(1 for row in rows for i in range(0, len(row), bpp) if tuple(row[i : i + 3]) != BODY)


def assert_drawn_above_the_bar(page, above: str, what: str) -> None:
    """Before the page scrolls, what sits just above the first sticky bar is drawn, not covered."""
    page.evaluate("() => window.scrollTo(0, 0)")
    wait_settled(page)
    box = page.locator(above).first.bounding_box()
    assert box and off_background(page, box) > 20, f"{what}: {above} is not drawn above the sticky bar"


def assert_band_above_sticky_is_clear(page, first_bar: str, what: str) -> None:
    """Scrolled so content sits under the bars: the band from the top (below the phone header) to the
    first sticky bar is the page's background in every pixel of the content column."""
    bar = page.get_by_test_id(first_bar)
    bar.wait_for()
    for _ in range(20):
        page.mouse.wheel(0, 600)
        if page.evaluate("(el) => el.getBoundingClientRect().top <= 70.5", bar.element_handle()):
            break
    wait_settled(page)
    box = bar.bounding_box()
    assert box and box["y"] == pytest.approx(70, abs=1), f"{what}: {first_bar} is not stuck ({box})"
    header = page.get_by_test_id("header")
    top = header.bounding_box()["height"] if header.is_visible() else 0
    stray = off_background(page, {"x": box["x"], "y": top, "width": box["width"], "height": int(box["y"] - top)})
    assert stray == 0, f"{what}: {stray} pixels of content show above the sticky bar"


@pytest.mark.parametrize("width", WIDTHS)
def test_build_view_has_no_overlap(browser, live_server, width):
    with live_server.client() as c:
        builds = c.get("/api/Build/search", params={"pageSize": 50}).json()["data"]["builds"]
    slug = max(builds, key=lambda b: b["steps"])["slug"]
    with app_page(browser, live_server.base_url, width) as page:
        page.goto(f"/build/view/{slug}")
        page.locator("[data-testid=step-navigator][data-per-page]").wait_for()
        assert_nothing_overlaps(page, width, "build view, equipment", f"overlap-view-equipment-{width}")
        page.get_by_test_id("tab-tree").click()
        page.get_by_test_id("tree-search").wait_for()
        page.get_by_test_id("tree-search").scroll_into_view_if_needed()
        assert_nothing_overlaps(page, width, "build view, tree", f"overlap-view-tree-{width}")
        page.get_by_test_id("tab-equipment").click()
        assert_drawn_above_the_bar(page, "[data-testid=like-login]", "build view")
        # A short window, so the equipment tab is long enough to scroll under the bars at every width.
        page.set_viewport_size({"width": width, "height": 500})
        assert_band_above_sticky_is_clear(page, "sticky-steps", "build view")


@pytest.mark.parametrize("width", WIDTHS)
def test_browse_has_no_overlap(browser, live_server, width):
    with app_page(browser, live_server.base_url, width) as page:
        page.goto("/build/browse/explore")
        page.get_by_test_id("build-card").first.wait_for()
        assert_nothing_overlaps(page, width, "browse", f"overlap-browse-{width}")
        assert_drawn_above_the_bar(page, "[data-testid=tab-explore]", "browse")
        page.set_viewport_size({"width": width, "height": 500})
        assert_band_above_sticky_is_clear(page, "filter-bar", "browse")


@pytest.mark.parametrize("width", WIDTHS)
def test_editor_has_no_overlap(browser, live_server, width):
    with app_page(browser, live_server.base_url, width) as page:
        login(page, unique_name("Overlap"))
        page.goto("/build/create")
        load(page, code(MULTI_STEP))
        page.get_by_test_id("accept-suggested").click()
        expect(page.get_by_test_id("step-card").first).to_have_attribute("data-complete", "true")
        page.get_by_test_id("equipment-build").wait_for()  # the step's detail has loaded
        assert_nothing_overlaps(page, width, "editor", f"overlap-editor-{width}")


@pytest.mark.parametrize("width", WIDTHS)
def test_tracker_has_no_overlap(browser, live_server, width):
    with live_server.client() as c:
        builds = c.get("/api/Build/search", params={"ClassFilters": "Hierophant"}).json()["data"]["builds"]
    build_id = builds[0]["buildId"]
    with app_page(browser, live_server.base_url, width) as page:
        login(page, unique_name("Overlap"))
        page.goto("/build/track")
        status = page.evaluate(
            """async (build) => (await fetch('/api/Character/demo-hierophant/attached-build', {method: 'POST',
                headers: {'Content-Type': 'application/json'}, body: JSON.stringify({buildId: build})})).status""",
            build_id,
        )
        assert status == 200, status
        page.get_by_test_id("character-picker").get_by_test_id("character-select").click()
        page.get_by_role("option", name=re.compile(r"^DemoHierophant\b")).click()
        page.get_by_test_id("tracker-loaded").wait_for()
        assert_nothing_overlaps(page, width, "tracker", f"overlap-tracker-{width}")
        # Down the page too: controls further down are checked once they are in the window.
        page.mouse.wheel(0, 900)
        assert_nothing_overlaps(page, width, "tracker, scrolled", f"overlap-tracker-scrolled-{width}")
        if width >= 1200:
            # One page under the sections bar (narrower, the sections are tabs that do not stick).
            page.set_viewport_size({"width": width, "height": 500})
            assert_band_above_sticky_is_clear(page, "tracker-toc", "tracker")
