"""The planner's saved figures in Chromium, at 1400 and 412 px, with axe: a published corpus
build's card shows its main DPS, its pool and what it leans on; its view shows the figures on
the one step whose sets the planner had active, and on no other.

The build goes through the real server (publish, search, view). Expected figures are read here
from the corpus XML with lxml, not by the decoder the PWA or the server use.
"""

from __future__ import annotations

import base64
import uuid
import zlib

import pytest
from lxml import etree
from playwright.sync_api import expect

from e2e.harness import screenshot
from e2e.pwa_support import POB, app_page, unique_name, wait_settled
from e2e.test_a11y import audit

SIZES = [1400, 412]
OCC = POB / "Dav1dde__pasteofexile" / "316_poison_occ.xml"
NOTE = "Figures from the planner's export, not computed by Waypoint."


def saved(xml: bytes) -> dict[str, str]:
    """The <PlayerStat> lines directly under <Build>, first of each stat."""
    root = etree.fromstring(xml, etree.XMLParser(resolve_entities=False, no_network=True))
    out: dict[str, str] = {}
    for line in root.find("Build").findall("PlayerStat"):
        out.setdefault(line.get("stat"), line.get("value"))
    return out


def active_ids(xml: bytes) -> tuple[str, str, str]:
    """The planner's active tree spec, item set and skill set as Waypoint set ids (lower-cased titles; these titles are unique)."""
    root = etree.fromstring(xml)
    specs = root.find("Tree").findall("Spec")
    tree = specs[int(root.find("Tree").get("activeSpec")) - 1].get("title").strip().lower()
    items = root.find("Items")
    item_set = next(s for s in items.findall("ItemSet") if s.get("id") == items.get("activeItemSet"))
    skills = root.find("Skills")
    # This export keeps its one skill set's <Skill>s directly under <Skills> (an older layout): one set, "default".
    assert not skills.findall("SkillSet") and skills.findall("Skill")
    return tree, (item_set.get("title") or "Default").strip().lower(), "default"


def publish(live_server, creator: str, payload: dict) -> str:
    """Publish through the real API as a new local account named `creator`; the build's slug."""
    client = live_server.signed_up(creator)
    try:
        answer = client.post("/api/Build", json=payload)
    finally:
        client.close()
    assert answer.status_code in (200, 201), answer.text
    return answer.json()["data"]["slug"]


@pytest.fixture(scope="module")
def occ_build(live_server):
    """316_poison_occ published by a new user with three steps: a levelling tree, the planner's active sets, other gear."""
    xml = OCC.read_bytes()
    tree, items, skills = active_ids(xml)
    assert (tree, items, skills) == ("end-game", "default", "default")
    creator = unique_name("Stats")
    steps = [
        {"title": "Levelling", "passiveTreeId": "pre-swap levelling", "equipmentSetId": items, "skillSetId": skills},
        {"title": "End game", "passiveTreeId": tree, "equipmentSetId": items, "skillSetId": skills},
        {"title": "Perfect gear", "passiveTreeId": tree, "equipmentSetId": "perfect gear", "skillSetId": skills},
    ]
    payload = {
        "buildId": str(uuid.uuid4()),
        "ascendancy": "Occultist",
        "baseClass": "Witch",
        "treeVersion": "3_16",
        "steps": steps,
        "pobCod": base64.urlsafe_b64encode(zlib.compress(xml, 9)).decode(),
        "skills": ["Void Manipulation"],
    }
    return {"slug": publish(live_server, creator, payload), "creator": creator, "stats": saved(xml), "steps": steps}


def test_the_corpus_reading_is_what_the_test_expects(occ_build):
    # The figures the assertions below spell out, from the XML itself.
    s = occ_build["stats"]
    assert float(s["FullDPS"]) == pytest.approx(2_867_147.89, abs=0.01)
    assert (s["Life"], s["EnergyShield"], s["SpellSuppressionChance"], s["Evasion"]) == ("6148", "953", "100", "21248")
    assert (s["FireResist"], s["ChaosResist"], s["EffectiveMovementSpeedMod"]) == ("75", "27", "2.2")


def settled_audit(page) -> list[str]:
    page.wait_for_function("() => !document.querySelector('[role=status][aria-label^=Loading]')", timeout=30_000)
    wait_settled(page)
    return audit(page)


@pytest.mark.parametrize("width", SIZES)
def test_a_card_shows_the_builds_defining_figures(gl_browser, live_server, occ_build, width):
    with app_page(gl_browser, live_server.base_url, width) as page:
        page.goto(f"/build/browse/explore?CreatorFilter={occ_build['creator']}")
        card = page.locator(f'[data-testid=build-card][data-slug="{occ_build["slug"]}"]')
        expect(card).to_be_visible(timeout=30_000)
        stats = card.get_by_test_id("card-stat")
        # Full DPS 2,867,147.89 -> 2.9M; life 6,148 beats energy shield 953; 100% suppression stands out.
        expect(stats).to_have_text(["2.9M full DPS", "6,148 life", "100% suppression"])
        expect(card.get_by_test_id("card-stats")).to_contain_text("Planner figures:")
        screenshot(page, f"build-stats-card-{width}")
        assert settled_audit(page) == []


