"""Issue 35: character items carry the official API's own art (`icon`) and their catalyst quality, and the pages' CSP lets
images load from the item image host(s) (settings.item_image_origins), nowhere else."""

from __future__ import annotations

import json
import re

import httpx

from server.app import create_app
from server.ggg.mapping import map_character, map_item
from server.ggg.planner_items import CATALYST_CATEGORIES, parse_item
from server.paths import CORPUS_DIR, REPO_ROOT
from server.settings import Settings

SAMPLE = CORPUS_DIR / "ggg-api/PathOfBuildingCommunity__PathOfBuilding/character_detail_SampleCharacter.json"


def test_every_sample_item_keeps_its_icon_url():
    raw = json.loads(SAMPLE.read_text())["character"]
    mapped = map_character(raw)
    icons = {i["icon"] for i in raw["equipment"] if i["inventoryId"] in
             {"Weapon", "Offhand", "Helm", "BodyArmour", "Gloves", "Boots", "Belt", "Ring", "Ring2", "Amulet", "Flask"}}
    got = {i.icon for i in mapped.equipment}
    assert got == icons and all(u.startswith("https://web.poecdn.com/") for u in got)
    assert {j.icon for j in mapped.equipment_jewels} == {j["icon"] for j in raw["jewels"]}


def test_an_icon_that_is_not_an_http_url_is_dropped():
    for bad in ("javascript:alert(1)", "data:image/png;base64,AAAA", 7, None, "//web.poecdn.com/x.png"):
        assert map_item({"inventoryId": "Helm", "icon": bad}, "Helm").icon == ""
    assert map_item({"icon": "http://127.0.0.1:9/a.png"}, "Helm").icon == "http://127.0.0.1:9/a.png"


def directive(csp: str, name: str) -> list[str]:
    part = next(p.strip() for p in csp.split(";") if p.strip().startswith(name + " "))
    return part.split()[1:]


def img_src(csp: str) -> list[str]:
    return directive(csp, "img-src")


async def test_the_csp_allows_images_from_the_item_image_hosts_only(tmp_path):
    for origins, want in [
        ("", ["'self'", "data:", "blob:"]),
        (None, ["'self'", "data:", "blob:", "https://web.poecdn.com"]),
        ("http://127.0.0.1:4567/, https://Images.Example", ["'self'", "data:", "blob:", "http://127.0.0.1:4567", "https://images.example"]),
    ]:
        extra = {} if origins is None else {"item_image_origins": origins}
        settings = Settings.from_env({}, db_path=str(tmp_path / "db.sqlite3"), seed_demo=False, **extra)
        app = create_app(settings)
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://test") as client:
            r = await client.get("/api/nosuch")
            sw = await client.get("/sw.js")
        assert img_src(r.headers["content-security-policy"]) == want
        # Pages connect to their own origin only; the service worker (whose item-art route fetches
        # the images) to the image hosts too.
        assert directive(r.headers["content-security-policy"], "connect-src") == ["'self'"]
        assert directive(sw.headers["content-security-policy"], "connect-src") == ["'self'", *want[3:]]
        assert img_src(sw.headers["content-security-policy"]) == want


def test_a_catalysts_quality_is_read_with_the_modifiers_it_raises():
    raw = json.loads(SAMPLE.read_text())["character"]
    mapped = {i.slot_type: i for i in map_character(raw).equipment}
    # The sample's amulet and belt carry "Quality (Attribute Modifiers): +20%" (an Intrinsic Catalyst).
    for slot in ("Amulet", "Belt"):
        assert (mapped[slot].quality_modifiers, mapped[slot].properties.quality) == ("Attribute Modifiers", 20)
    assert (mapped["Helm"].quality_modifiers, mapped["Helm"].properties.quality) == ("", 20)


def test_a_planner_items_catalyst_becomes_the_official_quality_property():
    """The demo characters converted from planner builds carry a catalyst as the official answer does,
    with the same ten categories as the PWA's list."""
    ts = (REPO_ROOT / "pwa/src/data/itemNames.ts").read_text()
    block = ts.split("CATALYST_CATEGORIES")[1].split("};")[0]
    assert dict(re.findall(r'(\w+): "([^"]+)"', block)) == CATALYST_CATEGORIES
    raw = "Rarity: RARE\nPerfect\nAgate Amulet\nCatalyst: Intrinsic\nCatalystQuality: 20\nQuality: 0\nImplicits: 0\n+66 to Strength"
    item = map_item(parse_item(raw), "Amulet")
    assert (item.quality_modifiers, item.properties.quality) == ("Attribute Modifiers", 20)
    plain = map_item(parse_item(raw.replace("Catalyst: Intrinsic\nCatalystQuality: 20\nQuality: 0", "Quality: 12")), "Amulet")
    assert (plain.quality_modifiers, plain.properties.quality) == ("", 12)
