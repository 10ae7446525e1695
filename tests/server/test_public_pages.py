"""Anonymous search pages may lag a like by at most `public_page_max_stale_ms`; everything a
user sees of their own likes is exact at once. The real app over the real databases."""

from __future__ import annotations

import asyncio

from litestar.testing import AsyncTestClient

from server.app import create_app
from tests.server.conftest import bulk_insert, make_settings, same_origin, session_headers

SEARCH = {"pageSize": 10}


def _likes(page: dict) -> dict[str, int]:
    return {b["buildId"]: b["likes"] for b in page["data"]["builds"]}


async def _page(c, headers=None) -> dict:
    r = await c.get("/api/Build/search", params=SEARCH, headers=headers or {})
    assert r.status_code == 200, r.text
    return r.json()


async def _setup(tmp_path, engine, bound_ms: int):
    settings = make_settings(tmp_path, engine, public_page_max_stale_ms=bound_ms)
    ids = await bulk_insert(settings, 30, seed=3, max_likes=20)
    return create_app(settings), ids


async def test_a_fresh_page_is_not_searched_again_and_the_likers_own_answers_are_exact_at_once(tmp_path, engine):
    app, _ = await _setup(tmp_path, engine, bound_ms=60_000)
    async with AsyncTestClient(app=app) as c:
        same_origin(c)
        fan = await session_headers(c, "Fan")
        before = await _page(c)
        reads = app.state.public_pages.reads
        target = before["data"]["builds"][3]["buildId"]
        count = _likes(before)[target]

        r = await c.post(f"/api/Build/{target}/like", json={"like": True}, headers=fan)
        assert r.json()["data"] == {"buildId": target, "likes": count + 1, "isLiked": True}

        # Anonymous: the same page from memory, within its bound; no search ran.
        assert await _page(c) == before
        assert app.state.public_pages.reads == reads
        # The liker's own search, and the build itself (signed in or not), are exact now.
        mine = {b["buildId"]: b for b in (await _page(c, fan))["data"]["builds"]}
        assert mine[target]["likes"] == count + 1 and mine[target]["isLiked"] is True
        info = (await c.get(f"/api/Build/{target}", headers=fan)).json()["data"]["buildInfo"]
        assert info["likes"] == count + 1 and info["isLiked"] is True
        assert (await c.get(f"/api/Build/{target}")).json()["data"]["buildInfo"]["likes"] == count + 1
        liked = (await c.get("/api/Build/liked-search", headers=fan)).json()["data"]["builds"]
        assert [b["buildId"] for b in liked] == [target]


async def test_an_anonymous_page_shows_a_like_once_the_bound_has_passed(tmp_path, engine):
    bound_ms = 300
    app, _ = await _setup(tmp_path, engine, bound_ms=bound_ms)
    async with AsyncTestClient(app=app) as c:
        same_origin(c)
        fan = await session_headers(c, "Fan")
        before = await _page(c)
        target = before["data"]["builds"][2]["buildId"]
        count = _likes(before)[target]
        r = await c.post(f"/api/Build/{target}/like", json={"like": True}, headers=fan)
        assert r.status_code == 200
        await asyncio.sleep(bound_ms / 1000)
        # A request arriving a bound after the like may not get an answer read before it.
        assert _likes(await _page(c))[target] == count + 1
        # Unchanged data since: served from memory, however long it is kept.
        reads = app.state.public_pages.reads
        await asyncio.sleep(bound_ms / 1000)
        assert _likes(await _page(c))[target] == count + 1
        assert app.state.public_pages.reads == reads


async def test_a_burst_of_anonymous_readers_after_a_change_runs_one_search(tmp_path, engine):
    bound_ms = 400
    app, _ = await _setup(tmp_path, engine, bound_ms=bound_ms)
    async with AsyncTestClient(app=app) as c:
        same_origin(c)
        fan = await session_headers(c, "Fan")
        before = await _page(c)
        target = before["data"]["builds"][0]["buildId"]
        count = _likes(before)[target]
        assert (await c.post(f"/api/Build/{target}/like", json={"like": True}, headers=fan)).status_code == 200
        await asyncio.sleep(bound_ms / 1000)
        reads = app.state.public_pages.reads
        pages = await asyncio.gather(*(_page(c) for _ in range(25)))
        assert app.state.public_pages.reads - reads == 1
        assert {_likes(p).get(target) for p in pages} == {count + 1}
