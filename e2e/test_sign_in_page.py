"""Issue 33: the local sign-in page belongs to the app. In Chromium at 360, 412 and 1400 px it fits the
width, has no serious axe finding, links back to where the player came from, and signs in without JavaScript."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from e2e.harness import TEST_PASSWORD, account_name, screenshot
from e2e.pwa_support import app_page, open_sign_in, unique_name
from e2e.test_a11y import audit


@pytest.mark.parametrize("width", [360, 412, 1400])
def test_sign_in_page_fits_and_leads_back(browser, live_server, width):
    with app_page(browser, live_server.base_url, width) as page:
        open_sign_in(page, "/build/browse/liked")
        # Nothing wider than the screen: the page never scrolls sideways.
        assert page.evaluate("() => document.documentElement.scrollWidth") <= width
        for form in page.locator("form").all():
            box = form.bounding_box()
            assert box and box["x"] >= 0 and box["x"] + box["width"] <= width, box
        # The app's dark surface and type, not the browser's defaults.
        look = page.evaluate(
            """() => { const b = getComputedStyle(document.body), f = getComputedStyle(document.querySelector('form'));
                 return [b.backgroundColor, b.fontFamily, f.backgroundColor]; }"""
        )
        assert look[0] == "rgb(36, 36, 36)" and look[2] == "rgb(46, 46, 46)", look
        assert look[1].startswith("system-ui"), look
        assert audit(page) == []
        screenshot(page, f"sign-in-page-{width}")

        back = page.get_by_test_id("signin-back")
        expect(back).to_have_attribute("href", "/build/browse/liked")
        back.click()
        page.wait_for_url(re.compile(r"/build/browse/liked$"))
        expect(page.get_by_test_id("empty-text")).to_have_text("Log-in to like a build")


def test_a_failed_sign_in_keeps_the_way_back(browser, live_server):
    with app_page(browser, live_server.base_url, 412) as page:
        open_sign_in(page, "/build/browse/created")
        page.fill("#signin-account", account_name(unique_name("Nobody")))
        page.fill("#signin-password", "not the password")
        page.get_by_role("button", name="Sign in").click()
        expect(page.get_by_role("alert")).to_have_text("Account name or password is incorrect.")
        expect(page.get_by_test_id("signin-back")).to_have_attribute("href", "/build/browse/created")


def test_sign_up_works_without_javascript(browser, live_server):
    with live_server.client() as c:
        answer = c.post("/api/auth/login", json={"ReturnPath": "/build/browse/liked", "InitialRealm": "pc"})
        assert answer.status_code == 200, answer.text
        target = answer.json()["data"]["returnPath"]
    ctx = browser.new_context(base_url=live_server.base_url, java_script_enabled=False)
    try:
        page = ctx.new_page()
        page.goto(target)
        name = unique_name("NoScript")
        page.fill("#signup-account", account_name(name))
        page.fill("#signup-display", name)
        page.fill("#signup-password", TEST_PASSWORD)
        with page.expect_response(lambda r: r.url.endswith("/api/auth/local") and r.request.method == "POST") as sent:
            page.get_by_role("button", name="Create account").click()
        assert sent.value.status == 303
        assert "/auth-complete?" in sent.value.headers["location"]
        cookies = {c["name"] for c in ctx.cookies()}
        assert any("session" in n.lower() for n in cookies), cookies
    finally:
        ctx.close()
