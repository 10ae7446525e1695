"""Settings, the player's own data, in Chromium against the real server: a fresh local account likes a
build (in the UI) and publishes one, downloads its data from /settings (the file is the server's JSON of
that account: its name, its like, its build), then deletes the account from the confirm dialog, with
the published builds. Afterwards the device is signed out, the old password no longer signs in, and the
published build's link answers 410 (the build view's 'Failed to Load' says the creator deleted it).

At 1400 px the delete flow is done from the keyboard only (Tab to the button, Enter; in the dialog,
Tab to the checkbox, Space, Tab to the confirm button, Enter); at 412 px with pointer clicks.
"""

from __future__ import annotations

import json
import re
import uuid

import pytest
from playwright.sync_api import Page, expect

from e2e.editor_support import ONE_STEP, code
from e2e.harness import TEST_PASSWORD, account_name, screenshot
from e2e.pwa_support import app_page, like_rows, login, open_nav, unique_name, wait_settled, wait_until
from e2e.test_a11y import audit
from server.planner import decode_planner

DELETED = "This build was deleted by its creator"


def publish(page: Page, base_url: str) -> dict:
    """Publish the one-step corpus build with this page's session (its cookie, our own Origin), as the
    editor's Complete Build does; answers {buildId, slug}."""
    text = code(ONE_STEP)
    ex = decode_planner(text)
    payload = {
        "buildId": str(uuid.uuid4()),
        "ascendancy": ex.ascendancy_name,
        "baseClass": ex.class_name,
        "treeVersion": ex.tree_version,
        "steps": [
            {
                "title": "Step 1",
                "equipmentSetId": ex.item_sets[0].id,
                "skillSetId": ex.skill_sets[0].id,
                "passiveTreeId": ex.trees[0].id,
            }
        ],
        "pobCod": text,
        "skills": ex.skill_sets[0].gems[:2],
    }
    r = page.request.post("/api/Build", data=payload, headers={"Origin": base_url})
    assert r.status == 201, r.text()
    return r.json()["data"]


def is_focused(locator) -> bool:
    return locator.evaluate("el => el === document.activeElement || el.contains(document.activeElement)")


def tab_to(page: Page, locator, limit: int = 120) -> int:
    """Press Tab until `locator` has the focus; how many presses it took (fails past `limit`)."""
    for presses in range(1, limit + 1):
        page.keyboard.press("Tab")
        if is_focused(locator):
            return presses
    raise AssertionError(f"{locator} not reached with {limit} Tab presses")


