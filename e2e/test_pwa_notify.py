"""Issue 36 in Chromium against the real server: system notifications of a followed build's new revision.

The player turns on 'Notify me when a followed build changes' in Settings (notifications permission
granted to the context); the creator publishes revision 2 through the API; the app's check on start
shows one notification (read back with registration.getNotifications()), and a second check the same
day shows none. The service worker's periodic sync path (the event dispatched through CDP, as an
installed Chromium would) shows another followed build's revision and holds the first build's
revision 3 back (one a build a day); the worker's click path (a test hook: no browser clicks a notification
for a test) opens /build/updates. Without the grant, Settings says notifications are blocked. axe clean on
Settings at 1400 and 412 px.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from e2e.pwa_support import app_page, login, unique_name, wait_until
from e2e.test_a11y import audit
from e2e.test_pwa_settings_account import publish

NOTIFICATIONS = """async () => (await (await navigator.serviceWorker.ready).getNotifications())
  .map((n) => ({ title: n.title, body: n.body, tag: n.tag, url: n.data && n.data.url }))"""
CLOSE_ALL = "async () => (await (await navigator.serviceWorker.ready).getNotifications()).forEach((n) => n.close())"
CHECKS = "() => window.__waypointNotifyChecks || []"


def follow(page, base_url: str, slug: str) -> None:
    r = page.request.post(f"/api/Build/{slug}/follow", data={"follow": True}, headers={"Origin": base_url})
    assert r.status == 200, r.text()


def new_revision(page, base_url: str, slug: str, base: int, note: str) -> None:
    first = page.request.get(f"/api/Build/{slug}/revision/1").json()["data"]
    body = {k: first[k] for k in ("baseClass", "ascendancy", "treeVersion", "skills", "steps")}
    body.update(baseRevision=base, pobCod=first["pobCode"], note=note)
    r = page.request.post(f"/api/Build/{slug}/revisions", data=body, headers={"Origin": base_url})
    assert r.status == 201, r.text()


def start_check(page) -> int:
    """Open the app (a start) and wait for its notification check; how many it showed."""
    page.goto("/build/browse/explore")
    wait_until(lambda: len(page.evaluate(CHECKS)) == 1, timeout=30, message="the check on start ran")
    return page.evaluate(CHECKS)[0]


def periodic_sync(page, base_url: str) -> int:
    """Dispatch the service worker's periodicsync event through CDP; how many notifications it showed."""
    cdp = page.context.new_cdp_session(page)
    registrations: list[str] = []
    cdp.on("ServiceWorker.workerRegistrationUpdated",
           lambda e: registrations.extend(r["registrationId"] for r in e["registrations"] if not r["isDeleted"]))
    cdp.send("ServiceWorker.enable")
    # CDP events arrive while Playwright talks to the browser: each try is a round trip.
    wait_until(lambda: page.evaluate("() => true") and registrations, message="the service worker registration")
    page.evaluate("""() => { window.__periodic = null; navigator.serviceWorker.addEventListener("message", (e) => {
      if (e.data && e.data.type === "waypoint:periodic-check") window.__periodic = e.data.shown; }); }""")
    cdp.send("ServiceWorker.dispatchPeriodicSyncEvent",
             {"origin": base_url, "registrationId": registrations[-1], "tag": "waypoint-updates"})
    wait_until(lambda: page.evaluate("() => window.__periodic") is not None, timeout=30, message="the periodic check ran")
    shown = page.evaluate("() => window.__periodic")
    cdp.detach()
    return shown


@pytest.mark.parametrize("width", [1400, 412])
def test_settings_offers_update_notifications(browser, live_server, width):
    with app_page(browser, live_server.base_url, width) as page:
        page.context.grant_permissions(["notifications"])
        page.goto("/settings")
        switch = page.get_by_role("switch", name="Notify me when a followed build changes")
        expect(switch).to_be_enabled(timeout=30_000)
        expect(switch).not_to_be_checked()
        expect(page.get_by_test_id("notify-browsers")).to_contain_text("At most one notification a build a day")
        assert audit(page) == []
        switch.click()
        expect(switch).to_be_checked()
        expect(page.get_by_test_id("notify-status")).to_have_text("On: Waypoint checks when you open it.")
        assert audit(page) == []
        page.reload()  # the choice is kept on this device
        expect(switch).to_be_checked(timeout=30_000)
        switch.click()
        expect(switch).not_to_be_checked()
        expect(page.get_by_test_id("notify-status")).to_have_count(0)


