"""The bounded-staleness rules of server.public_pages, on a clock the test moves.

The reads here are coroutines the test controls (when they finish, what they answer), so
each rule is shown exactly; tests/server/test_public_pages.py shows the same rules through
the real app over the real databases.
"""

from __future__ import annotations

import asyncio

import pytest

from server.public_pages import StaleBoundedCache


class Clock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class Reads:
    """Each read answers (name, n) for its n-th read, once `gate` is set."""

    def __init__(self, hold: bool = False, name: str = "answer"):
        self.name = name
        self.count = 0
        self.gate = asyncio.Event()
        if not hold:
            self.gate.set()

    async def __call__(self):
        self.count += 1
        n = self.count
        await self.gate.wait()
        return (self.name, n)


def _cache(bound_s: float = 1.0) -> tuple[StaleBoundedCache, Clock]:
    clock = Clock()
    return StaleBoundedCache(10, bound_s, clock), clock


async def test_an_unchanged_version_is_served_however_old():
    cache, clock = _cache()
    reads = Reads()
    assert await cache.get("q", 7, reads) == ("answer", 1)
    clock.now += 3600
    assert await cache.get("q", 7, reads) == ("answer", 1)
    assert reads.count == 1


async def test_after_a_change_the_answer_is_served_within_the_bound_and_never_past_it():
    cache, clock = _cache(1.0)
    reads = Reads()
    await cache.get("q", 7, reads)
    clock.now += 0.4  # under half the bound: served, nothing re-read
    assert await cache.get("q", 8, reads) == ("answer", 1)
    assert reads.count == 1
    clock.now += 0.7  # 1.1 s after the read began: past the bound, so read again
    assert await cache.get("q", 8, reads) == ("answer", 2)
    assert reads.count == 2


async def test_a_bound_of_zero_rereads_on_every_change():
    cache, clock = _cache(0.0)
    reads = Reads()
    await cache.get("q", 1, reads)
    assert await cache.get("q", 1, reads) == ("answer", 1)
    assert await cache.get("q", 2, reads) == ("answer", 2)
    assert reads.count == 2


async def test_an_aging_answer_is_refreshed_by_one_request_while_the_others_keep_it():
    cache, clock = _cache(1.0)
    first = Reads()
    await cache.get("q", 1, first)
    clock.now += 0.6  # past half the bound, data changed
    slow = Reads(hold=True, name="fresh")
    refresher = asyncio.create_task(cache.get("q", 2, slow))
    await asyncio.sleep(0)
    assert slow.count == 1
    # Others arriving meanwhile get the cached answer at once, and start no read of their own.
    others = await asyncio.wait_for(asyncio.gather(*(cache.get("q", 2, slow) for _ in range(20))), 1)
    assert others == [("answer", 1)] * 20
    assert slow.count == 1
    slow.gate.set()
    assert await refresher == ("fresh", 1)
    clock.now += 0.1
    assert await cache.get("q", 2, slow) == ("fresh", 1)
    assert slow.count == 1


async def test_past_the_bound_a_burst_waits_for_one_read_instead_of_running_one_each():
    cache, clock = _cache(1.0)
    await cache.get("q", 1, Reads())
    clock.now += 5  # long past the bound
    slow = Reads(hold=True, name="fresh")
    burst = [asyncio.create_task(cache.get("q", 2, slow)) for _ in range(30)]
    await asyncio.sleep(0.01)
    assert slow.count == 1
    assert not any(t.done() for t in burst), "nobody is given the answer that is too old"
    slow.gate.set()
    assert await asyncio.gather(*burst) == [("fresh", 1)] * 30
    assert slow.count == 1


async def test_a_read_begun_before_the_bound_of_a_request_is_not_joined():
    cache, clock = _cache(1.0)
    slow = Reads(hold=True, name="early")
    early = asyncio.create_task(cache.get("q", 1, slow))
    await asyncio.sleep(0)
    clock.now += 1.5  # this request's bound reaches back to after that read began
    late_reads = Reads(name="late")
    assert await cache.get("q", 2, late_reads) == ("late", 1)
    assert late_reads.count == 1
    slow.gate.set()
    assert await early == ("early", 1)
    # The newer answer stays: an older read finishing later does not replace it.
    clock.now += 0.1
    assert await cache.get("q", 2, Reads()) == ("late", 1)


async def test_an_error_reaches_every_waiting_request_and_is_not_kept():
    cache, clock = _cache(1.0)

    async def bad():
        await asyncio.sleep(0.01)
        raise ValueError("pageSize must be at least 1")

    results = await asyncio.gather(*(cache.get("q", 1, bad) for _ in range(5)), return_exceptions=True)
    assert all(isinstance(r, ValueError) for r in results)
    assert cache.entries.get("q") is None
    assert cache.reads == 1
    assert await cache.get("q", 1, Reads()) == ("answer", 1)


async def test_a_cancelled_refresh_lets_the_waiting_requests_read_for_themselves():
    cache, clock = _cache(1.0)
    slow = Reads(hold=True)
    refresher = asyncio.create_task(cache.get("q", 1, slow))
    await asyncio.sleep(0)
    clock.now += 0.1
    waiter = asyncio.create_task(cache.get("q", 1, slow))
    await asyncio.sleep(0)
    refresher.cancel()
    with pytest.raises(asyncio.CancelledError):
        await refresher
    slow.gate.set()
    assert await asyncio.wait_for(waiter, 1) == ("answer", 2)
