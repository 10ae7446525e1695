"""The build view's Character tabs in Chromium against the real server: the selected demo character's
gear, choices and passive tree (its jewels in their sockets) beside the build, the compare, the
offline copy, and the official server's 429.

Expectations are read here from the raw sources, independently of the PWA: the official-API sample
the demo characters are built from, and the official 3.28 tree export (its jewel slot list).
"""

from __future__ import annotations

import gzip
import json
import re

import pytest
from lxml import etree
from playwright.sync_api import expect

from e2e.harness import SHARED, screenshot
from e2e.pwa_support import (
    WIDTHS,
    app_page,
    corpus_xml_for_code,
    login,
    try_again_until,
    unique_name,
    wait_for_service_worker,
)
from e2e.test_pwa_tracker import (
    SAMPLE,
    axe_serious,
    character_cluster_passives,
    hierophant_expectations,
    nested_socket_ids,
    pick_character,
    tree_ids,
)
from e2e.tree_helpers import CANVAS, tree_api, wait_idle, wait_tree_ready

TREE_EXPORT = SHARED / "game-data" / "trees" / "3_28.json.gz"


@pytest.fixture(scope="module")
def hierophant(live_server):
    return hierophant_expectations(live_server)


@pytest.fixture(scope="module")
def jewels():
    """Where the sample's jewels sit: main-tree sockets, sockets inside cluster jewels (drawn on their
    rings), and the cluster notables the character allocated (jewel_data subgraph nodes in hashes_ex)."""
    raw = json.loads(SAMPLE.read_text())["character"]
    tree = json.loads(gzip.decompress(TREE_EXPORT.read_bytes()))
    placed, in_clusters = {}, []
    for j in raw["jewels"]:
        socket = tree["jewelSlots"][j["x"]]
        group = tree["groups"][str(tree["nodes"][str(socket)]["group"])]
        if group.get("isProxy"):
            in_clusters.append(j["name"] or j["typeLine"])
        else:
            placed[socket] = (j["name"], j["typeLine"])
    ex = {str(h) for h in raw["passives"]["hashes_ex"]}
    notables = sorted(
        n["name"]
        for info in raw["passives"]["jewel_data"].values()
        for key, n in ((info.get("subgraph") or {}).get("nodes") or {}).items()
        if key in ex and n.get("isNotable")
    )
    return {"placed": placed, "in_clusters": in_clusters, "cluster_notables": notables}


def open_tab(page, name: str) -> None:
    page.get_by_test_id(f"tab-{name}").click()


def open_tree_with_demo(page, user: str, slug: str, tab: str) -> None:
    """Signed in with the demo Hierophant chosen, the build's Skill Tree at its `tab` (character, compare)."""
    login(page, unique_name(user))
    page.evaluate("() => localStorage.setItem('waypoint:selected-character', 'demo-hierophant')")
    page.goto(f"/build/view/{slug}")
    open_tab(page, "tree")
    page.get_by_test_id(f"tree-{tab}-tab").click()


