"""Every build on its own tree, in Chromium (SwiftShader): a 3.12, a 3.27 and a 3.28 build
each drawn on its own version's bundle (pixels at the projected allocated nodes), a cluster
jewel's ring drawn with its allocated passives and its notables named on hover, and both
again offline after one visit.
"""

from __future__ import annotations

import re

import pytest
from lxml import etree
from playwright.sync_api import expect

from e2e.test_tree import brightness, canvas_size, click_node, on_screen, open_tree, screenshot
from e2e.tree_helpers import (
    CORPUS,
    GEOMETRY_ONLY,
    build_view_url,
    corpus_specs,
    project,
    tree_api,
    tree_bundle,
    wait_tree_ready,
)

# (corpus file, the version its landing step is on): each is drawn on exactly that tree.
OWN_VERSION = [
    ("FWidm__PobBin/resources_ziz_huge_build.xml", "3.12"),
    ("AdamZ-8113__pob-codes/sanavixx_cyclone_shockwave_slayer_328.code.txt", "3.27"),
    ("AdamZ-8113__pob-codes/flicker_strike_reliquarian_328.code.txt", "3.28"),
]
CLUSTERED = "AdamZ-8113__pob-codes/voices_nested_clusters_328.code.txt"


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


def landing_spec(relpath: str):
    """The spec the product page lands on: the last one (as open_tree documents)."""
    return corpus_specs(relpath)[-1]


def assert_drawn_on_own_tree(page, relpath: str, version: str) -> None:
    assert_spec_drawn_on_own_tree(page, landing_spec(relpath), version)


def assert_spec_drawn_on_own_tree(page, spec, version: str) -> None:
    assert spec.tree_version.replace("_", ".") == version
    assert tree_api(page, "t.version") == version
    expect(page.get_by_test_id("tree-version-notice")).to_have_count(0)
    b = tree_bundle(version)
    known = [i for i in spec.nodes if i in b.pos and b.ascendancy[i] is None and b.kind[i] != "mastery"]
    # Every passive of the spec is on its own version's tree (cluster ones have ids from 65536).
    assert all(i in b.pos for i in spec.nodes if i < 65536)
    target = next(i for i in known if b.kind[i] in ("notable", "keystone"))
    click_node(page, target)
    camera = tree_api(page, "t.camera()")
    page.mouse.move(2, 2)
    w, h = canvas_size(page)
    for i in known[:10]:  # the page projects with this version's geometry, as we do from its bundle
        px, py = tree_api(page, f"t.project({i})")
        ex, ey = project(b, camera, w, h, i)
        assert (px, py) == (pytest.approx(ex, abs=0.01), pytest.approx(ey, abs=0.01))
    allocated = on_screen(page, b, camera, known)
    assert len(allocated) >= 5
    for node_id, x, y in allocated:
        assert brightness(tree_api(page, f"t.readPixel({x}, {y})")) > 350, (version, node_id, b.name[node_id])


@pytest.mark.parametrize("relpath,version", OWN_VERSION, ids=[v for _, v in OWN_VERSION])
def test_a_build_is_drawn_on_its_own_version(tree_page, relpath, version):
    page = tree_page
    open_tree(page, relpath)
    assert_drawn_on_own_tree(page, relpath, version)
    screenshot(page, f"tree-own-version-{version}")
    assert page.errors == []


def jewel_notables(relpath: str) -> set[str]:
    """Notable names of the build's cluster jewels, read from the XML's item text."""
    root = etree.fromstring((CORPUS / relpath.replace(".code.txt", ".xml")).read_bytes(), etree.XMLParser(resolve_entities=False, no_network=True))
    names = set()
    for item in root.findall("./Items/Item"):
        text = item.text or ""
        if "Cluster Jewel" in text:
            names |= set(re.findall(r"^\s*(?:\{[^}]*\})*1 Added Passive Skill is (.+?)\s*$", text, re.M))
    return {n for n in names if n != "a Jewel Socket"}


def cluster_stats(name: str) -> list[str]:
    import json

    from e2e.harness import REPO

    dist = REPO / "game-data" / "dist"
    manifest = json.loads((dist / "manifest.json").read_text())
    return json.loads((dist / manifest["files"]["clusters"]).read_text())["notables"][name]["stats"]


