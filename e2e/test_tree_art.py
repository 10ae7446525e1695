"""The tree's art (the 3.28 sprite sheets) in Chromium: absent from the first frame, loaded
after it, not drawn while zoomed out, drawn over the shapes at close zoom (textured icons,
not flat discs; group backgrounds over the plain group discs; the ascendancy backdrop at its
start node, pixel for pixel the sheet's; no seam across it at any zoom; the class and ascendancy start nodes
drawn with their art, not as flat discs), and again offline after one visit.
"""

from __future__ import annotations

import json
import math

from e2e.harness import ARTIFACTS, REPO
from e2e.test_tree import FLICKER, click_node, open_tree
from e2e.tree_helpers import (
    CANVAS,
    GEOMETRY_ONLY,
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
        # The backdrop sheets are asked for only once the rest of the art is in: going offline
        # before they arrive would leave nothing in the cache to test (CI saw it).
        page.wait_for_function(f"() => document.querySelector('{CANVAS}').__tree.art().backdropQuads !== null", timeout=30_000)
        ctx.set_offline(True)
        page.goto(url)
        page.get_by_test_id("tab-tree").click()
        wait_tree_ready(page)
        wait_art(page)
        zoom_in_and_check(page)
        # The backdrop sheets (the tile, the ascendancy and bloodline sheets) come from the cache too.
        page.wait_for_function(f"() => document.querySelector('{CANVAS}').__tree.art().backdropQuads !== null", timeout=30_000)
        page.wait_for_function(f"() => document.querySelector('{CANVAS}').__tree.art().backdropFrames > 0")
        assert tree_api(page, "t.art()")["backdropQuads"]["ascendancies"] == 34
    finally:
        ctx.close()


def background_points(page, node_id: int) -> list[tuple[float, float]]:
    """CSS points inside the node's group disc that no node, frame or line art covers (from the scene)."""
    sc = tree_api(page, "t.scene()")
    w, h, (cx, cy), k = sc["width"], sc["height"], sc["center"], sc["scale"]
    to_screen = lambda x, y: ((x - cx) * k + w / 2, (y - cy) * k + h / 2)  # noqa: E731
    px, py = tree_api(page, f"t.project({node_id})")
    nx, ny = cx + (px - w / 2) / k, cy + (py - h / 2) / k
    gx, gy, gr = min(sc["groups"], key=lambda g: math.hypot(g[0] - nx, g[1] - ny))
    assert math.hypot(gx - nx, gy - ny) < gr, "the notable sits in a group with a background"

    out = []
    step = gr / 8
    for i in range(-8, 9):
        for j in range(-8, 9):
            x, y = gx + i * step, gy + j * step
            if math.hypot(x - gx, y - gy) > gr * 0.7:
                continue
            if any(math.hypot(x - n[0], y - n[1]) < n[2] * 1.6 + 25 for n in sc["nodes"]):
                continue
            if any(_edge_distance(x, y, e) < 40 for e in sc["edges"]):
                continue
            sx, sy = to_screen(x, y)
            if 5 < sx < w - 5 and 5 < sy < h - 5:
                out.append((sx, sy))
    return out


def _centres(x0, y0, x1, y1, r):
    mx, my, d = (x0 + x1) / 2, (y0 + y1) / 2, math.hypot(x1 - x0, y1 - y0)
    q = math.sqrt(max(0.0, r * r - (d / 2) ** 2))
    ux, uy = (y0 - y1) / (d or 1), (x1 - x0) / (d or 1)
    return [(mx + ux * q, my + uy * q), (mx - ux * q, my - uy * q)]


def test_group_background_drawn_at_close_zoom_not_in_the_first_frame(gl_browser, live_server):
    ctx = gl_browser.new_context(base_url=live_server.base_url, viewport={"width": 1400, "height": 900})
    page = ctx.new_page()
    page.set_default_timeout(30_000)
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        notable = allocated_notable()
        # The geometry-only fallback first: the same camera shows the plain, flat group disc there.
        page.goto("/")
        page.evaluate(f"() => {GEOMETRY_ONLY}")
        open_tree(page, FLICKER)
        click_node(page, notable)
        page.mouse.move(2, 2)
        points = background_points(page, notable)
        assert len(points) >= 6, points
        plain = [tuple(tree_api(page, f"t.readPixel({x}, {y})")[:3]) for x, y in points]
        assert tree_api(page, "t.art()")["loaded"] is False
        assert len({tuple(c // 8 for c in p) for p in plain}) <= 2, plain

        page.evaluate("() => localStorage.removeItem('waypoint:tree-art')")
        open_tree(page, FLICKER)
        art = wait_art(page)
        # Not in the first frame, and not drawn while the whole tree is in view.
        assert art["inFirstFrame"] is False and art["decoFrames"] == 0
        assert art["decoQuads"]["backgrounds"] > 400 and art["decoQuads"]["lines"] > 3000
        click_node(page, notable)
        page.mouse.move(2, 2)
        page.wait_for_function(f"() => document.querySelector('{CANVAS}').__tree.art().decoFrames > 0")
        assert background_points(page, notable) == points  # the same camera as without the art
        drawn = [tuple(tree_api(page, f"t.readPixel({x}, {y})")[:3]) for x, y in points]
        changed = [d for d, p in zip(drawn, plain, strict=True) if max(abs(a - b) for a, b in zip(d, p, strict=True)) > 4]
        # The background's (dark) texture covers the flat disc: most points change, and they vary where the disc is one fill.
        assert len(changed) >= len(points) // 2, (drawn, plain)
        assert len({tuple(c // 4 for c in d) for d in drawn}) >= 4, drawn
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.get_by_test_id("passive-tree").screenshot(path=str(ARTIFACTS / "tree-art-backgrounds.png"))
        assert errors == []
    finally:
        ctx.close()


def art_bundle() -> dict:
    dist = REPO / "game-data" / "dist"
    manifest = json.loads((dist / "manifest.json").read_text())
    return json.loads((dist / manifest["files"]["art/3.28"]).read_text())


def ascendancy_start(ascendancy: str) -> int:
    b = tree_bundle("3.28")
    return next(i for i, k in b.kind.items() if k == "ascendancyStart" and b.ascendancy[i] == ascendancy)


def backdrop_points(page, start: int, width: float) -> list[tuple[float, float, float, float]]:
    """(CSS x, y, u, v): points inside the ascendancy backdrop centred on `start` (u, v: 0..1 across its
    sprite) that no node, edge or group disc covers, from the scene."""
    sc = tree_api(page, "t.scene()")
    w, h, (cx, cy), k = sc["width"], sc["height"], sc["center"], sc["scale"]
    px, py = tree_api(page, f"t.project({start})")
    bx, by = cx + (px - w / 2) / k, cy + (py - h / 2) / k
    out = []
    for i in range(-11, 12):
        for j in range(-11, 12):
            x, y = bx + i * width / 24, by + j * width / 24
            if math.hypot(x - bx, y - by) > 0.46 * width:
                continue
            if any(math.hypot(x - n[0], y - n[1]) < n[2] * 1.3 + 20 for n in sc["nodes"]):
                continue
            if any(_edge_distance(x, y, e) < 25 for e in sc["edges"]):
                continue
            if any(math.hypot(x - g[0], y - g[1]) < g[2] + 10 for g in sc["groups"]):
                continue
            sx, sy = (x - cx) * k + w / 2, (y - cy) * k + h / 2
            if 5 < sx < w - 5 and 5 < sy < h - 5:
                out.append((sx, sy, (x - bx) / width + 0.5, (y - by) / width + 0.5))
    return out


def _edge_distance(x, y, e):
    """Tree-unit distance from (x, y) to a scene edge [x0, y0, x1, y1, r, ...]; arcs run on a circle of radius r
    through both ends: the distance to that ring (either centre)."""
    x0, y0, x1, y1, r = e[:5]
    if r > 0:
        return min(abs(math.hypot(x - ccx, y - ccy) - r) for ccx, ccy in _centres(x0, y0, x1, y1, r))
    dx, dy = x1 - x0, y1 - y0
    t = max(0.0, min(1.0, ((x - x0) * dx + (y - y0) * dy) / (dx * dx + dy * dy or 1)))
    return math.hypot(x - x0 - t * dx, y - y0 - t * dy)


def sheet_texels(page, file: str, rect: list[int], uvs: list[tuple[float, float]]) -> list[list[int]]:
    """The sheet's own RGBA at each (u, v) of the sprite `rect`, decoded by the browser from the served file."""
    return page.evaluate(
        """async ([url, rect, uvs]) => {
            const img = await createImageBitmap(await (await fetch(url)).blob());
            const c = new OffscreenCanvas(img.width, img.height).getContext('2d');
            c.drawImage(img, 0, 0);
            return uvs.map(([u, v]) => Array.from(c.getImageData(
                Math.floor(rect[0] + u * rect[2]), Math.floor(rect[1] + v * rect[3]), 1, 1).data));
        }""",
        [f"/game-data/{file}", rect, uvs],
    )


def test_ascendancy_backdrop_drawn_after_the_first_frame_where_the_start_node_is(gl_browser, live_server):
    ctx = gl_browser.new_context(base_url=live_server.base_url, viewport={"width": 1400, "height": 900})
    page = ctx.new_page()
    page.set_default_timeout(30_000)
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        art = art_bundle()
        sheet, *rect = art["backdrops"]["ascendancies"]["Reliquarian"]
        width = rect[2] / art["zoom"]
        start = ascendancy_start("Reliquarian")
        # The geometry-only fallback first: the same camera shows no backdrop.
        page.goto("/")
        page.evaluate(f"() => {GEOMETRY_ONLY}")
        open_tree(page, FLICKER)
        click_node(page, start)
        page.mouse.move(2, 2)
        points = backdrop_points(page, start, width)
        assert len(points) >= 12, points
        plain = [tuple(tree_api(page, f"t.readPixel({x}, {y})")[:3]) for x, y, _, _ in points]

        page.evaluate("() => localStorage.removeItem('waypoint:tree-art')")
        open_tree(page, FLICKER)
        page.wait_for_function(f"() => document.querySelector('{CANVAS}').__tree.art().backdropQuads !== null", timeout=30_000)
        state = tree_api(page, "t.art()")
        # Not in the first frame, not drawn with the whole tree in view; every ascendancy of 3.28 (and its start node) and the 7 class starts.
        assert state["inFirstFrame"] is False and state["backdropFrames"] == 0
        assert state["backdropQuads"] == {"tile": 1, "ascendancies": 34, "classStarts": 7, "ascendancyStarts": 34}
        assert state["backdropReadyMs"] >= state["readyMs"]
        click_node(page, start)
        page.mouse.move(2, 2)
        page.wait_for_function(f"() => document.querySelector('{CANVAS}').__tree.art().backdropFrames > 0")
        assert backdrop_points(page, start, width) == points  # the same camera as without the art
        drawn = [tuple(tree_api(page, f"t.readPixel({x}, {y})")[:3]) for x, y, _, _ in points]
        # The Reliquarian's own art at each point, as the browser decodes the sheet: where it is opaque, the
        # frame shows it (the build has the ascendancy: fully opaque), and not what the plain tree showed.
        texels = sheet_texels(page, art["sheets"][sheet]["file"], rect, [(u, v) for _, _, u, v in points])
        opaque = [(d, tuple(t[:3]), p) for d, t, p in zip(drawn, texels, plain, strict=True) if t[3] == 255]
        assert len(opaque) >= 8, texels
        near = lambda a, b, tol: max(abs(x - y) for x, y in zip(a, b, strict=True)) <= tol  # noqa: E731
        matched = [o for o in opaque if near(o[0], o[1], 8)]
        assert len(matched) >= 0.8 * len(opaque), opaque
        # A match that means something: the art differs from the plain tree there, and varies across the disc.
        assert sum(1 for d, t, p in opaque if not near(p, t, 8)) >= 0.5 * len(opaque), opaque
        assert len({tuple(c // 4 for c in t) for _, t, _ in opaque}) >= 4, opaque
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.get_by_test_id("passive-tree").screenshot(path=str(ARTIFACTS / "tree-art-backdrop.png"))
        assert errors == []
    finally:
        ctx.close()


def _lum(rows: list[bytes], bpp: int, x: int, y: int) -> int:
    return sum(rows[y][x * bpp : x * bpp + 3])


def _covered(scene: dict, sx: float, sy: float) -> bool:
    """Whether CSS point (sx, sy) lies on a node (with its frame) or an edge of the scene: not the backdrop."""
    w, h, (cx, cy), k = scene["width"], scene["height"], scene["center"], scene["scale"]
    x, y = cx + (sx - w / 2) / k, cy + (sy - h / 2) / k
    if any(math.hypot(x - n[0], y - n[1]) < n[2] * 1.6 + 6 / k for n in scene["nodes"]):
        return True
    return any(_edge_distance_in_span(x, y, e) < 20 + 3 / k for e in scene["edges"])


def _edge_distance_in_span(x, y, e):
    """Like _edge_distance, but an arc (at most a half circle) only where the point projects onto its chord: not
    the rest of either ring."""
    x0, y0, x1, y1 = e[:4]
    dx, dy = x1 - x0, y1 - y0
    t = ((x - x0) * dx + (y - y0) * dy) / (dx * dx + dy * dy or 1)
    return _edge_distance(x, y, e) if -0.02 <= t <= 1.02 else math.inf


# The page's controls over the canvas (toolbar, search, legend, notice): in a screenshot of the canvas, not its art.
OVERLAYS = """(canvas) => {
  const c = canvas.getBoundingClientRect();
  return [...canvas.closest('[data-testid=tree-canvas-frame]').querySelectorAll(
    'button, input, [data-testid=tree-legend], [data-testid=tree-version-notice]')]
    .map((e) => e.getBoundingClientRect())
    .map((r) => [r.left - c.left - 2, r.top - c.top - 2, r.right - c.left + 2, r.bottom - c.top + 2]);
}"""

# How far (CSS px) from the start group's centre row the seam is looked for: the half images meet there.
SEAM_BAND = 3


def seams(page, start: int, width: float) -> list[tuple[str, int, int, int]]:
    """Rows of the canvas across the ascendancy art centred on `start`, within SEAM_BAND of the line its start group's
    half images meet on, where most uncovered pixels are darker than the pixels on both sides (a one or two pixel
    line): (axis, index, dark, uncovered). Only there: the art's own texture has rows (a ring's tangent, a stroke of
    its ornament) that this test reads as dark at some zoom, and one moved into the scan when the canvas's height
    changed by 6 px."""
    from e2e.pixels import png_pixels

    sc = tree_api(page, "t.scene()")
    overlays = page.locator(CANVAS).evaluate(OVERLAYS)
    w, bpp, rows = png_pixels(page.locator(CANVAS).screenshot())
    h = len(rows)
    px, py = tree_api(page, f"t.project({start})")
    half = 0.42 * width * sc["scale"]
    x0, x1 = max(3, int(px - half)), min(w - 3, int(px + half))
    y0, y1 = max(3, int(py) - SEAM_BAND), min(h - 3, int(py) + SEAM_BAND + 1)
    # Of 765 (the sum of RGB): the seam was 10 to 25 darker than both sides in about 40% of the free pixels of its
    # row, where the art's own texture has a row that dark in at most 7% of them.
    drop = 10
    out = []
    for a in range(y0, y1):
        dark = [i for i in range(x0, x1) if any(_lum(rows, bpp, i, a) + drop < min(_lum(rows, bpp, i, a - 1), _lum(rows, bpp, i, a + d)) for d in (1, 2))]
        if len(dark) < 0.12 * (x1 - x0):
            continue
        free = [
            i for i in range(x0, x1)
            if not _covered(sc, i + 0.5, a + 0.5)
            and not any(left <= i + 0.5 <= right and top <= a + 0.5 <= bottom for left, top, right, bottom in overlays)
        ]
        n = sum(1 for i in dark if i in set(free))
        if free and n >= 0.25 * len(free) and n >= 20:
            out.append(("row", a, n, len(free)))
    return out


def test_ascendancy_view_has_no_seam_and_start_nodes_have_their_art(gl_browser, live_server):
    """The mirrored half image of the ascendancy start group's background (PSGroupBackground3) drew a dark line across
    the middle of the ascendancy's art once a texel covered a pixel (linear filtering read the transparent row past the
    half sprite); the start nodes were flat discs."""
    ctx = gl_browser.new_context(base_url=live_server.base_url, viewport={"width": 1400, "height": 900})
    page = ctx.new_page()
    page.set_default_timeout(30_000)
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        from e2e.tree_helpers import wait_idle

        art = art_bundle()
        _, *rect = art["backdrops"]["ascendancies"]["Reliquarian"]
        width = rect[2] / art["zoom"]
        start = ascendancy_start("Reliquarian")
        open_tree(page, FLICKER)
        page.wait_for_function(f"() => document.querySelector('{CANVAS}').__tree.art().backdropQuads !== null", timeout=30_000)
        state = tree_api(page, "t.art()")
        assert state["backdropQuads"]["ascendancyStarts"] == 34
        # The GPU's largest texture (SwiftShader: 8192, at least the 4096 fallback) holds every 3.28 sheet whole:
        # one texture per backdrop sheet (the tile, the ascendancy, bloodline and group sheets).
        assert state["textureLimit"] >= 4096 and state["backdropTextures"] == 4, state
        page.get_by_test_id("tree-ascendancy-toggle").click()
        wait_idle(page)
        box = page.locator(CANVAS).bounding_box()
        zooms = []
        for step in range(13):
            if step in (0, 6, 10, 12):
                page.mouse.move(2, 2)
                page.wait_for_function(f"() => document.querySelector('{CANVAS}').__tree.art().backdropFrames > 0")
                zooms.append(round(tree_api(page, "t.camera().zoom"), 1))
                # The line the half images meet on (the start group's centre) is in view and mostly uncovered.
                px, py = tree_api(page, f"t.project({start})")
                sc = tree_api(page, "t.scene()")
                free = [x for x in range(int(px - 0.4 * width * sc["scale"]), int(px + 0.4 * width * sc["scale"]))
                        if 0 < x < sc["width"] and not _covered(sc, x + 0.5, py)]
                assert len(free) >= 40, (zooms[-1], len(free))
                assert seams(page, start, width) == [], zooms[-1]
                if step == 12:
                    break
            x, y = tree_api(page, f"t.project({start})")
            page.mouse.move(box["x"] + x, box["y"] + y)
            page.mouse.wheel(0, -100)
            wait_idle(page)
        # From the ascendancy view's fit to where one texel covers more than one pixel (the seam showed there).
        assert zooms[0] < 14 and zooms[-1] > 30, zooms

        # The ascendancy start node shows AscendancyMiddle, not one flat colour; so do class starts, allocated or not.
        def start_colours(node: int) -> set:
            x, y = tree_api(page, f"t.project({node})")
            k = tree_api(page, "t.scene().scale")
            r = 0.7 * tree_bundle_radius(node) * k
            pts = [(x + r * i / 3, y + r * j / 3) for i in range(-3, 4) for j in range(-3, 4) if i * i + j * j <= 9]
            return {tuple(c // 8 for c in tree_api(page, f"t.readPixel({px}, {py})")[:3]) for px, py in pts}

        assert len(start_colours(start)) >= 6
        b = tree_bundle("3.28")
        spec = planner_specs(corpus_code(FLICKER))[0]
        own = next(i for i in spec.nodes if b.kind.get(i) == "classStart")
        other = next(i for i, k in b.kind.items() if k == "classStart" and i != own)
        page.get_by_test_id("tree-ascendancy-toggle").click()
        wait_idle(page)
        for node in (own, other):
            click_node(page, node)
            page.mouse.move(2, 2)
            assert len(start_colours(node)) >= 6, b.name[node]
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.get_by_test_id("passive-tree").screenshot(path=str(ARTIFACTS / "tree-art-class-start.png"))
        assert errors == []
    finally:
        ctx.close()


def tree_bundle_radius(node: int) -> float:
    """The plain disc's radius in tree units (pwa/src/tree/style.ts): the start nodes'."""
    return {"classStart": 130, "ascendancyStart": 24}[tree_bundle("3.28").kind[node]]
