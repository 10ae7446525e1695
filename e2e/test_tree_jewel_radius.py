"""Jewel radius circles (issue 34) on /build/view/{slug}: the Flicker Strike build socketing
Lethal Pride (Large), Unnatural Instinct (Small) and Thread of Hope (its Massive ring) shows their
circles at the sizes of jewelRadius.ts on the 3.28 tree, drawn in the page's pixels, and
hovering a socket highlights the passives inside.
"""

from __future__ import annotations

import math
import re

import pytest
from playwright.sync_api import expect

from e2e.pixels import png_pixels
from e2e.pwa_support import app_page, wait_for_service_worker, wait_until
from e2e.test_tree import FLICKER, open_tree
from e2e.tree_helpers import CANVAS, build_view_url, tree_api, tree_bundle, wait_idle, wait_tree_ready

LETHAL_PRIDE, UNNATURAL_INSTINCT, THREAD_OF_HOPE = 60735, 31683, 33989
RING = (224, 190, 120)


def pixel_at(page, x: float, y: float) -> tuple[int, int, int]:
    shot = page.screenshot(clip={"x": round(x) - 2, "y": round(y) - 2, "width": 5, "height": 5}, scale="css")
    _, bpp, rows = png_pixels(shot)
    return tuple(rows[2][2 * bpp : 2 * bpp + 3])


@pytest.fixture
def page(gl_browser, live_server):
    ctx = gl_browser.new_context(base_url=live_server.base_url, viewport={"width": 1400, "height": 900})
    page = ctx.new_page()
    page.set_default_timeout(30_000)
    page.add_init_script("localStorage.setItem('waypoint:tree-art', 'off')")
    yield page
    ctx.close()


def test_radius_circles_are_drawn_and_hover_highlights_the_passives_inside(page):
    open_tree(page, FLICKER)
    wait_idle(page)
    svg = page.get_by_test_id("tree-jewel-radii")
    sizes = {
        int(g.get_attribute("data-socket")): g.get_attribute("data-size") for g in svg.locator("g").all()
    }
    assert sizes == {LETHAL_PRIDE: "Large", UNNATURAL_INSTINCT: "Small", THREAD_OF_HOPE: "Massive"}
    # Sizes: the 3.28 tree's radii (Large 1800, Small 960, the Massive ring 2400-2880) at the page's scale,
    # from the bundle's bounds and the canvas box (independent of the page's camera maths).
    bundle = tree_bundle("3.28")
    box = page.locator(CANVAS).bounding_box()
    cam = tree_api(page, "t.camera()")
    min_x, min_y, max_x, max_y = bundle.bounds
    scale = min(box["width"] / (max_x - min_x), box["height"] / (max_y - min_y)) * cam["zoom"]
    radii = {
        sock: [float(c.get_attribute("r")) for c in svg.locator(f"g[data-socket='{sock}'] circle").all()]
        for sock in sizes
    }
    assert radii[LETHAL_PRIDE] == [pytest.approx(1800 * scale, rel=1e-3)]
    assert radii[UNNATURAL_INSTINCT] == [pytest.approx(960 * scale, rel=1e-3)]
    assert radii[THREAD_OF_HOPE] == [
        pytest.approx(2880 * scale, rel=1e-3),
        pytest.approx(2400 * scale, rel=1e-3),
    ]

    # Drawn: a point on Lethal Pride's rim has the ring's colour, and not once the circles are hidden.
    sx, sy = tree_api(page, f"t.project({LETHAL_PRIDE})")
    r = radii[LETHAL_PRIDE][0]
    rim = next(
        (box["x"] + sx + r * math.cos(a), box["y"] + sy + r * math.sin(a))
        for a in (i * math.pi / 18 for i in range(36))
        if 40 < sx + r * math.cos(a) < box["width"] - 40 and 60 < sy + r * math.sin(a) < box["height"] - 60
    )
    page.mouse.move(1, 1)
    shown = pixel_at(page, *rim)
    svg.evaluate("(el) => { el.style.visibility = 'hidden'; }")
    hidden = pixel_at(page, *rim)
    svg.evaluate("(el) => { el.style.visibility = ''; }")
    assert sum(abs(a - b) for a, b in zip(shown, hidden, strict=True)) > 60, (shown, hidden)
    assert shown[0] > shown[2] + 40, shown  # gold, not the tree's blue-grey

    # Hover the socket: the passives inside are Highlighted (8), the others not; leaving clears them.
    inside = [
        i
        for i, (x, y) in bundle.pos.items()
        if 0 < math.hypot(x - bundle.pos[LETHAL_PRIDE][0], y - bundle.pos[LETHAL_PRIDE][1]) <= 1800
    ]
    outside_node = next(
        i
        for i, (x, y) in bundle.pos.items()
        if 2600 < math.hypot(x - bundle.pos[LETHAL_PRIDE][0], y - bundle.pos[LETHAL_PRIDE][1]) < 3000
    )
    assert tree_api(page, f"t.state({inside[0]}).flags & 8") == 0
    page.mouse.move(box["x"] + sx, box["y"] + sy)
    page.wait_for_function(f"() => document.querySelector('{CANVAS}').__tree.hovered() === {LETHAL_PRIDE}")
    page.wait_for_function(
        f"() => (document.querySelector('{CANVAS}').__tree.state({inside[0]}).flags & 8) === 8"
    )
    flags = tree_api(page, f"{inside}.map((id) => t.state(id).flags & 8)")
    assert all(f == 8 for f in flags), sum(f == 8 for f in flags)
    assert tree_api(page, f"t.state({outside_node}).flags & 8") == 0
    assert svg.locator(f"g[data-socket='{LETHAL_PRIDE}']").get_attribute("data-hovered") is not None
    page.mouse.move(1, 1)
    page.wait_for_function(
        f"() => (document.querySelector('{CANVAS}').__tree.state({inside[0]}).flags & 8) === 0"
    )


