"""The WebGL passive tree in Chromium (SwiftShader) on the product page
(/build/view/{slug} of a seeded corpus build, Skill Tree tab): pixels where the
geometry puts allocated nodes, hover and jewel tooltips, click-to-node, the
ascendancy toggle, reset, pan and zoom, the version notice and the fullscreen
fallback. Compare colours, the file picker and a bad code are dev-page features
(/dev/tree). The GPU alert has its own browser in test_tree_gpu.py.
"""

from __future__ import annotations

import base64
import itertools
import json
import math
import re
import zlib

import pytest
from playwright.sync_api import expect

from e2e.harness import ARTIFACTS, REPO
from e2e.tree_helpers import (
    CANVAS,
    CORPUS,
    GEOMETRY_ONLY,
    build_view_url,
    corpus_code,
    corpus_specs,
    dev_tree_url,
    nearest_version,
    planner_specs,
    planner_specs_of_xml,
    project,
    pump_until,
    shipped_versions,
    tree_api,
    tree_bundle,
    version_key,
    wait_frames,
    wait_idle,
    wait_tree_ready,
)

FLICKER = "AdamZ-8113__pob-codes/flicker_strike_reliquarian_328.code.txt"
SLAYER = "AdamZ-8113__pob-codes/dual_strike_of_ambidexterity_slayer_328.code.txt"
LEVELLING = "AdamZ-8113__pob-codes/sanavixx_cyclone_shockwave_slayer_328.code.txt"

INITIAL_ZOOM = 1.726




@pytest.fixture
def tree_page(gl_browser, live_server):
    ctx = gl_browser.new_context(base_url=live_server.base_url, viewport={"width": 1400, "height": 900})
    page = ctx.new_page()
    page.set_default_timeout(30_000)
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    # These tests read the plain shapes' pixels: the art layer (test_tree_art.py) is switched off.
    page.add_init_script(GEOMETRY_ONLY)
    yield page
    ctx.close()


@pytest.fixture(scope="module")
def bundle():
    return tree_bundle()


@pytest.fixture(scope="module")
def flicker_spec():
    """The first tree spec of the Flicker Strike build most tests open."""
    return planner_specs(corpus_code(FLICKER))[0]


def open_tree(page, relpath: str):
    """The seeded build's Skill Tree tab on its product page (its last step, as a player lands on it)."""
    page.goto(build_view_url(page, relpath))
    page.get_by_test_id("tab-tree").click()
    wait_tree_ready(page)
    return page.locator(CANVAS)


def open_dev_tree(page, relpath: str):
    """/dev/tree for what only the dev page has (step tabs and the compare picker)."""
    page.goto(dev_tree_url(corpus_code(relpath)))
    wait_tree_ready(page)
    return page.locator(CANVAS)


