"""Logout keeps unsynced work (issue 15, item 7), in Chromium against the real server:
sign up, sign in, like offline, log out offline (the dialog counts 1 change), sign in again
online, and the like reaches the server exactly once."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from e2e.harness import screenshot
from e2e.pwa_support import (
    app_page,
    db,
    like_rows,
    login,
    server_likes,
    unique_name,
    wait_for_service_worker,
    wait_until,
)


def _logout(page):
    page.get_by_test_id("user-menu").click()
    page.get_by_test_id("logout").click()
    page.get_by_test_id("confirm-logout").click()


def test_logout_offline_keeps_the_like_for_the_next_sign_in(browser, live_server):
    with app_page(browser, live_server.base_url, 1400) as page:
        name = unique_name("Keeper")
        login(page, name)  # signs up
        wait_for_service_worker(page)
        _logout(page)  # nothing waits: logs out at once
        page.wait_for_url(re.compile(r"/$|/build/browse"))
        expect(page.get_by_test_id("login-button")).to_be_visible()
        login(page, name)  # the account exists now: signs in

        cards = page.get_by_test_id("build-card")
        cards.first.wait_for()
        build_id = cards.nth(2).get_attribute("data-build-id")
        before = server_likes(live_server.db_path, build_id)

        page.context.set_offline(True)
        card = page.locator(f'[data-testid=build-card][data-build-id="{build_id}"]')
        card.get_by_test_id("like-toggle").click()
        wait_until(lambda: card.get_by_test_id("like-toggle").get_attribute("data-liked") == "true", message="like")
        expect(page.get_by_test_id("pending-sync").first).to_be_visible()

        _logout(page)
        dialog = page.get_by_role("dialog", name="Logout")
        expect(dialog.get_by_test_id("unsynced-count")).to_have_text("1 change has not synced yet.")
        screenshot(page, "pwa-logout-unsynced")
        # Sync first, still offline: the count stays and nothing is lost.
        dialog.get_by_test_id("sync-first").click()
        expect(dialog.get_by_test_id("unsynced-count")).to_have_text("1 change has not synced yet.")
        dialog.get_by_test_id("logout-anyway").click()
        expect(page.get_by_test_id("login-button")).to_be_visible()
        assert like_rows(live_server.db_path, name, build_id) == 0

        page.context.set_offline(False)
        login(page, name)
        wait_until(lambda: like_rows(live_server.db_path, name, build_id) == 1, timeout=20, message="like replayed")
        expect(page.get_by_test_id("pending-sync")).to_have_count(0)
        page.reload()
        page.get_by_test_id("build-card").first.wait_for()
        # Exactly once: one row, the count up by one, one stored answer for its Idempotency-Key.
        assert like_rows(live_server.db_path, name, build_id) == 1
        assert server_likes(live_server.db_path, build_id) == before + 1
        with db(live_server.db_path) as con:
            user_id = con.execute("SELECT id FROM users WHERE display_name = ?", (name,)).fetchone()[0]
            paths = [r["path"] for r in con.execute(
                "SELECT path FROM idempotency_keys WHERE scope = ?", (f"u:{user_id}",))]
        assert paths == [f"/api/Build/{build_id}/like"]
        assert page.evaluate("""() => new Promise((ok) => {
            const open = indexedDB.open('waypoint');
            open.onsuccess = () => {
                const tx = open.result.transaction('parked');
                const req = tx.objectStore('parked').count();
                req.onsuccess = () => ok(req.result);
            };
        })""") == 0
