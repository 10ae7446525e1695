"""Issue 36 in Chromium against the real server: following a build and hearing of its revisions (each test at 1400 and 412 px).

A follower follows a creator's build from its view while offline (the follow waits in the outbox and
reaches the server once back online), sees it in browse's Following tab; the creator publishes
revision 2 (through the API with the creator page's session) while the follower is offline; back
online, the follower's navigation shows the updates badge, the updates list shows what changed
(the renamed step, the new main skill, the creator's note) and 'Mark as seen' clears it on the
server. The plain link opens revision 2, the revision-1 link still opens revision 1. axe clean on
the updates list and on the view with its revision picker.
"""

from __future__ import annotations

import re
import uuid

import pytest
from playwright.sync_api import expect

from e2e.harness import TEST_PASSWORD
from e2e.pwa_support import app_page, inject_axe, login, open_sign_in, outbox_size, unique_name, wait_until
from e2e.test_a11y import audit
from e2e.test_pwa_settings_account import publish


def audit_main(page, scope: str = "main") -> list[str]:
    """Serious and critical axe findings inside `scope`."""
    inject_axe(page)
    result = page.evaluate("(scope) => axe.run(scope, { resultTypes: ['violations'] })", scope)
    return [f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes'][:5]]}" for v in result["violations"]
            if v["impact"] in ("serious", "critical")]


def fits_width(page) -> bool:
    """Nothing wider than the viewport (a phone scrolls sideways otherwise)."""
    return page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")


def follow_state(live_server, slug: str) -> dict:
    with live_server.client() as c:
        r = c.get(f"/api/Build/{slug}/follow")
        r.raise_for_status()
        return r.json()["data"]


