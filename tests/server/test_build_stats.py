"""Issue 35: the planner's saved stats (PlayerStat lines) read on the server, stored at publish, and
browse's stat sorts and minimum filters on both engines.

- every corpus export's stats equal an independent reading of its XML (xml.etree), none invented;
- stat sorts (DPS, life, ES) and minimum filters equal a Python sort of the same rows on a generated
  set (STAT_ROWS builds), walked through the store and, at random cursors, over HTTP;
- bad SortBy / minimum / cursor values answer 422;
- publish stores the stats; the migration's backfill reads stored codes.
"""

from __future__ import annotations

import asyncio
import math
import os
import random
import sqlite3
import xml.etree.ElementTree as ET
import zlib

import msgspec
from litestar.testing import AsyncTestClient

from server.app import create_app
from server.planner import PlannerError
from server.planner.decode import parse_planner_xml, planner_xml_bytes
from server.planner.stats import read_stats
from server.store import make_store
from server.store.types import NO_STAT, SearchQuery, stat_columns
from server.wire import BuildStats
from tests.server.conftest import (
    INQUISITOR,
    POB,
    bulk_insert,
    make_settings,
    publish_payload,
    rows,
    same_origin,
    session_headers,
)

# The issue asks for 100k; WAYPOINT_TEST_STAT_ROWS sets another size for a quick local run.
STAT_ROWS = int(os.environ.get("WAYPOINT_TEST_STAT_ROWS", "100000"))

# --- an independent reading of the export (xml.etree, not the server's lxml reader) ---------------

_PLAIN = {
    "life": ["Life"], "energyShield": ["EnergyShield"], "mana": ["Mana"], "ward": ["Ward"], "ehp": ["TotalEHP"],
    "fireResist": ["FireResist"], "coldResist": ["ColdResist"], "lightningResist": ["LightningResist"],
    "chaosResist": ["ChaosResist"], "armour": ["Armour"], "evasion": ["Evasion"],
    "block": ["EffectiveBlockChance", "BlockChance"], "spellSuppression": ["SpellSuppressionChance"],
    "movementSpeed": ["EffectiveMovementSpeedMod"],
}


def _expected(xml_text: str) -> dict | None:
    root = ET.fromstring(xml_text)
    saved: dict[str, float] = {}
    for line in root.find("Build").findall("PlayerStat"):
        name, raw = line.get("stat"), line.get("value")
        if name in saved or raw is None:
            continue
        try:
            value = float(raw)
        except ValueError:
            continue
        if math.isfinite(value):
            saved[name] = value
    def plausible(field: str, v: float) -> bool:
        # Resistances may be negative; nothing else may (test_code.xml has a DPS of -38 and a
        # movement multiplier of -0.03); chances are percentages.
        if field.endswith("Resist"):
            return True
        return v >= 0 and (v <= 100 if field in ("block", "spellSuppression") else True)

    out: dict = {}
    for field, names in _PLAIN.items():
        out[field] = next((saved[n] for n in names if n in saved and plausible(field, saved[n])), None)
    dps = [(kind, saved[n]) for n, kind in (("FullDPS", "full"), ("CombinedDPS", "combined"), ("TotalDPS", "hit"),
                                            ("TotalDotDPS", "dot")) if n in saved and saved[n] >= 0]
    pick = next(((k, v) for k, v in dps if v > 0), dps[0] if dps else (None, None))
    out["dpsKind"], out["dps"] = pick
    return None if all(v is None for v in out.values()) else out


def _corpus_xml():
    return sorted(POB.rglob("*.xml"))


def test_saved_stats_of_every_corpus_export_equal_an_independent_reading():
    read = with_stats = 0
    for path in _corpus_xml():
        text = path.read_text(errors="replace")
        try:
            root = parse_planner_xml(planner_xml_bytes(text))
        except PlannerError:
            continue  # refused by the bounded decode (the corpus's malformed files): nothing to read
        read += 1
        got = read_stats(root)
        want = _expected(text)
        got_json = msgspec.json.decode(msgspec.json.encode(got)) if got is not None else None
        assert got_json == want, path.name
        # The planner code twin decodes to the same stats.
        code = path.with_name(path.name[: -len(".xml")] + ".code.txt")
        if code.exists():
            assert read_stats(parse_planner_xml(planner_xml_bytes(code.read_text()))) == got, code.name
        if got is not None:
            with_stats += 1
            # Never invented: every figure is a value the export carries.
            assert {k for k, v in got_json.items() if v is not None} <= {k for k, v in want.items() if v is not None}
    assert read >= 40 and with_stats >= 38


