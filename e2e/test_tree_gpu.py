"""Where WebGL is unavailable the tree shows the spec's GPU alert instead of a canvas."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from e2e.harness import launch_chromium, screenshot
from e2e.tree_helpers import CANVAS, corpus_code, dev_tree_url


@pytest.fixture(scope="module")
def no_gpu_browser(playwright_instance):
    b = launch_chromium(playwright_instance, "--disable-gpu", "--disable-webgl", "--disable-3d-apis")
    yield b
    b.close()


def test_gpu_alert_replaces_the_canvas(no_gpu_browser, live_server):
    ctx = no_gpu_browser.new_context(base_url=live_server.base_url, viewport={"width": 1400, "height": 900})
    page = ctx.new_page()
    try:
        assert page.evaluate("() => !document.createElement('canvas').getContext('webgl')")
        page.goto(dev_tree_url(corpus_code("AdamZ-8113__pob-codes/flicker_strike_reliquarian_328.code.txt")))
        alert = page.get_by_test_id("gpu-alert")
        expect(alert).to_be_visible(timeout=30_000)
        expect(alert).to_contain_text("GPU acceleration is not available")
        expect(alert).to_contain_text("GPU acceleration has been blocked or is not available on this device.")
        expect(alert).to_contain_text("Please try to use a different web browser.")
        expect(page.locator(CANVAS)).to_have_count(0)
        screenshot(page, "tree-gpu-alert")
    finally:
        ctx.close()
