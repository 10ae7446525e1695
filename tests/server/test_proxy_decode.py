"""Issue 32, item 1: the paste proxy decodes as publish does: publish's limits and messages, in the
worker's low-priority decode child, one at a time, a per-address budget, 503 when saturated.

In process on both engines (limits, budget, saturation), then the attack itself against a real
server with 2 workers: six anonymous clients asking for fresh bomb pastes, each from its own
address, while a signed-in user searches.
"""

from __future__ import annotations

import uuid

from litestar.testing import AsyncTestClient
from lxml import etree

from e2e.bench.proxy_attack import search_p99_under_proxy_attack
from server import publish_gate
from server.app import create_app
from server.planner.decode import parse_planner_xml, planner_xml_bytes
from server.publish import MAX_SETS
from server.publish_gate import DecodeGate
from tests.planner.fake_pobb import FakePobb
from tests.planner.hostile import encode
from tests.server.conftest import INQUISITOR, make_settings, rows, same_origin, session_headers

CODE = INQUISITOR.read_text().strip()


def _with_trees(count: int) -> str:
    root = parse_planner_xml(planner_xml_bytes(CODE))
    tree = root.find("Tree")
    for i in range(count):
        etree.SubElement(tree, "Spec", title=f"Extra {i}", nodes="1,2,3")
    return encode(etree.tostring(root))


def _paste_id() -> str:
    return uuid.uuid4().hex[:12]


async def test_a_paste_over_publish_limits_is_refused_with_publishs_message_and_not_cached(tmp_path, engine):
    with FakePobb() as fake:
        over, fine = _paste_id(), _paste_id()
        fake.pastes[over] = _with_trees(MAX_SETS + 1)  # 20,000 sets were answered 200 before
        fake.pastes[fine] = CODE
        app = create_app(make_settings(tmp_path, engine, pobb_base_url=fake.base_url))
        async with AsyncTestClient(app=app) as c:
            r = await c.get(f"/api/proxy/pobb/{over}")
            assert r.status_code == 422, r.text
            assert r.json()["error"]["message"] == f"The planner code has more than {MAX_SETS} passive trees"
            ok = await c.get(f"/api/proxy/pobb/{fine}")
            assert ok.status_code == 200 and ok.json() == {"data": CODE}
            assert await rows(app, "SELECT paste_id FROM planner_cache") == [(fine,)]


async def test_each_address_has_a_budget_of_decodes_and_cached_pastes_stay_free(tmp_path, engine):
    with FakePobb() as fake:
        ids = [_paste_id() for _ in range(3)]
        for paste in ids:
            fake.pastes[paste] = CODE
        app = create_app(make_settings(tmp_path, engine, pobb_base_url=fake.base_url, proxy_decodes_per_minute=2))
        async with AsyncTestClient(app=app) as c:
            codes = [(await c.get(f"/api/proxy/pobb/{paste}")).status_code for paste in ids]
            assert codes == [200, 200, 429]
            r = await c.get(f"/api/proxy/pobb/{ids[2]}")
            assert r.status_code == 429 and int(r.headers["retry-after"]) >= 1
            assert "Too many new pastes" in r.json()["error"]["message"]
            assert fake.fetches(ids[2]) == 0  # refused before any fetch
            # A cached paste costs no decode: still answered.
            assert (await c.get(f"/api/proxy/pobb/{ids[0]}")).status_code == 200


async def test_a_saturated_gate_answers_503_with_retry_after_for_proxy_and_publish(tmp_path, engine, monkeypatch):
    with FakePobb() as fake:
        paste = _paste_id()
        fake.pastes[paste] = CODE
        app = create_app(make_settings(tmp_path, engine, pobb_base_url=fake.base_url))
        async with AsyncTestClient(app=app) as c:
            same_origin(c)
            user = await session_headers(c, "Waiter")
            gate = app.state.decode_gate = DecodeGate()
            await gate.slot.acquire()  # a decode at work
            try:
                # Too many already waiting: turned away at once.
                gate.waiting = publish_gate.MAX_WAITING
                r = await c.get(f"/api/proxy/pobb/{paste}")
                assert r.status_code == 503 and r.headers["retry-after"] == str(publish_gate.RETRY_AFTER_S)
                from tests.server.conftest import publish_payload

                r = await c.post("/api/Build", json=publish_payload(), headers=user)
                assert r.status_code == 503 and "retry-after" in r.headers
                # Room to wait, but the slot stays taken past the wait: 503 too, never 500.
                gate.waiting = 0
                monkeypatch.setattr(publish_gate, "WAIT_S", 0.2)
                r = await c.get(f"/api/proxy/pobb/{paste}")
                assert r.status_code == 503 and r.json()["error"]["code"] == "unavailable"
                assert gate.waiting == 0
            finally:
                gate.slot.release()
            r = await c.get(f"/api/proxy/pobb/{paste}")
            assert r.status_code == 200 and r.json() == {"data": CODE}


def stalled(result: dict) -> bool:
    """Search waited behind the decodes. Decoding on the event loop held every search for a whole
    decode (p50 about 1 s, max 6-9.7 s); the 2x ratio goal itself is the benchmark's
    (BENCH server.search_p99_under_proxy_attack_ratio): a 2 ms quiet p99 on an idle machine makes a
    ratio swing with a few ms of noise, which is not a stall."""
    return result["attack_p99"] > 2 * result["quiet_p99"] + 0.25


def test_six_anonymous_proxy_bombers_do_not_stall_signed_in_search():
    """Signed-in search is not held by six anonymous clients decoding proxy bombs (a second run only
    when the first looked stalled: the machine is shared, and its other load moves a p99)."""
    result = search_p99_under_proxy_attack()
    if stalled(result):
        result = {**search_p99_under_proxy_attack(), "first_run": result}
    answers = result["answers"]
    # The bombs were served (decoded within limits) or made to wait their turn, never a 500.
    assert answers.get("200", 0) >= 2, result
    assert set(answers) <= {"200", "429", "503"}, result
    assert not stalled(result), result