@pytest.mark.parametrize("width", SIZES)
def test_a_build_without_figures_shows_none(browser, live_server, width):
    """The same corpus build with its <PlayerStat> lines taken out: no figures on its card or in its view."""
    root = etree.fromstring(OCC.read_bytes())
    build = root.find("Build")
    for line in build.findall("PlayerStat"):
        build.remove(line)
    xml = etree.tostring(root, xml_declaration=True, encoding="UTF-8")
    assert saved(xml) == {}
    tree, items, skills = active_ids(xml)
    creator = unique_name("NoStats")
    payload = {
        "buildId": str(uuid.uuid4()), "ascendancy": "Occultist", "baseClass": "Witch", "treeVersion": "3_16",
        "steps": [{"title": "End game", "passiveTreeId": tree, "equipmentSetId": items, "skillSetId": skills}],
        "pobCod": base64.urlsafe_b64encode(zlib.compress(xml, 9)).decode(), "skills": ["Void Manipulation"],
    }
    slug = publish(live_server, creator, payload)
    with app_page(browser, live_server.base_url, width) as page:
        page.goto(f"/build/browse/explore?CreatorFilter={creator}")
        card = page.locator(f'[data-testid=build-card][data-slug="{slug}"]')
        expect(card).to_be_visible(timeout=30_000)
        expect(card.get_by_test_id("skill-badge").first).to_be_visible()
        expect(card.get_by_test_id("card-stats")).to_have_count(0)
        page.goto(f"/build/view/{slug}")
        page.get_by_test_id("build-view").wait_for(timeout=30_000)
        expect(page.get_by_test_id("tab-equipment")).to_be_visible()
        expect(page.get_by_test_id("step-figures")).to_have_count(0)


def open_step(page, number: int) -> None:
    """Select a step with the keyboard: turn the navigator's pages back until it shows, focus it, press Enter."""
    step = page.locator(f'[data-testid=step][data-step-number="{number}"]')
    for _ in range(5):
        if step.count():
            break
        page.get_by_test_id("steps-prev").focus()
        page.keyboard.press("Enter")
    step.focus()
    page.keyboard.press("Enter")
    expect(step).to_have_attribute("data-active", "true")


@pytest.mark.parametrize("width", SIZES)
def test_the_view_shows_figures_on_the_planners_active_step_only(gl_browser, live_server, occ_build, width):
    with app_page(gl_browser, live_server.base_url, width) as page:
        page.goto(f"/build/view/{occ_build['slug']}")
        page.get_by_test_id("build-view").wait_for(timeout=30_000)
        figures = page.get_by_test_id("step-figures")
        # The last step (other gear than the planner had active) is preselected: no figures.
        expect(page.locator('[data-testid=step][data-active="true"]')).to_contain_text("Perfect gear")
        expect(page.get_by_test_id("tab-equipment")).to_be_visible()
        expect(figures).to_have_count(0)

        open_step(page, 2)
        expect(figures).to_be_visible()
        expect(page.get_by_test_id("step-figures-note")).to_have_text(NOTE)
        value = lambda stat: figures.locator(f'[data-stat="{stat}"] [data-testid=step-figure-value]')  # noqa: E731
        expect(figures.locator('[data-stat="dps"] dt')).to_have_text("Full DPS")
        expect(value("dps")).to_have_text("2.9M")
        expect(value("life")).to_have_text("6,148")
        expect(value("energyShield")).to_have_text("953")
        expect(value("fireResist")).to_have_text("75%")
        expect(value("chaosResist")).to_have_text("27%")
        expect(value("evasion")).to_have_text("21,248")
        expect(value("spellSuppression")).to_have_text("100%")
        expect(value("movementSpeed")).to_have_text("+120%")
        # Saved as 0 (no ward, no armour block): ward is not listed; armour is, as 0.
        expect(figures.locator('[data-stat="ward"]')).to_have_count(0)
        expect(value("armour")).to_have_text("0")
        # The first step with figures has nothing to change from.
        expect(figures.get_by_test_id("step-figure-change")).to_have_count(0)
        screenshot(page, f"build-stats-view-{width}")
        assert settled_audit(page) == []

        open_step(page, 1)
        expect(page.locator('[data-testid=step][data-active="true"]')).to_contain_text("Levelling")
        expect(figures).to_have_count(0)