def screenshot(page, name: str) -> None:
    """The tree view alone (canvas and side lists), saved under test-artifacts/."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.get_by_test_id("passive-tree").screenshot(path=str(ARTIFACTS / f"{name}.png"))


def canvas_size(page) -> tuple[float, float]:
    box = page.locator(CANVAS).bounding_box()
    return box["width"], box["height"]


def center_on(page, node_id: int) -> None:
    """Drag the tree in steps inside the canvas until the node sits at its centre."""
    box = page.locator(CANVAS).bounding_box()
    cx, cy = box["width"] / 2, box["height"] / 2
    for _ in range(40):
        x, y = tree_api(page, f"t.project({node_id})")
        dx, dy = max(-250, min(250, cx - x)), max(-250, min(250, cy - y))
        if abs(dx) < 2 and abs(dy) < 2:
            return
        page.mouse.move(box["x"] + cx, box["y"] + cy)
        page.mouse.down()
        page.mouse.move(box["x"] + cx + dx, box["y"] + cy + dy, steps=3)
        page.mouse.up()
    raise AssertionError(f"could not centre node {node_id}")


def click_node(page, node_id: int) -> None:
    """Centre the node, click it and wait for the 800 ms animation to finish."""
    center_on(page, node_id)
    x, y = tree_api(page, f"t.project({node_id})")
    page.locator(CANVAS).click(position={"x": x, "y": y})
    wait_idle(page)


def zoom_in_at_centre(page, steps: int, delta: int) -> None:
    """Wheel `steps` times over the canvas's centre, each once the last zoom has settled, then move the pointer
    off and wait for that frame to be drawn."""
    box = page.locator(CANVAS).bounding_box()
    for _ in range(steps):
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.mouse.wheel(0, -delta)
        wait_idle(page)
    page.mouse.move(2, 2)
    tree_api(page, "t.readPixel(1, 1)")


def brightness(px) -> int:
    return px[0] + px[1] + px[2]


def on_screen(page, bundle, camera, ids, margin=12):
    w, h = canvas_size(page)
    out = []
    for i in ids:
        x, y = project(bundle, camera, w, h, i)
        if margin < x < w - margin and margin < y < h - margin:
            out.append((i, x, y))
    return out


def test_allocated_nodes_are_drawn_where_the_geometry_puts_them(tree_page, bundle, flicker_spec):
    page = tree_page
    open_tree(page, FLICKER)
    known = [i for i in flicker_spec.nodes if i in bundle.pos and bundle.ascendancy[i] is None]
    assert len(known) > 80
    # Masteries have a dark core by design; the other kinds are filled to the centre.
    known = [i for i in known if bundle.kind[i] != "mastery"]
    # Zoom onto the build: click its first known notable and wait for the animation.
    target = next(i for i in known if bundle.kind[i] in ("notable", "keystone"))
    click_node(page, target)
    w, h = canvas_size(page)
    camera = tree_api(page, "t.camera()")
    assert camera["zoom"] == pytest.approx(INITIAL_ZOOM * 8)
    page.mouse.move(2, 2)  # no hover highlight while reading pixels

    # The page's own projection agrees with ours, computed from the bundle.
    for i in known[:20]:
        px, py = tree_api(page, f"t.project({i})")
        ex, ey = project(bundle, camera, w, h, i)
        assert (px, py) == (pytest.approx(ex, abs=0.01), pytest.approx(ey, abs=0.01))

    allocated = on_screen(page, bundle, camera, known)
    assert len(allocated) >= 5
    for node_id, x, y in allocated:
        px = tree_api(page, f"t.readPixel({x}, {y})")
        assert brightness(px) > 350, (node_id, bundle.name[node_id], px)

    # Unallocated nodes in view are drawn dim, and empty space is background.
    taken = set(flicker_spec.nodes)
    free = [
        i
        for i in bundle.pos
        if i not in taken and bundle.ascendancy[i] is None and bundle.kind[i] in ("normal", "notable")
    ]
    unallocated = on_screen(page, bundle, camera, free)
    assert len(unallocated) >= 5
    for node_id, x, y in unallocated[:30]:
        px = tree_api(page, f"t.readPixel({x}, {y})")
        assert 60 < brightness(px) < 300, (node_id, bundle.name[node_id], px)
    screenshot(page, "tree-zoomed")


def test_full_tree_screenshot_and_one_geometry_upload(tree_page):
    page = tree_page
    open_tree(page, FLICKER)
    screenshot(page, "tree-full")
    stats = tree_api(page, "t.stats()")
    assert stats["geometryUploads"] == 1
    # The geometry, cluster jewel rings included, was built by the geometry worker while the tree loaded,
    # and the page took the worker's layout of the rings rather than laying them out again.
    assert tree_api(page, "t.geometrySource()") == "worker"
    assert page.evaluate("() => performance.getEntriesByName('tree:cluster-rings').map((m) => m.detail)") == ["worker"]
    # Only what the zoomed-out frame draws went up: the vertices the shaders read (no node ids), the node
    # points but not their quads, one edge level. All of it (quads, fine edges) is about 1.3 MB.
    assert 200_000 < stats["geometryBytes"] < 800_000, stats
    # After the first frame, the programs it did not use are compiled and drawn once, and the tree redrawn over them.
    page.wait_for_function(f"() => document.querySelector('{CANVAS}').__tree.restWarmed()", timeout=30_000)
    frames = tree_api(page, "t.stats()")["frames"]
    # Nothing changed: no frame is drawn, however many frames the page goes through.
    wait_frames(page, 20)
    assert tree_api(page, "t.stats()")["frames"] == frames
    # Panning draws, but never uploads the geometry again.
    box = page.locator(CANVAS).bounding_box()
    page.mouse.move(box["x"] + 300, box["y"] + 300)
    page.mouse.down()
    page.mouse.move(box["x"] + 420, box["y"] + 360, steps=6)
    page.mouse.up()
    after = tree_api(page, "t.stats()")
    assert after["frames"] > frames and after["geometryUploads"] == 1
    # The node quads (drawn zoomed in) go up the first time they are drawn, and only then.
    tree_api(page, "t.setNodeMode('quads')")
    quads = tree_api(page, "t.stats()")
    assert quads["geometryBytes"] > after["geometryBytes"] + 250_000 and quads["geometryUploads"] == 1, quads
    tree_api(page, "t.setNodeMode('auto')")
    tree_api(page, "t.setNodeMode('quads')")
    assert tree_api(page, "t.stats().geometryBytes") == quads["geometryBytes"]


# Page-side: `frame(set, mode)` calls the tree handle's `set` (setNodeMode, setEdgeMode) with `mode`,
# which redraws, and returns the whole drawing buffer, read in the same task.
GRAB_FRAME = """const c = document.querySelector(selector), t = c.__tree;
  const gl = c.getContext('webgl2') || c.getContext('webgl');
  const frame = (set, mode) => {
    t[set](mode);
    const out = new Uint8Array(gl.drawingBufferWidth * gl.drawingBufferHeight * 4);
    gl.readPixels(0, 0, gl.drawingBufferWidth, gl.drawingBufferHeight, gl.RGBA, gl.UNSIGNED_BYTE, out);
    return out;
  };"""

# Draws the frame with the nodes forced to quads, then to point sprites, reads both whole drawing
# buffers in the same task and compares them: how many channel values differ by more than 2 and
# by more than 24 (anti-aliased rims may round differently; a shape missing or moved differs by far more).
COMPARE_NODE_MODES = """(selector) => {
  """ + GRAB_FRAME + """
  const grab = (mode) => [frame('setNodeMode', mode), t.nodePoints()];
  const [quads, wasPoints] = grab('quads'), [points, isPoints] = grab('points');
  t.setNodeMode('auto');
  let small = 0, large = 0, lit = 0;
  for (let i = 0; i < quads.length; i++) {
    const d = Math.abs(quads[i] - points[i]);
    if (d > 2) small++;
    if (d > 24) large++;
    if (quads[i] > 150) lit++;
  }
  return { small, large, lit, values: quads.length, modes: [wasPoints, isPoints], auto: t.nodePoints() };
}"""


def test_nodes_drawn_as_point_sprites_look_like_quads(tree_page, bundle):
    page = tree_page
    open_tree(page, FLICKER)
    page.mouse.move(2, 2)
    box = page.locator(CANVAS).bounding_box()
    zooms = []
    for step in range(4):
        got = page.evaluate(COMPARE_NODE_MODES, CANVAS)
        assert got["modes"] == [False, True]
        # Zoomed out, nodes are point sprites: one vertex and one primitive each.
        assert got["auto"] is True, step
        # The frame is a real picture (nodes and allocated edges lit) and the same either way.
        assert got["lit"] > 2000
        assert got["large"] == 0, got
        assert got["small"] < got["values"] * 0.01, got
        zooms.append(tree_api(page, "t.camera().zoom"))
        # Towards the canvas edge, so nodes straddle it. (Some GPUs clip a sprite by its centre, hence the renderer's
        # guard band; SwiftShader clips per pixel, so this run shows the band does no harm, not that it is needed.)
        page.mouse.move(box["x"] + box["width"] * 0.3, box["y"] + box["height"] * 0.7)
        page.mouse.wheel(0, -500)
        wait_idle(page)
        page.mouse.move(2, 2)
    assert zooms == sorted(zooms) and zooms[-1] > zooms[0] * 4
    # Highlight rings (1.5 radii out, dashed): only where a dash ends may a pixel round the other way.
    page.get_by_test_id("tree-search").fill("Iron")
    expect(page.get_by_test_id("tree-search-count")).not_to_have_count(0)
    page.mouse.move(2, 2)
    got = page.evaluate(COMPARE_NODE_MODES, CANVAS)
    assert got["auto"] is True and got["large"] < 40 and got["small"] < got["values"] * 0.01, got
    # Zoomed in to the maximum, the largest nodes would outgrow a sprite: quads again.
    zoom_in_at_centre(page, 12, 800)
    assert tree_api(page, "t.nodePoints()") is False
    assert page.errors == []


# Draws the frame with the plain edges forced to quads, then to hairlines, reads both drawing buffers in
# the same task and counts, in each: pixels of exactly the plain edge colour (EDGE_VS; a hairline is
# opaque, a quad only in its core), and pixels of the build's colours (allocated edges and nodes).
COMPARE_EDGE_MODES = """(selector) => {
  """ + GRAB_FRAME + """
  const grab = (mode) => {
    const out = frame('setEdgeMode', mode);
    let plain = 0, built = 0;
    for (let i = 0; i < out.length; i += 4) {
      const [r, g, b] = [out[i], out[i + 1], out[i + 2]];
      if (Math.abs(r - 69) <= 2 && Math.abs(g - 66) <= 2 && Math.abs(b - 61) <= 2) plain++;
      if (r > 150 && g > 120 && b < 120) built++;
    }
    return { pixels: out, plain, built, hairlines: t.edgeHairlines() };
  };
  const quads = grab('quads'), lines = grab('hairlines');
  t.setEdgeMode('auto');
  let differ = 0;
  for (let i = 0; i < quads.pixels.length; i += 4) {
    if (Math.max(...[0, 1, 2].map((k) => Math.abs(quads.pixels[i + k] - lines.pixels[i + k]))) > 24) differ++;
  }
  return { quads: [quads.plain, quads.built, quads.hairlines], lines: [lines.plain, lines.built, lines.hairlines],
    differ, pixels: quads.pixels.length / 4, auto: t.edgeHairlines() };
}"""


# A plain edge's half width in world units and its least half width in px (pwa/src/tree/style.ts EDGE_WIDTH.normal).
PLAIN_EDGE_HALF, PLAIN_EDGE_MIN_HALF_PX = 5, 0.7


def test_zoomed_out_plain_edges_are_hairlines_and_the_build_path_keeps_its_width(tree_page):
    page = tree_page
    open_tree(page, FLICKER)
    first_zoom = tree_api(page, "t.camera().zoom")
    page.mouse.move(2, 2)
    got = page.evaluate(COMPARE_EDGE_MODES, CANVAS)
    # The first frame is zoomed out: its plain edges are 1 px lines (one primitive per chord, not two triangles).
    assert got["auto"] is True
    assert got["quads"][2] is False and got["lines"][2] is True
    plain_quads, built_quads = got["quads"][:2]
    plain_lines, built_lines = got["lines"][:2]
    # Every hairline pixel has the plain edge colour; a quad has it only in its core. No edge went missing.
    assert plain_lines > 5000 and plain_lines > plain_quads * 0.8, got
    # The build's path keeps its quads, drawn over the hairlines: its pixels are the same.
    assert built_quads > 1500 and abs(built_lines - built_quads) <= built_quads * 0.01, got
    # Only the plain edges changed: a few per cent of the frame at most.
    assert got["differ"] < got["pixels"] * 0.03, got
    # Zoomed in until the plain edges' quads are wider than their least width (1.4 px): quads again. Wheel steps
    # until then, not a fixed count: the first zoom fits the build to the canvas, whose height follows the layout.
    wider = f"t.scene().scale * {PLAIN_EDGE_HALF} > {PLAIN_EDGE_MIN_HALF_PX} * 1.05"
    for _ in range(8):
        if tree_api(page, wider):
            break
        zoom_in_at_centre(page, 1, 500)
    assert tree_api(page, wider) and tree_api(page, "t.camera().zoom") > first_zoom * 2
    assert tree_api(page, "t.edgeHairlines()") is False
    assert page.errors == []


# Draws the frame with each pass's visible runs as one draw call each, then with one call per run,
# reads both drawing buffers in the same task and counts the draw calls of each frame.
COMPARE_GATHER = """(selector) => {
  """ + GRAB_FRAME + """
  const grab = (on) => {
    let calls = 0;
    const count = (name) => {
      const real = gl[name];
      gl[name] = function (...args) { calls++; return real.apply(this, args); };
    };
    count('drawElements');
    count('drawArrays');
    try {
      return [frame('setGather', on), calls];
    } finally {
      delete gl.drawElements;
      delete gl.drawArrays;
    }
  };
  const [each, eachCalls] = grab(false), [one, oneCalls] = grab(true);
  let differ = 0;
  for (let i = 0; i < each.length; i++) if (each[i] !== one[i]) differ++;
  return { differ, eachCalls, oneCalls, lit: one.filter((v) => v > 150).length };
}"""


def test_each_pass_is_one_draw_call_and_draws_what_its_runs_draw(tree_page):
    page = tree_page
    open_tree(page, FLICKER)
    page.mouse.move(2, 2)
    box = page.locator(CANVAS).bounding_box()
    centre = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    cameras = []
    for move in ("first frame", "zoom in", "drag", "drag"):
        if move == "zoom in":
            zoom_in_at_centre(page, 2, 400)
        elif move == "drag":
            # Tiles come into view that the last gathered runs did not hold: they must be gathered again.
            page.mouse.move(*centre)
            page.mouse.down()
            page.mouse.move(centre[0] - box["width"] * 0.45, centre[1] - box["height"] * 0.4, steps=4)
            page.mouse.up()
            page.mouse.move(2, 2)
        cameras.append(tree_api(page, "t.camera()"))
        got = page.evaluate(COMPARE_GATHER, CANVAS)
        # The same primitives in the same order: the very same pixels.
        assert got["lit"] > 2000 and got["differ"] == 0, (move, got)
        # Groups, edges (hairlines and the build's quads over them) and nodes: one call each, where
        # drawing the runs one by one takes several per pass.
        assert got["oneCalls"] <= 4 and got["eachCalls"] > got["oneCalls"] + 4, (move, got)
    assert cameras[1]["zoom"] > cameras[0]["zoom"] * 1.5 and cameras[3]["x"] > cameras[2]["x"] > cameras[1]["x"]
    assert page.errors == []


def test_hover_shows_the_node_tooltip(tree_page, bundle, flicker_spec):
    page = tree_page
    canvas = open_tree(page, FLICKER)
    keystone = next(i for i in flicker_spec.nodes if bundle.kind.get(i) == "keystone")
    click_node(page, keystone)
    x, y = tree_api(page, f"t.project({keystone})")
    canvas.hover(position={"x": x + 1, "y": y + 1})
    tooltip = page.get_by_test_id("tree-tooltip")
    expect(tooltip).to_be_visible()
    expect(page.get_by_test_id("tree-tooltip-name")).to_have_text(bundle.name[keystone])
    first_stat = bundle.stats[keystone][0].split("\n")[0]
    expect(tooltip).to_contain_text(first_stat)
    assert tree_api(page, "t.hovered()") == keystone
    # Hovered nodes draw highlighted (the Hovered state reaches the GPU).
    assert tree_api(page, f"t.state({keystone}).flags") & 2
    canvas.hover(position={"x": 3, "y": 3})
    expect(tooltip).to_have_count(0)


def test_socketed_jewel_shows_an_item_tooltip(tree_page, bundle, flicker_spec):
    page = tree_page
    canvas = open_tree(page, FLICKER)
    socket, (name, base) = next(
        (n, j) for n, j in flicker_spec.jewels.items() if n in bundle.pos and j[0] != j[1]
    )
    click_node(page, socket)
    x, y = tree_api(page, f"t.project({socket})")
    canvas.hover(position={"x": x + 1, "y": y})
    tooltip = page.get_by_test_id("tree-jewel-tooltip")
    expect(tooltip).to_be_visible()
    expect(tooltip).to_contain_text(name)
    expect(tooltip).to_contain_text(base)
    expect(tooltip).to_contain_text("Item Level:")
    expect(tooltip).to_contain_text(re.compile(r"Requires Level \d+|No Requirements"))


def test_search_highlights_matching_passives(tree_page, bundle):
    page = tree_page
    open_tree(page, FLICKER)
    # No node has a mark: the node programs without the marks' per-pixel work draw the frame.
    assert tree_api(page, "t.nodeMarks()") is False
    query = "Iron Reflexes"
    expected = [i for i in bundle.pos if query.lower() in bundle.name[i].lower() and i not in bundle.proxy]
    page.get_by_test_id("tree-search").fill(f"  {query.upper()} ")
    expect(page.get_by_test_id("tree-search-count")).to_have_text(str(len(expected)))
    assert all(tree_api(page, f"t.state({i}).flags") & 8 for i in expected)
    # The dashed highlight circle is drawn around the node (the node itself sits inside it).
    click_node(page, expected[0])
    page.mouse.move(2, 2)
    x, y = tree_api(page, f"t.project({expected[0]})")
    cam = tree_api(page, "t.camera()")
    w, h = canvas_size(page)
    scale = (
        min(w / (bundle.bounds[2] - bundle.bounds[0]), h / (bundle.bounds[3] - bundle.bounds[1]))
        * cam["zoom"]
    )
    ring = 56 * 1.38 * scale  # keystone radius 56, highlight at 1.38 radii
    samples = [
        tree_api(
            page,
            f"t.readPixel({x + ring * math.cos(a / 56 * 2 * math.pi)}, {y + ring * math.sin(a / 56 * 2 * math.pi)})",
        )
        for a in range(56)
    ]
    white = [p for p in samples if min(p[:3]) > 200]
    # Dashed: about half the samples on the circle are white, the rest are not.
    assert 10 <= len(white) <= 46, len(white)
    assert tree_api(page, "t.nodeMarks()") is True
    page.get_by_test_id("tree-search").fill("")
    expect(page.get_by_test_id("tree-search-count")).to_have_count(0)
    assert not tree_api(page, f"t.state({expected[0]}).flags") & 8
    # The ring is gone with the marks program.
    tree_api(page, "t.readPixel(1, 1)")
    assert tree_api(page, "t.nodeMarks()") is False
    after = [
        tree_api(page, f"t.readPixel({x + ring * math.cos(a / 56 * 2 * math.pi)}, {y + ring * math.sin(a / 56 * 2 * math.pi)})")
        for a in range(56)
    ]
    assert len([p for p in after if min(p[:3]) > 200]) < 3


def test_click_animates_to_the_node_and_ignores_input_meanwhile(tree_page, bundle, flicker_spec):
    page = tree_page
    open_tree(page, FLICKER)
    node = next(i for i in flicker_spec.nodes if bundle.kind.get(i) == "notable")
    center_on(page, node)
    x, y = tree_api(page, f"t.project({node})")
    page.locator(CANVAS).click(position={"x": x, "y": y})
    assert tree_api(page, "t.busy()") is True
    assert tree_api(page, "t.lastTransitionMs()") == 800
    # Input during the transition is ignored: the animation still ends exactly on the node.
    page.mouse.wheel(0, -600)
    wait_idle(page)
    cam = tree_api(page, "t.camera()")
    nx, ny = bundle.pos[node]
    assert (cam["x"], cam["y"], cam["zoom"]) == (
        pytest.approx(nx, abs=0.01),
        pytest.approx(ny, abs=0.01),
        pytest.approx(INITIAL_ZOOM * 8),
    )


def test_drag_pans_and_wheel_zooms_about_the_pointer(tree_page):
    page = tree_page
    open_tree(page, FLICKER)
    box = page.locator(CANVAS).bounding_box()
    cam0 = tree_api(page, "t.camera()")
    page.mouse.move(box["x"] + 200, box["y"] + 200)
    page.mouse.down()
    page.mouse.move(box["x"] + 300, box["y"] + 250, steps=5)
    page.mouse.up()
    cam1 = tree_api(page, "t.camera()")
    assert cam1["x"] < cam0["x"] and cam1["y"] < cam0["y"]
    assert cam1["zoom"] == cam0["zoom"]
    page.mouse.move(box["x"] + 100, box["y"] + 100)
    page.mouse.wheel(0, -100)
    page.wait_for_function(f"() => document.querySelector('{CANVAS}').__tree.camera().zoom > {cam1['zoom']}")
    cam2 = tree_api(page, "t.camera()")
    assert cam2["zoom"] == pytest.approx(cam1["zoom"] * 1.1)
    # Zoom keeps the point under the pointer: the centre moved toward it.
    assert cam2["x"] < cam1["x"] and cam2["y"] < cam1["y"]
    # Reset returns to the first view (the build fitted, fit.ts).
    page.get_by_test_id("tree-reset").click()
    assert tree_api(page, "t.camera()") == cam0


def test_ascendancy_toggle_and_reset(tree_page, bundle):
    page = tree_page
    open_tree(page, SLAYER)
    spec = planner_specs(corpus_code(SLAYER))[0]
    asc_nodes = [
        i for i in spec.nodes if bundle.ascendancy.get(i) == "Slayer" and bundle.kind[i] != "ascendancyStart"
    ]
    assert asc_nodes
    before = tree_api(page, "t.camera()")
    toggle = page.get_by_test_id("tree-ascendancy-toggle")
    expect(toggle).to_have_text("Go To Ascendancy")
    toggle.click()
    expect(toggle).to_have_text("Go Back To Tree")
    assert tree_api(page, "t.lastTransitionMs()") == 1000
    wait_idle(page)
    cam = tree_api(page, "t.camera()")
    xs = [bundle.pos[i][0] for i in bundle.pos if bundle.ascendancy[i] == "Slayer"]
    ys = [bundle.pos[i][1] for i in bundle.pos if bundle.ascendancy[i] == "Slayer"]
    assert cam["x"] == pytest.approx((min(xs) + max(xs)) / 2, abs=0.5)
    assert cam["y"] == pytest.approx((min(ys) + max(ys)) / 2, abs=0.5)
    page.mouse.move(2, 2)
    for node_id, x, y in on_screen(page, bundle, cam, asc_nodes):
        assert brightness(tree_api(page, f"t.readPixel({x}, {y})")) > 350, bundle.name[node_id]
    # Other classes' ascendancies are hidden: no node is hittable there.
    hidden = next(i for i in bundle.pos if bundle.ascendancy[i] == "Juggernaut")
    assert tree_api(page, f"t.state({hidden}).visible") is False
    screenshot(page, "tree-ascendancy")
    toggle.click()
    expect(toggle).to_have_text("Go To Ascendancy")
    wait_idle(page)
    assert tree_api(page, "t.camera()") == pytest.approx(before)
    # Reset leaves the ascendancy view at once.
    toggle.click()
    wait_idle(page)
    page.get_by_test_id("tree-reset").click()
    expect(toggle).to_have_text("Go To Ascendancy")
    assert tree_api(page, "t.inAscendancy()") is False
    # Back to the first view: the build fitted (fit.ts), not the tree's centre.
    assert tree_api(page, "t.camera()") == pytest.approx(before)


def test_compare_two_steps_colours_and_legend(tree_page):
    page = tree_page
    open_dev_tree(page, LEVELLING)
    specs = planner_specs(corpus_code(LEVELLING))
    bundle = tree_bundle(nearest_version(shipped_versions(), specs[0].tree_version))
    tabs = page.get_by_test_id("dev-tree-tab")
    expect(tabs).to_have_count(len(specs))

    def drawable(ids):
        return [
            i for i in ids if i in bundle.pos and bundle.ascendancy[i] is None and bundle.kind[i] != "mastery"
        ]

    # Two steps that each have passives the other lacks (a respec between them).
    bi, oi = next(
        (b, o)
        for b in range(len(specs))
        for o in range(len(specs))
        if b != o
        and drawable(set(specs[b].nodes) - set(specs[o].nodes))
        and drawable(set(specs[o].nodes) - set(specs[b].nodes))
    )
    tabs.nth(bi).click()
    page.get_by_test_id("dev-tree-compare").click()
    page.get_by_role("option", name=specs[oi].title, exact=True).click()
    legend = page.get_by_test_id("tree-legend")
    expect(legend).to_contain_text("missing on character")
    expect(legend).to_contain_text("not in build")
    build, other = set(specs[bi].nodes), set(specs[oi].nodes)
    build_only = drawable(build - other)
    other_only = drawable(other - build)
    page.wait_for_function(
        f"() => document.querySelector('{CANVAS}').__tree.state({build_only[0]}).side === 1"
    )
    assert tree_api(page, f"t.state({other_only[0]}).side") == 2
    assert tree_api(page, f"t.state({drawable(build & other)[0]}).side") == 0
    # Zoom onto a build-only node: it is green on screen.
    click_node(page, build_only[0])
    page.mouse.move(2, 2)
    cam = tree_api(page, "t.camera()")
    greens = on_screen(page, bundle, cam, build_only)
    assert greens
    for _node_id, gx, gy in greens:
        r, g, b, _ = tree_api(page, f"t.readPixel({gx}, {gy})")
        assert g > 150 and g > r + 60 and g > b + 60, (r, g, b)
    reds = on_screen(page, bundle, cam, other_only)
    for _node_id, rx, ry in reds:
        r, g, b, _ = tree_api(page, f"t.readPixel({rx}, {ry})")
        assert r > 150 and r > g + 60, (r, g, b)
    screenshot(page, "tree-compare")


def test_cluster_jewel_passives_of_a_build_on_its_own_tree_are_drawn(tree_page, bundle, flicker_spec):
    page = tree_page
    open_tree(page, FLICKER)
    assert flicker_spec.tree_version == "3_28" and "3.28" in shipped_versions()
    # Ids from 65536 up and cluster proxy sockets are cluster jewel passives; every other id is on its own tree.
    assert all(i in bundle.pos for i in flicker_spec.nodes if i < 65536)
    cluster = {i for i in flicker_spec.nodes if i >= 65536 or i in bundle.proxy}
    assert cluster & bundle.proxy and len(cluster) > 1
    # The jewels' rings are laid out, so each of them is drawn active and no notice counts them.
    for i in cluster:
        assert tree_api(page, f"t.state({i})")["flags"] & 1, i
    expect(page.get_by_test_id("tree-version-notice")).to_have_count(0)
    assert page.errors == []


def held_by_version(nodes: list[int]) -> dict[str, int]:
    """How many of `nodes` each plain tree holds, read from the pipeline's node index (game-data/FORMAT.md)."""
    manifest = json.loads((REPO / "game-data" / "dist" / "manifest.json").read_text())
    index = json.loads((REPO / "game-data" / "dist" / manifest["files"]["node-index"]).read_text())
    ids = list(itertools.accumulate(index["ids"]))
    allocated = set(nodes)
    wanted = {k for k, i in enumerate(ids) if i in allocated}
    return {
        v: sum(bits[k >> 3] >> (k & 7) & 1 for k in wanted)
        for v, bits in ((v, base64.b64decode(b)) for v, b in index["versions"].items())
    }