def test_cluster_jewel_rings_are_drawn_and_name_their_notables(tree_page):
    page = tree_page
    canvas = open_tree(page, CLUSTERED)
    spec = landing_spec(CLUSTERED)
    cluster_ids = sorted(i for i in spec.nodes if i >= 65536)
    assert len(cluster_ids) >= 10
    # Every cluster passive is on the tree now: no notice counts them.
    expect(page.get_by_test_id("tree-version-notice")).to_have_count(0)
    for i in cluster_ids:
        assert tree_api(page, f"t.project({i})") is not None, i
        assert tree_api(page, f"t.state({i}).flags") & 1, i  # Active
    wanted = jewel_notables(CLUSTERED)
    assert wanted
    named = set()
    for i in cluster_ids:
        click_node(page, i)
        x, y = tree_api(page, f"t.project({i})")
        page.mouse.move(2, 2)
        assert brightness(tree_api(page, f"t.readPixel({x}, {y})")) > 350, i
        canvas.hover(position={"x": x + 1, "y": y + 1})
        expect(page.get_by_test_id("tree-tooltip")).to_be_visible()
        name = page.get_by_test_id("tree-tooltip-name").inner_text()
        if name in wanted:
            named.add(name)
            # The notable's own text (the tree's cluster templates, via the clusters bundle) is in the tooltip.
            expect(page.get_by_test_id("tree-tooltip")).to_contain_text(cluster_stats(name)[0].split("\n")[0])
        if len(named) >= 3:
            break
    assert len(named) >= 3, named
    screenshot(page, "tree-cluster-jewels")
    assert page.errors == []


def test_own_versions_and_clusters_work_offline_after_one_visit(gl_browser, live_server):
    from e2e.pwa_support import wait_for_service_worker

    ctx = gl_browser.new_context(base_url=live_server.base_url, viewport={"width": 1400, "height": 900})
    page = ctx.new_page()
    page.set_default_timeout(30_000)
    page.add_init_script(GEOMETRY_ONLY)
    try:
        visits = [(build_view_url(page, rel), rel, v) for rel, v in OWN_VERSION[:2]]
        visits.append((build_view_url(page, CLUSTERED), CLUSTERED, "3.28"))
        page.goto("/build/browse")
        wait_for_service_worker(page)
        for url, _, version in visits:
            page.goto(url)
            page.get_by_test_id("tab-tree").click()
            wait_tree_ready(page)
            assert tree_api(page, "t.version") == version
        ctx.set_offline(True)
        for url, relpath, version in visits:
            page.goto(url)
            page.get_by_test_id("tab-tree").click()
            wait_tree_ready(page)
            if relpath == CLUSTERED:
                first = min(i for i in landing_spec(relpath).nodes if i >= 65536)
                assert tree_api(page, f"t.project({first})") is not None
                expect(page.get_by_test_id("tree-version-notice")).to_have_count(0)
            else:
                assert_drawn_on_own_tree(page, relpath, version)
    finally:
        ctx.close()


def test_the_newest_tree_is_pinned_offline_after_the_tree_cache_evicted_it(gl_browser, live_server):
    """The newest tree is pinned at start in a cache of its own (cacheBudget.ts): once the least-recently-used
    tree cache has evicted it (six other trees viewed), a 3.28 build's tree still draws offline, from the pin."""
    import json

    from e2e.harness import REPO
    from e2e.pwa_support import wait_for_service_worker, wait_until

    relpath, version = OWN_VERSION[2]
    files = json.loads((REPO / "game-data" / "dist" / "manifest.json").read_text())["files"]
    newest = files[f"tree/{version}"]
    ctx = gl_browser.new_context(base_url=live_server.base_url, viewport={"width": 1400, "height": 900})
    page = ctx.new_page()
    page.set_default_timeout(30_000)
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.add_init_script(GEOMETRY_ONLY)
    try:
        url = build_view_url(page, relpath)
        page.goto("/build/browse")
        wait_for_service_worker(page)
        keys = "async (name) => (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname)"
        # Polled from here: wait_for_function takes an async predicate's promise as a truthy answer at once.
        # The bundle and its prebuilt geometry (tree/prebuiltGeometry.ts), pinned together.
        both = sorted(f"/game-data/{f}" for f in (newest, files.get(f"geometry/tree/{version}")) if f)
        pinned = wait_until(
            lambda: sorted(page.evaluate(keys, "game-data-tree-newest")) == both or None, message="the pinned tree"
        )
        assert pinned
        page.goto(url)  # the build and its tree are seen once online, so Dexie and the worker hold what they need
        page.get_by_test_id("tab-tree").click()
        wait_tree_ready(page)
        # What the eviction does (Workbox's expiration deletes the entry); the browser's HTTP cache goes too,
        # or its copy of the immutable bundle would answer offline whatever the worker's caches hold.
        page.evaluate(f"async () => (await caches.open('game-data-trees')).delete('/game-data/{newest}')")
        assert f"/game-data/{newest}" not in page.evaluate(keys, "game-data-trees")
        ctx.new_cdp_session(page).send("Network.clearBrowserCache")

        ctx.set_offline(True)
        page.goto(url)
        page.get_by_test_id("tab-tree").click()
        wait_tree_ready(page)
        assert_drawn_on_own_tree(page, relpath, version)
        # Answered from the pin, not put back into the tree cache.
        assert f"/game-data/{newest}" not in page.evaluate(keys, "game-data-trees")
        assert errors == []
    finally:
        ctx.close()
