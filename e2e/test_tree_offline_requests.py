"""An offline tree view asks only for what it draws (issue 34: once, an offline 3.28 build asked for
`tree-alternate-3.26` and got no answer).

Two paths asked for trees a view would not draw: the start's cache warming walked every bundle of the
manifest, trees and their variants among them, one after another (until 24c9b94), so a page taken offline
while it walked saw its request of the moment (tree-alternate-3.26) fail; and the alternate-ascendancy
tree was fetched to compare whenever a build allocated passives its plain tree lacked, also for a build
drawn on a version it was not made on (offline that fetch failed, and the view with it; fixed in
data/gameData.ts). Here, under the service worker and offline (context.set_offline), every request of the page, its
workers and the service worker is collected: a seeded 3.28 and a 3.27 build on /build/view/{slug} ask for
their own version's tree file only (no other version's, no variant, no node index) and draw; a build of a
version we lack (3.29) with the alternate 3.28 tree's Scavenger passives asks for the plain 3.28 tree only
and draws on it.
"""

from __future__ import annotations

import base64
import json
import re
import zlib

from e2e.harness import REPO
from e2e.pwa_support import wait_for_service_worker
from e2e.tree_helpers import CORPUS, GEOMETRY_ONLY, build_view_url, dev_tree_url, tree_api, wait_tree_ready

FLICKER_328 = "AdamZ-8113__pob-codes/flicker_strike_reliquarian_328.code.txt"
SANAVIXX_327 = "AdamZ-8113__pob-codes/sanavixx_cyclone_shockwave_slayer_328.code.txt"
# Tree bundles and their prebuilt geometry ("tree-3.28.<hash>.json", ".bin"), variants, the node index.
NEWEST = "3.28"
TREE_FILE = re.compile(r"/game-data/(tree-[^/]+|node-index\.[^/]+)$")


def manifest_files() -> dict[str, str]:
    return json.loads((REPO / "game-data" / "dist" / "manifest.json").read_text())["files"]


def own_files(files: dict[str, str], version: str) -> set[str]:
    """The files a view of `version` draws: its plain tree and, when the manifest names one, its geometry."""
    return {files[k] for k in (f"tree/{version}", f"geometry/tree/{version}") if k in files}


def tree_files(urls: list[str]) -> set[str]:
    return {m.group(1) for u in urls if (m := TREE_FILE.search(u.split("?")[0]))}


def open_offline_twice(gl_browser, live_server, url_of):
    """Visit once online under the service worker, then again offline; the tree files asked for offline."""
    ctx = gl_browser.new_context(base_url=live_server.base_url, viewport={"width": 1400, "height": 900})
    page = ctx.new_page()
    page.set_default_timeout(30_000)
    page.add_init_script(GEOMETRY_ONLY)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    asked: list[str] = []
    # The context sees the page's, its dedicated workers' and the service worker's requests.
    ctx.on("request", lambda r: asked.append(r.url))
    url = url_of(page)
    page.goto("/build/browse")
    wait_for_service_worker(page)
    return ctx, page, url, asked, errors


def view(page, url: str) -> None:
    page.goto(url)
    if "/build/view/" in url:
        page.get_by_test_id("tab-tree").click()
    wait_tree_ready(page)


def test_an_offline_build_view_asks_for_its_own_version_only(gl_browser, live_server):
    files = manifest_files()
    for relpath, version in ((FLICKER_328, "3.28"), (SANAVIXX_327, "3.27")):
        ctx, page, url, asked, errors = open_offline_twice(
            gl_browser, live_server, lambda p, rel=relpath: build_view_url(p, rel)
        )
        try:
            view(page, url)
            assert tree_api(page, "t.version") == version
            # Online too, the start and the view ask for no tree but this one and the newest (pinned for offline,
            # data/gameData.ts warmNewestTree); the start's cache warming takes the node index, never a tree
            # (it once walked every tree, tree-alternate-3.26 among them, and a page gone offline saw it fail).
            online = tree_files(asked)
            extra = online - own_files(files, version) - own_files(files, NEWEST) - {files["node-index"]}
            assert not extra, (version, len(extra), sorted(extra)[:6])
            ctx.set_offline(True)
            asked.clear()
            view(page, url)
            assert tree_api(page, "t.version") == version
            got = tree_files(asked)
            # Its own tree is asked for (page or worker, from the service worker's cache), and nothing else.
            assert files[f"tree/{version}"] in got, (version, sorted(got))
            assert got <= own_files(files, version), (version, sorted(got - own_files(files, version)))
            assert errors == []
        finally:
            ctx.close()


def scavenger_build_code() -> tuple[str, list[int]]:
    """The 3.28 Flicker Strike export relabelled 3.29 (a version we lack), with eight passives only the
    alternate 3.28 tree has (Scavenger's, in the Ascendant's slot)."""
    dist = REPO / "game-data" / "dist"
    files = manifest_files()
    alt = json.loads((dist / files["tree-alternate/3.28"]).read_text())
    plain = set(json.loads((dist / files["tree/3.28"]).read_text())["nodes"]["id"])
    ascendant = [a["id"] for a in alt["ascendancies"]].index("Ascendant")
    scavenger = [
        i
        for i, a in zip(alt["nodes"]["id"], alt["nodes"]["ascendancy"], strict=True)
        if a == ascendant and i not in plain
    ][:8]
    assert len(scavenger) == 8
    code = (CORPUS / FLICKER_328).read_text().strip()
    xml = zlib.decompress(base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))).decode()
    spec = re.search(r'<Spec [^>]*treeVersion="3_28"[^>]*>', xml)
    assert spec, "the export's spec"
    tag = spec.group(0).replace('treeVersion="3_28"', 'treeVersion="3_29"')
    tag = re.sub(r'nodes="([^"]*)"', lambda m: f'nodes="{m.group(1)},{",".join(map(str, scavenger))}"', tag)
    xml = xml.replace(spec.group(0), tag)
    return base64.urlsafe_b64encode(zlib.compress(xml.encode())).decode(), scavenger


def test_a_build_on_a_version_we_lack_asks_for_no_alternate_tree_offline(gl_browser, live_server):
    files = manifest_files()
    code, scavenger = scavenger_build_code()
    ctx, page, url, asked, errors = open_offline_twice(gl_browser, live_server, lambda _: dev_tree_url(code))
    try:
        view(page, url)
        ctx.set_offline(True)
        asked.clear()
        view(page, url)
        # Drawn on the plain 3.28 tree (the one holding the most of its passives), which lacks Scavenger's.
        assert tree_api(page, "t.version") == "3.28"
        assert tree_api(page, f"t.project({scavenger[0]})") is None
        got = tree_files(asked)
        assert files["tree/3.28"] in got, sorted(got)
        assert got <= own_files(files, "3.28") | {files["node-index"]}, sorted(got - own_files(files, "3.28"))
        assert errors == []
    finally:
        ctx.close()
