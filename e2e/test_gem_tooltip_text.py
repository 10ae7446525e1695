"""Gem tooltips show what the gem does (issue 35): on /build/view/{slug} at 1400 and 412 px, hovering a gem
and focusing another shows its tags, cost/cast lines and stat lines at its level, the lines the pipeline
rendered into the gems bundle the server serves (read here over HTTP, looked up by name); gems show an icon
of their kind and colour, no letter; axe finds no serious or critical issue with the tooltip open."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from e2e.editor_support import axe_violations
from e2e.harness import screenshot
from e2e.pwa_support import app_page

from .test_pwa_build_view import cyclone_slayer  # noqa: F401  (the seeded Cyclone Slayer build)


def _bundle(live_server) -> dict:
    with live_server.client() as c:
        manifest = c.get("/game-data/manifest.json").json()
        return c.get("/game-data/" + manifest["files"]["gems"]).json()


def _expected(bundle: dict, name: str, level: int) -> tuple[dict, list[str]]:
    by_name = bundle["byName"]
    gem = bundle["gems"][by_name.get(name) or by_name[name.removesuffix(" Support")]]
    text = gem["text"]
    lines = bundle["gems"][text["from"]]["text"] if "from" in text else text
    rows = lines["stats"]
    return gem, rows[min(level, len(rows)) - 1]


@pytest.mark.parametrize("width", [1400, 412])
def test_gem_tooltip_shows_stat_lines(browser, live_server, cyclone_slayer, width):  # noqa: F811
    info, _step = cyclone_slayer
    bundle = _bundle(live_server)
    with app_page(browser, live_server.base_url, width) as page:
        page.goto(f"/build/view/{info['slug']}")
        page.get_by_test_id("build-view").wait_for()
        gems = page.get_by_test_id("gem")
        expect(gems.first).to_be_visible(timeout=30_000)
        # Every gem has its icon (kind and colour), none a letter badge.
        expect(gems.first.get_by_test_id("gem-icon")).to_be_visible()
        assert gems.count() == page.get_by_test_id("gem").locator("[data-testid=gem-icon]").count()
        assert page.get_by_test_id("gem-groups").locator(".mantine-Badge-root").count() == 0

        # Gems the step's level does not cap show their own level's lines.
        plain = [g for g in gems.all() if g.get_by_test_id("gem-capped").count() == 0]
        assert len(plain) >= 2
        for n, (gem, how) in enumerate(((plain[0], "hover"), (plain[1], "focus"))):
            name = gem.get_by_test_id("gem-name").inner_text().strip()
            level = int(gem.inner_text().split(name, 1)[1].strip().split("/")[0])
            info_, stats = _expected(bundle, name, level)
            if how == "hover":
                gem.hover()
            else:
                page.mouse.move(0, 0)
                gem.focus()
            tip = page.get_by_test_id("gem-tooltip").filter(has_text=name)
            expect(tip).to_be_visible(timeout=30_000)
            expect(tip.get_by_test_id("gem-icon")).to_have_attribute("data-attribute", info_["attribute"])
            assert stats, name  # the sample gems have stat text
            expect(tip.get_by_test_id("gem-stat-line")).to_have_text(stats)
            expect(tip.get_by_test_id("gem-tags")).to_have_text(
                bundle["gems"][bundle["byName"].get(name) or bundle["byName"][name.removesuffix(" Support")]]["text"]["tags"])
            if n == 0:
                screenshot(page, f"pwa-gem-tooltip-{width}")
                assert axe_violations(page, "body") == []
