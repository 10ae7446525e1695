"""Session in Chromium: the Session expired dialog when the server revokes the session,
logout with its confirm dialog, the user menu, and the auth-completion screen."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from e2e.harness import screenshot
from e2e.pwa_support import WIDTHS, app_page, db, local_sign_in, login, open_nav, unique_name


@pytest.mark.parametrize("width", WIDTHS)
def test_revoked_session_opens_one_session_expired_dialog(browser, live_server, width):
    with app_page(browser, live_server.base_url, width) as page:
        name = unique_name("Revoked")
        login(page, name, start="/build/browse/liked")
        expect(page.get_by_test_id("empty-text")).to_have_text(
            "You haven't liked any builds yet. Explore builds and like your favorites!"
        )
        with db(live_server.db_path) as con:
            deleted = con.execute(
                "DELETE FROM sessions WHERE user_id = (SELECT id FROM users WHERE display_name = ?)", (name,)
            ).rowcount
        assert deleted == 1

        # Protected calls answer 401; one dialog opens, however many there are.
        page.get_by_test_id("tab-created").click()
        dialog = page.get_by_role("dialog", name="Session expired")
        expect(dialog).to_be_visible()
        page.get_by_test_id("tab-liked").dispatch_event("click")
        page.wait_for_url(re.compile(r"/build/browse/liked$"))
        page.get_by_test_id("tab-created").dispatch_event("click")
        page.wait_for_url(re.compile(r"/build/browse/created$"))
        expect(dialog).to_contain_text("Your session has ended. Please log in again to continue.")
        expect(page.get_by_role("dialog")).to_have_count(1)
        # The 401 also ran the logout handler: the identity is gone from the page.
        assert page.evaluate("localStorage.getItem('waypoint:identity')") is None
        screenshot(page, f"pwa-session-expired-{width}")
        # Not dismissible.
        page.keyboard.press("Escape")
        page.mouse.click(5, 450)
        expect(dialog).to_be_visible()
        assert dialog.get_by_role("button", name="Close").count() == 0

        dialog.get_by_role("button", name="Re-login").click()
        page.wait_for_url(re.compile(r"/api/auth/local\?state="))
        local_sign_in(page, name)
        page.wait_for_url(re.compile(r"/build/browse/created$"))
        expect(page.get_by_test_id("empty-text")).to_have_text(
            "You haven't created any builds yet. Try creating your first build!"
        )
        expect(page.get_by_role("dialog", name="Session expired")).to_have_count(0)


def test_logout_confirm_and_change_realm(browser, live_server):
    with app_page(browser, live_server.base_url, 1400) as page:
        name = unique_name("Leaver")
        login(page, name)
        expect(page.get_by_test_id("user-name")).to_have_text(name)
        page.get_by_test_id("user-menu").click()
        page.get_by_test_id("change-realm").click()
        realm = page.get_by_role("dialog", name="Change realm")
        realm.get_by_text("Xbox", exact=True).click()
        realm.get_by_role("button", name="Save").click()
        assert page.evaluate("localStorage.getItem('waypoint:realm')") == "xbox"

        page.get_by_test_id("user-menu").click()
        page.get_by_test_id("logout").click()
        confirm = page.get_by_role("dialog", name="Logout")
        expect(confirm).to_contain_text("Are you sure you want to log out?")
        confirm.get_by_role("button", name="Cancel").click()
        expect(page.get_by_test_id("user-name")).to_be_visible()

        page.get_by_test_id("user-menu").click()
        page.get_by_test_id("logout").click()
        page.get_by_role("dialog", name="Logout").get_by_role("button", name="Logout").click()
        page.wait_for_url(re.compile(r"/build/browse/explore$"))
        expect(page.get_by_test_id("login-button")).to_be_visible()
        assert page.evaluate("localStorage.getItem('waypoint:identity')") is None
        with db(live_server.db_path) as con:
            sessions = con.execute(
                "SELECT count(*) FROM sessions WHERE user_id = (SELECT id FROM users WHERE display_name = ?)",
                (name,),
            ).fetchone()[0]
        assert sessions == 0
        # Dexie caches are gone too.
        lists = page.evaluate(
            """() => new Promise((resolve) => {
                const req = indexedDB.open('waypoint');
                req.onsuccess = () => {
                    const tx = req.result.transaction('likeOverrides');
                    const c = tx.objectStore('likeOverrides').count();
                    c.onsuccess = () => resolve(c.result);
                };
            })"""
        )
        assert lists == 0


def test_auth_complete_stores_identity_and_falls_back_to_pc(browser, live_server):
    with app_page(browser, live_server.base_url, 1400) as page:
        page.goto(
            "/auth-complete?returnPath=%2Fbuild%2Fbrowse%2Fexplore&displayName=Handmade&expiresOn=2099-01-01T00%3A00%3A00Z&initialRealm=psp"
        )
        # A public page: this identity has no server session, and a 401 would end it (the logout handler).
        page.wait_for_url(re.compile(r"/build/browse/explore$"))
        assert page.evaluate("localStorage.getItem('waypoint:realm')") == "pc"
        expect(page.get_by_test_id("user-name")).to_have_text("Handmade")
        # Missing initialRealm: the screen stays and stores nothing new.
        page.goto("/auth-complete?displayName=Other&expiresOn=2099-01-01")
        expect(page.get_by_test_id("auth-complete")).to_have_text("Completing authentication...")
        # (The reload's /api/auth/me answers 401 for the sessionless "Handmade", which clears it.)
        assert "Other" not in (page.evaluate("localStorage.getItem('waypoint:identity')") or "")


def test_login_failure_toast(browser, start_server):
    """The server goes away before the user logs in: the toast says so and closes after 3 s."""
    server = start_server()
    with app_page(browser, server.base_url, 1400) as page:
        page.goto("/build/browse/explore")
        page.get_by_test_id("build-card").first.wait_for()
        # The app fetches the dialogs' code once its first content is up, so that they open
        # with the network gone; the server may go only after that fetch has landed.
        page.wait_for_function(
            "() => performance.getEntriesByType('resource')"
            ".some((e) => e.name.includes('/SessionDialogs-') && e.responseEnd > 0)",
            timeout=20000,
        )
        server.stop()
        open_nav(page)
        page.get_by_test_id("login-button").click()
        page.get_by_role("dialog", name="Realm Selection").get_by_test_id("realm-dialog-confirm").click()
        toast = page.get_by_role("alert").filter(has_text="failed to login")
        expect(toast).to_contain_text("please try again")
        expect(toast).to_have_count(0, timeout=6000)
        assert page.url.endswith("/build/browse/explore")
