"""Issue 18: filtered search reads the postings (one primary-key range per filter value,
merged in search order) and answers exactly what the builds-table query answers, on both
engines: classes OR-ed (base class or ascendancy), skills OR-ed, the two groups AND-ed,
likes descending then id, keyset cursors with snapshots while likes change.
"""

from __future__ import annotations

import random

from litestar.testing import AsyncTestClient

from server.app import create_app
from server.store.search_sql import posting_tags
from server.store.types import SearchQuery
from tests.server.conftest import bulk_insert, make_settings, rows, same_origin, session_headers


async def _walk(c, params: list[tuple[str, str]], page_size: int = 7) -> list[str]:
    out, cursor = [], None
    while True:
        p = [*params, ("pageSize", str(page_size))]
        if cursor:
            p += [("lastGuid", cursor["lastGuid"]), ("likeAmount", str(cursor["likeAmount"])),
                  ("snapshot", str(cursor["snapshot"]))]
        r = await c.get("/api/Build/search", params=p)
        assert r.status_code == 200, r.text
        data = r.json()["data"]
        out += [b["buildId"] for b in data["builds"]]
        cursor = data["cursor"]
        if not cursor:
            return out


def _expected(builds, skills, classes: list[str], wanted_skills: list[str]) -> list[str]:
    hits = [
        (likes, bid) for bid, base, asc, likes in builds
        if (not classes or base in classes or asc in classes)
        and (not wanted_skills or skills.get(bid, set()) & {s.lower() for s in wanted_skills})
    ]
    return [bid for likes, bid in sorted(hits, key=lambda h: (-h[0], h[1]))]


async def _postings_match_builds(app) -> None:
    """The postings are exactly what the builds, skills and counts imply."""
    got = set(await rows(app, "SELECT tag, nl, build_id FROM postings"))
    want = set()
    builds = {r[0]: r for r in await rows(app, "SELECT id, base_class, ascendancy, likes FROM builds")}
    for bid, base, asc, likes in builds.values():
        want.add((f"c:{base}", -likes, bid))
        if asc:
            want.add((f"c:{asc}", -likes, bid))
    for skill, bid in await rows(app, "SELECT skill, build_id FROM build_skills"):
        _, base, asc, likes = builds[bid]
        want |= {(f"s:{skill}", -likes, bid), (f"p:{base}:{skill}", -likes, bid)}
        if asc:
            want.add((f"p:{asc}:{skill}", -likes, bid))
    assert got == want