def test_settings_says_when_the_browser_does_not_allow_notifications(browser, live_server):
    """Without the grant, headless Chromium answers 'denied' before any question: the switch is off and
    disabled, and says where to allow them."""
    with app_page(browser, live_server.base_url, 412) as page:
        page.goto("/settings")
        assert page.evaluate("Notification.permission") == "denied"
        expect(page.get_by_test_id("notify-status")).to_have_text(
            "Notifications are blocked for Waypoint in this browser's site settings. Allow them there to turn this on.",
            timeout=30_000)
        switch = page.get_by_role("switch", name="Notify me when a followed build changes")
        expect(switch).to_be_disabled()
        expect(switch).not_to_be_checked()
        assert audit(page) == []


def test_a_new_revision_notifies_once_a_build_a_day(browser, live_server):
    base = live_server.base_url
    with app_page(browser, base, 1400) as creator, app_page(browser, base, 1400) as fan:
        fan.context.grant_permissions(["notifications"])
        maker = unique_name("Maker")
        login(creator, maker)
        first, second = publish(creator, base)["slug"], publish(creator, base)["slug"]
        login(fan, unique_name("Fan"))
        follow(fan, base, first)
        follow(fan, base, second)

        fan.goto("/settings")
        switch = fan.get_by_role("switch", name="Notify me when a followed build changes")
        expect(switch).to_be_enabled(timeout=30_000)
        switch.click()
        expect(switch).to_be_checked()

        # Nothing new yet: the start check shows nothing.
        assert start_check(fan) == 0
        assert fan.evaluate(NOTIFICATIONS) == []

        new_revision(creator, base, first, 1, "Moved the endgame step")
        assert start_check(fan) == 1
        shown = fan.evaluate(NOTIFICATIONS)
        info = fan.request.get(f"/api/Build/{first}").json()["data"]["buildInfo"]
        title = f"{info['skills'][0]} {info['ascendancy'] or info['baseClass']}"
        assert shown == [{"title": "Revision 2 is out", "body": f"{title} by {maker}: Moved the endgame step",
                          "tag": f"waypoint-update:{build_id(fan, first)}", "url": "/build/updates"}]

        # A second check the same day: no second notification for that build.
        fan.evaluate(CLOSE_ALL)
        wait_until(lambda: fan.evaluate(NOTIFICATIONS) == [], message="the notification closed")
        assert start_check(fan) == 0
        assert fan.evaluate(NOTIFICATIONS) == []

        # The service worker's periodic sync: the other build's revision is told, the first build's
        # revision 3 waits for tomorrow.
        new_revision(creator, base, first, 2, "Third")
        new_revision(creator, base, second, 1, "Second build changed")
        assert periodic_sync(fan, base) == 1
        shown = fan.evaluate(NOTIFICATIONS)
        assert [n["tag"] for n in shown] == [f"waypoint-update:{build_id(fan, second)}"]
        assert shown[0]["title"] == "Revision 2 is out"
        # A click opens the updates list in the app's window (the worker's click handler, through its test hook).
        fan.evaluate("""async (tag) => (await navigator.serviceWorker.ready).active.postMessage(
          { type: "waypoint:test:notification-click", tag })""", shown[0]["tag"])
        fan.wait_for_url("**/build/updates", timeout=30_000)
        expect(fan.locator(f'[data-testid=update-card][data-build-id="{build_id(fan, second)}"]')).to_be_visible(timeout=30_000)
        assert fan.evaluate(NOTIFICATIONS) == []

        # ... and the page's next start shows neither again.
        assert start_check(fan) == 0
        assert periodic_sync(fan, base) == 0
        assert fan.evaluate(NOTIFICATIONS) == []


def build_id(page, slug: str) -> str:
    return page.request.get(f"/api/Build/{slug}/follow").json()["data"]["buildId"]
