"""Issue 32, item 4: limits are token buckets, so no burst at a window edge passes more than the
stated rate: 240 likes sent around a minute's edge (120 at second 59.3, 120 at second 0.3) pass
at most the limit plus one second's refill, in SQLite, PostgreSQL and Redis state alike."""

from __future__ import annotations

import os
import uuid

import pytest
from litestar.testing import AsyncTestClient

from server.app import create_app
from server.ratelimit import Backoff, attempt, take
from tests.server.conftest import make_settings, publish_payload, same_origin, session_headers
from tests.server.test_shared_state import _redis_up

REDIS_URL = os.environ.get("WAYPOINT_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")
EDGE = 29_000_000 * 60.0  # a minute's edge, as a fixed window counted it
LIMIT = 120


def test_a_bucket_passes_the_limit_then_one_per_interval():
    slots, passed = [None], 0
    for t in [EDGE - 0.7] * LIMIT + [EDGE + 0.3] * LIMIT:
        new, wait = take(slots, [LIMIT], 60, t)
        if new is not None:
            slots, passed = new, passed + 1
        else:
            assert wait > 0
    assert passed == LIMIT + 2  # the limit, and the 2 tokens one second refills
    # A window later it is full again: the limit passes at once, and no more.
    later = EDGE + 0.3 + 60
    for _ in range(LIMIT):
        slots, wait = take(slots, [LIMIT], 60, later)
        assert wait == 0
    assert take(slots, [LIMIT], 60, later) == (None, pytest.approx(0.5))


def test_backoff_doubles_after_the_free_failures_and_starts_over_when_quiet():
    policy = Backoff(free=3, base_s=1, cap_s=8, forget_s=100)
    slot, now, waits = None, 0.0, []
    for _ in range(8):
        new, wait = attempt(slot, policy, now)
        assert new is not None and wait == 0
        slot = new
        _, wait = attempt(slot, policy, now)  # at once again: must wait
        waits.append(wait)
        now += wait
    assert waits == [0, 0, 1, 2, 4, 8, 8, 8]
    assert attempt(slot, policy, now + 200)[0].a == 1  # quiet past forget_s: a fresh start


@pytest.fixture(params=["store", "redis"])
def state(request):
    if request.param == "redis" and not _redis_up():
        pytest.skip("no Redis on 127.0.0.1:6379")
    return request.param


async def test_likes_across_a_window_edge_pass_at_most_the_limit_plus_one_refill(tmp_path, engine, state):
    extra = {"redis_url": REDIS_URL, "redis_prefix": f"test-{uuid.uuid4().hex}:"} if state == "redis" else {}
    app = create_app(make_settings(tmp_path, engine, rate_limit_per_minute=LIMIT, **extra))
    async with AsyncTestClient(app=app) as c:
        same_origin(c)
        clock = [EDGE - 0.7]
        app.state.shared.clock = lambda: clock[0]
        user = await session_headers(c, "Edge")
        p = publish_payload()
        assert (await c.post("/api/Build", json=p, headers=user)).status_code == 201  # a token of the session's
        url = f"/api/Build/{p['buildId']}/like"
        before = [(await c.post(url, json={"like": True}, headers=user)).status_code for _ in range(LIMIT)]
        clock[0] = EDGE + 0.3
        after = [(await c.post(url, json={"like": True}, headers=user)) for _ in range(LIMIT)]
        passed = before.count(200) + sum(r.status_code == 200 for r in after)
        # 119 before the edge (the publish took one), then what 1 s refills: 2 a second.
        assert before.count(200) == LIMIT - 1 and set(before) == {200, 429}
        assert passed <= LIMIT + 2, passed  # a fixed window passed 239
        refused = next(r for r in after if r.status_code == 429)
        assert 1 <= int(refused.headers["retry-after"]) <= 1
