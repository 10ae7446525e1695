"""Upgrading a database an older server left, on a real SQLite file and a real PostgreSQL database.

- the case-insensitive unique indexes (SQLite 0006, PostgreSQL 0004) over ids and slugs that differ
  only by case: the migration succeeds, the oldest build keeps its value, later ones get a free
  `-n` value, every row naming them follows, and the old links still open the same builds;
- the stats backfill (0008) stopped halfway is finished by the next start.
"""

from __future__ import annotations

import sqlite3
import uuid
import zlib
from pathlib import Path

import pytest
from litestar.testing import AsyncTestClient

from server.app import create_app
from server.planner.decode import parse_planner_xml, planner_xml_bytes
from server.planner.stats import read_stats
from server.store.db import apply_migrations
from server.store.types import stat_columns
from tests.server.conftest import INQUISITOR, PG_ADMIN_URL, SLAYER, Engine, _db_url, make_settings


class OldDatabase:
    """One database of either engine, migrated only as far as a test says, with plain statements
    (`?` placeholders) on a connection of its own."""

    def __init__(self, engine: str, path: Path, url: str = ""):
        self.engine, self.path, self.url = engine, path, url

    async def migrate(self, until: int | None = None) -> list[int]:
        if self.engine == "sqlite":
            return apply_migrations(self.path, until)
        from server.store.pg import apply_pg_migrations

        return await apply_pg_migrations(self.url, until)

    async def run(self, sql: str, params=()) -> list[tuple]:
        if self.engine == "sqlite":
            conn = sqlite3.connect(self.path, isolation_level=None)
            try:
                conn.execute("PRAGMA foreign_keys=ON")
                return conn.execute(sql, params).fetchall()
            finally:
                conn.close()
        import asyncpg

        from server.store.pg.store import qmarks

        conn = await asyncpg.connect(self.url)
        try:
            return [tuple(r) for r in await conn.fetch(qmarks(sql), *params)]
        finally:
            await conn.close()

    async def indexes(self) -> set[str]:
        if self.engine == "sqlite":
            return {r[0] for r in await self.run("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'builds'")}
        return {r[0] for r in await self.run("SELECT indexname FROM pg_indexes WHERE tablename = 'builds'")}

    def app(self, tmp_path: Path):
        engine = Engine("postgresql", self.url) if self.engine == "postgresql" else None
        return create_app(make_settings(tmp_path, engine, db_path=str(self.path)))


@pytest.fixture(params=["sqlite", "postgresql"])
async def old_db(request, tmp_path):
    """An empty database of the engine, no migration applied (PostgreSQL: a fresh one, dropped after)."""
    if request.param == "sqlite":
        yield OldDatabase("sqlite", tmp_path / "db.sqlite3")
        return
    import asyncpg

    name = f"waypoint_test_upgrade_{uuid.uuid4().hex[:12]}"
    try:
        admin = await asyncpg.connect(PG_ADMIN_URL, timeout=5)
    except (TimeoutError, OSError, asyncpg.PostgresError) as exc:
        pytest.fail(f"PostgreSQL is not reachable at {PG_ADMIN_URL} ({exc})", pytrace=False)
    try:
        await admin.execute(f'CREATE DATABASE "{name}"')
        try:
            yield OldDatabase("postgresql", tmp_path / "unused.sqlite3", _db_url(PG_ADMIN_URL, name))
        finally:
            await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    finally:
        await admin.close()


# The last migration before the nocase indexes, and before the stats columns, on each engine.
BEFORE_NOCASE = {"sqlite": 5, "postgresql": 3}
BEFORE_STATS = {"sqlite": 7, "postgresql": 5}

INSERT_BUILD = (
    "INSERT INTO builds(id, slug, creator_id, creator_name, base_class, ascendancy, tree_version, code_z,"
    " skills, steps, step_count, created_at, updated_at) VALUES (?, ?, ?, ?, 'Templar', 'Inquisitor', '3_28', ?,"
    " '[\"Heavy Strike\"]', '[]', 0, ?, ?)"
)


def _code_z(path: Path = INQUISITOR) -> bytes:
    return zlib.compress(path.read_text().strip().encode(), 9)


