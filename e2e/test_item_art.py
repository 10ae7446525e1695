"""Issue 35: character items from the official API show their own art (the API's `icon`), cached by the
service worker for offline use, with the item class glyph where an image fails (spec: a failed image is
hidden); build items show their item class glyph.

The official image host is out of reach here: a loopback image server stands in for it, and the fake
official API (tests/fakes/ggg.py) links the sample character's items to it. One item links a missing
image (a 404), for the fallback.
"""

from __future__ import annotations

import re
import struct
import threading
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from playwright.sync_api import expect

from e2e.harness import screenshot
from e2e.pwa_support import app_page, inject_axe, wait_for_service_worker, wait_until
from e2e.test_pwa_tracker import pick_character

WIDTHS = [1400, 412]
HELMET = "[data-testid=item-slot][data-slot='Helmet']"


def png(width: int, height: int, rgb: tuple[int, int, int]) -> bytes:
    """A plain PNG of one colour."""
    row = b"\x00" + bytes(rgb) * width
    chunk = lambda kind, data: struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))  # noqa: E731
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(row * height)) + chunk(b"IEND", b""))


class ImageHost:
    """Serves /art/<anything>.png as a magenta PNG (no-store: only the service worker may keep it) and
    404s everything else; counts the requests per path."""

    ART = png(47, 47, (255, 0, 255))

    def __init__(self):
        self.hits: dict[str, int] = {}
        host = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_GET(self):  # noqa: N802
                host.hits[self.path] = host.hits.get(self.path, 0) + 1
                ok = self.path.startswith("/art/")
                body = host.ART if ok else b"missing"
                self.send_response(200 if ok else 404)
                self.send_header("Content-Type", "image/png" if ok else "text/plain")
                self.send_header("Cache-Control", "no-store")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    def stop(self) -> None:
        if self.server.socket.fileno() != -1:
            self.server.shutdown()
            self.server.server_close()


def drawn(img) -> bool:
    return img.evaluate("(el) => el.complete && el.naturalWidth > 0")


def axe_in(page, include: str) -> list[str]:
    inject_axe(page)
    return page.evaluate(
        "async (sel) => (await axe.run({include: [sel]}, {resultTypes: ['violations']})).violations"
        ".filter(v => ['serious', 'critical'].includes(v.impact)).map(v => v.id + ': ' + v.nodes.map(n => n.target.join(' ')).join(' | '))",
        include,
    )


@pytest.mark.parametrize("width", WIDTHS)
def test_character_items_show_their_own_art_offline_and_a_glyph_when_it_fails(browser, start_server, width):
    from tests.fakes.ggg import FakeGgg

    images = ImageHost()
    fake = FakeGgg()
    for item in fake.characters[0]["equipment"]:
        slot = item["inventoryId"] + str(item.get("x", 0))
        # The main hand links a missing image: its slot shows the wand glyph instead.
        item["icon"] = f"{images.origin}/missing/{slot}.png" if item["inventoryId"] == "Weapon" else f"{images.origin}/art/{slot}.png"
    fake.start()
    try:
        server = start_server(env={**fake.env(), "WAYPOINT_ITEM_IMAGE_ORIGINS": images.origin})
        with server.client() as api:
            build_id = api.get("/api/Build/search", params={"ClassFilters": "Hierophant"}).json()["data"]["builds"][0]["buildId"]
        with app_page(browser, server.base_url, width) as page:
            page.goto("/build/track")
            wait_for_service_worker(page)
            page.get_by_test_id("tracker-login").click()
            page.get_by_role("dialog", name="Realm Selection").get_by_test_id("realm-dialog-confirm").click()
            page.wait_for_url(re.compile(r"/build/track$"))
            page.get_by_test_id("character-picker").wait_for()
            page.goto(f"/build/view/{build_id}")

            # Build items (planner): the glyph of their item class, never an image.
            build = page.get_by_test_id("equipment-build")
            first = build.get_by_test_id("item-glyph").first
            expect(first).to_be_visible()
            assert build.get_by_test_id("item-art").count() == 0
            if width >= 1200:
                kinds = {s.get_attribute("data-slot"): s.get_by_test_id("item-glyph").get_attribute("data-kind")
                         for s in build.get_by_test_id("item-slot").all() if s.get_attribute("data-empty") == "false"}
                assert kinds.get("Helmet") == "helmet" and kinds.get("Body Armour") == "body", kinds

            page.get_by_test_id("equipment-character-tab").click()
            pick_character(page, page.get_by_test_id("character-select-prompt"), "testcharacter")
            mine = page.get_by_test_id("equipment-character")
            expect(mine).to_be_visible()
            main_hand = mine.locator("[data-testid=item-slot][data-slot='Weapon 1']")
            # The missing image is hidden and the item's class glyph stands in (a wand).
            expect(main_hand.get_by_test_id("item-glyph")).to_have_attribute("data-kind", "wand")
            expect(main_hand.get_by_test_id("item-art")).to_have_count(0)
            if width < 1200:
                page.get_by_role("button", name="Next slot").click()
            helmet = mine.locator(HELMET).get_by_test_id("item-art")
            expect(helmet).to_have_attribute("src", f"{images.origin}/art/Helm0.png")
            wait_until(lambda: drawn(helmet), message="the helmet's art drawn")
            assert helmet.evaluate("(el) => el.naturalWidth") == 47
            if width >= 1200:
                # The character's jewels link art on the official host, which this page may not load (CSP):
                # each shows its jewel art from the tree's jewel sheet instead, drawn from the sheet.
                jewel = mine.get_by_test_id("item-jewel-art").first
                expect(jewel).to_be_visible()
                assert "/game-data/art-3.28-jewel." in jewel.evaluate("(el) => getComputedStyle(el).backgroundImage")
            assert axe_in(page, "[data-testid=equipment-character]") == []
            screenshot(page, f"item-art-{width}")

            # Offline for the image host: the service worker's cache answers (the host said no-store).
            wait_until(lambda: page.evaluate("async () => (await (await caches.open('item-art')).keys()).some((r) => r.url.endsWith('/art/Helm0.png'))"),
                       message="the helmet's art in the item-art cache")
            hits = images.hits.get("/art/Helm0.png", 0)
            images.stop()
            page.reload()
            page.get_by_test_id("equipment-character-tab").click()
            if width < 1200:
                page.get_by_role("button", name="Next slot").click()
            helmet = page.get_by_test_id("equipment-character").locator(HELMET).get_by_test_id("item-art")
            expect(helmet).to_be_visible()
            wait_until(lambda: drawn(helmet), message="the helmet's art drawn from the cache")
            assert images.hits.get("/art/Helm0.png", 0) == hits
    finally:
        fake.stop()
        images.stop()
