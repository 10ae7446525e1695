"""The tree opens on the build (issue 34): on /build/view/{slug} (the Shadow build of
the corpus is not one the demo seed publishes: /dev/tree, the same viewer), for a Marauder, a
Shadow and a Ranger build, every allocated passive projects inside the canvas on the
first view and after Reset, is drawn bright there, and the canvas fits the screen,
at 1400x900 and 412x915. The compare fits the union of both sides (dev page).
"""

from __future__ import annotations

import base64
import zlib

import pytest
from playwright.sync_api import expect

from e2e.test_tree import brightness, open_dev_tree, open_tree
from e2e.tree_helpers import (
    CANVAS,
    CORPUS,
    GEOMETRY_ONLY,
    corpus_specs,
    dev_tree_url,
    seeded_build_id,
    tree_api,
    wait_idle,
    wait_tree_ready,
)

BUILDS = {
    "Marauder": "PathOfBuildingCommunity__PathOfBuilding/3.13_Generals_Perforate_Zerker.xml",
    "Shadow": "Dav1dde__pasteofexile/322_overrides.xml",
    "Ranger": "AdamZ-8113__pob-codes/voices_nested_clusters_328.code.txt",
}
SIZES = [(1400, 900), (412, 915)]


@pytest.fixture
def sized_page(gl_browser, live_server, request):
    width, height = request.param
    ctx = gl_browser.new_context(base_url=live_server.base_url, viewport={"width": width, "height": height})
    page = ctx.new_page()
    page.set_default_timeout(30_000)
    page.add_init_script(GEOMETRY_ONLY)
    yield page
    ctx.close()


def open_build(page, relpath: str) -> None:
    """The build's product page, or /dev/tree on its last step for a build the seed does not publish."""
    if build_view_url_or_none(page, relpath):
        open_tree(page, relpath)
        return
    xml = (CORPUS / relpath).read_bytes()
    code = base64.urlsafe_b64encode(zlib.compress(xml)).decode().rstrip("=")
    page.goto(dev_tree_url(code))
    wait_tree_ready(page)
    tabs = page.get_by_test_id("dev-tree-tab")
    if tabs.count() > 1:
        tabs.last.click()
        wait_tree_ready(page)


def build_view_url_or_none(page, relpath: str) -> bool:
    return page.request.get(f"/api/Build/{seeded_build_id(relpath)}").ok


def drawn_allocation(page, relpath: str) -> list[int]:
    """The allocated ids of the step the page shows (its last) that this tree version draws."""
    nodes = corpus_specs(relpath)[-1].nodes
    ids = tree_api(page, f"{nodes}.filter((id) => {{ const s = t.state(id); return s && s.visible; }})")
    assert len(ids) > 20, f"only {len(ids)} drawn allocated passives"
    # The page shows this step: every one of them is Active.
    assert tree_api(page, f"{ids}.every((id) => (t.state(id).flags & 1) === 1)")
    return ids


def outside(page, ids: list[int], margin: float = 4) -> list[tuple[int, float, float]]:
    box = page.locator(CANVAS).bounding_box()
    pts = tree_api(page, f"{ids}.map((id) => [id, ...t.project(id)])")
    return [(i, x, y) for i, x, y in pts if not (margin <= x <= box["width"] - margin and margin <= y <= box["height"] - margin)]


def assert_all_drawn(page, ids: list[int]) -> None:
    """Allocated passives are drawn bright where they project (the plain shapes' Active colour)."""
    page.mouse.move(1, 1)
    pts = tree_api(page, f"{ids}.map((id) => [id, ...t.project(id)])")
    dark = [i for i, x, y in pts if brightness(tree_api(page, f"t.readPixel({x}, {y})")) <= 300]
    # A node under another's disc can read a neighbour's colour; nearly all must be bright.
    assert len(dark) <= len(ids) // 20, f"{len(dark)} of {len(ids)} allocated passives not drawn bright: {dark[:10]}"