def test_a_build_on_a_version_we_lack_is_drawn_on_the_tree_holding_most_of_it_and_says_so(tree_page):
    page = tree_page
    # Every version from 3.6 to 3.28 is shipped: a real 3.18 Raider relabelled 3.29, a version we lack.
    xml = (CORPUS / "Vilsol__go-pob/many-builds_12.xml").read_bytes().replace(b'"3_18"', b'"3_29"')
    spec = planner_specs_of_xml(xml)[-1]
    assert spec.tree_version == "3_29" and "3.29" not in shipped_versions()
    # The trees holding the most of its passives; a tie goes to the one nearest 3.29.
    held = held_by_version(spec.nodes)
    most = [v for v, n in held.items() if n == max(held.values())]
    shown = nearest_version(most, spec.tree_version)
    assert shown == "3.28" and "3.18" in most
    page.goto(dev_tree_url(base64.urlsafe_b64encode(zlib.compress(xml)).decode()))
    wait_tree_ready(page)
    assert tree_api(page, "t.version") == shown
    b = tree_bundle(shown)
    missing = sorted({i for i in spec.nodes if i not in b.pos and i < 65536})
    cluster = {i for i in spec.nodes if i >= 65536 or i in b.proxy}
    parts = [f"Tree 3.29 is not available: drawn on tree {shown}, which holds the most of its passives"]
    if missing:
        more = f" and {len(missing) - 5} more" if len(missing) > 5 else ""
        named = ", ".join(map(str, missing[:5])) + more
        count, verb = ("1 passive", "is") if len(missing) == 1 else (f"{len(missing)} passives", "are")
        parts.append(f"{count} not on tree {shown} {verb} not shown: {named}")
    if cluster:
        parts.append(
            f"{len(cluster)} cluster jewel passive{'s are' if len(cluster) > 1 else ' is'} not shown"
        )
    expect(page.get_by_test_id("tree-version-notice")).to_have_text(" · ".join(parts))