def test_absent_and_absurd_values_are_none():
    def stats(lines: str):
        xml = f'<PathOfBuilding><Build level="90" className="Witch">{lines}</Build></PathOfBuilding>'
        return read_stats(parse_planner_xml(xml.encode()))

    assert stats("") is None
    assert stats('<PlayerStat stat="AverageHit" value="5"/>') is None
    s = stats('<PlayerStat stat="Life" value="nan"/><PlayerStat stat="EnergyShield" value="inf"/>'
              '<PlayerStat stat="Mana" value="table: 0x1"/><PlayerStat stat="Ward" value="1e300"/>'
              '<PlayerStat stat="TotalEHP" value="-5"/><PlayerStat stat="FireResist" value="75"/>')
    assert s == BuildStats(fire_resist=75.0)
    s = stats('<PlayerStat stat="FullDPS" value="0"/><PlayerStat stat="CombinedDPS" value="0"/>')
    assert (s.dps, s.dps_kind) == (0.0, "full")
    s = stats('<PlayerStat stat="FullDPS" value="0"/><PlayerStat stat="TotalDotDPS" value="12.5"/>')
    assert (s.dps, s.dps_kind) == (12.5, "dot")
    assert stat_columns(None)[:3] == (NO_STAT, NO_STAT, NO_STAT)


# --- the store: stat sorts and minimum filters against a Python reference --------------------------

SORTS = {"dps": 1, "life": 2, "es": 3}


def _reference(data, sort_by: str, mins: dict, match=None) -> list[str]:
    """Rows (id, dps, life, es, stats JSON, likes) -> ids in the order the search must give."""
    keep = [r for r in data if all(r[SORTS[k]] >= v for k, v in mins.items()) and (match is None or match(r[0]))]
    if sort_by == "likes":
        return [r[0] for r in sorted(keep, key=lambda r: (-r[5], r[0]))]
    i = SORTS[sort_by]
    return [r[0] for r in sorted(keep, key=lambda r: (-r[i], r[0]))]


def _mins_query(mins: dict) -> dict:
    return {{"dps": "min_dps", "life": "min_life", "es": "min_es"}[k]: v for k, v in mins.items()}


async def _walk_store(store, sort_by: str, mins: dict, page: int, **filters) -> list[str]:
    out, after = [], None
    while True:
        p = await store.search(SearchQuery(sort_by=sort_by, after=after, page_size=page, **_mins_query(mins),
                                           **filters))
        out += [b.build_id for b in p.builds]
        if p.cursor is None:
            return out
        after = p.cursor


