"""/game-data/ on the real server process (python -m server serve on loopback)."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from e2e.harness import ServerProcess


@pytest.fixture(scope="module")
def server(built_dist, tmp_path_factory):
    out, _ = built_dist
    # No PWA build: the SPA fallback then answers 503, which must never leak into /game-data/.
    empty_pwa = tmp_path_factory.mktemp("no-pwa")
    with ServerProcess(
        empty_pwa, env={"WAYPOINT_GAME_DATA_DIST": str(out), "WAYPOINT_SEED_DEMO": "false"}
    ) as s:
        yield s


def test_manifest_is_served_no_cache(server, built_dist):
    _, result = built_dist
    with server.client() as c:
        r = c.get("/game-data/manifest.json")
    assert r.status_code == 200
    assert r.headers["cache-control"] == "no-cache"
    assert r.headers["content-type"].startswith("application/json")
    assert r.json() == result.manifest
    with server.client() as c:
        again = c.get("/game-data/manifest.json", headers={"If-None-Match": r.headers["etag"]})
        stale = c.get("/game-data/manifest.json", headers={"If-None-Match": '"0000000000000000"'})
    assert again.status_code == 304 and again.content == b""
    assert again.headers["cache-control"] == "no-cache"
    assert stale.status_code == 200 and stale.json() == result.manifest


def test_hashed_bundles_are_immutable_and_gzipped_when_accepted(server, built_dist):
    out, result = built_dist
    with server.client() as c:
        for fname in result.manifest["files"].values():
            raw = (out / fname).read_bytes()
            r = c.get(f"/game-data/{fname}", headers={"Accept-Encoding": "gzip"})
            assert r.status_code == 200
            assert r.headers["cache-control"] == "public, max-age=31536000, immutable"
            assert r.headers["content-encoding"] == "gzip"
            kind = "application/octet-stream" if fname.endswith(".bin") else "application/json"
            assert r.headers["content-type"].startswith(kind)
            assert r.content == raw  # httpx undoes the gzip
            assert int(r.headers["content-length"]) == len(gzip.compress(raw, 9, mtime=0))
            plain = c.get(f"/game-data/{fname}", headers={"Accept-Encoding": "identity"})
            assert plain.status_code == 200 and "content-encoding" not in plain.headers
            assert plain.content == raw
            assert plain.headers["cache-control"] == "public, max-age=31536000, immutable"


def test_art_sheets_are_served_immutable_as_images(server, built_dist):
    out, result = built_dist
    art = json.loads((out / result.manifest["files"]["art/3.28"]).read_bytes())
    with server.client() as c:
        for sheet in art["sheets"].values():
            r = c.get(f"/game-data/{sheet['file']}", headers={"Accept-Encoding": "gzip"})
            assert r.status_code == 200
            assert r.headers["cache-control"] == "public, max-age=31536000, immutable"
            types = {".jpg": "image/jpeg", ".png": "image/png", ".webp": "image/webp"}
            assert r.headers["content-type"] == types[Path(sheet["file"]).suffix]
            assert "content-encoding" not in r.headers  # already compressed
            assert r.content == (out / sheet["file"]).read_bytes()
    # The ascendancy backdrops are WebP sheets.
    assert {Path(s["file"]).suffix for s in art["sheets"].values()} == {".jpg", ".png", ".webp"}


@pytest.mark.parametrize(
    "path",
    [
        "/game-data/gems.0000000000000000.json",  # well-formed name, no such file
        "/game-data/tree-3.99.0123456789abcdef.json",
        "/game-data/.inputs-hash",  # exists in the folder, but is not a bundle
        "/game-data/nested/file.json",
        "/game-data/",
        "/game-data/..%2F..%2Fpyproject.toml",
        "/game-data/art-3.28-active.0000000000000000.jpg",  # an art name, no such sheet
        "/game-data/art-3.28-active.0123456789abcdef.gif",
    ],
)
def test_missing_or_foreign_files_are_a_json_404_not_the_app(server, path):
    with server.client() as c:
        r = c.get(path)
    assert r.status_code == 404
    body = r.json()
    assert body["error"]["code"] == "not_found" and body["error"]["message"]


def test_manifest_missing_is_an_honest_error(tmp_path_factory):
    empty = tmp_path_factory.mktemp("no-game-data")
    env = {"WAYPOINT_GAME_DATA_DIST": str(empty), "WAYPOINT_SEED_DEMO": "false"}
    with ServerProcess(empty, env=env) as s, s.client() as c:
        r = c.get("/game-data/manifest.json")
    assert r.status_code == 503
    assert json.loads(r.text)["error"]["code"] == "game_data_not_built"
