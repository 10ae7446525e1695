"""BENCH tree.first_frame_ms, tree.frame_ms_p50, tree.frame_ms_p95: the WebGL
passive tree in headless Chromium (SwiftShader, so a software GPU; a real GPU
is faster), against its own baseline of the same run: the same tree (the scene
the canvas shows: visible nodes, edges, group discs, same canvas size) drawn as
one SVG, circles and paths, pan/zoom by a transform on a group, in a second
Chromium with CPU raster (the SVG's fastest setting here) and the frame-rate
cap lifted so vsync does not floor its frames.

svg_first_presented_ms: from the scene data being parsed to the SVG's first
contentful paint (Chromium stamps it at presentation); median of PAGES fresh pages.
svg_frame_ms_p50: the interval between animation frames while the transform
changes every frame (each frame is styled, laid out, rasterized and presented), at the very
cameras our frames are drawn at, in the same order (t.path): FRAMES frames on each page, as ours.
first_frame_vs_svg_ratio (goal <= 0.5) and frame_vs_svg_ratio (goal <= 0.3)
divide ours by the SVG's. The SVG's first presentation is bimodal on these machines (about 106 ms or about
195 ms from page to page): svg_first_presented_modes says whether this run's PAGES pages split in two (modes:
a jump of 1.4 times or more between sorted pages, two or more each side), and if so each mode's median, page
count and first_frame_vs_svg_<low|high>_mode_ratio are printed too, so a ratio that passes only against the
slow mode shows as such.

art_ready_ms: from the first frame to the tree art (the 3.28 sprite sheets, fetched only
after that frame) being decoded and uploaded, so the next frame at a legible zoom draws it;
median of the same PAGES page loads. first_frame_geometry_only_ms: the first frame with the art
switched off (localStorage waypoint:tree-art=off), GEOMETRY_ONLY_PAGES more page loads, each just
before one of the art pages (measured all before them, a drift of the machine between the two
phases showed up as a ratio of 1.38): the art must not make the first frame slower
(first_frame_art_vs_geometry_ratio, goal <= 1 within noise).
backdrop_ready_ms: from the first frame to the tree's backdrops (the tiled background, the
ascendancy and bloodline sheets, asked for once the icons are in) being uploaded.

first_frame_ms: from the tree data being ready (bundle fetched, decoded,
adapted) to the first frame drawn and finished on the GPU; median of PAGES fresh
page loads (7: on these shared machines one page's first frame, ours or the SVG's, varies by
a factor of 2 or more, 21 to 70 ms and 105 to 227 ms in one run, and a median of 3, later of 5,
followed it). frame_ms: full redraws of what the
canvas shows (at the first camera about 1,100 nodes, 1,200 edges and 190 group discs of the
tree's 2,400 visible nodes) while panning and zooming, each waited on with a 1-pixel readPixels
so the figure covers the GPU work; 320 frames on each of the PAGES pages. The gesture (debugApi.ts
benchStep) sways and zooms in and out around the first camera, so every frame shows about as much
of the tree: one that drifted off it (until 2026-11, 5 px down per drag) made the later frames of a
run 2.5 times cheaper than the first, for ours and the SVG alike, and the SVG, which drew only the
first 120, was compared with a median over all 320 of ours. Edges are drawn at the level of detail
of the zoom (arc chords within 1 device px of the orbit, geometry.ts EdgeLod; zoomed out, the plain
ones as 1 px lines, edgesAsHairlines), as the product draws them.

frame_pipelined_ms_p50 (no goal; for comparison): the same 320 frames drawn back to back, as the
page draws them during a gesture, with one readPixels per BATCH frames, so the GPU works on one frame
while the page issues the next: each batch's ms per frame. The SVG's figure is of that kind (its
main thread, raster and compositor each work on a different frame); frame_ms_p50 waits after every
frame, and the goal (frame_vs_svg_ratio) is on that stricter figure. frame_pipelined_vs_svg_ratio
divides this one by the SVG's.

primitive_floor_ms (no goal; the machine's floor under frame_ms): the primitives one frame of ours
submits at the first camera (frame_primitives: points, lines and triangles, counted by wrapping the GL
draw calls for one redraw) drawn again on a blank page of the same browser with nothing else to do:
each under a pixel, one constant colour, no blending, one draw per kind, waited on like t.bench.
SwiftShader sets up every primitive on the CPU (about 0.4 us each here), pixels or none, so this is
what any renderer drawing these shapes one primitive each pays before its first pixel;
primitive_floor_vs_svg_ratio divides it by the SVG's frame. It is a little high: all its primitives
are on the canvas, while some of ours (a quarter of the node points at the first camera) lie in a
tile in view but off the canvas, where clipping drops them at about a third of the cost.
canvas_fill_ms: one opaque quad of one colour over the whole canvas, drawn the same way: the least
that redrawing a cached image of the tree (a texture, sampled per pixel, costs more) would take.

Our pages and the SVG's alternate (ours, the floor's, then the SVG's, PAGES times), so a change in the shared
machine's speed during the run weighs on both sides of each ratio alike.

Between page loads (ours and the SVG's alike) the bench waits SETTLE_S: a closed page's GPU
resources (the art's sprite sheets, tens of MB) are freed by the one GPU process all pages share,
and a first frame drawn meanwhile measured that teardown more than itself.

first_frame_prebuilt_ms / first_frame_built_ms and first_frame_prebuilt_vs_built_ratio (goal <= 0.7): the
first frame of a build without cluster jewels (PREBUILT_BUILD: the pipeline's geometry file applies to the tree
as shipped; cluster jewel rings change it, and the main build has them) drawn from its prebuilt geometry
(game-data/FORMAT.md, tree/prebuiltGeometry.ts), over the same page with the file switched off
(localStorage waypoint:tree-geometry=build), so the geometry worker builds it as before; PAGES pages each,
alternating, medians; both geometry-only (no art), like first_frame_geometry_only_ms. The file is read and its
layers uploaded to the prepared GPU context as soon as it comes, while the bundle is still parsed (tree/preupload.ts);
the worker's geometry, made from the bundle, comes about when the model does and is uploaded as it comes, while the
view renders (before 2026-11-29, in the first frame).
first_frame_page_built_ms and first_frame_prebuilt_vs_page_built_ratio (no goal): the same page with neither file nor
worker (waypoint:tree-geometry=page), building the geometry in its first frame as it did when issue 34 was filed.
frame_vs_floor_ratio (goal <= 1.3, printed only): frame_ms_p50 over primitive_floor_ms of the same run.

"Ready" is unchanged by the canvas being laid out early: the canvas, its context,
programs and drawing-buffer size are prepared while the data loads (they do not
depend on it); the geometry is built and uploaded inside the measured window.
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

from playwright.sync_api import sync_playwright

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from e2e.harness import ServerProcess, build_pwa, launch_chromium  # noqa: E402
from e2e.tree_helpers import (  # noqa: E402
    CANVAS,
    GEOMETRY_ONLY,
    SWIFTSHADER,
    corpus_code,
    dev_tree_url,
    tree_api,
    wait_tree_ready,
)

BUILD = "AdamZ-8113__pob-codes/flicker_strike_reliquarian_328.code.txt"
PREBUILT_BUILD = "AdamZ-8113__pob-codes/kinetic_fusillade_totems_hierophant_328.code.txt"
# Init script: the page builds the tree's geometry as if no prebuilt file were there (tree/geometryWorker.ts).
BUILT_GEOMETRY = "localStorage.setItem('waypoint:tree-geometry', 'build')"
# Init script: no file and no worker; the page builds the geometry in its first frame, as when issue 34 was filed.
PAGE_BUILT_GEOMETRY = "localStorage.setItem('waypoint:tree-geometry', 'page')"
FRAMES = 320
BATCH = 40
SVG_ARGS = ("--disable-gpu-rasterization", "--disable-frame-rate-limit", "--disable-gpu-vsync")
SETTLE_S = 1.0
# Pages of ours and of the SVG's, alternating: the first-frame ratio is of the two medians (at least 7 each).
PAGES = 7
GEOMETRY_ONLY_PAGES = 5
BLANK = "<!doctype html><html><body style='margin:0;background:#0f1113'></body></html>"

# Builds the SVG from the scene JSON (timing starts once it is parsed) and resolves with
# the first contentful paint relative to that start.
SVG_FIRST = """async (json) => {
  const seen = new Promise((resolve) => new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') resolve(e.startTime);
  }).observe({ type: 'paint', buffered: true }));
  const s = JSON.parse(json);
  const t0 = performance.now();
  const parts = [];
  for (const [x, y, r] of s.groups) parts.push(`<circle cx="${x}" cy="${y}" r="${r}" fill="#171719"/>`);
  for (const [x0, y0, x1, y1, r, sweep, on] of s.edges) {
    const d = r ? `M${x0} ${y0}A${r} ${r} 0 0 ${sweep} ${x1} ${y1}` : `M${x0} ${y0}L${x1} ${y1}`;
    parts.push(`<path d="${d}" stroke="${on ? '#d9b45a' : '#453f3a'}" stroke-width="${on ? 18 : 10}" fill="none"/>`);
  }
  for (const [x, y, r, c] of s.nodes) parts.push(`<circle cx="${x}" cy="${y}" r="${r}" fill="${c}" stroke="#544f47" stroke-width="${r * 0.2}"/>`);
  const tf = `translate(${s.width / 2} ${s.height / 2}) scale(${s.scale}) translate(${-s.center[0]} ${-s.center[1]})`;
  document.body.innerHTML = `<svg id="tree" width="${s.width}" height="${s.height}" style="display:block;background:#0f1113">` +
    `<g id="cam" transform="${tf}">${parts.join('')}</g></svg>`;
  window.__scene = s;
  return (await seen) - t0;
}"""

# Shows the cameras of t.path (the views t.bench draws, in order), one per animation frame;
# returns the frame intervals.
SVG_FRAMES_JS = """(path) => new Promise((resolve) => {
  const s = window.__scene, g = document.getElementById('cam');
  let i = 0, last = 0;
  const out = [];
  const step = (now) => {
    if (last) out.push(now - last);
    last = now;
    if (i >= path.length) return resolve(out);
    const [cx, cy, scale] = path[i];
    g.setAttribute('transform', `translate(${s.width / 2} ${s.height / 2}) scale(${scale}) translate(${-cx} ${-cy})`);
    i++;
    requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
})"""


# Counts the primitives one redraw of ours submits, by kind: the GL draw calls are wrapped for that one frame.
FRAME_PRIMITIVES = """(selector) => {
  const c = document.querySelector(selector), t = c.__tree;
  const gl = c.getContext('webgl2') || c.getContext('webgl');
  const kinds = { [gl.POINTS]: ['points', 1], [gl.LINES]: ['lines', 2], [gl.TRIANGLES]: ['triangles', 3] };
  const got = { points: 0, lines: 0, triangles: 0 };
  const add = (mode, count) => {
    if (!kinds[mode]) throw new Error(`a frame drew mode ${mode}, which the floor does not know`);
    got[kinds[mode][0]] += Math.floor(count / kinds[mode][1]);
  };
  const proto = Object.getPrototypeOf(gl);
  gl.drawElements = function (mode, count, ...rest) { add(mode, count); return proto.drawElements.call(this, mode, count, ...rest); };
  gl.drawArrays = function (mode, first, count) { add(mode, count); return proto.drawArrays.call(this, mode, first, count); };
  try { t.readPixel(1, 1); } finally { delete gl.drawElements; delete gl.drawArrays; }
  return got;
}"""

# The machine's floor for a frame of those primitives: the same counts of points, lines and triangles,
# each under a pixel (spread over a canvas of our size so none is clipped away), one constant colour,
# no blending, one draw per kind; then one opaque quad over the whole canvas. Each frame is waited on
# with a 1-pixel readPixels, as t.bench does; returns the medians in ms.
FLOOR_JS = """([counts, width, height, frames]) => {
  const canvas = document.createElement('canvas');
  canvas.width = width; canvas.height = height;
  document.body.append(canvas);
  const gl = canvas.getContext('webgl2', { alpha: false, antialias: false, depth: false, stencil: false });
  const shader = (type, src) => { const s = gl.createShader(type); gl.shaderSource(s, src); gl.compileShader(s); gl.attachShader(p, s); };
  const p = gl.createProgram();
  shader(gl.VERTEX_SHADER, 'attribute vec2 a_pos; void main() { gl_PointSize = 1.0; gl_Position = vec4(a_pos, 0.0, 1.0); }');
  shader(gl.FRAGMENT_SHADER, 'precision mediump float; void main() { gl_FragColor = vec4(0.3, 0.3, 0.3, 1.0); }');
  gl.bindAttribLocation(p, 0, 'a_pos');
  gl.linkProgram(p);
  if (!gl.getProgramParameter(p, gl.LINK_STATUS)) throw new Error(gl.getProgramInfoLog(p));
  gl.useProgram(p);
  // A quasi-random spread (Halton 2, 3) in clip space; each primitive's other corners a pixel away.
  const halton = (i, b) => { let f = 1, r = 0; for (; i > 0; i = Math.floor(i / b)) { f /= b; r += f * (i % b); } return r; };
  const px = 2 / width, py = 2 / height;
  const v = [];
  let k = 1;
  const at = () => { const x = halton(k, 2) * 1.9 - 0.95, y = halton(k, 3) * 1.9 - 0.95; k++; return [x, y]; };
  for (let i = 0; i < counts.points; i++) v.push(...at());
  for (let i = 0; i < counts.lines; i++) { const [x, y] = at(); v.push(x, y, x + px, y); }
  for (let i = 0; i < counts.triangles; i++) { const [x, y] = at(); v.push(x, y, x + px, y, x, y + py); }
  v.push(-1, -1, 1, -1, -1, 1, -1, 1, 1, -1, 1, 1);
  const buf = gl.createBuffer();
  gl.bindBuffer(gl.ARRAY_BUFFER, buf);
  gl.bufferData(gl.ARRAY_BUFFER, new Float32Array(v), gl.STATIC_DRAW);
  gl.enableVertexAttribArray(0);
  gl.vertexAttribPointer(0, 2, gl.FLOAT, false, 0, 0);
  const lines = counts.points, triangles = lines + 2 * counts.lines, fill = triangles + 3 * counts.triangles;
  const out = new Uint8Array(4);
  const timed = (draw) => {
    const ms = [];
    for (let i = 0; i < frames + 20; i++) {
      const t0 = performance.now();
      gl.clearColor(0.06, 0.07, 0.07, 1);
      gl.clear(gl.COLOR_BUFFER_BIT);
      draw();
      gl.readPixels(1, 1, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, out);
      if (i >= 20) ms.push(performance.now() - t0);
    }
    ms.sort((a, b) => a - b);
    return ms[ms.length >> 1];
  };
  const primitives = timed(() => {
    gl.drawArrays(gl.POINTS, 0, counts.points);
    gl.drawArrays(gl.LINES, lines, 2 * counts.lines);
    gl.drawArrays(gl.TRIANGLES, triangles, 3 * counts.triangles);
  });
  const canvasFill = timed(() => gl.drawArrays(gl.TRIANGLES, fill, 6));
  return { primitives, canvasFill };
}"""


def modes(values: list[float], min_ratio: float = 1.4, min_size: int = 2) -> tuple[list[float], list[float]] | None:
    """The two groups of `values` when they are bimodal, else None: sorted and cut where the next value is the
    most times the last (at least `min_ratio`), with at least `min_size` values on each side. The SVG's first
    presentation falls at about 106 ms or about 195 ms from page to page: its median then depends on which
    mode most pages hit, and the ratio with it."""
    s = sorted(values)
    best: tuple[float, int] | None = None
    for i in range(min_size, len(s) - min_size + 1):
        jump = s[i] / s[i - 1] if s[i - 1] > 0 else float("inf")
        if jump >= min_ratio and (best is None or jump > best[0]):
            best = (jump, i)
    return None if best is None else (s[: best[1]], s[best[1] :])


def first_frame_lines(first: list[float], svg_first: list[float]) -> list[str]:
    """The first-frame figures: both medians and their ratio, and, when the SVG's pages are bimodal, each mode
    with its page count and our median's ratio to it."""
    ours, svg = statistics.median(first), statistics.median(svg_first)
    out = [
        f"BENCH tree.svg_first_presented_ms {svg:.1f} ms",
        f"BENCH tree.first_frame_vs_svg_ratio {ours / svg:.2f} x",
        f"BENCH tree.first_frame_pages {len(first)} pages",
        f"BENCH tree.svg_first_presented_pages {len(svg_first)} pages",
    ]
    split = modes(svg_first)
    out.append(f"BENCH tree.svg_first_presented_modes {1 if split is None else 2} modes")
    if split is not None:
        for name, group in zip(("low", "high"), split, strict=True):
            m = statistics.median(group)
            out.append(f"BENCH tree.svg_first_presented_{name}_mode_ms {m:.1f} ms")
            out.append(f"BENCH tree.svg_first_presented_{name}_mode_pages {len(group)} pages")
            out.append(f"BENCH tree.first_frame_vs_svg_{name}_mode_ratio {ours / m:.2f} x")
    return out


def percentile(values: list[float], p: float) -> float:
    s = sorted(values)
    k = (len(s) - 1) * p
    lo, hi = int(k), min(int(k) + 1, len(s) - 1)
    return s[lo] + (s[hi] - s[lo]) * (k - lo)


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="waypoint-bench-tree-") as tmp:
        measure(Path(tmp))