async def test_stat_sorts_and_minimum_filters_equal_a_python_reference(tmp_path, engine):
    settings = make_settings(tmp_path, engine)
    await bulk_insert(settings, STAT_ROWS, seed=35, max_likes=50)
    app = create_app(settings)
    async with AsyncTestClient(app=app) as c:
        same_origin(c)
        raw = await rows(app, "SELECT id, stat_dps, stat_life, stat_energy_shield, stats, likes FROM builds")
        assert len(raw) == STAT_ROWS
        data = []
        for bid, dps, life, es, stats_json, likes in raw:
            stats = msgspec.json.decode(stats_json, type=BuildStats | None)
            # The sort columns are the stats' own values, -1 where absent.
            assert stat_columns(stats)[:3] == (dps, life, es)
            data.append((bid, dps, life, es, stats_json, likes))
        assert any(r[1] == NO_STAT for r in data) and any(r[3] == NO_STAT for r in data)
        dps_values = sorted(r[1] for r in data if r[1] >= 0)
        life_values = sorted(r[2] for r in data if r[2] >= 0)
        mid_dps = dps_values[len(dps_values) // 2]
        high_life = life_values[int(len(life_values) * 0.9)]
        cases = [
            ("dps", {}), ("life", {}), ("es", {}),
            ("dps", {"life": high_life}), ("life", {"dps": mid_dps, "es": 0.0}),
            ("es", {"es": 5000.0}), ("likes", {"dps": dps_values[-50]}),
            ("likes", {"life": high_life, "es": 2500.0}),
        ]
        # A store of this test's own event loop (the client runs the app's on another).
        store = await make_store(settings).open()
        try:
            for sort_by, mins in cases:
                want = _reference(data, sort_by, mins)
                got = await _walk_store(store, sort_by, mins, page=max(500, len(want) // 12 or 1))
                assert got == want, (sort_by, mins)
            # With class and skill filters (classes OR-ed, skills OR-ed, the groups AND-ed).
            classes = {r[0]: (r[1], r[2]) for r in await rows(app, "SELECT id, base_class, ascendancy FROM builds")}
            skills: dict[str, set[str]] = {}
            for skill, bid in await rows(app, "SELECT skill, build_id FROM build_skills"):
                skills.setdefault(bid, set()).add(skill)
            for sort_by, mins, cls, sks in (("dps", {}, ["Witch"], []), ("life", {}, [], ["arc", "cyclone"]),
                                            ("es", {"dps": mid_dps}, ["Slayer", "Templar"], ["spark"]),
                                            ("likes", {"life": high_life}, ["Witch"], ["arc"])):
                def match(bid, cls=cls, sks=sks):
                    return (not cls or bool(set(classes[bid]) & set(cls))) and (not sks or bool(skills.get(bid, set()) & set(sks)))
                want = _reference(data, sort_by, mins, match)
                got = await _walk_store(store, sort_by, mins, page=max(200, len(want) // 8 or 1), classes=cls, skills=sks)
                assert want and got == want, (sort_by, mins, cls, sks)
        finally:
            await store.close()
        # Over HTTP: first pages and pages at random cursors (the cursor the API sends back), with
        # builds without the stat (-1) among them.
        rng = random.Random(3)
        for sort_by in ("dps", "life", "es"):
            i = SORTS[sort_by]
            order = _reference(data, sort_by, {})
            by_id = {r[0]: r for r in data}
            starts = [None, *rng.sample(range(len(order) - 1), 12), len(order) - 25]
            for start in starts:
                params = [("SortBy", sort_by), ("pageSize", "20")]
                if start is not None:
                    last = by_id[order[start]]
                    params += [("lastGuid", last[0]), ("sortValue", repr(last[i]))]
                r = await c.get("/api/Build/search", params=params)
                assert r.status_code == 200, r.text
                page = r.json()["data"]
                first = 0 if start is None else start + 1
                assert [b["buildId"] for b in page["builds"]] == order[first:first + 20]
                for b in page["builds"]:
                    assert b["stats"] == msgspec.json.decode(by_id[b["buildId"]][4])
                if page["cursor"]:
                    assert set(page["cursor"]) == {"lastGuid", "likeAmount", "sortValue"}
                    assert page["cursor"]["sortValue"] == by_id[page["cursor"]["lastGuid"]][i]
            # Minimum filters over HTTP, the whole walk with the API's own cursors.
            floor = {"dps": mid_dps, "life": high_life, "es": 7000.0}[sort_by]
            key = {"dps": "MinDps", "life": "MinLife", "es": "MinEs"}[sort_by]
            want = _reference(data, sort_by, {sort_by: floor})[:300]
            got, cursor = [], None
            while len(got) < 300:
                params = [("SortBy", sort_by), (key, str(floor)), ("pageSize", "50")]
                if cursor:
                    params += [("lastGuid", cursor["lastGuid"]), ("sortValue", str(cursor["sortValue"]))]
                page = (await c.get("/api/Build/search", params=params)).json()["data"]
                got += [b["buildId"] for b in page["builds"]]
                cursor = page["cursor"]
                if not cursor:
                    break
            assert got[:300] == want


async def test_bad_sort_and_filter_values_answer_422(tmp_path, engine):
    settings = make_settings(tmp_path, engine)
    await bulk_insert(settings, 30, seed=2, max_likes=3)
    app = create_app(settings)
    async with AsyncTestClient(app=app) as c:
        same_origin(c)
        bad = [
            {"SortBy": "power"}, {"SortBy": "x" * 500}, {"MinDps": "abc"}, {"MinDps": "-1"},
            {"MinDps": "nan"}, {"MinLife": "inf"}, {"MinEs": "1e400"}, {"MinEs": "1,000"}, {"MinLife": "9" * 100},
            {"SortBy": "dps", "lastGuid": "bulk-2-00000001"},
            {"SortBy": "life", "lastGuid": "bulk-2-00000001", "sortValue": "many"},
            {"SortBy": "es", "lastGuid": "bulk-2-00000001", "sortValue": "-2"},
            {"SortBy": "es", "sortValue": "5"},
        ]
        headers = await session_headers(c, "Sorter")
        for params in bad:
            for path, h in (("/api/Build/search", {}), ("/api/Build/liked-search", headers),
                            ("/api/Build/created-search", headers)):
                r = await c.get(path, params=params, headers=h)
                assert r.status_code == 422, (path, params, r.text)
                assert r.json()["error"]["code"] == "invalid_query"
        # Good values in any case and spacing are accepted, empty ones mean none (an unset form
        # field); a likes sort ignores a sortValue.
        for params in ({"SortBy": "DPS"}, {"SortBy": "", "MinEs": "", "MinDps": " "}, {"SortBy": " es ", "MinEs": "0"}, {"MinDps": "1e3", "MinLife": "1"},
                       {"SortBy": "likes", "sortValue": "3"}):
            r = await c.get("/api/Build/search", params=params)
            assert r.status_code == 200, (params, r.text)
        for path in ("/api/Build/liked-search", "/api/Build/created-search"):
            r = await c.get(path, params={"SortBy": "life", "MinDps": "10"}, headers=headers)
            assert r.status_code == 200 and r.json()["data"]["builds"] == []


# --- publish, seed and backfill ---------------------------------------------------------------------


async def test_publish_stores_the_saved_stats(tmp_path, engine):
    app = create_app(make_settings(tmp_path, engine))
    async with AsyncTestClient(app=app) as c:
        same_origin(c)
        headers = await session_headers(c, "Publisher")
        p = publish_payload(INQUISITOR)
        assert (await c.post("/api/Build", json=p, headers=headers)).status_code == 201
        want = read_stats(parse_planner_xml(planner_xml_bytes(INQUISITOR.read_text())))
        assert want is not None and want.dps and want.dps_kind
        info = (await c.get(f"/api/Build/{p['buildId']}")).json()["data"]["buildInfo"]
        assert info["stats"] == msgspec.json.decode(msgspec.json.encode(want))
        page = (await c.get("/api/Build/search", params={"SortBy": "dps", "MinDps": str(want.dps)})).json()["data"]
        assert [b["buildId"] for b in page["builds"]] == [p["buildId"]]
        assert page["builds"][0]["stats"]["dps"] == want.dps
        got = await rows(app, "SELECT stat_dps, stat_life, stat_energy_shield FROM builds WHERE id = ?", (p["buildId"],))
        assert got == [stat_columns(want)[:3]]


async def test_the_demo_seed_has_the_corpus_stats(tmp_path, engine):
    from server.seed import seed_demo

    settings = make_settings(tmp_path, engine)
    store = await make_store(settings).open()
    try:
        await seed_demo(store, POB.parent)
        got = await store.raw_query("SELECT id, stat_dps, stats FROM builds")
    finally:
        await store.close()
    assert got and all(r[2] is not None for r in got)
    with_dps = [r for r in got if r[1] >= 0]
    assert len(with_dps) >= len(got) - 3
    for _, dps, stats_json in got:
        stats = msgspec.json.decode(stats_json, type=BuildStats | None)
        assert (stats.dps if stats and stats.dps is not None else NO_STAT) == dps


def _real_code_z() -> bytes:
    return zlib.compress(INQUISITOR.read_text().strip().encode(), 9)


def test_the_sqlite_backfill_reads_stored_codes(tmp_path):
    from server.store.bulk import bulk_insert_builds
    from server.store.db import apply_migrations
    from server.store.stats_backfill import backfill_sqlite

    db = tmp_path / "b.sqlite3"
    bulk_ids = bulk_insert_builds(db, 3, seed=8, max_likes=0)
    apply_migrations(db)
    conn = sqlite3.connect(db, isolation_level=None)
    # As stored before migration 0008: a real code and a synthetic one, stats not read yet.
    conn.execute("UPDATE builds SET code_z = ? WHERE id = ?", (_real_code_z(), bulk_ids[0]))
    conn.execute("UPDATE builds SET stats = NULL, stat_dps = -1, stat_life = -1, stat_energy_shield = -1")
    assert backfill_sqlite(conn) == 3
    want = read_stats(parse_planner_xml(planner_xml_bytes(INQUISITOR.read_text())))
    got = dict((r[0], r[1:]) for r in conn.execute("SELECT id, stat_dps, stat_life, stat_energy_shield, stats FROM builds"))
    assert got[bulk_ids[0]] == stat_columns(want)
    assert got[bulk_ids[1]] == (NO_STAT, NO_STAT, NO_STAT, "null")
    assert backfill_sqlite(conn) == 0
    conn.close()


def test_the_pg_backfill_reads_stored_codes(pg_database):
    import asyncpg

    from server.store.pg.bulk import pg_bulk_insert_builds
    from server.store.stats_backfill import backfill_pg
    from tests.server.conftest import empty_pg

    async def run():
        await empty_pg(pg_database)
        ids = await pg_bulk_insert_builds(pg_database, 3, seed=8, max_likes=0)
        conn = await asyncpg.connect(pg_database)
        try:
            await conn.execute("UPDATE builds SET code_z = $1 WHERE id = $2", _real_code_z(), ids[0])
            await conn.execute("UPDATE builds SET stats = NULL, stat_dps = -1, stat_life = -1, stat_energy_shield = -1")
            assert await backfill_pg(conn) == 3
            got = {r[0]: tuple(r[1:]) for r in await conn.fetch(
                "SELECT id, stat_dps, stat_life, stat_energy_shield, stats FROM builds")}
            assert await backfill_pg(conn) == 0
            return ids, got
        finally:
            await conn.close()

    ids, got = asyncio.run(run())
    want = read_stats(parse_planner_xml(planner_xml_bytes(INQUISITOR.read_text())))
    assert got[ids[0]] == stat_columns(want)
    assert got[ids[1]] == (NO_STAT, NO_STAT, NO_STAT, "null")