@pytest.mark.parametrize("width", [1400, 412])
def test_follow_offline_then_see_and_clear_a_new_revision(browser, live_server, width):
    with app_page(browser, live_server.base_url, 1400) as creator, app_page(browser, live_server.base_url, width) as fan:
        login(creator, unique_name("Maker"))
        built = publish(creator, live_server.base_url)
        slug, build_id = built["slug"], built["buildId"]
        first = creator.request.get(f"/api/Build/{slug}/revision/1").json()["data"]

        login(fan, unique_name("Fan"))
        fan.goto(f"/build/view/{slug}")
        toggle = fan.get_by_test_id("build-view").get_by_test_id("follow-toggle")
        expect(toggle).to_have_attribute("data-following", "false")
        expect(fan.get_by_test_id("follower-count")).to_contain_text("0 followers")

        # Followed offline: shown at once, waits in the outbox, reaches the server once online.
        fan.context.set_offline(True)
        toggle.click()
        expect(toggle).to_have_attribute("data-following", "true")
        expect(fan.get_by_test_id("follower-count")).to_contain_text("1 follower")
        wait_until(lambda: outbox_size(fan) == 1, message="the follow waits in the outbox")
        assert follow_state(live_server, slug)["followers"] == 0
        fan.context.set_offline(False)
        wait_until(lambda: follow_state(live_server, slug)["followers"] == 1, timeout=30, message="the follow replayed")
        wait_until(lambda: outbox_size(fan) == 0, timeout=30, message="the outbox emptied")

        # The Following tab lists it, its card says Following.
        fan.goto("/build/browse/following")
        card = fan.locator(f'[data-testid=build-card][data-build-id="{build_id}"]')
        expect(card).to_be_visible(timeout=30_000)
        expect(card.get_by_test_id("follow-toggle")).to_have_attribute("data-following", "true")

        # Revision 2 while the follower is offline: the step renamed, a main skill dropped, a note.
        fan.context.set_offline(True)
        body = {k: first[k] for k in ("baseClass", "ascendancy", "treeVersion", "skills")}
        body.update(
            baseRevision=1, pobCod=first["pobCode"], note="Renamed the step for the endgame",
            steps=[{**first["steps"][0], "title": "Endgame"}], skills=first["skills"][:1],
        )
        r = creator.request.post(f"/api/Build/{slug}/revisions", data=body, headers={"Origin": live_server.base_url})
        assert r.status == 201, r.text()
        assert r.json()["data"]["revision"] == 2
        expect(fan.get_by_test_id("updates-header" if width < 1200 else "updates-badge")).to_have_count(0)

        fan.context.set_offline(False)
        if width < 1200:
            badge = fan.get_by_test_id("updates-header")
            expect(badge).to_be_visible(timeout=30_000)
            expect(fan.get_by_test_id("updates-header-count")).to_have_text("1")
        else:
            badge = fan.get_by_test_id("nav-updates")
            expect(fan.get_by_test_id("updates-badge")).to_have_text("1", timeout=30_000)
        expect(card.get_by_test_id("card-updated")).to_be_visible()

        badge.click()
        fan.wait_for_url("**/build/updates")
        entry = fan.locator(f'[data-testid=update-card][data-build-id="{build_id}"]')
        expect(entry).to_contain_text("Revision 2 is out")
        # Titled as the app titles a build (revision 2's first main skill and ascendancy), not by its slug.
        expect(entry.get_by_test_id("update-link")).to_have_text(
            f"{first['skills'][0]} {first['ascendancy'] or first['baseClass']}")
        entry.get_by_test_id("show-diff").press("Enter") if width == 1400 else entry.get_by_test_id("show-diff").click()
        diff = entry.get_by_test_id("revision-diff")
        expect(diff).to_be_visible(timeout=30_000)
        expect(diff).to_contain_text("Step renamed: Step 1 → Endgame")
        if len(first["skills"]) > 1:
            expect(diff).to_contain_text(f"Main skills removed: {', '.join(first['skills'][1:])}")
        expect(diff.get_by_test_id("diff-note")).to_contain_text("Renamed the step for the endgame")
        assert audit(fan) == []

        entry.get_by_test_id("mark-seen").click()
        expect(fan.get_by_test_id("updates-empty")).to_be_visible()
        assert fan.request.get("/api/Build/updates").json()["data"]["updates"] == []
        assert follow_state(live_server, slug)["followers"] == 1
        if width < 1200:
            expect(fan.get_by_test_id("updates-header")).to_have_count(0)
        else:
            expect(fan.get_by_test_id("updates-badge")).to_have_count(0)

        # The link opens the newest revision; revision 1's link still opens revision 1.
        fan.goto(f"/build/view/{slug}")
        expect(fan.get_by_test_id("shown-revision")).to_have_attribute("data-revision", "2")
        expect(fan.get_by_test_id("build-view")).to_contain_text("Endgame")
        expect(fan.get_by_test_id("revision-select")).to_be_visible(timeout=30_000)
        fan.goto(f"/build/view/{slug}?revision=1")
        expect(fan.get_by_test_id("shown-revision")).to_have_attribute("data-revision", "1")
        expect(fan.get_by_test_id("old-revision")).to_be_visible()
        expect(fan.get_by_test_id("build-view")).to_contain_text("Step 1")
        expect(fan.get_by_test_id("revision-select")).to_have_value("1", timeout=30_000)
        assert audit(fan) == []
        # Choosing the newest in the picker goes back to the plain link.
        fan.get_by_test_id("revision-select").select_option("2")
        fan.wait_for_url(f"**/build/view/{slug}")
        expect(fan.get_by_test_id("shown-revision")).to_have_attribute("data-revision", "2")


def login_new_account(page, account: str, display_name: str, start: str = "/build/browse/explore") -> None:
    """Sign up a new local account with this display name (which another account may already have)."""
    open_sign_in(page, start)
    page.fill("#signup-account", account)
    page.fill("#signup-display", display_name)
    page.fill("#signup-password", TEST_PASSWORD)
    page.get_by_role("button", name="Create account").click()
    page.wait_for_url(re.compile(re.escape(start) + r"$"))
    page.get_by_test_id("create-build").wait_for()


