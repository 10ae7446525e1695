"""Fixtures for the sync-server suite: a real app over a real SQLite file."""

from __future__ import annotations

import uuid
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from litestar.testing import AsyncTestClient

from server.app import create_app
from server.paths import POB_CORPUS
from server.settings import Settings

POB = POB_CORPUS
# Templar / Inquisitor, two trees, one item set, one skill set.
INQUISITOR = POB / "AdamZ-8113__pob-codes" / "heavy_strike_of_trarthus_inquisitor_328.code.txt"
# Duelist / Slayer, eleven trees, item and skill sets.
SLAYER = POB / "AdamZ-8113__pob-codes" / "sanavixx_cyclone_shockwave_slayer_328.code.txt"


def make_settings(tmp_path: Path, **kw) -> Settings:
    dist = tmp_path / "dist"
    dist.mkdir(exist_ok=True)
    (dist / "index.html").write_text("<!doctype html><title>Waypoint</title>")
    base = dict(db_path=str(tmp_path / "db.sqlite3"), pwa_dist=str(dist), seed_demo=False, rate_limit_per_minute=0)
    base.update(kw)
    return Settings(**base)


@pytest.fixture
async def app(tmp_path):
    return create_app(make_settings(tmp_path))


@pytest.fixture
async def client(app):
    async with AsyncTestClient(app=app) as c:
        yield c


async def sign_in(client, name: str = "Tester", return_path: str = "/build/browse", realm: str = "pc") -> dict:
    """The whole local sign-in: login -> form page -> form post -> /auth-complete redirect."""
    r = await client.post("/api/auth/login", json={"ReturnPath": return_path, "InitialRealm": realm})
    assert r.status_code == 200, r.text
    target = r.json()["data"]["returnPath"]
    assert target.startswith("/api/auth/local?state=")
    page = await client.get(target)
    assert page.status_code == 200 and "Local sign-in (demo)" in page.text
    state = parse_qs(urlsplit(target).query)["state"][0]
    done = await client.post("/api/auth/local", data={"state": state, "displayName": name}, follow_redirects=False)
    assert done.status_code == 303, done.text
    loc = urlsplit(done.headers["location"])
    assert loc.path == "/auth-complete"
    return {k: v[0] for k, v in parse_qs(loc.query).items()}


def publish_payload(code_path: Path = INQUISITOR, **over) -> dict:
    from server.planner import decode_planner

    code = code_path.read_text().strip()
    ex = decode_planner(code)
    payload = {
        "buildId": str(uuid.uuid4()),
        "ascendancy": ex.ascendancy_name,
        "baseClass": ex.class_name,
        "treeVersion": ex.tree_version,
        "steps": [
            {"title": f"Step {i + 1}", "equipmentSetId": ex.item_sets[0].id, "skillSetId": ex.skill_sets[0].id,
             "passiveTreeId": t.id}
            for i, t in enumerate(ex.trees)
        ],
        "pobCod": code,
        "skills": ex.skill_sets[0].gems[:2],
    }
    payload.update(over)
    return payload


async def session_headers(client, name: str) -> dict[str, str]:
    """Sign `name` in through the real flow and return a Cookie header for that user.

    One test client (one event loop) serves every user: the client's own cookie jar
    is emptied, and each call names its user with these headers.
    """
    await sign_in(client, name)
    token = client.cookies.get("waypoint_session")
    client.cookies.clear()
    assert token
    return {"Cookie": f"waypoint_session={token}"}