@pytest.mark.parametrize("width", WIDTHS)
def test_character_tabs_beside_the_build(browser, live_server, hierophant, jewels, width):
    info = hierophant["info"]
    with app_page(browser, live_server.base_url, width) as page:
        login(page, unique_name("ViewChar"))
        wait_for_service_worker(page)
        page.goto(f"/build/view/{info['slug']}")
        page.get_by_test_id("build-view").wait_for()

        # No character chosen yet: the Character tab offers the picker.
        page.get_by_test_id("equipment-character-tab").click()
        prompt = page.get_by_test_id("character-select-prompt")
        expect(prompt).to_contain_text("Please select a character")
        screenshot(page, f"view-character-prompt-{width}")
        bad = axe_serious(page, "[data-testid=build-view]")
        assert not bad, "\n".join(x[:300] for x in bad)
        pick_character(page, prompt, "DemoHierophant")

        # Equipment: the character's own gear in the paper-doll.
        expect(page.get_by_test_id("view-character")).to_have_attribute("data-character", "DemoHierophant")
        expect(page.get_by_test_id("equipment-character")).to_contain_text("Grace of the Goddess")
        screenshot(page, f"view-character-equipment-{width}")

        # Choices: the character's, and the compare against the build (Help Alira vs Eramir).
        open_tab(page, "choices")
        page.get_by_test_id("choices-character-tab").click()
        expect(page.get_by_test_id("character-choices")).to_contain_text("Kill All")
        # The one passive-point model: level 99 has 98 level-ups and all 24 campaign points (Eramir: kill all).
        expect(page.get_by_test_id("character-passive-points")).to_have_text(
            "122 passive points at level 99 (98 from levels, 24 from quests; Kill all bandits)"
        )
        page.get_by_test_id("choices-compare-tab").click()
        expect(page.get_by_test_id("choice-compare").first).to_have_text("Build requested Help Alira, you chose Kill All")
        screenshot(page, f"view-character-choices-{width}")

        # Skill Tree: Build, Character and Compare; the character's jewels in their sockets (nested ones
        # included) and its cluster jewel rings drawn, their notables named, none left uncounted.
        open_tab(page, "tree")
        expect(page.get_by_test_id("tracker-tree")).to_be_visible()
        page.get_by_test_id("tree-character-tab").click()
        mine = page.get_by_test_id("character-tree")
        expect(mine).to_have_attribute("data-jewels", str(len(jewels["placed"]) + len(jewels["in_clusters"])))
        expect(mine).to_have_attribute("data-cluster-passives", "0")
        assert jewels["cluster_notables"]
        notables = page.get_by_test_id("character-cluster-notables")
        expect(notables).to_have_text("Cluster jewel notables: " + ", ".join(jewels["cluster_notables"]))
        expect(page.get_by_test_id("character-unplaced-jewels")).to_have_count(0)
        expect(page.get_by_test_id("passive-tree")).not_to_contain_text("cluster jewel passive")
        page.get_by_test_id("tree-compare-tab").click()
        expect(page.get_by_test_id("count-missing")).to_have_text(str(hierophant["missing"]))
        expect(page.get_by_test_id("count-extra")).to_have_text(str(hierophant["extra"]))
        expect(page.get_by_test_id("count-both")).to_have_text(str(hierophant["both"]))
        screenshot(page, f"view-character-tree-compare-{width}")
        bad = axe_serious(page, "[data-testid=build-view]")
        assert not bad, "\n".join(x[:300] for x in bad)

        # Offline: the character comes from the cache, with its age.
        page.context.set_offline(True)
        page.reload()
        page.get_by_test_id("build-view").wait_for()
        page.get_by_test_id("equipment-character-tab").click()
        expect(page.get_by_test_id("equipment-character")).to_contain_text("Grace of the Goddess")
        expect(page.get_by_test_id("view-character-age")).to_contain_text("Offline: character data as of")
        screenshot(page, f"view-character-offline-{width}")
        page.context.set_offline(False)


def test_character_jewel_tooltip_in_its_socket(gl_browser, live_server, hierophant, jewels):
    """A jewel the character has socketed shows its item tooltip at its socket on the Character tree."""
    socket, (name, base) = next((n, j) for n, j in jewels["placed"].items() if j[0])
    with app_page(gl_browser, live_server.base_url, 1400) as page:
        open_tree_with_demo(page, "ViewJewel", hierophant["info"]["slug"], "character")
        wait_tree_ready(page)
        canvas = page.locator(CANVAS)
        box = canvas.bounding_box()
        # Zoom to the socket: click where it is drawn (the view animates to it), then hover it.
        x, y = tree_api(page, f"t.project({socket})")
        assert 0 <= x <= box["width"] and 0 <= y <= box["height"], (x, y)
        canvas.click(position={"x": x, "y": y})
        wait_idle(page)
        x, y = tree_api(page, f"t.project({socket})")
        canvas.hover(position={"x": x + 1, "y": y})
        tooltip = page.get_by_test_id("tree-jewel-tooltip")
        expect(tooltip).to_contain_text(name)
        expect(tooltip).to_contain_text(base)
        screenshot(page, "view-character-jewel-tooltip")


