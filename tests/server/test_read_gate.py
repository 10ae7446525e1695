"""Build reads take turns behind server.read_gate; writes and other paths never wait there."""

from __future__ import annotations

import asyncio

from litestar.testing import AsyncTestClient

from server.app import create_app
from server.read_gate import ReadGate
from tests.server.conftest import bulk_insert, make_settings, same_origin, session_headers


class Inner:
    """An ASGI app that records how many calls are inside it at once and waits for `release`."""

    def __init__(self):
        self.inside = 0
        self.most = 0
        self.release = asyncio.Event()

    async def __call__(self, scope, receive, send):
        self.inside += 1
        self.most = max(self.most, self.inside)
        try:
            await self.release.wait()
        finally:
            self.inside -= 1


def _scope(method: str, path: str) -> dict:
    return {"type": "http", "method": method, "path": path}


async def test_at_most_n_build_reads_are_at_work_and_the_rest_wait_their_turn():
    inner = Inner()
    gate = ReadGate(inner, 3)
    # Ten clients (one client alone has at most half the turns: test_one_client_cannot_take_every_turn).
    reads = [asyncio.create_task(gate(_from(f"10.0.1.{i}", f"/api/Build/b{i}"), None, None)) for i in range(10)]
    await asyncio.sleep(0.01)
    assert inner.inside == 3
    inner.release.set()
    await asyncio.wait_for(asyncio.gather(*reads), 1)
    assert inner.most == 3


async def test_writes_and_other_paths_pass_a_full_gate():
    inner = Inner()
    gate = ReadGate(inner, 1)
    read = asyncio.create_task(gate(_scope("GET", "/api/Build/search"), None, None))
    await asyncio.sleep(0)
    others = [
        asyncio.create_task(gate(_scope(method, path), None, None))
        for method, path in [("POST", "/api/Build/x/like"), ("GET", "/api/health"), ("GET", "/api/auth/me")]
    ]
    await asyncio.sleep(0.01)
    assert inner.inside == 4, "the like, health and sign-in reads are not held behind the build read"
    inner.release.set()
    await asyncio.wait_for(asyncio.gather(read, *others), 1)


async def test_zero_turns_the_gate_off():
    inner = Inner()
    gate = ReadGate(inner, 0)
    reads = [asyncio.create_task(gate(_scope("GET", "/api/Build/search"), None, None)) for _ in range(20)]
    await asyncio.sleep(0.01)
    assert inner.inside == 20
    inner.release.set()
    await asyncio.gather(*reads)


async def test_the_app_answers_every_read_and_like_through_a_narrow_gate(tmp_path, engine):
    settings = make_settings(tmp_path, engine, read_concurrency=2)
    ids = await bulk_insert(settings, 20, seed=4, max_likes=5)
    app = create_app(settings)
    async with AsyncTestClient(app=app) as c:
        same_origin(c)
        fan = await session_headers(c, "Fan")
        reads = [c.get("/api/Build/search", params={"pageSize": 5, "ClassFilters": "Witch"}) for _ in range(10)]
        reads += [c.get(f"/api/Build/{i}") for i in ids[:10]]
        likes = [c.post(f"/api/Build/{i}/like", json={"like": True}, headers=fan) for i in ids[:5]]
        answers = await asyncio.gather(*reads, *likes)
        assert [r.status_code for r in answers] == [200] * len(answers)
        liked = (await c.get("/api/Build/liked-search", params={"pageSize": 50}, headers=fan)).json()["data"]["builds"]
        assert {b["buildId"] for b in liked} == set(ids[:5])


def _from(address: str, path: str = "/api/Build/search") -> dict:
    return {"type": "http", "method": "GET", "path": path, "client": (address, 40000)}


async def _until(condition) -> None:
    for _ in range(1000):
        if condition():
            return
        await asyncio.sleep(0.001)
    raise AssertionError("condition not met")


async def test_one_client_cannot_take_every_turn():
    """One client's flood of reads held every turn, and every other client's read queued behind all of
    it (FIFO): a thousand reads of 2 ms each made a stranger wait two seconds. A client (address) now
    has at most half the turns; its other reads wait in its own line."""
    inner = Inner()
    gate = ReadGate(inner, 4)
    flood = [asyncio.create_task(gate(_from("10.0.0.1"), None, None)) for _ in range(50)]
    await _until(lambda: inner.inside == 2)
    other = asyncio.create_task(gate(_from("10.0.0.2"), None, None))
    await _until(lambda: inner.inside == 3)  # the stranger is in at once
    assert not other.done()
    inner.release.set()
    await asyncio.wait_for(asyncio.gather(*flood, other), 1)
    assert inner.most == 3
    assert gate.clients() == 0  # nothing kept per client once its reads are done
