"""Fixtures for the sync-server suite: a real app over a real database, on both engines.

`engine` runs a test once on SQLite (a file per test) and once on PostgreSQL (one fresh
database for the whole run, `waypoint_test_<uuid>`, emptied before each test and dropped
at the end). PostgreSQL is expected at WAYPOINT_TEST_PG_URL (default
postgresql://postgres@127.0.0.1:5432/postgres); when it does not answer, the PostgreSQL
half fails and says how to start it.
"""

from __future__ import annotations

import asyncio
import os
import uuid
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from litestar.testing import AsyncTestClient

from e2e.harness import TEST_PASSWORD, account_name
from server.app import create_app
from server.paths import POB_CORPUS
from server.settings import Settings

POB = POB_CORPUS
# Templar / Inquisitor, two trees, one item set, one skill set.
INQUISITOR = POB / "AdamZ-8113__pob-codes" / "heavy_strike_of_trarthus_inquisitor_328.code.txt"
# Duelist / Slayer, eleven trees, item and skill sets.
SLAYER = POB / "AdamZ-8113__pob-codes" / "sanavixx_cyclone_shockwave_slayer_328.code.txt"


PG_ADMIN_URL = os.environ.get("WAYPOINT_TEST_PG_URL", "postgresql://postgres@127.0.0.1:5432/postgres")
PG_HOW_TO_START = (
    "PostgreSQL is not reachable at {url} ({error}). The server suite runs on both engines; start it with"
    " `./just postgres` (or `service postgresql start`), or point WAYPOINT_TEST_PG_URL at a server where"
    " this user may CREATE DATABASE."
)


@dataclass(frozen=True)
class Engine:
    name: str  # "sqlite" | "postgresql"
    url: str = ""  # the test database, for postgresql


def _sync(coro):
    """Run a coroutine to the end from sync code, even under a running event loop."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


def _db_url(admin_url: str, name: str) -> str:
    return admin_url.rsplit("/", 1)[0] + "/" + name


@pytest.fixture(scope="session")
def pg_database():
    """A fresh PostgreSQL database for this run, migrated once, dropped at the end."""
    import asyncpg

    from server.store.pg import apply_pg_migrations

    name = f"waypoint_test_{uuid.uuid4().hex[:12]}"

    async def admin(sql: str) -> None:
        conn = await asyncpg.connect(PG_ADMIN_URL, timeout=5)
        try:
            await conn.execute(sql)
        finally:
            await conn.close()

    try:
        _sync(admin(f'CREATE DATABASE "{name}"'))
    except (TimeoutError, OSError, asyncpg.PostgresError) as exc:
        pytest.fail(PG_HOW_TO_START.format(url=PG_ADMIN_URL, error=exc), pytrace=False)
    url = _db_url(PG_ADMIN_URL, name)
    _sync(apply_pg_migrations(url))
    yield url
    _sync(admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


async def empty_pg(url: str) -> None:
    """Every table but the migration log, emptied (TRUNCATE is far cheaper than a new database)."""
    import asyncpg

    conn = await asyncpg.connect(url)
    try:
        tables = [r[0] for r in await conn.fetch(
            "SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'schema_migrations'"
        )]
        await conn.execute(f"TRUNCATE {', '.join(tables)} RESTART IDENTITY CASCADE")
    finally:
        await conn.close()


@pytest.fixture(params=["sqlite", "postgresql"])
def engine(request) -> Engine:
    if request.param == "sqlite":
        return Engine("sqlite")
    url = request.getfixturevalue("pg_database")
    _sync(empty_pg(url))
    return Engine("postgresql", url)


def make_settings(tmp_path: Path, engine: Engine | None = None, **kw) -> Settings:
    dist = tmp_path / "dist"
    dist.mkdir(exist_ok=True)
    (dist / "index.html").write_text("<!doctype html><title>Waypoint</title>")
    # The public URL is the test client's own (its Origin passes the same-origin check).
    base = dict(db_path=str(tmp_path / "db.sqlite3"), pwa_dist=str(dist), seed_demo=False, rate_limit_per_minute=0,
                public_page_max_stale_ms=0, database_url=engine.url if engine else "",
                public_url="http://testserver.local")
    base.update(kw)
    return Settings(**base)


@pytest.fixture
async def app(tmp_path, engine):
    return create_app(make_settings(tmp_path, engine))


async def rows(app, sql: str, params=()) -> list[tuple]:
    """Rows of one statement (`?` placeholders) on the app's own database, either engine.

    The test client runs the app on its own event loop, so PostgreSQL gets a connection of
    this loop rather than the app's pool."""
    url = app.state.settings.database_url
    if not url:
        return await app.state.store.raw_query(sql, params)
    import asyncpg

    from server.store.pg.store import qmarks

    conn = await asyncpg.connect(url)
    try:
        return [tuple(r) for r in await conn.fetch(qmarks(sql), *params)]
    finally:
        await conn.close()


async def bulk_insert(settings: Settings, count: int, seed: int = 7, max_likes: int = 500) -> list[str]:
    """Synthetic builds straight into the database the settings name."""
    if settings.database_url:
        from server.store.pg.bulk import pg_bulk_insert_builds

        return await pg_bulk_insert_builds(settings.database_url, count, seed=seed, max_likes=max_likes)
    from server.store.bulk import bulk_insert_builds

    return bulk_insert_builds(settings.db_path, count, seed=seed, max_likes=max_likes)


@pytest.fixture
async def client(app):
    async with AsyncTestClient(app=app) as c:
        same_origin(c)
        yield c


def same_origin(client):
    """Call as our own pages do: the CSRF check wants a same-origin Origin on mutations."""
    client.headers["Origin"] = str(client.base_url).rstrip("/")
    return client


async def forget_shared_entries(app) -> None:
    """Drop cursor snapshots and cached characters from the shared state, as if another
    machine had answered the first page."""
    if app.state.settings.database_url:
        await rows(app, "DELETE FROM shared_entries")
    else:
        await app.state.shared.forget_entries()


async def local_form(client, fields: dict, return_path: str = "/build/browse", realm: str = "pc"):
    """Start a sign-in, open the local page, post it with `fields`; the form's answer."""
    r = await client.post("/api/auth/login", json={"ReturnPath": return_path, "InitialRealm": realm})
    assert r.status_code == 200, r.text
    target = r.json()["data"]["returnPath"]
    assert target.startswith("/api/auth/local?state=")
    page = await client.get(target)
    assert page.status_code == 200 and "Local sign-in" in page.text
    state = parse_qs(urlsplit(target).query)["state"][0]
    return await client.post("/api/auth/local", data={"state": state, **fields}, follow_redirects=False)


async def sign_in(client, name: str = "Tester", return_path: str = "/build/browse", realm: str = "pc") -> dict:
    """The whole local flow: login -> page -> sign-up (or sign-in if the account exists) -> /auth-complete."""
    fields = {"mode": "signup", "accountName": account_name(name), "displayName": name, "password": TEST_PASSWORD}
    done = await local_form(client, fields, return_path, realm)
    if done.status_code == 409:
        done = await local_form(client, {**fields, "mode": "signin"}, return_path, realm)
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