def ring_samples(page, node_id: int, radius_px: float) -> list[int]:
    """Brightness of the canvas's own pixels (WebGL, not the SVG circles over it) on a node's highlight circle."""
    x, y = tree_api(page, f"t.project({node_id})")
    return [
        sum(
            tree_api(
                page,
                f"t.readPixel({x + radius_px * math.cos(a * math.pi / 28)}, {y + radius_px * math.sin(a * math.pi / 28)})",
            )[:3]
        )
        for a in range(56)
    ]


def zoomed_notable_inside(page) -> tuple[int, float]:
    """Zoom on Lethal Pride's socket until a notable's highlight circle (1.38 of its radius 40) is some 20 px
    across; a notable inside its radius, on the canvas, and that circle's radius in pixels."""
    from e2e.test_tree import center_on, zoom_in_at_centre

    bundle = tree_bundle("3.28")
    box = page.locator(CANVAS).bounding_box()
    min_x, min_y, max_x, max_y = bundle.bounds

    def scale() -> float:
        zoom = tree_api(page, "t.camera()")["zoom"]
        return min(box["width"] / (max_x - min_x), box["height"] / (max_y - min_y)) * zoom

    center_on(page, LETHAL_PRIDE)
    for _ in range(8):
        if 40 * 1.38 * scale() >= 10:
            break
        zoom_in_at_centre(page, 1, 240)
        center_on(page, LETHAL_PRIDE)
    sx, sy = bundle.pos[LETHAL_PRIDE]

    def on_canvas(i: int) -> bool:
        p = tree_api(page, f"t.project({i})")
        return p is not None and 60 < p[0] < box["width"] - 60 and 60 < p[1] < box["height"] - 60

    inside = next(
        i
        for i, (x, y) in sorted(bundle.pos.items(), key=lambda e: -math.hypot(e[1][0] - sx, e[1][1] - sy))
        if 400 < math.hypot(x - sx, y - sy) <= 1700
        and bundle.kind[i] == "notable"
        and bundle.ascendancy[i] is None
        and i not in bundle.proxy
        and on_canvas(i)
    )
    page.mouse.move(1, 1)
    wait_idle(page)
    return inside, 40 * 1.38 * scale()


def flag_is(page, node_id: int, value: int) -> None:
    page.wait_for_function(
        f"() => (document.querySelector('{CANVAS}').__tree.state({node_id}).flags & 8) === {value}"
    )


def lit_samples(before: list[int], now: list[int]) -> int:
    """Samples of the dashed white circle: brighter by far than the same pixel without it."""
    return sum(1 for b, h in zip(before, now, strict=True) if h - b > 150)


def test_hovering_a_timeless_jewel_draws_the_highlight_round_the_passives_inside(page):
    """The hover highlight is seen in the canvas's pixels: the dashed circle round a notable inside Lethal
    Pride's radius appears while its socket is hovered and goes when the pointer leaves."""
    open_tree(page, FLICKER)
    wait_idle(page)
    inside, r = zoomed_notable_inside(page)
    before = ring_samples(page, inside, r)
    box = page.locator(CANVAS).bounding_box()
    px, py = tree_api(page, f"t.project({LETHAL_PRIDE})")
    page.mouse.move(box["x"] + px, box["y"] + py)
    flag_is(page, inside, 8)
    # Dashed white: about half the circle's samples turn bright, the rest stay as they were.
    lit = lit_samples(before, ring_samples(page, inside, r))
    assert 10 <= lit <= 46, lit
    page.mouse.move(1, 1)
    flag_is(page, inside, 0)
    after = ring_samples(page, inside, r)
    assert sum(1 for b, a in zip(before, after, strict=True) if abs(a - b) > 60) < 3