@pytest.mark.parametrize("sized_page", SIZES, indirect=True, ids=["1400x900", "412x915"])
@pytest.mark.parametrize("cls", list(BUILDS))
def test_first_view_and_reset_fit_the_build(sized_page, cls):
    page = sized_page
    open_build(page, BUILDS[cls])
    vw, vh = page.viewport_size["width"], page.viewport_size["height"]
    frame = page.get_by_test_id("tree-canvas-frame")
    page.evaluate("() => window.scrollTo(0, 0)")
    box = frame.bounding_box()
    if vw >= 1000:
        # The wide layout: the canvas sits on the first screen, its bottom above the fold and the fixed footer bar.
        footer = page.get_by_test_id("footer").bounding_box()
        assert footer is not None and footer["y"] + footer["height"] <= vh + 1, footer
        assert box["y"] + box["height"] <= footer["y"], (box, footer)
    else:
        # The narrow layout puts the lists above it: at most one screen tall, whole once scrolled to.
        assert box["height"] <= vh, box
        frame.scroll_into_view_if_needed()
        box = frame.bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= vh, box
    wait_idle(page)
    ids = drawn_allocation(page, BUILDS[cls])
    assert outside(page, ids) == []
    assert_all_drawn(page, ids)
    first = tree_api(page, "t.camera()")
    # Not the tree's centre at the old fixed zoom (1.726 of the whole-tree fit).
    assert first["zoom"] != pytest.approx(1.726, abs=0.01)

    # Move away: drag and zoom in, so the build is partly off the canvas, then Reset.
    cbox = page.locator(CANVAS).bounding_box()
    cx, cy = cbox["x"] + cbox["width"] / 2, cbox["y"] + cbox["height"] / 2
    page.mouse.move(cx, cy)
    page.mouse.wheel(0, -600)
    page.mouse.down()
    page.mouse.move(cx + 150, cy + 100, steps=4)
    page.mouse.up()
    wait_idle(page)
    assert outside(page, ids) != []
    page.get_by_test_id("tree-reset").click()
    page.wait_for_function(
        f"(c) => {{ const k = document.querySelector('{CANVAS}').__tree.camera(); return Math.abs(k.x - c.x) < 1e-6 && Math.abs(k.y - c.y) < 1e-6 && Math.abs(k.zoom - c.zoom) < 1e-9; }}",
        arg=first,
    )
    assert outside(page, ids) == []
    assert_all_drawn(page, ids)


@pytest.mark.parametrize("sized_page", [(1400, 900)], indirect=True, ids=["1400x900"])
def test_compare_fits_the_union_of_both_sides(sized_page):
    page = sized_page
    relpath = "AdamZ-8113__pob-codes/sanavixx_cyclone_shockwave_slayer_328.code.txt"
    specs = corpus_specs(relpath)
    open_dev_tree(page, relpath)
    # Two steps far apart in the levelling: the first and the last.
    bi, oi = 0, len(specs) - 1
    page.get_by_test_id("dev-tree-tab").nth(bi).click()
    page.get_by_test_id("dev-tree-compare").click()
    page.get_by_role("option", name=specs[oi].title, exact=True).click()
    expect(page.get_by_test_id("tree-legend")).to_contain_text("not in build")
    only_other = sorted(set(specs[oi].nodes) - set(specs[bi].nodes))
    page.wait_for_function(
        f"() => {only_other}.some((id) => document.querySelector('{CANVAS}').__tree.state(id)?.side === 2)"
    )
    wait_idle(page)
    both = sorted(set(specs[bi].nodes) | set(specs[oi].nodes))
    ids = tree_api(page, f"{both}.filter((id) => {{ const s = t.state(id); return s && s.visible && (s.flags & 1); }})")
    assert len(ids) > 20
    assert outside(page, ids) == []
    # The first step alone fits in a much smaller view: the union is what is fitted.
    assert any(tree_api(page, f"t.state({i}).side") == 2 for i in ids)


@pytest.mark.parametrize("sized_page", [(412, 915)], indirect=True, ids=["412x915"])
def test_narrow_lists_jump_to_the_tree(sized_page):
    """Narrow, the lists sit above the canvas (spec): 'Go to the tree' brings the whole canvas into view."""
    page = sized_page
    open_build(page, BUILDS["Ranger"])
    page.evaluate("() => window.scrollTo(0, 0)")
    frame = page.get_by_test_id("tree-canvas-frame")
    assert frame.bounding_box()["y"] > page.viewport_size["height"], "the canvas starts on the first screen"
    page.get_by_test_id("tree-jump").click()
    # Smooth scrolling: until the frame rests at the screen's bottom, whole, and nothing covers its centre.
    page.wait_for_function(
        """() => {
          const r = document.querySelector('[data-testid=tree-canvas-frame]').getBoundingClientRect();
          const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          return r.bottom <= innerHeight && r.bottom >= innerHeight - 40 && !!hit?.closest('[data-testid=tree-canvas-frame]');
        }""",
        timeout=15_000,
    )