def measure(tmp: Path) -> None:
    reuse = os.environ.get("WAYPOINT_E2E_PWA_DIST")
    dist = Path(reuse) if reuse else build_pwa(tmp / "dist")
    url = dev_tree_url(corpus_code(BUILD))
    with ServerProcess(dist) as server, sync_playwright() as p:
        browser = launch_chromium(p, *SWIFTSHADER)
        svg_browser = launch_chromium(p, *SVG_ARGS)
        first: list[float] = []
        art_ready: list[float] = []
        backdrop_ready: list[float] = []
        geometry_first: list[float] = []
        frames: list[float] = []
        pipelined: list[float] = []
        svg_first: list[float] = []
        svg_frames: list[float] = []
        floor: list[float] = []
        canvas_fill: list[float] = []
        prebuilt_first: list[float] = []
        built_first: list[float] = []
        page_built_first: list[float] = []
        primitives = None
        scene = None
        path: list = []
        # Our page and the SVG's alternate: the shared machine's speed drifts within minutes, and
        # measured one after the other, a drift between the two halves showed up in the ratios.
        for run in range(PAGES):
            if run < GEOMETRY_ONLY_PAGES:
                geometry_first.append(geometry_only_first_frame(browser, server.base_url, url))
            # Prebuilt geometry against the same page building it, one of each per run, the order alternating.
            prebuilt_url = dev_tree_url(corpus_code(PREBUILT_BUILD))
            pair = [
                (prebuilt_first, "prebuilt", ()),
                (built_first, "worker", (BUILT_GEOMETRY,)),
                (page_built_first, "page", (PAGE_BUILT_GEOMETRY,)),
            ]
            for into, source, init in pair if run % 2 == 0 else pair[::-1]:
                into.append(geometry_only_first_frame(browser, server.base_url, prebuilt_url, *init, source=source))
            ctx = browser.new_context(base_url=server.base_url, viewport={"width": 1400, "height": 900})
            page = ctx.new_page()
            page.goto(url)
            wait_tree_ready(page)
            first.append(tree_api(page, "t.firstFrameMs()"))
            page.wait_for_function(
                "() => document.querySelector('[data-testid=tree-canvas]').__tree.art().readyMs !== null",
                timeout=60_000,
            )
            art_ready.append(tree_api(page, "t.art().readyMs"))
            page.wait_for_function(
                "() => document.querySelector('[data-testid=tree-canvas]').__tree.art().backdropReadyMs !== null",
                timeout=60_000,
            )
            backdrop_ready.append(tree_api(page, "t.art().backdropReadyMs"))
            if run == 0:
                tree_api(page, "t.bench(30)")  # warm-up: shader and JIT caches
            frames += tree_api(page, f"t.bench({FRAMES})")
            pipelined += tree_api(page, f"t.bench({FRAMES}, {BATCH})")
            if scene is None:
                scene = tree_api(page, "JSON.stringify(t.scene())")
                path = tree_api(page, f"t.path({FRAMES})")
                primitives = page.evaluate(FRAME_PRIMITIVES, CANVAS)
            ctx.close()
            time.sleep(SETTLE_S)
            floor_page(browser, primitives, json.loads(scene), floor, canvas_fill)
            svg_page(svg_browser, scene, path, run, svg_first, svg_frames)
        browser.close()
        svg_browser.close()
    print(f"BENCH tree.first_frame_ms {statistics.median(first):.1f} ms", flush=True)
    print(f"BENCH tree.first_frame_geometry_only_ms {statistics.median(geometry_first):.1f} ms", flush=True)
    ratio = statistics.median(first) / statistics.median(geometry_first)
    print(f"BENCH tree.first_frame_art_vs_geometry_ratio {ratio:.2f} x", flush=True)
    print(f"BENCH tree.art_ready_ms {statistics.median(art_ready):.1f} ms", flush=True)
    print(f"BENCH tree.backdrop_ready_ms {statistics.median(backdrop_ready):.1f} ms", flush=True)
    print(f"BENCH tree.frame_ms_p50 {percentile(frames, 0.5):.2f} ms", flush=True)
    print(f"BENCH tree.frame_ms_p95 {percentile(frames, 0.95):.2f} ms", flush=True)
    print(f"BENCH tree.frames_measured {len(frames)} frames", flush=True)
    svg_frame_ms = percentile(svg_frames, 0.5)
    # Every page's figure, in the order measured (ours and the SVG's alternate), to read the modes from.
    print(f"tree first frames (ms), ours: {[round(v, 1) for v in first]}", flush=True)
    print(f"tree first presentations (ms), SVG: {[round(v, 1) for v in svg_first]}", flush=True)
    for line in first_frame_lines(first, svg_first):
        print(line, flush=True)
    print(f"BENCH tree.svg_frame_ms_p50 {svg_frame_ms:.2f} ms", flush=True)
    print(f"BENCH tree.frame_vs_svg_ratio {percentile(frames, 0.5) / svg_frame_ms:.2f} x", flush=True)
    print(f"BENCH tree.frame_pipelined_ms_p50 {percentile(pipelined, 0.5):.2f} ms", flush=True)
    print(
        f"BENCH tree.frame_pipelined_vs_svg_ratio {percentile(pipelined, 0.5) / svg_frame_ms:.2f} x",
        flush=True,
    )
    print(f"BENCH tree.frame_primitives {sum(primitives.values())} primitives", flush=True)
    print(f"BENCH tree.primitive_floor_ms {statistics.median(floor):.2f} ms", flush=True)
    print(
        f"BENCH tree.primitive_floor_vs_svg_ratio {statistics.median(floor) / svg_frame_ms:.2f} x", flush=True
    )
    print(f"BENCH tree.canvas_fill_ms {statistics.median(canvas_fill):.2f} ms", flush=True)
    print(
        f"BENCH tree.frame_vs_floor_ratio {percentile(frames, 0.5) / statistics.median(floor):.2f} x", flush=True
    )
    print(f"tree first frames (ms), prebuilt geometry: {[round(v, 1) for v in prebuilt_first]}", flush=True)
    print(f"tree first frames (ms), geometry built: {[round(v, 1) for v in built_first]}", flush=True)
    print(f"BENCH tree.first_frame_prebuilt_ms {statistics.median(prebuilt_first):.1f} ms", flush=True)
    print(f"BENCH tree.first_frame_built_ms {statistics.median(built_first):.1f} ms", flush=True)
    ratio = statistics.median(prebuilt_first) / statistics.median(built_first)
    print(f"BENCH tree.first_frame_prebuilt_vs_built_ratio {ratio:.2f} x", flush=True)
    print(f"tree first frames (ms), geometry built in the page: {[round(v, 1) for v in page_built_first]}", flush=True)
    print(f"BENCH tree.first_frame_page_built_ms {statistics.median(page_built_first):.1f} ms", flush=True)
    ratio = statistics.median(prebuilt_first) / statistics.median(page_built_first)
    print(f"BENCH tree.first_frame_prebuilt_vs_page_built_ratio {ratio:.2f} x", flush=True)


