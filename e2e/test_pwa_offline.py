"""Offline-first in Chromium: lists and a viewed build open with the network off, a like made
offline waits in the outbox and reaches the server exactly once when the network returns."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from e2e.harness import screenshot
from e2e.pwa_support import (
    WIDTHS,
    app_page,
    db,
    like_rows,
    login,
    server_likes,
    unique_name,
    wait_for_service_worker,
    wait_until,
)


@pytest.mark.parametrize("width", WIDTHS)
def test_offline_reload_view_and_queued_like(browser, live_server, width):
    with app_page(browser, live_server.base_url, width) as page:
        name = unique_name("Offline")
        login(page, name)
        wait_for_service_worker(page)
        cards = page.get_by_test_id("build-card")
        cards.first.wait_for()
        viewed_slug = cards.nth(0).get_attribute("data-slug")
        liked_card = cards.nth(1)
        liked_id = liked_card.get_attribute("data-build-id")
        before = server_likes(live_server.db_path, liked_id)

        # View a build once online, so it is cached.
        cards.nth(0).click()
        page.get_by_test_id("build-view").wait_for()
        page.go_back()
        cards.first.wait_for()

        page.context.set_offline(True)
        page.reload()
        cards.first.wait_for()
        expect(page.get_by_test_id("offline-badge")).to_be_visible()
        # The first screen's cards render first; the rest of the page follows at once.
        expect(cards).to_have_count(20)
        screenshot(page, f"pwa-offline-browse-{width}")

        page.locator(f'[data-testid=build-card][data-slug="{viewed_slug}"]').click()
        page.get_by_test_id("build-view").wait_for()
        expect(page.get_by_test_id("tab-equipment")).to_be_visible()
        expect(page.get_by_test_id("offline-badge")).to_be_visible()
        expect(
            page.get_by_test_id("item-slot").or_(page.get_by_test_id("equipment-carousel")).first
        ).to_be_visible()
        screenshot(page, f"pwa-offline-view-{width}")
        page.go_back()

        card = page.locator(f'[data-testid=build-card][data-build-id="{liked_id}"]')
        toggle = card.get_by_test_id("like-toggle")
        toggle.click()
        wait_until(lambda: toggle.get_attribute("data-liked") == "true", message="optimistic like")
        expect(card.get_by_test_id("like-count")).to_have_text(f"{before + 1:,}")
        if width < 1200:
            # The header carries the badge while the sidebar is closed.
            expect(page.get_by_test_id("pending-sync-header")).to_be_visible()
            page.get_by_test_id("burger").click()
        expect(page.get_by_test_id("pending-sync").first).to_be_visible()
        screenshot(page, f"pwa-offline-pending-{width}")
        assert like_rows(live_server.db_path, name, liked_id) == 0

        # Any route opens offline (the shell is precached), and the queued like survives the reloads.
        page.goto("/privacy")
        expect(page.get_by_role("tab", name="Privacy Policy")).to_be_visible()
        page.goto("/build/browse/explore")
        card.get_by_test_id("like-toggle").wait_for()
        expect(card.get_by_test_id("like-count")).to_have_text(f"{before + 1:,}")
        assert page.locator("link[rel=manifest]").count() == 1

        page.context.set_offline(False)
        wait_until(
            lambda: like_rows(live_server.db_path, name, liked_id) == 1, timeout=20, message="like replayed"
        )
        expect(page.get_by_test_id("pending-sync")).to_have_count(0)
        # Exactly once: one row, one count, one like event for this build since.
        assert server_likes(live_server.db_path, liked_id) == before + 1
        page.reload()
        page.get_by_test_id("build-card").first.wait_for()
        assert like_rows(live_server.db_path, name, liked_id) == 1
        with db(live_server.db_path) as con:
            user_id = con.execute("SELECT id FROM users WHERE display_name = ?", (name,)).fetchone()[0]
            keys = con.execute(
                "SELECT path FROM idempotency_keys WHERE scope = ?", (f"u:{user_id}",)
            ).fetchall()
        # The one mutation this user made carried one Idempotency-Key.
        assert [k["path"] for k in keys] == [f"/api/Build/{liked_id}/like"]
        # Dexie is the one read cache: the service worker keeps no API answer (a stale,
        # per-user isLiked would come back marked fresh).
        cached_api = page.evaluate(
            """async () => {
                const urls = [];
                for (const name of await caches.keys())
                    for (const req of await (await caches.open(name)).keys()) urls.push(req.url);
                return urls.filter((u) => new URL(u).pathname.startsWith("/api/"));
            }"""
        )
        assert cached_api == []
