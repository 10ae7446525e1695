"""The app as an installed app, in Chromium: "Update ready" when a new service worker waits (the
page is never reloaded under a draft; the player's Reload keeps it), the manifest's share target
and file handler (e2e/test_share_target.py opens them), and persistent storage asked at the
first draft and shown in Settings."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from playwright.sync_api import expect

from e2e.editor_support import MULTI_STEP, cards, code, load, titles
from e2e.harness import ServerProcess, free_port, screenshot
from e2e.pwa_support import app_page, inject_axe, login, unique_name, wait_for_service_worker

REPO = Path(__file__).resolve().parents[1]


def server_on(dist: Path, port: int, db_path: Path) -> ServerProcess:
    """A server for `dist` on a given port (the service worker's origin) and database (the session's)."""
    server = ServerProcess(dist, env={"WAYPOINT_PORT": str(port)}, db_path=db_path)
    server.port, server.base_url = port, f"http://127.0.0.1:{port}"
    return server.start()


def axe_serious(page, include: str) -> list[str]:
    inject_axe(page)
    return page.evaluate(
        "async (sel) => (await axe.run({include: [sel]}, {resultTypes: ['violations']})).violations"
        ".filter(v => ['serious', 'critical'].includes(v.impact)).map(v => v.id + ': ' + v.nodes.map(n => n.target.join(' ')).join(' | '))",
        include,
    )


def test_update_ready_waits_for_reload_and_keeps_the_draft(browser, pwa_dist):
    tmp = Path(tempfile.mkdtemp(prefix="waypoint-update-"))
    port = free_port()
    first, second = tmp / "v1", tmp / "v2"
    shutil.copytree(pwa_dist, first)
    try:
        server = server_on(first, port, tmp / "waypoint.sqlite3")
        with app_page(browser, server.base_url, 1400) as page:
            login(page, unique_name("Update"))
            wait_for_service_worker(page)
            page.goto("/build/create")
            load(page, code(MULTI_STEP))
            page.get_by_test_id("accept-suggested").click()
            expect(cards(page)).to_have_count(11)
            cards(page).nth(3).get_by_test_id("step-delete").click()
            expect(cards(page)).to_have_count(10)
            draft = titles(page)
            page.evaluate("() => { window.__sameDocument = true; }")

            # A new version: the same app with a changed service worker, on the same origin.
            server.stop()
            shutil.copytree(first, second)
            sw = second / "sw.js"
            sw.write_text(sw.read_text() + "\n// the next version\n")
            server = server_on(second, port, tmp / "waypoint.sqlite3")
            page.evaluate("() => navigator.serviceWorker.getRegistration().then((r) => r.update())")

            prompt = page.get_by_test_id("update-ready")
            expect(prompt).to_contain_text("Update ready", timeout=30_000)
            # Nothing reloaded under the draft.
            assert page.evaluate("() => window.__sameDocument === true")
            assert titles(page) == draft
            assert axe_serious(page, "[data-testid=update-ready]") == []
            screenshot(page, "update-ready-1400")

            with page.expect_navigation():
                prompt.get_by_role("button", name="Reload").click()
            expect(cards(page)).to_have_count(10)
            assert titles(page) == draft
            assert page.evaluate("() => window.__sameDocument === undefined")
            expect(page.get_by_test_id("update-ready")).to_have_count(0)
            # The new worker controls the page; none waits.
            page.wait_for_function(
                "() => navigator.serviceWorker.getRegistration().then((r) => !!r && !r.waiting && !!navigator.serviceWorker.controller)"
            )
        server.stop()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def test_manifest_registers_the_share_target_and_the_xml_file_handler(live_server):
    with live_server.client() as c:
        manifest = c.get("/manifest.webmanifest").json()
    assert manifest["share_target"] == {"action": "/build/share", "method": "GET", "params": {"title": "title", "text": "text", "url": "url"}}
    assert manifest["file_handlers"] == [{"action": "/build/share", "accept": {"application/xml": [".xml"], "text/xml": [".xml"]}}]


def test_persistent_storage_asked_at_the_first_draft_and_shown_in_settings(browser, live_server):
    with app_page(browser, live_server.base_url, 1400) as page:
        login(page, unique_name("Persist"))
        page.goto("/settings")
        expect(page.get_by_test_id("settings-storage-used")).to_contain_text("Storage used: ")
        before = page.get_by_test_id("settings-persist").inner_text()
        assert "Persistent storage: " in before
        assert page.evaluate("() => localStorage.getItem('waypoint:storage-persist')") is None

        page.goto("/build/create")
        load(page, code(MULTI_STEP))
        page.get_by_test_id("accept-suggested").click()
        note = page.locator(".mantine-Notification-root").filter(has_text="Offline data")
        expect(note).to_be_visible()
        asked = page.evaluate("() => JSON.parse(localStorage.getItem('waypoint:storage-persist'))")
        assert asked["reason"] == "draft" and asked["answer"] in ("granted", "refused")
        expect(note).to_contain_text("The browser keeps your drafts" if asked["answer"] == "granted" else "may clear Waypoint's offline data")

        page.goto("/settings")
        expect(page.get_by_test_id("settings-persist")).to_contain_text("Granted" if asked["answer"] == "granted" else "Not granted")
        expect(page.get_by_text("Asked at your first draft")).to_be_visible()
        assert axe_serious(page, "[data-testid=settings-page]") == []
        screenshot(page, "settings-storage-1400")