async def test_filtered_pages_equal_the_plain_query_while_likes_change(tmp_path, engine):
    settings = make_settings(tmp_path, engine)
    await bulk_insert(settings, 400, seed=21, max_likes=6)
    app = create_app(settings)
    rng = random.Random(5)
    async with AsyncTestClient(app=app) as c:
        same_origin(c)
        await _postings_match_builds(app)
        builds = await rows(app, "SELECT id, base_class, ascendancy, likes FROM builds")
        skills: dict[str, set[str]] = {}
        for s, b in await rows(app, "SELECT skill, build_id FROM build_skills"):
            skills.setdefault(b, set()).add(s)
        names = sorted({b[1] for b in builds} | {b[2] for b in builds if b[2]})
        all_skills = sorted({s for ss in skills.values() for s in ss})
        cases = [([], ["Arc"]), (["Witch"], []), (["Witch", "Slayer", "Occultist"], ["Arc", "cyclone", "Spark"])]
        for _ in range(6):
            cases.append((rng.sample(names, rng.randint(1, 3)), rng.sample(all_skills, rng.randint(0, 8))))
        for classes, wanted in cases:
            params = [("ClassFilters", x) for x in classes] + [("SkillFilters", x) for x in wanted]
            q = SearchQuery(classes=[x.capitalize() for x in classes], skills=wanted)
            assert posting_tags(q) is not None  # these are answered from the postings
            assert await _walk(c, params) == _expected(builds, skills, classes, wanted), (classes, wanted)

        # Likes move builds across page boundaries while a reader pages with its snapshot.
        fans = [await session_headers(c, f"Fan {i}") for i in range(6)]
        classes, wanted = ["Witch", "Ranger", "Duelist"], ["Arc", "Cyclone", "Fireball", "Spark"]
        params = [("ClassFilters", x) for x in classes] + [("SkillFilters", x) for x in wanted]
        expected = _expected(builds, skills, classes, wanted)
        first = (await c.get("/api/Build/search", params=[*params, ("pageSize", "10")])).json()["data"]
        page1 = [b["buildId"] for b in first["builds"]]
        assert page1 == expected[:10]
        top, low = page1[0], expected[-1]
        for f in fans:
            for bid in (low, expected[len(expected) // 2]):
                assert (await c.post(f"/api/Build/{bid}/like", json={"like": True}, headers=f)).status_code == 200
        await c.post(f"/api/Build/{top}/like", json={"like": False}, headers=fans[0])
        cursor = first["cursor"]
        rest, p = [], params
        while cursor:
            q = [*p, ("pageSize", "10"), ("lastGuid", cursor["lastGuid"]), ("likeAmount", str(cursor["likeAmount"])),
                 ("snapshot", str(cursor["snapshot"]))]
            data = (await c.get("/api/Build/search", params=q)).json()["data"]
            rest += [b["buildId"] for b in data["builds"]]
            cursor = data["cursor"]
        walked = page1 + rest
        assert len(walked) == len(set(walked)) and set(walked) == set(expected)
        # The postings followed every like, and a fresh walk sees the new order.
        await _postings_match_builds(app)
        builds = await rows(app, "SELECT id, base_class, ascendancy, likes FROM builds")
        fresh = await _walk(c, params)
        assert fresh == _expected(builds, skills, classes, wanted) and low in fresh[:2]


async def test_a_published_build_gets_its_postings(client, app):
    from tests.server.conftest import publish_payload, sign_in

    await sign_in(client)
    p = publish_payload()
    assert (await client.post("/api/Build", json=p)).status_code == 201
    await _postings_match_builds(app)
    tags = {r[0] for r in await rows(app, "SELECT tag FROM postings WHERE build_id = ?", (p["buildId"],))}
    skill = p["skills"][0].lower()
    assert {f"c:{p['baseClass']}", f"c:{p['ascendancy']}", f"s:{skill}", f"p:{p['ascendancy']}:{skill}"} <= tags
    found = (await client.get("/api/Build/search", params=[("ClassFilters", p["ascendancy"]),
                                                             ("SkillFilters", p["skills"][0])])).json()["data"]
    assert [b["buildId"] for b in found["builds"]] == [p["buildId"]]


async def test_sqlite_plan_merges_primary_key_ranges(tmp_path):
    """SQLite only (PostgreSQL's plan depends on its statistics; e2e/bench/bench_search_1m.py
    prints it): each range is a SEARCH of the postings primary key, merged without sorting."""
    from server.store.search_sql import SQLITE, search_statement
    from server.store.sqlite import SqliteStore
    from server.wire import Cursor

    settings = make_settings(tmp_path)
    await bulk_insert(settings, 300, seed=2)
    store = await SqliteStore(settings.db_path).open()
    try:
        q = SearchQuery(classes=["Witch", "Ranger"], skills=["arc", "spark"], page_size=20,
                        after=Cursor(last_guid="bulk-2-00000100", like_amount=3, snapshot=None))
        sql, params = search_statement(q, 0, SQLITE)
        plan = [r[3] for r in store.db.reader.execute("EXPLAIN QUERY PLAN " + sql, params).fetchall()]
    finally:
        await store.close()
    text = "\n".join(plan)
    assert "MERGE (UNION)" in text, text
    assert text.count("SEARCH postings USING PRIMARY KEY (tag=? AND (nl,build_id)>(?,?))") == 4, text
    assert "SCAN builds" not in text and "SCAN postings" not in text, text
    # The ranges merge as they are read; only the page's own rows (joined to builds) are sorted.
    assert [line for line in plan if "TEMP B-TREE" in line] == ["USE TEMP B-TREE FOR ORDER BY"], text