def test_a_build_with_every_node_known_has_no_notice(tree_page):
    page = tree_page
    relpath = "AdamZ-8113__pob-codes/heavy_strike_of_trarthus_inquisitor_328.code.txt"
    spec = corpus_specs(relpath)[-1]
    b = tree_bundle(spec.tree_version.replace("_", "."))
    assert all(i in b.pos and i not in b.proxy for i in spec.nodes)
    open_tree(page, relpath)
    expect(page.get_by_test_id("tree-version-notice")).to_have_count(0)


def test_right_click_marks_a_node_desired(tree_page, bundle, flicker_spec):
    page = tree_page
    canvas = open_tree(page, FLICKER)
    notable = next(i for i in flicker_spec.nodes if bundle.kind.get(i) == "notable")
    click_node(page, notable)
    x, y = tree_api(page, f"t.project({notable})")
    canvas.click(position={"x": x, "y": y}, button="right")
    assert tree_api(page, f"t.state({notable}).flags") & 64
    assert tree_api(page, "t.busy()") is False  # a right-click is not a click-to-node
    canvas.hover(position={"x": x + 1, "y": y})
    expect(page.get_by_test_id("tree-tooltip")).to_contain_text("Desired")
    canvas.click(position={"x": x, "y": y}, button="right")
    assert not tree_api(page, f"t.state({notable}).flags") & 64


