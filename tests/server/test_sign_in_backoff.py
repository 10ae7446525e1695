"""Issue 32, item 5: a password-guessing run cannot lock the owner out. Failures count per account
and address together and slow that pair down (waits that double), never lock the account; each
address also has a cap over all accounts. Against a real server on both engines, with clients on
their own loopback addresses (127.0.0.2, .3 ...), as separate machines would be."""

from __future__ import annotations

import threading
import time

import httpx
import pytest

from e2e.harness import TEST_PASSWORD, ServerProcess, local_form_post

LIMIT = 3  # WAYPOINT_LOGIN_ATTEMPTS_PER_MINUTE: 3 free failures per pair, 15 attempts a minute per address


@pytest.fixture
def server(tmp_path, engine):
    env = {"WAYPOINT_SEED_DEMO": "false", "WAYPOINT_RATE_LIMIT_PER_MINUTE": "0",
           "WAYPOINT_LOGIN_ATTEMPTS_PER_MINUTE": str(LIMIT), "WAYPOINT_DATABASE_URL": engine.url}
    with ServerProcess(env=env, db_path=tmp_path / "backoff.sqlite3") as s:
        yield s


def from_address(server: ServerProcess, address: str) -> httpx.Client:
    return httpx.Client(base_url=server.base_url, headers={"Origin": server.base_url}, timeout=30,
                        transport=httpx.HTTPTransport(local_address=address))


def sign_in(client: httpx.Client, account: str, password: str) -> httpx.Response:
    return local_form_post(client, {"mode": "signin", "accountName": account, "password": password})


def test_the_owner_signs_in_while_other_addresses_guess_the_password(server):
    with from_address(server, "127.0.0.1") as owner:
        r = local_form_post(owner, {"mode": "signup", "accountName": "owner", "displayName": "Owner",
                                    "password": TEST_PASSWORD})
        assert r.status_code == 303, r.text
    stop = threading.Event()
    seen: dict[str, list[int]] = {}

    def guess(address: str) -> None:
        with from_address(server, address) as attacker:
            codes = seen.setdefault(address, [])
            while not stop.is_set() and len(codes) < 60:
                codes.append(sign_in(attacker, "owner", f"guess {len(codes)}").status_code)

    attackers = [threading.Thread(target=guess, args=(f"127.0.0.{i}",)) for i in (2, 3, 4)]
    for t in attackers:
        t.start()
    try:
        # Every attacker past its free failures first: the old per-account lock would now hold.
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not all(
            seen.get(f"127.0.0.{i}", []).count(401) >= LIMIT for i in (2, 3, 4)
        ):
            time.sleep(0.05)
        # The owner, from home and from a new address, mid-run.
        for address in ("127.0.0.1", "127.0.0.9"):
            with from_address(server, address) as owner:
                r = sign_in(owner, "owner", TEST_PASSWORD)
                assert r.status_code == 303, (address, r.status_code, r.text[:300])
    finally:
        stop.set()
        for t in attackers:
            t.join(60)
    for address, codes in seen.items():
        # Each attacking pair had its free failures, then was made to wait: no lock, no 500.
        assert codes[:LIMIT] == [401] * LIMIT, (address, codes)
        assert set(codes) <= {401, 429} and 429 in codes, (address, codes)


async def test_a_pair_waits_longer_after_each_failure_and_a_success_starts_it_over(tmp_path, engine):
    """In process, on the shared state's own clock (set by the test): no real waiting."""
    from litestar.testing import AsyncTestClient

    from server.app import create_app
    from tests.server.conftest import make_settings, same_origin
    from tests.server.test_auth_local import _fields, _state

    limit = 4
    app = create_app(make_settings(tmp_path, engine, login_attempts_per_minute=limit))
    async with AsyncTestClient(app=app) as c:
        same_origin(c)
        clock = [1_000_000.0]
        app.state.shared.clock = lambda: clock[0]

        async def sign_in_(password: str):
            return await c.post("/api/auth/local", data={"state": await _state(c), **_fields(
                "signin", "owner", "", password)}, follow_redirects=False)

        r = await c.post("/api/auth/local", data={"state": await _state(c), **_fields(
            "signup", "owner", "Owner", TEST_PASSWORD)}, follow_redirects=False)
        assert r.status_code == 303
        c.cookies.clear()
        assert [(await sign_in_("wrong password")).status_code for _ in range(limit - 1)] == [401] * (limit - 1)
        waits = []
        for _ in range(4):
            assert (await sign_in_("wrong password")).status_code == 401
            refused = await sign_in_("wrong password")
            assert refused.status_code == 429 and "Too many sign-in attempts" in refused.text
            waits.append(int(refused.headers["retry-after"]))
            clock[0] += waits[-1]  # the Retry-After has passed
        assert waits == [1, 2, 4, 8]
        # The right password signs in and forgets the pair's failures.
        assert (await sign_in_(TEST_PASSWORD)).status_code == 303
        c.cookies.clear()
        assert [(await sign_in_("wrong password")).status_code for _ in range(limit)] == [401] * limit


def test_one_address_has_a_cap_over_all_accounts(server):
    with from_address(server, "127.0.0.6") as sprayer:
        started = time.monotonic()
        codes = [sign_in(sprayer, f"account-{i}", "password one").status_code for i in range(5 * LIMIT + 5)]
        refilled = int((time.monotonic() - started) / (60 / (5 * LIMIT)))
    # 5 x 3 = 15 attempts a minute from one address (a bucket: 15 at once, one back every 4 s),
    # whatever accounts they name.
    assert codes[: 5 * LIMIT] == [401] * (5 * LIMIT), codes
    assert codes.count(401) <= 5 * LIMIT + refilled and 429 in codes[5 * LIMIT:], (codes, refilled)
    with from_address(server, "127.0.0.7") as other:
        assert sign_in(other, "account-0", "password one").status_code == 401  # another address is not capped