def geometry_only_first_frame(browser, base_url: str, url: str, *init: str, source: str | None = None) -> float:
    """The first frame of a page load with the tree art switched off (and `init` scripts run first);
    `source`: where its geometry must have come from (t.geometrySource())."""
    ctx = browser.new_context(base_url=base_url, viewport={"width": 1400, "height": 900})
    page = ctx.new_page()
    for script in (GEOMETRY_ONLY, *init):
        page.add_init_script(script)
    page.goto(url)
    wait_tree_ready(page)
    ms = tree_api(page, "t.firstFrameMs()")
    if source is not None:
        got = tree_api(page, "t.geometrySource()")
        assert got == source, f"the first frame's geometry came from {got}, not {source}"
    ctx.close()
    time.sleep(SETTLE_S)
    return ms


@contextmanager
def blank_page(browser, host: str):
    """A blank page of `browser` at http://{host}/ (served by the route, no server), closed with its context."""
    ctx = browser.new_context(viewport={"width": 1400, "height": 900})
    page = ctx.new_page()
    page.route(f"http://{host}/", lambda route: route.fulfill(body=BLANK, content_type="text/html"))
    page.goto(f"http://{host}/")
    try:
        yield page
    finally:
        ctx.close()
        time.sleep(SETTLE_S)


def floor_page(browser, primitives: dict, scene: dict, floor: list[float], canvas_fill: list[float]) -> None:
    """The machine's floor for our frame, in the same browser (FLOOR_JS): its primitives alone, and one fill of the canvas."""
    with blank_page(browser, "floor.bench") as page:
        got = page.evaluate(FLOOR_JS, [primitives, scene["width"], scene["height"], FRAMES])
    floor.append(got["primitives"])
    canvas_fill.append(got["canvasFill"])


def svg_page(browser, scene: str, path: list, run: int, first: list[float], frames: list[float]) -> None:
    """The same scene as one SVG in the CPU-raster Chromium: its first presentation and its frame intervals
    along `path`, the cameras our frames were drawn at."""
    size = json.loads(scene)
    with blank_page(browser, "svg.bench") as page:
        first.append(page.evaluate(SVG_FIRST, scene))
        shapes = len(size["nodes"]) + len(size["edges"]) + len(size["groups"])
        assert page.locator("#cam > *").count() == shapes
        if run == 0:
            page.evaluate(SVG_FRAMES_JS, path[:30])  # warm-up, like the WebGL side
        frames += page.evaluate(SVG_FRAMES_JS, path)


if __name__ == "__main__":
    main()