def test_context_loss_is_logged_and_the_tree_comes_back(tree_page, bundle, flicker_spec):
    page = tree_page
    open_tree(page, FLICKER)
    # The message comes when the browser gets round to the loss event: wait for it, not for a fixed time.
    with page.expect_console_message(lambda m: "WebGL context lost" in m.text, timeout=30_000):
        page.evaluate(
            f"() => {{ window.__lose = document.querySelector('{CANVAS}').getContext('webgl2').getExtension('WEBGL_lose_context'); window.__lose.loseContext(); }}"
        )
    page.evaluate("() => window.__lose.restoreContext()")
    page.wait_for_function(f"() => document.querySelector('{CANVAS}').__tree.stats().geometryUploads === 2")
    # Drawn again after the restore: an allocated node is bright at its place.
    node = next(i for i in flicker_spec.nodes if bundle.kind.get(i) == "notable")
    click_node(page, node)
    page.mouse.move(2, 2)
    x, y = tree_api(page, f"t.project({node})")
    assert brightness(tree_api(page, f"t.readPixel({x}, {y})")) > 350


@pytest.mark.parametrize(("width", "beside"), [(1400, True), (760, False)])
def test_side_lists_sit_right_on_wide_screens_and_above_on_narrow(gl_browser, live_server, width, beside):
    ctx = gl_browser.new_context(base_url=live_server.base_url, viewport={"width": width, "height": 900})
    page = ctx.new_page()
    try:
        open_tree(page, FLICKER)
        lists = page.get_by_test_id("tree-side-lists")
        expect(lists).to_be_visible()
        lb, cb, tb = (
            lists.bounding_box(),
            page.get_by_test_id("tree-canvas-frame").bounding_box(),
            page.get_by_test_id("passive-tree").bounding_box(),
        )
        if beside:
            assert lb["x"] >= cb["x"] + cb["width"]
            assert 0.35 <= lb["width"] / tb["width"] <= 0.42
        else:
            assert lb["y"] + lb["height"] <= cb["y"]
    finally:
        ctx.close()