# (id, slug, creator, created_at): ids and slugs stored before case was ignored. The 'casetwin01'
# group has three ids; 'CaseTwin01-2' holds the first free-looking suffix, so the renames skip it.
# The two slug twins share a created_at: the id (byte-wise) orders them.
OLD_BUILDS = [
    ("CaseTwin01", "srcbuild", 1, "2025-01-01T00:00:00.000Z"),
    ("casetwin01", "twinslug", 2, "2025-02-01T00:00:00.000Z"),
    ("CASETWIN01", "thirdtwn", 2, "2025-03-01T00:00:00.000Z"),
    ("CaseTwin01-2", "suffixed", 1, "2025-01-15T00:00:00.000Z"),
    ("slug-owner-b", "abcdefgh", 2, "2025-04-01T00:00:00.000Z"),
    ("slug-owner-a", "ABCDEFGH", 1, "2025-04-01T00:00:00.000Z"),
    ("plain-build-01", "zyxwvuts", 1, "2025-05-01T00:00:00.000Z"),
]
# What each build is called after the upgrade (id, slug), by its old id.
RENAMED = {
    "CaseTwin01": ("CaseTwin01", "srcbuild"),
    "casetwin01": ("casetwin01-3", "twinslug"),
    "CASETWIN01": ("CASETWIN01-4", "thirdtwn"),
    "CaseTwin01-2": ("CaseTwin01-2", "suffixed"),
    "slug-owner-a": ("slug-owner-a", "ABCDEFGH"),
    "slug-owner-b": ("slug-owner-b", "abcdefgh-2"),
    "plain-build-01": ("plain-build-01", "zyxwvuts"),
}


async def test_the_nocase_migration_renames_lookalikes_and_keeps_every_row(old_db, tmp_path):
    await old_db.migrate(until=BEFORE_NOCASE[old_db.engine])
    for user_id, name in ((1, "Elder"), (2, "Later")):
        await old_db.run("INSERT INTO users(id, provider, subject, display_name) VALUES (?, 'local', ?, ?)",
                         (user_id, name.lower(), name))
        await old_db.run("INSERT INTO sessions(token_hash, user_id, expires_at, created_at) VALUES (?, ?, 4e9, 1.0)",
                         (f"hash-{user_id}", user_id))
    code_z = _code_z()
    for build_id, slug, creator, created in OLD_BUILDS:
        await old_db.run(INSERT_BUILD, (build_id, slug, creator, f"user{creator}", code_z, created, created))
        await old_db.run("INSERT INTO build_skills(skill, build_id) VALUES ('heavy strike', ?)", (build_id,))
    # Likes (their trigger counts them, logs like_events and moves postings) and attachments on a
    # renamed build and on the one that keeps its id.
    for user_id in (1, 2):
        await old_db.run("INSERT INTO likes(user_id, build_id, created_at) VALUES (?, 'casetwin01', 1.0)", (user_id,))
    await old_db.run("INSERT INTO likes(user_id, build_id, created_at) VALUES (1, 'CaseTwin01', 1.0)")
    await old_db.run("INSERT INTO attachments(user_id, character_id, build_id, updated_at)"
                     " VALUES (2, 'char-a', 'casetwin01', 1.0), (2, 'char-b', 'CASETWIN01', 1.0), (1, 'char-c', 'CaseTwin01', 1.0)")
    postings_before = await old_db.run("SELECT COUNT(*) FROM postings")

    applied = await old_db.migrate()

    assert BEFORE_NOCASE[old_db.engine] + 1 in applied
    assert {"builds_id_nocase", "builds_slug_nocase"} <= await old_db.indexes()
    got = {r[0]: (r[0], r[1]) for r in await old_db.run("SELECT id, slug FROM builds")}
    assert got == {v[0]: v for v in RENAMED.values()}
    ids = [r[0] for r in await old_db.run("SELECT id FROM builds")] + [v[1] for v in got.values()]
    assert len({v.lower() for v in ids}) == len(ids)  # ids and slugs: no two alike in any case
    # Every row naming a build names it by its new id; counts unchanged.
    assert sorted(await old_db.run("SELECT build_id, likes FROM builds b JOIN likes l ON l.build_id = b.id")) == [
        ("CaseTwin01", 1), ("casetwin01-3", 2), ("casetwin01-3", 2)]
    assert sorted(await old_db.run("SELECT character_id, build_id FROM attachments")) == [
        ("char-a", "casetwin01-3"), ("char-b", "CASETWIN01-4"), ("char-c", "CaseTwin01")]
    assert sorted(await old_db.run("SELECT build_id FROM build_skills")) == sorted((v[0],) for v in RENAMED.values())
    assert await old_db.run("SELECT COUNT(*) FROM postings") == postings_before
    assert await old_db.run("SELECT COUNT(*) FROM postings WHERE build_id NOT IN (SELECT id FROM builds)") == [(0,)]
    assert sorted(await old_db.run("SELECT build_id, SUM(delta) FROM like_events GROUP BY build_id")) == [
        ("CaseTwin01", 1), ("casetwin01-3", 2)]
    assert sorted(await old_db.run("SELECT user_id FROM sessions")) == [(1,), (2,)]
    if old_db.engine == "sqlite":
        assert await old_db.run("PRAGMA foreign_key_check") == []
    assert sorted(await old_db.run("SELECT alias, build_id FROM build_aliases")) == [
        ("CASETWIN01", "CASETWIN01-4"), ("abcdefgh", "slug-owner-b"), ("casetwin01", "casetwin01-3")]

    # The links shared before the upgrade open the same builds: old ids and the old slug alike.
    async with AsyncTestClient(app=old_db.app(tmp_path)) as c:
        for old, (new_id, new_slug) in RENAMED.items():
            for link in {old, new_id, new_slug}:
                r = await c.get(f"/api/Build/{link}")
                assert r.status_code == 200, (link, r.text)
                info = r.json()["data"]["buildInfo"]
                assert (info["buildId"], info["slug"]) == (new_id, new_slug), link
        r = await c.get("/api/Build/abcdefgh")
        assert r.json()["data"]["buildInfo"]["buildId"] == "slug-owner-b"
        assert (await c.get("/api/Build/casetwin01-2")).status_code == 404