def test_only_the_creator_sees_publish_new_revision_not_a_namesake(browser, live_server):
    """'Publish new revision' goes by the account that created the build (the server's isCreator), so
    another account with the same display name, and an anonymous reader, do not get it."""
    base = live_server.base_url
    with app_page(browser, base, 1400) as creator, app_page(browser, base, 1400) as twin, \
            app_page(browser, base, 1400) as anonymous:
        name = unique_name("Maker")
        login(creator, name)
        slug = publish(creator, base)["slug"]
        login_new_account(twin, f"twin-{uuid.uuid4().hex[:12]}", name)

        creator.goto(f"/build/view/{slug}")
        expect(creator.get_by_test_id("new-revision")).to_be_visible(timeout=30_000)

        for page in (twin, anonymous):
            page.goto(f"/build/view/{slug}")
            expect(page.get_by_test_id("build-creator")).to_have_text(f"By {name}", timeout=30_000)
            # The page has drawn its actions (like and follow) and still offers no revision.
            follow = "follow-toggle" if page is twin else "follow-login"
            expect(page.get_by_test_id("build-view").get_by_test_id(follow)).to_be_visible()
            expect(page.get_by_test_id("new-revision")).to_have_count(0)
        assert twin.request.get(f"/api/Build/{slug}").json()["data"]["buildInfo"]["isCreator"] is False
        assert anonymous.request.get(f"/api/Build/{slug}").json()["data"]["buildInfo"]["isCreator"] is False
        assert creator.request.get(f"/api/Build/{slug}").json()["data"]["buildInfo"]["isCreator"] is True


@pytest.mark.parametrize("width", [1400, 412])
def test_creator_publishes_a_revision_from_the_editor_and_reapplies_after_a_stale_base(browser, live_server, width):
    with app_page(browser, live_server.base_url, width) as page:
        login(page, unique_name("Maker"))
        built = publish(page, live_server.base_url)
        slug = built["slug"]
        first = page.request.get(f"/api/Build/{slug}/revision/1").json()["data"]

        page.goto(f"/build/view/{slug}")
        page.get_by_test_id("new-revision").click()
        page.wait_for_url("**/build/create")
        expect(page.get_by_role("heading", level=1)).to_have_text(f"New revision of {slug}")
        expect(page.get_by_test_id("revision-base")).to_contain_text("Based on revision 1")
        page.get_by_test_id("step-title").fill("Endgame")
        page.get_by_test_id("revision-note").fill("Renamed the step")

        # Meanwhile revision 2 lands from elsewhere (the same creator, through the API).
        body = {k: first[k] for k in ("baseClass", "ascendancy", "treeVersion", "skills", "steps")}
        body.update(baseRevision=1, pobCod=first["pobCode"], note="From my other device")
        r = page.request.post(f"/api/Build/{slug}/revisions", data=body, headers={"Origin": live_server.base_url})
        assert r.status == 201, r.text()

        page.get_by_test_id("complete-build").click()
        page.get_by_test_id("finalize-complete").click()
        stale = page.get_by_test_id("stale-revision")
        expect(stale).to_be_visible(timeout=30_000)
        assert page.request.get(f"/api/Build/{slug}/revisions").json()["data"]["newest"] == 2
        # The page's own content (the app's storage notice toast, outside main, is not this feature's).
        assert audit_main(page) == []
        assert fits_width(page)

        stale.get_by_test_id("load-newest").click()
        expect(page.get_by_test_id("revision-base")).to_contain_text("Based on revision 2")
        expect(page.get_by_test_id("step-title")).to_have_value("Endgame")
        expect(page.get_by_test_id("revision-note")).to_have_value("Renamed the step")
        page.get_by_test_id("complete-build").click()
        page.get_by_test_id("finalize-complete").click()
        done = page.get_by_role("dialog", name="Revision Published")
        expect(done.get_by_text("Revision 3 is published")).to_be_visible(timeout=30_000)

        listed = page.request.get(f"/api/Build/{slug}/revisions").json()["data"]
        assert listed["newest"] == 3
        assert [(x["revision"], x["note"]) for x in listed["revisions"]][:2] == [(3, "Renamed the step"), (2, "From my other device")]
        third = page.request.get(f"/api/Build/{slug}/revision/3").json()["data"]
        assert [s["title"] for s in third["steps"]] == ["Endgame"]
        page.goto(f"/build/view/{slug}")
        expect(page.get_by_test_id("shown-revision")).to_have_attribute("data-revision", "3")
        expect(page.get_by_test_id("build-view")).to_contain_text("Endgame")