def test_side_lists_show_keystones_and_masteries_with_the_chosen_effect(tree_page, bundle, flicker_spec):
    page = tree_page
    open_tree(page, FLICKER)
    keystones = [bundle.name[i] for i in flicker_spec.nodes if bundle.kind.get(i) == "keystone"]
    section = page.get_by_test_id("tree-keystones")
    for name in keystones:
        expect(section).to_contain_text(name)
    masteries = page.get_by_test_id("tree-masteries")
    chosen = masteries.locator("input:checked")
    expect(chosen).to_have_count(len([i for i in flicker_spec.mastery_effects if i in bundle.pos]))
    expect(page.get_by_test_id("tree-overrides")).to_be_visible()


def test_file_picker_opens_a_planner_xml(tree_page, tmp_path):
    page = tree_page
    page.goto("/dev/tree")
    xml = CORPUS / "AdamZ-8113__pob-codes/dual_strike_of_ambidexterity_slayer_328.xml"
    page.locator("input[type=file]").set_input_files(str(xml))
    wait_tree_ready(page)
    expect(page.get_by_test_id("tree-ascendancy-toggle")).to_be_visible()


def test_bad_code_shows_a_clear_error(tree_page):
    page = tree_page
    page.goto(dev_tree_url("this is not a planner code"))
    expect(page.get_by_test_id("dev-tree-error")).to_be_visible()
    expect(page.locator(CANVAS)).to_have_count(0)


