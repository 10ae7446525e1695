"""GET /api/proxy/{pastebin,poeninja,maxroll}/{id} on the real server against fakes of each host on loopback.

Each host speaks its own raw-code path (the one Path of Building downloads from);
the proxy shares pobb.in's caching, size cap, timeout and error mapping.
"""

from __future__ import annotations

import sqlite3
import time

import httpx
import pytest

from e2e.harness import ServerProcess
from server.planner.decode import MAX_CODE_CHARS
from tests.planner.corpus import corpus_file
from tests.planner.fake_pobb import FakePasteHost

CODE = corpus_file("heavy_strike_of_trarthus_inquisitor_328.code.txt").read_text().strip()

# host key, raw path on the host, settings variable, label in messages, a valid id
HOSTS = [
    ("pastebin", "/raw/{id}", "WAYPOINT_PASTEBIN_BASE_URL", "pastebin.com", "Xy12Ab34"),
    ("poeninja", "/poe1/pob/raw/{id}", "WAYPOINT_POE_NINJA_BASE_URL", "poe.ninja", "f00dBabe12"),
    ("maxroll", "/poe/api/pob/{id}", "WAYPOINT_MAXROLL_BASE_URL", "maxroll.gg", "ab_c-12"),
]
KEYS = [h[0] for h in HOSTS]


@pytest.fixture(scope="module")
def fakes():
    hosts = {key: FakePasteHost(raw_path) for key, raw_path, *_ in HOSTS}
    for fake in hosts.values():
        fake.__enter__()
    yield hosts
    for fake in hosts.values():
        fake.__exit__()


@pytest.fixture(scope="module")
def server(fakes):
    env = {var: fakes[key].base_url for key, _, var, *_ in HOSTS}
    proc = ServerProcess(
        env={**env, "WAYPOINT_UPSTREAM_TIMEOUT_S": "1", "WAYPOINT_SEED_DEMO": "false"}
    ).start()
    yield proc
    proc.stop()


def host(key: str):
    return next(h for h in HOSTS if h[0] == key)


def get(server: ServerProcess, key: str, paste_id: str) -> httpx.Response:
    return httpx.get(f"{server.base_url}/api/proxy/{key}/{paste_id}", timeout=10)


def cached_rows(server: ServerProcess, cache_key: str) -> list[tuple[str]]:
    with sqlite3.connect(server.db_path) as conn:
        return conn.execute("SELECT code FROM planner_cache WHERE paste_id = ?", (cache_key,)).fetchall()


@pytest.mark.parametrize("key", KEYS)
def test_success_fetches_the_hosts_raw_path_once_and_caches_forever(server, fakes, key):
    _, raw_path, _, _, paste_id = host(key)
    fake = fakes[key]
    fake.pastes[paste_id] = "\n" + CODE + "\n"
    first = get(server, key, paste_id)
    assert first.status_code == 200 and first.json() == {"data": CODE}
    assert raw_path.format(id=paste_id) in fake.requests
    del fake.pastes[paste_id]
    again = get(server, key, paste_id)
    assert again.status_code == 200 and again.json() == {"data": CODE}
    assert fake.fetches(paste_id) == 1
    # Namespaced per host, so the same id on two hosts never shares an entry.
    assert cached_rows(server, f"{key}:{paste_id}") == [(CODE,)]
    assert cached_rows(server, paste_id) == []


@pytest.mark.parametrize("key", KEYS)
def test_upstream_404_is_our_404_and_not_cached(server, key):
    _, _, _, label, _ = host(key)
    answer = get(server, key, "nothere1")
    assert answer.status_code == 404
    assert answer.json()["error"]["message"] == f"{label} has no paste nothere1."
    assert cached_rows(server, f"{key}:nothere1") == []


@pytest.mark.parametrize("key", KEYS)
def test_upstream_timeout_is_502_within_the_configured_timeout(server, fakes, key):
    _, _, _, label, _ = host(key)
    fakes[key].pastes["slowpaste"] = CODE
    # The host would answer after 10 s; the 1 s timeout answers long before (a margin for a busy machine).
    fakes[key].slow["slowpaste"] = 10.0
    started = time.monotonic()
    answer = get(server, key, "slowpaste")
    assert answer.status_code == 502
    assert answer.json()["error"] == {"code": "bad_gateway", "message": f"{label} did not answer within 1 s."}
    assert time.monotonic() - started < 7


@pytest.mark.parametrize("key", KEYS)
def test_an_oversized_answer_is_502_and_not_cached(server, fakes, key):
    _, _, _, label, _ = host(key)
    fakes[key].pastes["hugepaste"] = "A" * (MAX_CODE_CHARS + 10)
    answer = get(server, key, "hugepaste")
    assert answer.status_code == 502
    assert (
        answer.json()["error"]["message"]
        == f"{label} sent more than {MAX_CODE_CHARS} bytes for paste hugepaste."
    )
    assert cached_rows(server, f"{key}:hugepaste") == []


@pytest.mark.parametrize("key", KEYS)
def test_bad_content_is_502_and_not_cached(server, fakes, key):
    _, _, _, label, _ = host(key)
    fakes[key].pastes["htmlpaste"] = "<html><body>Please enable JavaScript</body></html>"
    answer = get(server, key, "htmlpaste")
    assert answer.status_code == 502
    assert answer.json()["error"]["message"].startswith(
        f"{label} did not return a planner code for paste htmlpaste"
    )
    assert cached_rows(server, f"{key}:htmlpaste") == []


@pytest.mark.parametrize("key", KEYS)
def test_upstream_server_error_is_502(server, fakes, key):
    _, _, _, label, _ = host(key)
    fakes[key].broken.add("brokenone")
    answer = get(server, key, "brokenone")
    assert answer.status_code == 502
    assert answer.json()["error"]["message"] == f"{label} answered 500 for paste brokenone."


@pytest.mark.parametrize("key", KEYS)
@pytest.mark.parametrize("bad_id", ["a%21b", "x" * 40, "a.b"])
def test_an_invalid_id_is_400_without_any_fetch(server, fakes, key, bad_id):
    before = len(fakes[key].requests)
    answer = get(server, key, bad_id)
    assert answer.status_code == 400
    assert answer.json()["error"]["code"] == "bad_request"
    assert len(fakes[key].requests) == before
