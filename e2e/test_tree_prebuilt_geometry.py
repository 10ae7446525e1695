"""The tree's first frame from its prebuilt geometry (issue 34): the file the game-data pipeline wrote
beside the tree bundle (pwa/src/tree/prebuiltGeometry.ts, game-data/FORMAT.md) is fetched and drawn as
it is, the geometry worker never started; a file that fails, or the bench's switch, leaves the worker to
build it as before; offline, the service worker answers the file from its tree cache.

A build without cluster jewels (whose rings change the tree, so its geometry is still built in the worker):
the 3.28 Kinetic Fusillade Hierophant of the corpus.
"""

from __future__ import annotations

import json
import re

from e2e.harness import REPO
from e2e.pwa_support import wait_for_service_worker
from e2e.tree_helpers import (
    GEOMETRY_ONLY,
    build_view_url,
    corpus_code,
    dev_tree_url,
    pump_until,
    tree_api,
    wait_tree_ready,
)

HIEROPHANT = "AdamZ-8113__pob-codes/kinetic_fusillade_totems_hierophant_328.code.txt"
FLICKER = "AdamZ-8113__pob-codes/flicker_strike_reliquarian_328.code.txt"  # with cluster jewels
WORKER_SCRIPT = re.compile(r"/assets/geometry\.worker-[^/]*\.js$")
BUILT = "localStorage.setItem('waypoint:tree-geometry', 'build')"


def geometry_file() -> str:
    files = json.loads((REPO / "game-data" / "dist" / "manifest.json").read_text())["files"]
    return files["geometry/tree/3.28"]


def open_tree(gl_browser, live_server, *init: str, service_workers: str = "block"):
    ctx = gl_browser.new_context(
        base_url=live_server.base_url, viewport={"width": 1400, "height": 900}, service_workers=service_workers
    )
    page = ctx.new_page()
    page.set_default_timeout(30_000)
    for script in (GEOMETRY_ONLY, *init):
        page.add_init_script(script)
    asked: list[str] = []
    ctx.on("request", lambda r: asked.append(r.url))
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    return ctx, page, asked, errors


def test_a_tree_without_cluster_jewels_is_drawn_from_its_prebuilt_geometry(gl_browser, live_server):
    ctx, page, asked, errors = open_tree(gl_browser, live_server)
    try:
        page.goto(dev_tree_url(corpus_code(HIEROPHANT)))
        wait_tree_ready(page)
        assert tree_api(page, "t.version") == "3.28"
        assert tree_api(page, "t.geometrySource()") == "prebuilt"
        assert any(u.endswith("/game-data/" + geometry_file()) for u in asked), "the geometry file was not fetched"
        assert not any(WORKER_SCRIPT.search(u) for u in asked), "the geometry worker was started all the same"
        stats = tree_api(page, "t.stats()")
        assert stats["geometryUploads"] == 1 and stats["geometryBytes"] > 200_000, stats
        assert errors == []
    finally:
        ctx.close()


def test_a_prebuilt_file_read_before_its_bundle_is_uploaded_before_the_first_frame(gl_browser, live_server):
    # The bundle is held until the file has come: the file is read and its layers go to the prepared GPU
    # context then (preupload.ts), so the renderer takes them instead of uploading them in the first frame.
    ctx, page, asked, errors = open_tree(gl_browser, live_server)
    try:
        held = []
        page.route(re.compile(r".*/game-data/tree-3\.28\.[0-9a-f]+\.json$"), lambda route: held.append(route))
        came: list[str] = []
        page.on("requestfinished", lambda r: came.append(r.url))
        # The player's route: the seeded build's page, its Skill Tree tab.
        page.goto(build_view_url(page, HIEROPHANT))
        page.get_by_test_id("tab-tree").click()
        pump_until(page, lambda: held and any(u.endswith("/game-data/" + geometry_file()) for u in came), message="the file, the bundle held")
        held[0].continue_()
        wait_tree_ready(page)
        assert tree_api(page, "t.geometrySource()") == "prebuilt"
        stats = tree_api(page, "t.stats()")
        # The edges' vertices alone are about 400 KB; the node quads (zoomed in) are not among them.
        assert stats["preuploadedBytes"] > 400_000, stats
        assert stats["preuploadedBytes"] <= stats["geometryBytes"], stats
        assert errors == []
    finally:
        ctx.close()


def test_a_geometry_file_that_fails_or_is_switched_off_leaves_the_worker_to_build_it(gl_browser, live_server):
    # A damaged file (another magic), then the bench's switch: the worker builds the geometry, and the tree draws.
    ctx, page, asked, errors = open_tree(gl_browser, live_server)
    try:
        page.route(re.compile(r".*/game-data/tree-[^/]+\.bin$"), lambda route: route.fulfill(body=b"not geometry", status=200))
        page.goto(dev_tree_url(corpus_code(HIEROPHANT)))
        wait_tree_ready(page)
        assert tree_api(page, "t.geometrySource()") == "worker"
        assert any(WORKER_SCRIPT.search(u) for u in asked)
        assert errors == []
    finally:
        ctx.close()
    ctx, page, asked, errors = open_tree(gl_browser, live_server, BUILT)
    try:
        page.goto(dev_tree_url(corpus_code(HIEROPHANT)))
        wait_tree_ready(page)
        assert tree_api(page, "t.geometrySource()") == "worker"
        assert not any(u.endswith(".bin") for u in asked), "the switch still fetched the geometry file"
        # The worker's answer went to the prepared GPU context as it came, before the view made its canvas.
        stats = tree_api(page, "t.stats()")
        assert stats["preuploadedBytes"] > 400_000 and stats["geometryBytes"] > 200_000, stats
        assert stats["preuploadedBytes"] <= stats["geometryBytes"], stats
    finally:
        ctx.close()


def test_a_tree_with_cluster_jewels_is_built_in_the_worker_from_the_file_s_edges(gl_browser, live_server):
    # The rings change the tree: the worker builds its geometry, taking the base tree's edges from the file.
    ctx, page, asked, errors = open_tree(gl_browser, live_server)
    try:
        page.goto(dev_tree_url(corpus_code(FLICKER)))
        wait_tree_ready(page)
        assert tree_api(page, "t.geometrySource()") == "worker"
        assert any(WORKER_SCRIPT.search(u) for u in asked)
        assert any(u.endswith("/game-data/" + geometry_file()) for u in asked), "the worker did not read the file"
        # With its rings, uploaded ahead too (preupload.ts).
        assert tree_api(page, "t.stats()")["preuploadedBytes"] > 400_000
        assert errors == []
    finally:
        ctx.close()


def test_the_prebuilt_geometry_is_drawn_offline_after_one_visit(gl_browser, live_server):
    ctx, page, asked, errors = open_tree(gl_browser, live_server, service_workers="allow")
    try:
        url = dev_tree_url(corpus_code(HIEROPHANT))
        page.goto("/build/browse")
        wait_for_service_worker(page)
        page.goto(url)
        wait_tree_ready(page)
        assert tree_api(page, "t.geometrySource()") == "prebuilt"
        ctx.set_offline(True)
        asked.clear()
        page.goto(url)
        wait_tree_ready(page)
        # From the service worker's tree cache (app/cacheBudget.ts), not built again.
        assert tree_api(page, "t.geometrySource()") == "prebuilt"
        assert any(u.endswith("/game-data/" + geometry_file()) for u in asked)
        assert errors == []
    finally:
        ctx.close()