@pytest.mark.parametrize("width", [1400, 412])
def test_the_text_list_of_radius_jewels_highlights_by_keyboard(gl_browser, live_server, width):
    """Without a pointer: the tree's text alternative lists the radius jewels as toggle buttons; pressing one
    from the keyboard highlights the passives inside its circle (flags and the canvas's pixels), pressing it
    again clears them. Axe clean at 1400 and 412 px."""
    from e2e.editor_support import axe_violations

    ctx = gl_browser.new_context(base_url=live_server.base_url, viewport={"width": width, "height": 900})
    page = ctx.new_page()
    page.set_default_timeout(30_000)
    page.add_init_script("localStorage.setItem('waypoint:tree-art', 'off')")
    try:
        open_tree(page, FLICKER)
        wait_idle(page)
        listed = page.get_by_test_id("tree-jewel-radius-list")
        expect(listed.get_by_role("button")).to_have_count(3)
        button = listed.locator(f"button[data-socket='{LETHAL_PRIDE}']")
        expect(button).to_have_text(re.compile(r"^Lethal Pride: Large radius, \d+ passives inside$"))
        expect(listed.locator(f"button[data-socket='{THREAD_OF_HOPE}']")).to_contain_text(
            "Thread of Hope: Massive ring"
        )
        assert axe_violations(page, "[data-testid=tree-text]") == []
        bundle = tree_bundle("3.28")
        sx, sy = bundle.pos[LETHAL_PRIDE]
        inside = [
            i
            for i, (x, y) in bundle.pos.items()
            if 0 < math.hypot(x - sx, y - sy) <= 1800 and i not in bundle.proxy
        ]
        count = int(re.search(r"(\d+) passives", button.inner_text()).group(1))
        assert count == len(inside)
        # Beside the Scion's start, the ascendancies' passives (placed at the tree's centre) and the start are
        # not in a radius's reach: only the main tree's passives are counted.
        ux, uy = bundle.pos[UNNATURAL_INSTINCT]
        reach = [
            i
            for i, (x, y) in bundle.pos.items()
            if 0 < math.hypot(x - ux, y - uy) <= 960
            and i not in bundle.proxy
            and bundle.ascendancy[i] is None
            and bundle.kind[i] != "classStart"
        ]
        instinct = listed.locator(f"button[data-socket='{UNNATURAL_INSTINCT}']")
        expect(instinct).to_have_text(f"Unnatural Instinct: Small radius, {len(reach)} passives inside")
        node, r = zoomed_notable_inside(page) if width == 1400 else (None, 0.0)
        before = ring_samples(page, node, r) if node else []
        # Tab from the control before it lands on the button; Enter presses it.
        button.focus()
        page.keyboard.press("Shift+Tab")
        page.keyboard.press("Tab")
        expect(button).to_be_focused()
        page.keyboard.press("Enter")
        expect(button).to_have_attribute("aria-pressed", "true")
        flag_is(page, inside[0], 8)
        flags = tree_api(page, f"{inside}.map((id) => t.state(id).flags & 8)")
        assert all(f == 8 for f in flags), sum(f == 8 for f in flags)
        assert (
            page.locator(f"[data-testid=tree-jewel-radii] g[data-socket='{LETHAL_PRIDE}']").get_attribute(
                "data-hovered"
            )
            is not None
        )
        if node:
            lit = lit_samples(before, ring_samples(page, node, r))
            assert 10 <= lit <= 46, lit
        assert axe_violations(page, "[data-testid=tree-text]") == []
        page.keyboard.press("Space")
        expect(button).to_have_attribute("aria-pressed", "false")
        flag_is(page, inside[0], 0)
    finally:
        ctx.close()


