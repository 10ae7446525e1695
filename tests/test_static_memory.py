"""The PWA shell and hashed assets from memory: compressed forms, ETags and 304s, the SPA
fallback, and paths other routes own left alone."""

from __future__ import annotations

import gzip

import brotli
import pytest
from litestar.testing import AsyncTestClient

from server.app import create_app
from server.settings import Settings
from server.static_memory import accepted

JS = ("export const tree = " + repr(list(range(400))) + ";\n").encode()


@pytest.fixture
def app(tmp_path):
    dist = tmp_path / "dist"
    (dist / "assets").mkdir(parents=True)
    (dist / "index.html").write_text("<!doctype html><title>Waypoint</title><div id=root></div>" + " " * 400)
    (dist / "assets" / "app-abc123.js").write_bytes(JS)
    (dist / "robots.txt").write_text("User-agent: *\n")
    return create_app(Settings(db_path=str(tmp_path / "db.sqlite3"), pwa_dist=str(dist), seed_demo=False))


async def test_assets_come_compressed_with_an_etag_and_revalidate_to_304(app):
    async with AsyncTestClient(app) as client:
        br = await client.get("/assets/app-abc123.js", headers={"Accept-Encoding": "gzip, br"})
        assert br.status_code == 200 and br.headers["content-encoding"] == "br"
        assert br.content == JS  # httpx decodes brotli
        assert "immutable" in br.headers["cache-control"] and br.headers["vary"] == "Accept-Encoding"
        gz = await client.get("/assets/app-abc123.js", headers={"Accept-Encoding": "gzip"})
        assert gz.headers["content-encoding"] == "gzip"
        plain = await client.get("/assets/app-abc123.js", headers={"Accept-Encoding": "identity"})
        assert "content-encoding" not in plain.headers and plain.content == JS
        assert plain.headers["content-type"].startswith("application/javascript")
        etag = plain.headers["etag"]
        assert br.headers["etag"] == gz.headers["etag"] == etag
        again = await client.get("/assets/app-abc123.js", headers={"If-None-Match": etag})
        assert again.status_code == 304 and again.content == b"" and again.headers["etag"] == etag
        stale = await client.get("/assets/app-abc123.js", headers={"If-None-Match": '"other"'})
        assert stale.status_code == 200
        head = await client.head("/assets/app-abc123.js", headers={"Accept-Encoding": "identity"})
        assert head.status_code == 200 and head.content == b"" and int(head.headers["content-length"]) == len(JS)


async def test_deep_links_get_the_shell_and_other_routes_are_untouched(app):
    async with AsyncTestClient(app) as client:
        deep = await client.get("/build/view/abc", headers={"Accept-Encoding": "identity"})
        assert deep.status_code == 200 and "<div id=root>" in deep.text and deep.headers["cache-control"] == "no-cache"
        assert (await client.get("/api/nope")).json()["error"]["code"] == "not_found"
        assert (await client.get("/api/health")).json()["data"]["status"] == "ok"
        escape = await client.get("/../../etc/passwd")
        assert "root:" not in escape.text
        small = await client.get("/robots.txt", headers={"Accept-Encoding": "gzip, br"})
        # Too small to gain from compression: served as is.
        assert small.text == "User-agent: *\n" and "content-encoding" not in small.headers


def test_accept_encoding_honours_q_zero():
    assert accepted(b"gzip, br;q=0") == {"gzip"}
    assert accepted(b"br;q=0.5, gzip;q=0.0") == {"br"}
    assert "gzip" in accepted(b"deflate, gzip;q=1.0")

def test_the_brotli_form_is_the_file():
    from pathlib import Path

    from server.static_memory import load_entry

    p = Path(__file__).with_name("data.js")
    try:
        p.write_bytes(JS)
        e = load_entry(p, "assets/data.js")
    finally:
        p.unlink()
    assert brotli.decompress(e.encoded["br"]) == JS and gzip.decompress(e.encoded["gzip"]) == JS
    assert len(e.encoded["br"]) < len(JS)