def test_character_cluster_notable_tooltip(gl_browser, live_server, hierophant, jewels):
    """A cluster notable the character took is drawn allocated on its ring, and its tooltip names it."""
    name = jewels["cluster_notables"][0]
    with app_page(gl_browser, live_server.base_url, 1400) as page:
        open_tree_with_demo(page, "ViewCluster", hierophant["info"]["slug"], "character")
        wait_tree_ready(page)
        ids = tree_api(page, f"t.idsNamed({json.dumps(name)})")
        assert len(ids) == 1 and ids[0] >= 0x10000, ids  # a ring node, not one of the tree's own
        node = ids[0]
        assert tree_api(page, f"t.state({node}).flags") & 1, "the notable is not drawn allocated"
        canvas = page.locator(CANVAS)
        canvas.scroll_into_view_if_needed()
        box = canvas.bounding_box()
        x, y = tree_api(page, f"t.project({node})")
        # The ring may lie outside the first view: drag it to the canvas's centre.
        cx, cy = box["width"] / 2, box["height"] / 2
        page.mouse.move(box["x"] + cx, box["y"] + cy)
        page.mouse.down()
        page.mouse.move(box["x"] + cx + (cx - x) / 2, box["y"] + cy + (cy - y) / 2, steps=5)
        page.mouse.move(box["x"] + 2 * cx - x, box["y"] + 2 * cy - y, steps=5)
        page.mouse.up()
        wait_idle(page)
        x, y = tree_api(page, f"t.project({node})")
        assert 0 <= x <= box["width"] and 0 <= y <= box["height"], (x, y, box)
        canvas.click(position={"x": x, "y": y})
        wait_idle(page)
        x, y = tree_api(page, f"t.project({node})")
        canvas.hover(position={"x": x + 1, "y": y})
        expect(page.get_by_test_id("tree-tooltip-name")).to_have_text(name)
        screenshot(page, "view-character-cluster-notable-tooltip")


@pytest.mark.parametrize("width", WIDTHS)
def test_official_429_in_the_character_tabs(browser, start_server, hierophant, width):
    from tests.fakes.ggg import FakeGgg

    fake = FakeGgg().start()
    try:
        server = start_server(env=fake.env())
        with app_page(browser, server.base_url, width) as page:
            page.goto("/build/track")
            page.get_by_test_id("tracker-login").click()
            page.get_by_role("dialog", name="Realm Selection").get_by_test_id("realm-dialog-confirm").click()
            page.wait_for_url(re.compile(r"/build/track$"))
            page.get_by_test_id("character-picker").wait_for()
            # Seeded build ids come from the corpus file, so they match across servers; slugs do not.
            page.goto(f"/build/view/{hierophant['info']['buildId']}")
            page.get_by_test_id("equipment-character-tab").click()
            prompt = page.get_by_test_id("character-select-prompt")
            expect(prompt).to_contain_text("Please select a character")
            # The list is in; the next official call, the chosen character's detail, answers 429.
            fake.limit_next(7)
            pick_character(page, prompt, "testcharacter")
            expect(page.get_by_text("character request limit reached")).to_be_visible()
            expect(page.get_by_text("Data might be stale, please wait 7 seconds before trying to fetch again")).to_be_visible()
            too_many = page.get_by_test_id("character-too-many")
            expect(too_many).to_contain_text("Too many requests")
            expect(too_many).to_contain_text("Retry in again 7 seconds")
            open_tab(page, "choices")
            page.get_by_test_id("choices-compare-tab").click()
            expect(page.get_by_test_id("compare-unavailable")).to_contain_text("Unable to compare without character data.")
            screenshot(page, f"view-character-429-{width}")
            # Once the restriction has passed, Try again brings the gear.
            open_tab(page, "equipment")
            page.get_by_test_id("equipment-character-tab").click()
            try_again_until(page, page.get_by_test_id("character-try-again"), page.get_by_test_id("equipment-character"), "Grace of the Goddess")
    finally:
        fake.stop()