def test_radius_circles_are_drawn_with_the_games_ring_art(gl_browser, live_server):
    """With the tree art on, the circles are the game's ring art from the art bundle's jewelRadius sheet: Lethal
    Pride layers the Karui rings, Unnatural Instinct JewelCircle1, Thread of Hope's ring JewelCircle1 and the
    Inverse at its inner edge, each image as wide as its circle. In the page's pixels at 1400 px, Lethal Pride's
    rim carries the Karui art's orange (red far above green), which the plain gold ring (224, 190, 120) never does."""
    ctx = gl_browser.new_context(base_url=live_server.base_url, viewport={"width": 1400, "height": 900})
    page = ctx.new_page()
    page.set_default_timeout(30_000)
    try:
        open_tree(page, FLICKER)
        wait_idle(page)
        svg = page.get_by_test_id("tree-jewel-radii")
        lethal = svg.locator(f"g[data-socket='{LETHAL_PRIDE}']")
        expect(lethal).to_have_attribute("data-art", "KaruiJewelCircle1 KaruiJewelCircle2")
        expect(svg.locator(f"g[data-socket='{UNNATURAL_INSTINCT}']")).to_have_attribute(
            "data-art", "JewelCircle1"
        )
        expect(svg.locator(f"g[data-socket='{THREAD_OF_HOPE}']")).to_have_attribute(
            "data-art", "JewelCircle1 JewelCircle1Inverse"
        )
        assert lethal.locator("circle").count() == 0
        href = lethal.locator("image").first.get_attribute("href")
        assert re.fullmatch(r"/game-data/art-3\.28-rings\.[0-9a-f]{16}\.(webp|png)", href), href
        sheet = page.request.get(href)
        assert sheet.status == 200 and sheet.headers["content-type"].startswith("image/"), sheet.status

        # Sizes: each image spans its circle (Lethal Pride's 1800 units), the Inverse 1.06 times the ring's inner 2400.
        bundle = tree_bundle("3.28")
        box = page.locator(CANVAS).bounding_box()
        cam = tree_api(page, "t.camera()")
        min_x, min_y, max_x, max_y = bundle.bounds
        scale = min(box["width"] / (max_x - min_x), box["height"] / (max_y - min_y)) * cam["zoom"]
        widths = [
            float(w)
            for w in lethal.locator("svg").evaluate_all("(els) => els.map((e) => e.getAttribute('width'))")
        ]
        assert widths == [pytest.approx(2 * 1800 * scale, rel=1e-3)] * 2
        inverse = svg.locator(f"g[data-socket='{THREAD_OF_HOPE}'] svg").nth(1).get_attribute("width")
        assert float(inverse) == pytest.approx(2 * 2400 * 1.06 * scale, rel=1e-3)

        karui_rim_drawn(page, scale)
    finally:
        ctx.close()


def orange(p: tuple[int, int, int]) -> bool:
    return p[0] > 110 and p[0] - p[1] > 60 and p[0] - p[2] > 80


def karui_rim_drawn(page, scale: float) -> None:
    """Points round Lethal Pride on the Karui rings' bands (the glyph ring about 0.955 of the radius, the thin line
    at 0.99), those on the canvas: a sixth or more turn the art's orange, and (most of) those not with the circles
    hidden."""
    box = page.locator(CANVAS).bounding_box()
    svg = page.get_by_test_id("tree-jewel-radii")
    sx, sy = tree_api(page, f"t.project({LETHAL_PRIDE})")
    r = 1800 * scale
    points = [
        (box["x"] + sx + k * r * math.cos(a), box["y"] + sy + k * r * math.sin(a))
        for k in (0.955, 0.99)
        for a in (i * math.pi / 24 for i in range(48))
        if 20 < sx + k * r * math.cos(a) < box["width"] - 20
        and 60 < sy + k * r * math.sin(a) < box["height"] - 20
    ]
    assert len(points) >= 40, len(points)
    page.mouse.move(1, 1)

    def art_samples() -> list[int] | None:
        hits = [i for i, pt in enumerate(points) if orange(pixel_at(page, *pt))]
        return hits if len(hits) >= len(points) // 6 else None

    hits = wait_until(art_samples, timeout=30, message="the Karui ring art's orange on Lethal Pride's rim")
    svg.evaluate("(el) => { el.style.visibility = 'hidden'; }")
    without = [i for i in hits if orange(pixel_at(page, *points[i]))]
    svg.evaluate("(el) => { el.style.visibility = ''; }")
    # The orange is the ring art's, not the tree's under it.
    assert len(without) <= len(hits) // 4, (len(hits), len(without))


def page_scale(page) -> float:
    bundle = tree_bundle("3.28")
    box = page.locator(CANVAS).bounding_box()
    min_x, min_y, max_x, max_y = bundle.bounds
    return (
        min(box["width"] / (max_x - min_x), box["height"] / (max_y - min_y))
        * tree_api(page, "t.camera()")["zoom"]
    )


def test_the_ring_art_is_drawn_offline_after_one_visit(gl_browser, live_server):
    """The ring sheet is kept by the service worker's game-data cache: offline, the build's tree draws Lethal
    Pride's Karui rings again."""
    with app_page(gl_browser, live_server.base_url, 1400) as page:
        page.set_default_timeout(30_000)
        url = build_view_url(page, FLICKER)
        page.goto("/build/browse")
        wait_for_service_worker(page)
        for offline in (False, True):
            page.context.set_offline(offline)
            page.goto(url)
            page.get_by_test_id("tab-tree").click()
            wait_tree_ready(page)
            wait_idle(page)
            lethal = page.get_by_test_id("tree-jewel-radii").locator(f"g[data-socket='{LETHAL_PRIDE}']")
            expect(lethal).to_have_attribute("data-art", "KaruiJewelCircle1 KaruiJewelCircle2")
            karui_rim_drawn(page, page_scale(page))
