"""The app runs under the server's Content-Security-Policy with no violation: sign-in page,
explore, a build view with its WebGL tree (SwiftShader), the guide's worker and the service
worker. Violations are caught both as `securitypolicyviolation` events and console errors."""

from __future__ import annotations

import re
from urllib.parse import quote

from playwright.sync_api import expect

from e2e.harness import launch_chromium
from e2e.pwa_support import login, unique_name, wait_for_service_worker
from e2e.tree_helpers import SWIFTSHADER, corpus_code, wait_tree_ready

LISTEN = """
window.__csp = [];
document.addEventListener('securitypolicyviolation',
  e => window.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
"""


def test_the_app_runs_under_its_csp_without_violations(playwright_instance, live_server):
    browser = launch_chromium(playwright_instance, *SWIFTSHADER)
    try:
        ctx = browser.new_context(base_url=live_server.base_url, viewport={"width": 1400, "height": 900})
        ctx.add_init_script(LISTEN)
        page = ctx.new_page()
        page.set_default_timeout(30_000)
        console: list[str] = []
        page.on("console", lambda m: console.append(m.text) if "Content Security Policy" in m.text else None)
        seen: list[str] = []

        def collect() -> None:
            seen.extend(page.evaluate("window.__csp || []"))

        first = page.goto("/build/browse/explore")
        csp = first.headers["content-security-policy"]
        assert "frame-ancestors 'none'" in csp and "script-src 'self'" in csp
        assert first.headers["x-content-type-options"] == "nosniff"
        wait_for_service_worker(page)
        login(page, unique_name("Csp"))  # the server-rendered sign-in page runs under the policy too
        collect()

        with live_server.client() as c:
            builds = c.get("/api/Build/search", params={"ClassFilters": "Slayer", "SkillFilters": "Cyclone"}).json()
            slug = max(builds["data"]["builds"], key=lambda b: b["steps"])["slug"]  # the corpus build with a tree
        page.goto(f"/build/view/{slug}")
        page.get_by_test_id("build-view").wait_for()
        page.get_by_test_id("tab-tree").click()
        expect(page.get_by_test_id("skill-tree").locator("canvas").first).to_be_attached(timeout=60_000)
        wait_tree_ready(page)
        collect()

        code = corpus_code("AdamZ-8113__pob-codes/sanavixx_cyclone_shockwave_slayer_328.code.txt")
        page.goto(f"/dev/guide?code={quote(code, safe='')}&character=csp")
        expect(page.get_by_test_id("campaign-guide")).to_be_visible()
        collect()
        assert seen == [] and console == [], (seen, console)
        assert re.search(r"worker-src 'self' blob:", csp)
    finally:
        browser.close()