def test_compare_with_a_different_cluster_jewel_in_one_socket(browser, live_server):
    """The seeded Dominating Blow Guardian (a Templar) puts a large cluster jewel where the demo Hierophant
    has a medium one: all of the build's ring passives are missing on the character, all of the
    character's (the medium ring and the small one nested in it included) are not in build, and the
    character's are listed by their own names."""
    with live_server.client() as c:
        builds = c.get("/api/Build/search", params={"ClassFilters": "Guardian"}).json()["data"]["builds"]
        slug = next(b["slug"] for b in builds if "Dominating Blow" in " ".join(b["skills"]))
        code = c.get(f"/api/Build/{slug}").json()["data"]["buildInfo"]["pobCode"]
    root = etree.parse(str(corpus_xml_for_code(code)), etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=True)).getroot()
    spec = root.find("Tree").findall("Spec")[0]
    ids = {int(n) for n in spec.get("nodes").split(",") if n.strip()}
    known, nested = tree_ids(), nested_socket_ids()
    build_cluster = {i for i in ids if i >= 65536 or i in nested}
    passives = json.loads(SAMPLE.read_text())["character"]["passives"]
    want, have = ids & known, set(passives["hashes"]) & known
    mine = character_cluster_passives(passives)
    # The one socket both fill, from the raw sources: the build's item there is a large jewel, the character's a medium one.
    tree = json.loads(gzip.decompress(TREE_EXPORT.read_bytes()))
    socket = tree["jewelSlots"][11]
    item_id = next(s.get("itemId") for s in spec.iter("Socket") if s.get("nodeId") == str(socket))
    item = next(i for i in root.find("Items").iter("Item") if i.get("id") == item_id)
    assert "Large Cluster Jewel" in item.text
    assert passives["jewel_data"]["11"]["type"] == "JewelPassiveTreeExpansionMedium"
    ex = {str(h) for h in passives["hashes_ex"]}
    medium = sorted(n["name"] for k, n in passives["jewel_data"]["11"]["subgraph"]["nodes"].items() if k in ex)
    nested_small = [n for k, n in passives["jewel_data"]["25"]["subgraph"]["nodes"].items() if k in ex]
    with app_page(browser, live_server.base_url, 1400) as page:
        open_tree_with_demo(page, "ViewClusterSwap", slug, "compare")
        expect(page.get_by_test_id("count-missing")).to_have_text(str(len(want - have) + len(build_cluster)))
        expect(page.get_by_test_id("count-extra")).to_have_text(str(len(have - want) + len(mine)))
        expect(page.get_by_test_id("count-both")).to_have_text(str(len(want & have)))
        # One jewel to swap: the character's medium jewel, the small one nested in it included.
        different = page.get_by_test_id("different-cluster-jewel")
        expect(different).to_have_count(1)
        text = different.inner_text()
        for name in [*medium, *(n["name"] for n in nested_small)]:
            assert name in text, (name, text)
        # The character's passives on those rings are not drawn on the build's ring: the notice counts them.
        hidden = len(medium) + len(nested_small)
        expect(page.get_by_test_id("tree-version-notice")).to_contain_text(f"{hidden} cluster jewel passives are not shown")
        screenshot(page, "view-character-different-cluster-jewel")
        different.first.scroll_into_view_if_needed()
        screenshot(page, "view-character-different-cluster-jewel-list")


def test_skeleton_pulses_in_steps(browser, live_server, hierophant):
    """While the character list loads, the build view shows a skeleton whose pulse moves in steps
    (ui/steppedMotion.module.css): a few compositor frames a second, not one per display frame; the
    loading state passes axe."""
    ctx = browser.new_context(base_url=live_server.base_url, viewport={"width": 1400, "height": 900}, service_workers="block")
    page = ctx.new_page()
    try:
        login(page, unique_name("Skeleton"))
        held = []
        pattern = re.compile(r".*/api/Character/character/pc.*")
        page.route(pattern, lambda route: held.append(route))
        page.goto(f"/build/view/{hierophant['info']['slug']}")
        page.get_by_test_id("equipment-character-tab").click()
        skeleton = page.get_by_test_id("characters-skeleton")
        expect(skeleton).to_be_visible()
        opacities = skeleton.evaluate(
            """(el) => {
              const anim = document.getAnimations().find((a) => a.effect.target === el && a.effect.pseudoElement === '::after');
              anim.pause();
              const seen = new Set();
              for (let t = 0; t < 1500; t += 20) { anim.currentTime = t; seen.add(Number(getComputedStyle(el, '::after').opacity).toFixed(2)); }
              return [...seen].sort();
            }"""
        )
        assert opacities == ["0.40", "0.70", "1.00"], opacities
        # The loading state is a labelled status, like every progress indicator.
        expect(page.get_by_role("status", name="Loading characters")).to_be_visible()
        bad = axe_serious(page, "[data-testid=build-view]")
        assert not bad, "\n".join(x[:300] for x in bad)
        for route in held:
            route.continue_()
        page.unroute(pattern)
        expect(page.get_by_test_id("character-select-prompt")).to_contain_text("Please select a character")
    finally:
        ctx.close()