@pytest.mark.parametrize("width", [1400, 412])
def test_download_my_data_then_delete_my_account(browser, live_server, width):
    keyboard = width == 1400
    with app_page(browser, live_server.base_url, width) as page:
        name = unique_name("Leaver")
        login(page, name)

        # Like a seeded build from its card.
        liked_id = page.get_by_test_id("build-card").nth(1).get_attribute("data-build-id")
        card = page.locator(f'[data-testid=build-card][data-build-id="{liked_id}"]')
        liked_slug = card.get_attribute("data-slug")
        card.get_by_test_id("like-toggle").click()
        wait_until(
            lambda: like_rows(live_server.db_path, name, liked_id) == 1, timeout=30, message="like row"
        )
        mine = publish(page, live_server.base_url)
        # The device has the build cached too: its link must still say it is gone after the deletion.
        page.goto(f"/build/view/{mine['slug']}")
        expect(page.get_by_test_id("build-creator")).to_have_text(f"By {name}", timeout=30_000)

        page.goto("/settings")
        account_card = page.get_by_test_id("settings-account-data")
        expect(account_card).to_be_visible()
        wait_settled(page)
        found = audit(page)
        assert not found, "axe on /settings, signed in:\n" + "\n".join(found)

        # Download my data: the server's export of this account, as one JSON file.
        with page.expect_download(timeout=30_000) as info:
            account_card.get_by_role("button", name="Download my data").click()
        download = info.value
        assert download.suggested_filename == "waypoint-account.json"
        text = download.path().read_text(encoding="utf-8")
        data = json.loads(text)
        assert data["account"]["displayName"] == name
        assert data["account"]["accountName"] == account_name(name)
        assert data["account"]["provider"] == "local"
        assert data["account"]["hasPassword"] is True
        # Neither the password nor its scrypt hash leaves the server.
        assert TEST_PASSWORD not in text and "scrypt" not in text
        assert [(like["buildId"], like["slug"]) for like in data["likes"]] == [(liked_id, liked_slug)]
        assert [(b["buildId"], b["slug"], b["creatorName"]) for b in data["builds"]] == [
            (mine["buildId"], mine["slug"], name)
        ]
        assert data["builds"][0]["pobCode"] == code(ONE_STEP)
        assert data["attachments"] == []
        assert len(data["sessions"]) >= 1

        # Delete my account, with the published builds.
        open_button = account_card.get_by_role("button", name="Delete my account")
        dialog = page.get_by_role("dialog", name="Delete my account")
        also_builds = dialog.get_by_label("Also delete the builds I published")
        confirm = dialog.get_by_test_id("confirm-delete-account")
        if keyboard:
            # From the top of a freshly loaded page, through the sidebar and the storage card.
            page.reload()
            expect(open_button).to_be_visible()
            tab_to(page, open_button)
            page.keyboard.press("Enter")
            expect(dialog).to_be_visible()
            wait_settled(page)
            tab_to(page, also_builds, limit=10)
            page.keyboard.press("Space")
        else:
            open_button.click()
            expect(dialog).to_be_visible()
            wait_settled(page)
            also_builds.click()
        expect(also_builds).to_be_checked()
        expect(dialog.get_by_test_id("delete-account-summary")).to_contain_text("every build you published")
        wait_settled(page)
        found = audit(page)
        assert not found, "axe on the delete dialog:\n" + "\n".join(found)
        screenshot(page, f"settings-delete-dialog-{width}")
        if keyboard:
            tab_to(page, confirm, limit=10)
            page.keyboard.press("Enter")
        else:
            confirm.click()

        # Signed out: the toast, the browser, the sidebar, the cookie and the server all say so.
        expect(page.locator(".mantine-Notification-root").filter(has_text="Account deleted")).to_be_visible(
            timeout=30_000
        )
        page.wait_for_url(re.compile(r"/build/browse"))
        expect(dialog).to_be_hidden()
        assert not [c for c in page.context.cookies() if c["name"] == "waypoint_session"]
        assert page.request.get("/api/auth/me").status == 401
        assert (
            page.evaluate("() => Object.keys(localStorage).filter((k) => k.startsWith('waypoint:identity'))")
            == []
        )
        open_nav(page)
        expect(page.get_by_test_id("sidebar").get_by_test_id("login-button")).to_be_visible()
        # Settings has nothing of the account to offer now.
        page.goto("/settings")
        expect(page.get_by_test_id("settings-persist")).to_be_visible()
        expect(page.get_by_test_id("settings-account-data")).to_have_count(0)

        # The old name and password no longer sign in.
        page.goto("/build/browse/explore")
        open_nav(page)
        page.get_by_test_id("login-button").click()
        realm = page.get_by_role("dialog", name="Realm Selection")
        realm.get_by_text("PC", exact=True).click()
        realm.get_by_test_id("realm-dialog-confirm").click()
        page.wait_for_url(re.compile(r"/api/auth/local\?state="))
        page.fill("#signin-account", account_name(name))
        page.fill("#signin-password", TEST_PASSWORD)
        with page.expect_response(
            lambda r: r.url.endswith("/api/auth/local") and r.request.method == "POST"
        ) as answer:
            page.get_by_role("button", name="Sign in").click()
        assert answer.value.status == 401
        expect(page.get_by_text("Account name or password is incorrect.")).to_be_visible()
        assert not [c for c in page.context.cookies() if c["name"] == "waypoint_session"]

        # The published build's link answers 410, in the API and in the app.
        gone = page.request.get(f"/api/Build/{mine['slug']}")
        assert gone.status == 410
        assert gone.json()["error"]["code"] == "gone"
        assert DELETED in gone.json()["error"]["message"]
        page.goto(f"/build/view/{mine['slug']}")
        failed = page.get_by_role("dialog", name="Failed to Load")
        expect(failed).to_be_visible(timeout=30_000)
        expect(failed).to_contain_text(DELETED)
        screenshot(page, f"settings-deleted-build-{width}")
        # The build it liked is someone else's: it stays.
        assert page.request.get(f"/api/Build/{liked_slug}").status == 200
