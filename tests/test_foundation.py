"""Settings, migrations and the app skeleton against a real SQLite file and a real server."""

from __future__ import annotations

import sqlite3

import pytest
from litestar.testing import AsyncTestClient

from server.app import create_app
from server.settings import Settings
from server.store.db import apply_migrations, migration_files


def test_settings_from_env_converts_types_and_keeps_defaults(tmp_path):
    s = Settings.from_env({"WAYPOINT_PORT": "9123", "WAYPOINT_SEED_DEMO": "false", "WAYPOINT_DB_PATH": str(tmp_path / "x.db")})
    assert s.port == 9123 and s.seed_demo is False
    assert s.db_path.endswith("x.db")
    assert s.host == "127.0.0.1"
    assert s.base_url == "http://127.0.0.1:9123"
    assert s.auth_provider == "local"
    assert Settings.from_env({"WAYPOINT_GGG_CLIENT_ID": "abc"}).auth_provider == "ggg"


def test_settings_reject_bad_values():
    import msgspec

    with pytest.raises(msgspec.ValidationError):
        Settings.from_env({"WAYPOINT_PORT": "not-a-port"})


def test_migrations_apply_once_in_wal_mode(tmp_path):
    db = tmp_path / "w.sqlite3"
    versions = [v for v, _ in migration_files()]
    assert versions == sorted(versions) and versions[0] == 1
    assert apply_migrations(db) == versions
    assert apply_migrations(db) == []
    conn = sqlite3.connect(db)
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert [r[0] for r in conn.execute("SELECT version FROM schema_migrations ORDER BY version")] == versions


@pytest.fixture
def app(tmp_path):
    dist = tmp_path / "dist"
    (dist / "assets").mkdir(parents=True)
    (dist / "index.html").write_text("<!doctype html><title>Waypoint</title><div id=root></div>")
    (dist / "assets" / "app-abc123.js").write_text("console.log(1)")
    return create_app(Settings(db_path=str(tmp_path / "db.sqlite3"), pwa_dist=str(dist), seed_demo=False))


async def test_health_reports_version_and_database(app):
    async with AsyncTestClient(app) as client:
        r = await client.get("/api/health")
        assert r.status_code == 200
        data = r.json()["data"]
        assert data["status"] == "ok" and data["database"] == "ok"
        from server import __version__

        assert data["version"] == __version__


async def test_spa_fallback_and_json_404(app):
    async with AsyncTestClient(app) as client:
        deep = await client.get("/build/view/abc")
        assert deep.status_code == 200 and "<div id=root>" in deep.text
        asset = await client.get("/assets/app-abc123.js")
        assert asset.status_code == 200 and "immutable" in asset.headers["cache-control"]
        api = await client.get("/api/nope/deeper")
        assert api.status_code == 404 and api.json()["error"]["code"] == "not_found"
        escape = await client.get("/../../etc/passwd")
        assert "root:" not in escape.text


def test_migrate_command(tmp_path):
    import os
    import subprocess
    import sys

    db = tmp_path / "cli.sqlite3"
    out = subprocess.run(
        [sys.executable, "-m", "server", "migrate"],
        env={**os.environ, "WAYPOINT_DB_PATH": str(db)},
        capture_output=True,
        text=True,
        check=True,
    )
    assert "applied migrations" in out.stdout
    assert sqlite3.connect(db).execute("SELECT count(*) FROM schema_migrations").fetchone()[0] >= 1