async def test_a_stopped_stats_backfill_is_finished_by_the_next_start(old_db):
    from server.store import stats_backfill

    await old_db.migrate(until=BEFORE_STATS[old_db.engine])
    await old_db.run("INSERT INTO users(id, provider, subject, display_name) VALUES (1, 'local', 'elder', 'Elder')")
    # Two real exports, a code that no longer decodes, and bytes that are not zlib at all.
    codes = {"build-real-a": _code_z(INQUISITOR), "build-real-b": _code_z(SLAYER),
             "build-broken-c": zlib.compress(b"not a planner code"), "build-broken-d": b"\x00garbage",
             "build-real-e": _code_z(INQUISITOR)}
    for n, (build_id, code_z) in enumerate(codes.items()):
        await old_db.run(INSERT_BUILD, (build_id, f"slug{n}xyz", 1, "user1", code_z, "2025-01-01", "2025-01-01"))
    # A start that stopped right after 0008 committed: the columns are there, no stats read yet.
    await old_db.migrate(until=8)
    assert await old_db.run("SELECT COUNT(*) FROM builds WHERE stats IS NULL") == [(5,)]
    # ... or after the backfill's first committed batch: a real partial run, stopped after 2 builds.
    if old_db.engine == "sqlite":
        conn = sqlite3.connect(old_db.path, isolation_level=None)
        try:
            assert stats_backfill.backfill_sqlite(conn, limit=2) == 2
        finally:
            conn.close()
    else:
        import asyncpg

        conn = await asyncpg.connect(old_db.url)
        try:
            assert await stats_backfill.backfill_pg(conn, limit=2) == 2
        finally:
            await conn.close()
    first = dict(await old_db.run("SELECT id, stats FROM builds WHERE stats IS NOT NULL"))
    assert len(first) == 2

    await old_db.migrate()  # the next start

    got = {r[0]: r[1:] for r in await old_db.run("SELECT id, stat_dps, stat_life, stat_energy_shield, stats FROM builds")}
    want = {p: stat_columns(read_stats(parse_planner_xml(planner_xml_bytes(p.read_text())))) for p in (INQUISITOR, SLAYER)}
    assert want[INQUISITOR] != want[SLAYER] and want[INQUISITOR][3] != "null"
    assert got == {"build-real-a": want[INQUISITOR], "build-real-b": want[SLAYER], "build-real-e": want[INQUISITOR],
                   "build-broken-c": stat_columns(None), "build-broken-d": stat_columns(None)}
    assert {k: got[k][3] for k in first} == first  # the rows read before were kept, not read again

    # Finished once, later starts do not scan the builds again (a row made NULL by hand stays).
    await old_db.run("UPDATE builds SET stats = NULL WHERE id = 'build-real-a'")
    assert await old_db.migrate() == []
    assert await old_db.run("SELECT stats FROM builds WHERE id = 'build-real-a'") == [(None,)]