def test_fullscreen_failure_stretches_the_canvas_and_logs(tree_page):
    page = tree_page
    page.add_init_script(
        "Element.prototype.requestFullscreen = function () { return Promise.reject(new Error('denied by test')); };"
    )
    logs = []
    page.on("console", lambda m: logs.append(m.text))
    open_tree(page, FLICKER)
    page.get_by_test_id("tree-fullscreen").click()
    frame = page.get_by_test_id("tree-canvas-frame")
    expect(frame).to_have_attribute("data-stretched", "true")
    assert any("Error attempting to enable full-screen mode" in t for t in logs)
    box = frame.bounding_box()
    assert (box["width"], box["height"]) == (1400, 900)
    page.get_by_test_id("tree-fullscreen").click()
    expect(frame).not_to_have_attribute("data-stretched", re.compile(".*"))


def test_fullscreen_toggles_between_enter_and_exit(tree_page):
    page = tree_page
    open_tree(page, FLICKER)
    button = page.get_by_test_id("tree-fullscreen")
    expect(button).to_have_attribute("aria-label", "Fullscreen")
    button.click()
    page.wait_for_function("() => document.fullscreenElement?.dataset.testid === 'tree-canvas-frame'")
    expect(button).to_have_attribute("aria-label", "Exit fullscreen")
    # The canvas fills the screen and is redrawn at that size.
    w, h = canvas_size(page)
    assert (w, h) == (1400, 900)
    page.wait_for_function(f"() => document.querySelector('{CANVAS}').width === 1400")
    button.click()
    page.wait_for_function("() => document.fullscreenElement === null")
    expect(button).to_have_attribute("aria-label", "Fullscreen")


def test_pinch_zooms_with_two_fingers(tree_page):
    page = tree_page
    open_tree(page, FLICKER)
    box = page.locator(CANVAS).bounding_box()
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    zoom0 = tree_api(page, "t.camera().zoom")
    cdp = page.context.new_cdp_session(page)

    def touch(kind, spread):
        points = [{"x": cx - spread, "y": cy, "id": 1}, {"x": cx + spread, "y": cy, "id": 2}]
        cdp.send(
            "Input.dispatchTouchEvent", {"type": kind, "touchPoints": [] if kind == "touchEnd" else points}
        )

    touch("touchStart", 50)
    for spread in (60, 75, 90, 100):
        touch("touchMove", spread)
    touch("touchEnd", 100)
    zoom1 = tree_api(page, "t.camera().zoom")
    assert zoom1 == pytest.approx(zoom0 * 2, rel=0.05)


def test_webgl1_fallback_draws_the_same_tree(tree_page, bundle, flicker_spec):
    page = tree_page
    # A browser without WebGL2: the renderer falls back to WebGL1.
    page.add_init_script(
        "const get = HTMLCanvasElement.prototype.getContext;"
        "HTMLCanvasElement.prototype.getContext = function (type, opts) {"
        "  return type === 'webgl2' ? null : get.call(this, type, opts); };"
    )
    open_tree(page, FLICKER)
    version = page.evaluate(
        f"() => document.querySelector('{CANVAS}').getContext('webgl').getParameter(WebGLRenderingContext.VERSION)"
    )
    assert version.startswith("WebGL 1.0")
    node = next(i for i in flicker_spec.nodes if bundle.kind.get(i) == "notable")
    click_node(page, node)
    page.mouse.move(2, 2)
    x, y = tree_api(page, f"t.project({node})")
    assert brightness(tree_api(page, f"t.readPixel({x}, {y})")) > 350


def test_canvas_resolution_is_capped_at_2(gl_browser, live_server):
    ctx = gl_browser.new_context(
        base_url=live_server.base_url, viewport={"width": 1400, "height": 900}, device_scale_factor=3
    )
    page = ctx.new_page()
    try:
        open_tree(page, FLICKER)
        w, h = canvas_size(page)
        size = page.evaluate(
            f"() => [document.querySelector('{CANVAS}').width, document.querySelector('{CANVAS}').height]"
        )
        assert size == [round(w * 2), round(h * 2)]
    finally:
        ctx.close()


def test_spinner_shows_while_the_tree_data_loads(gl_browser, live_server):
    # No service worker: once it controls the page, its fetches would pass by page.route.
    ctx = gl_browser.new_context(base_url=live_server.base_url, service_workers="block")
    page = ctx.new_page()
    release = []
    # Hold the tree bundle back until the spinner has been seen.
    page.route(re.compile(r".*/game-data/tree-.*"), lambda route: release.append(route))
    page.goto(dev_tree_url(corpus_code(FLICKER)))
    expect(page.get_by_role("status", name="Loading passive tree")).to_be_visible()
    # The loader changes in steps (ui/steppedMotion.module.css): across its cycle each dot has two
    # opacities, so it asks the compositor for a few frames a second, not one per display frame.
    opacities = page.evaluate(
        """() => [...document.querySelectorAll('[role=status] span > span')].map((dot) => {
          const [anim] = dot.getAnimations();
          anim.pause();
          const seen = new Set();
          for (let t = 0; t < 900; t += 15) { anim.currentTime = t; seen.add(getComputedStyle(dot).opacity); }
          anim.play();
          return [...seen].sort();
        })"""
    )
    assert opacities and all(seen == ["0.35", "1"] for seen in opacities), opacities
    pump_until(page, lambda: release, message="the held tree bundle request")
    # The page's request and the geometry worker's (geometryWorker.ts) for the same bundle; unrouting lets
    # a request held after these go on as well.
    for route in list(release):
        route.continue_()
    page.unroute(re.compile(r".*/game-data/tree-.*"))
    wait_tree_ready(page)
    expect(page.get_by_role("status", name="Loading passive tree")).to_have_count(0)
    ctx.close()


