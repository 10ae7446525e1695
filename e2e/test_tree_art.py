"""The tree's art (the 3.28 sprite sheets) in Chromium: absent from the first frame, loaded
after it, not drawn while zoomed out, drawn over the shapes at close zoom (textured icons,
not flat discs), and again offline after one visit.
"""

from __future__ import annotations

from e2e.harness import ARTIFACTS
from e2e.test_tree import FLICKER, click_node, open_tree
from e2e.tree_helpers import (
    CANVAS,
    build_view_url,
    corpus_code,
    planner_specs,
    tree_api,
    tree_bundle,
    wait_tree_ready,
)

# The plain shapes' fill of an allocated notable (shaders.ts baseColour), which the icon covers.
NOTABLE_FILL = (242, 204, 71)


def wait_art(page) -> dict:
    page.wait_for_function(f"() => document.querySelector('{CANVAS}').__tree.art().loaded", timeout=30_000)
    return tree_api(page, "t.art()")


def icon_colours(page, node_id: int) -> set[tuple[int, int, int]]:
    x, y = tree_api(page, f"t.project({node_id})")
    out = set()
    for dx in range(-6, 7, 3):
        for dy in range(-6, 7, 3):
            r, g, b, _ = tree_api(page, f"t.readPixel({x + dx}, {y + dy})")
            out.add((r // 8, g // 8, b // 8))
    return out


def allocated_notable() -> int:
    b = tree_bundle("3.28")
    return next(i for i in planner_specs(corpus_code(FLICKER))[0].nodes if b.kind.get(i) == "notable" and b.ascendancy[i] is None)


def zoom_in_and_check(page) -> None:
    notable = allocated_notable()
    click_node(page, notable)
    page.mouse.move(2, 2)
    page.wait_for_function(f"() => document.querySelector('{CANVAS}').__tree.art().frames > 0")
    colours = icon_colours(page, notable)
    # A textured icon: many colours across its disc, where the plain shape is one flat fill.
    assert len(colours) >= 6, colours
    x, y = tree_api(page, f"t.project({notable})")
    centre = tuple(tree_api(page, f"t.readPixel({x}, {y})")[:3])
    assert max(abs(a - b) for a, b in zip(centre, NOTABLE_FILL, strict=False)) > 12, centre


def test_art_is_absent_from_the_first_frame_and_drawn_at_close_zoom(gl_browser, live_server):
    ctx = gl_browser.new_context(base_url=live_server.base_url, viewport={"width": 1400, "height": 900})
    page = ctx.new_page()
    page.set_default_timeout(30_000)
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        open_tree(page, FLICKER)
        art = wait_art(page)
        assert art["inFirstFrame"] is False and art["readyMs"] is not None and art["readyMs"] >= 0
        # The whole tree in view: icons would be a few pixels wide, so the art is not drawn.
        assert art["legible"] is False and art["frames"] == 0
        zoom_in_and_check(page)
        assert tree_api(page, "t.art()")["drawnMs"] is not None
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.get_by_test_id("passive-tree").screenshot(path=str(ARTIFACTS / "tree-art-close.png"))
        assert errors == []
    finally:
        ctx.close()


def test_art_works_offline_after_one_visit(gl_browser, live_server):
    from e2e.pwa_support import wait_for_service_worker

    ctx = gl_browser.new_context(base_url=live_server.base_url, viewport={"width": 1400, "height": 900})
    page = ctx.new_page()
    page.set_default_timeout(30_000)
    try:
        url = build_view_url(page, FLICKER)
        page.goto("/build/browse")
        wait_for_service_worker(page)
        page.goto(url)
        page.get_by_test_id("tab-tree").click()
        wait_tree_ready(page)
        wait_art(page)
        ctx.set_offline(True)
        page.goto(url)
        page.get_by_test_id("tab-tree").click()
        wait_tree_ready(page)
        wait_art(page)
        zoom_in_and_check(page)
    finally:
        ctx.close()