@pytest.mark.parametrize("width", [1400, 412])
def test_tracker_offers_the_new_revision_to_stay_or_move(browser, live_server, width):
    """The attached build gets revision 2: the tracker says 'Revision 2 is out' with what changed; Stay keeps
    the character on revision 1 (its step title), Move goes to revision 2."""
    from e2e.test_pwa_tracker import attach_via_api, hierophant_expectations, pick_character

    seeded = hierophant_expectations(live_server)["info"]
    with app_page(browser, live_server.base_url, 1400) as creator, app_page(browser, live_server.base_url, width) as page:
        login(creator, unique_name("Maker"))
        payload = {k: seeded[k] for k in ("baseClass", "ascendancy", "treeVersion", "skills", "steps")}
        payload.update(buildId=str(uuid.uuid4()), pobCod=seeded["pobCode"])
        r = creator.request.post("/api/Build", data=payload, headers={"Origin": live_server.base_url})
        assert r.status == 201, r.text()
        build_id, slug = payload["buildId"], r.json()["data"]["slug"]
        old_title = seeded["steps"][-1]["title"]

        login(page, unique_name("Player"))
        attach_via_api(page, "demo-hierophant", build_id)  # attaching follows the build
        page.goto("/build/track")
        pick_character(page, page.get_by_test_id("character-picker"), "DemoHierophant")
        loaded = page.get_by_test_id("tracker-loaded")
        expect(loaded).to_have_attribute("data-build-id", build_id, timeout=30_000)
        expect(page.get_by_test_id("tracker-revision")).to_have_count(0)

        body = dict(payload)
        del body["buildId"]
        body.update(baseRevision=1, note="New endgame step name",
                    steps=[*seeded["steps"][:-1], {**seeded["steps"][-1], "title": "Endgame"}])
        r = creator.request.post(f"/api/Build/{slug}/revisions", data=body, headers={"Origin": live_server.base_url})
        assert r.status == 201, r.text()

        page.reload()
        notice = page.get_by_test_id("tracker-revision")
        expect(notice).to_contain_text("Revision 2 is out", timeout=30_000)
        expect(notice).to_contain_text("New endgame step name")
        notice.get_by_test_id("tracker-show-diff").click()
        expect(notice.get_by_test_id("revision-diff")).to_contain_text(f"Step renamed: {old_title} → Endgame", timeout=30_000)
        assert audit_main(page, "[data-testid=tracker-revision]") == []
        assert fits_width(page)

        notice.get_by_test_id("stay-on-revision").click()
        expect(notice).to_contain_text("Tracking revision 1 of 2", timeout=30_000)
        expect(page.locator("[data-testid=step][data-active=true]")).to_contain_text(old_title)
        assert page.request.get("/api/Build/updates").json()["data"]["updates"] == []
        page.reload()  # the choice is kept
        expect(page.get_by_test_id("tracker-revision")).to_contain_text("Tracking revision 1 of 2", timeout=30_000)

        page.get_by_test_id("move-to-revision").click()
        expect(page.get_by_test_id("tracker-revision")).to_have_count(0, timeout=30_000)
        expect(page.locator("[data-testid=step][data-active=true]")).to_contain_text("Endgame")