def test_a_geometry_worker_that_never_answers_does_not_keep_the_tree_from_being_drawn(gl_browser, live_server, bundle, flicker_spec):
    """The worker's script is held for good: after WORKER_WAIT_MS the page lays out the cluster jewel
    rings and builds the geometry itself (useWorkerGeometry.ts useJobAnswered)."""
    ctx = gl_browser.new_context(base_url=live_server.base_url, service_workers="block")
    page = ctx.new_page()
    held = []
    page.route(re.compile(r".*/assets/geometry\.worker-[^/]*\.js$"), lambda route: held.append(route))
    page.goto(dev_tree_url(corpus_code(FLICKER)))
    wait_tree_ready(page)
    assert held, "the worker's script was never asked for"
    assert tree_api(page, "t.geometrySource()") == "page"
    assert page.evaluate("() => performance.getEntriesByName('tree:cluster-rings').map((m) => m.detail)") == ["page"]
    # The rings are there all the same: every cluster jewel passive of the build is drawn active.
    cluster = {i for i in flicker_spec.nodes if i >= 65536 or i in bundle.proxy}
    assert len(cluster) > 1
    for i in cluster:
        assert tree_api(page, f"t.state({i})")["flags"] & 1, i
    expect(page.get_by_test_id("tree-version-notice")).to_have_count(0)
    ctx.close()


@pytest.mark.parametrize("where", ["build view", "dev page"])
def test_gpu_is_readied_before_the_tree_viewer_loads(gl_browser, live_server, where):
    """The page that will show a tree readies the WebGL context and warms its programs up (prepare.ts)
    while the viewer's code and the tree data load: held back here, the viewer's chunk is not needed for it."""
    ctx = gl_browser.new_context(base_url=live_server.base_url, service_workers="block")
    page = ctx.new_page()
    held = []
    page.route(re.compile(r".*/assets/TreeViewer-[^/]*\.js$"), lambda route: held.append(route))
    if where == "build view":
        page.goto(build_view_url(page, FLICKER))
        page.get_by_test_id("tab-tree").click()
    else:
        page.goto(dev_tree_url(corpus_code(FLICKER)))
    page.wait_for_function("() => performance.getEntriesByName('tree:gpu-warmed').length === 1", timeout=30_000)
    pump_until(page, lambda: held, message="the held TreeViewer chunk request")
    assert held and page.locator(CANVAS).count() == 0
    for route in held:
        route.continue_()
    page.unroute(re.compile(r".*/assets/TreeViewer-[^/]*\.js$"))
    wait_tree_ready(page)
    # The warmed canvas is the one drawn, at the frame's size (resized before the data came).
    w, h = canvas_size(page)
    assert page.evaluate(f"() => [document.querySelector('{CANVAS}').width, document.querySelector('{CANVAS}').height]") == [round(w), round(h)]
    # Warmed at a stand-in size before the frame was laid out, then again at the frame's: the first
    # draws into a resized drawing buffer are as slow as the first draws at all.
    warmed = page.evaluate("() => performance.getEntriesByName('tree:gpu-warmed').map((m) => m.detail)")
    assert len(warmed) == 2 and warmed[-1] == f"{round(w)}x{round(h)}", warmed
    ctx.close()


def test_renderer_is_not_in_the_initial_bundle(pwa_dist):
    html = (pwa_dist / "index.html").read_text()
    entry = [pwa_dist / m.lstrip("/") for m in re.findall(r'(?:src|href)="(/assets/[^"]+\.js)"', html)]
    assert entry
    for path in entry:
        text = path.read_text()
        assert "u_stateSize" not in text and "createProgramInfo" not in text, path.name


def test_trees_work_offline_after_one_visit(gl_browser, live_server):
    """The newest tree is fetched at start and an older one when first drawn; both come from the
    service worker's tree cache with the network off."""
    from e2e.pwa_support import wait_for_service_worker, wait_until

    ctx = gl_browser.new_context(base_url=live_server.base_url, viewport={"width": 1400, "height": 900})
    page = ctx.new_page()
    page.set_default_timeout(30_000)
    try:
        older = "PathOfBuildingCommunity__PathOfBuilding/3.13_Dual_Wield_Cospris_CoC.xml"
        newest_url, older_url = build_view_url(page, FLICKER), build_view_url(page, older)
        page.goto("/build/browse")
        wait_for_service_worker(page)
        newest = max(shipped_versions(), key=version_key)
        # Polled: wait_for_function takes an async predicate's promise as a truthy answer at once, and
        # leaving the page before the start had pinned the newest tree lost it (a flaky offline failure).
        wait_until(
            lambda: page.evaluate(
                f"""async () => (await (await caches.open('game-data-tree-newest')).keys())
                    .some((r) => r.url.includes('/tree-{newest}.'))"""
            ),
            message="the pinned newest tree",
        )
        page.goto(older_url)
        page.get_by_test_id("tab-tree").click()
        wait_tree_ready(page)
        shown = tree_api(page, "t.version")
        assert shown == nearest_version(shipped_versions(), corpus_specs(older)[-1].tree_version)
        page.goto(newest_url)  # the build is read once online, so Dexie has it offline
        page.get_by_test_id("build-view").wait_for()

        ctx.set_offline(True)
        for url, version in ((newest_url, newest), (older_url, shown)):
            page.goto(url)
            page.get_by_test_id("tab-tree").click()
            wait_tree_ready(page)
            assert tree_api(page, "t.version") == version
            # The geometry worker loads the tree through the service worker too.
            assert tree_api(page, "t.geometrySource()") == "worker"
        cached = page.evaluate(
            "async () => (await (await caches.open('game-data-trees')).keys()).map((r) => r.url)"
        )
        assert len(cached) <= 12  # TREE_CACHE_ENTRIES in pwa/src/app/cacheBudget.ts (bundles and their geometry)
    finally:
        ctx.close()
