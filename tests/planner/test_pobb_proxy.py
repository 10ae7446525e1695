"""GET /api/proxy/pobb/{code} on the real server process against a fake pobb.in on loopback."""

from __future__ import annotations

import base64
import gzip
import re
import sqlite3
import time
import zlib

import httpx
import pytest

from e2e.harness import ServerProcess
from server.planner.decode import MAX_CODE_CHARS
from tests.planner.corpus import corpus_file
from tests.planner.fake_pobb import FakePobb

CODE = corpus_file("heavy_strike_of_trarthus_inquisitor_328.code.txt").read_text().strip()


@pytest.fixture(scope="module")
def pobb():
    with FakePobb() as fake:
        yield fake


@pytest.fixture(scope="module")
def server(pobb):
    proc = ServerProcess(
        env={
            "WAYPOINT_POBB_BASE_URL": pobb.base_url,
            "WAYPOINT_UPSTREAM_TIMEOUT_S": "1",
            "WAYPOINT_SEED_DEMO": "false",
        }
    ).start()
    yield proc
    proc.stop()


def get(server: ServerProcess, paste_id: str) -> httpx.Response:
    return httpx.get(f"{server.base_url}/api/proxy/pobb/{paste_id}", timeout=10)


def test_fetches_the_raw_code_and_caches_it_in_sqlite_forever(server, pobb):
    pobb.pastes["Ab3_-xyZ0123"] = CODE + "\n"
    first = get(server, "Ab3_-xyZ0123")
    assert first.status_code == 200
    assert first.json() == {"data": CODE}
    assert pobb.fetches("Ab3_-xyZ0123") == 1
    assert "/Ab3_-xyZ0123/raw" in pobb.requests

    # The paste vanishes upstream; the cached copy still answers, without a fetch.
    del pobb.pastes["Ab3_-xyZ0123"]
    second = get(server, "Ab3_-xyZ0123")
    assert second.status_code == 200 and second.json() == {"data": CODE}
    assert pobb.fetches("Ab3_-xyZ0123") == 1

    with sqlite3.connect(server.db_path) as conn:
        rows = conn.execute("SELECT code FROM planner_cache WHERE paste_id = 'Ab3_-xyZ0123'").fetchall()
    assert rows == [(CODE,)]


@pytest.mark.parametrize("bad_id", ["short", "ABCDEFGHIJKLM", "abc%21defghij", "abc.defghijk", "-----------"])
def test_an_invalid_id_is_400_without_any_fetch(server, pobb, bad_id):
    before = len(pobb.requests)
    answer = get(server, bad_id)
    assert answer.status_code == 400
    error = answer.json()["error"]
    assert error["code"] == "bad_request"
    assert "12 letters, digits" in error["message"]
    assert len(pobb.requests) == before


def test_upstream_404_is_our_404(server, pobb):
    answer = get(server, "missingPaste")
    assert answer.status_code == 404
    assert answer.json()["error"]["message"] == "pobb.in has no paste missingPaste."
    with sqlite3.connect(server.db_path) as conn:
        assert conn.execute(
            "SELECT count(*) FROM planner_cache WHERE paste_id = 'missingPaste'"
        ).fetchone() == (0,)


def test_upstream_failure_is_502_and_not_cached(server, pobb):
    pobb.broken.add("brokenPaste1")
    answer = get(server, "brokenPaste1")
    assert answer.status_code == 502
    assert answer.json()["error"] == {
        "code": "bad_gateway",
        "message": "pobb.in answered 500 for paste brokenPaste1.",
    }
    # Once pobb.in recovers, the paste is served.
    pobb.broken.discard("brokenPaste1")
    pobb.pastes["brokenPaste1"] = CODE
    assert get(server, "brokenPaste1").json() == {"data": CODE}


def test_upstream_timeout_is_502_within_the_configured_timeout(server, pobb):
    pobb.pastes["slowPaste123"] = CODE
    pobb.slow["slowPaste123"] = 3.0
    started = time.monotonic()
    answer = get(server, "slowPaste123")
    elapsed = time.monotonic() - started
    assert answer.status_code == 502
    assert answer.json()["error"]["message"] == "pobb.in did not answer within 1 s."
    assert elapsed < 2.5


def test_something_that_is_not_a_planner_code_is_502_and_not_cached(server, pobb):
    pobb.pastes["htmlPaste123"] = "<html><body>Cloudflare says hi</body></html>"
    answer = get(server, "htmlPaste123")
    assert answer.status_code == 502
    assert "did not return a planner code" in answer.json()["error"]["message"]
    with sqlite3.connect(server.db_path) as conn:
        assert conn.execute(
            "SELECT count(*) FROM planner_cache WHERE paste_id = 'htmlPaste123'"
        ).fetchone() == (0,)


def test_unreachable_pobb_is_502(pobb):
    # A port nobody listens on.
    from e2e.harness import free_port

    proc = ServerProcess(
        env={"WAYPOINT_POBB_BASE_URL": f"http://127.0.0.1:{free_port()}", "WAYPOINT_SEED_DEMO": "false"}
    ).start()
    try:
        answer = get(proc, "unreachable1")
        assert answer.status_code == 502
        assert answer.json()["error"]["message"] == "Could not reach pobb.in: ConnectError."
    finally:
        proc.stop()


def test_a_path_of_exile_2_paste_is_422_with_the_decoders_message_and_not_cached(server, pobb):
    # A real export of the other game: the host did its job, the build is what cannot be planned.
    xml = corpus_file("325_loadouts.xml").read_text(encoding="utf-8").replace('targetVersion="3_0"', 'targetVersion="0_1"', 1)
    pobb.pastes["poe2Paste123"] = base64.urlsafe_b64encode(zlib.compress(xml.encode())).decode()
    answer = get(server, "poe2Paste123")
    assert answer.status_code == 422
    assert answer.json()["error"]["message"].startswith("This is a Path of Exile 2 build")
    with sqlite3.connect(server.db_path) as conn:
        assert conn.execute(
            "SELECT count(*) FROM planner_cache WHERE paste_id = 'poe2Paste123'"
        ).fetchone() == (0,)


def _peak_rss_mb(server: ServerProcess) -> float:
    status = open(f"/proc/{server.proc.pid}/status").read()
    return int(re.search(r"VmHWM:\s+(\d+) kB", status).group(1)) / 1024


def _zeros_compressed(coding: str, megabytes: int) -> bytes:
    """`megabytes` MiB of zero bytes, compressed as the Content-Encoding `coding` (streamed, so the
    test itself never holds them)."""
    import brotli

    chunk = b"\0" * (1 << 20)
    if coding == "br":
        c = brotli.Compressor(quality=5)
        return b"".join(c.process(chunk) for _ in range(megabytes)) + c.finish()
    c = zlib.compressobj(9, zlib.DEFLATED, 16 + zlib.MAX_WBITS if coding == "gzip" else zlib.MAX_WBITS)
    return b"".join(c.compress(chunk) for _ in range(megabytes)) + c.flush()


@pytest.mark.parametrize(("coding", "megabytes", "message"), [
    ("br", 1024, "pobb.in sent the paste {id} with a Content-Encoding we do not take (br)."),
    ("gzip", 256, "pobb.in sent more than {cap} bytes for paste {id}."),
    ("deflate", 256, "pobb.in sent more than {cap} bytes for paste {id}."),
])
def test_a_compression_bomb_from_the_paste_host_is_502_within_bounded_memory(server, pobb, coding, megabytes, message):
    """The paste host's answer is input too. httpx inflated a Content-Encoding whole, chunk by chunk,
    before the size cap saw it: 1.4 KB of brotli became 1 GiB in the worker."""
    paste = f"{coding}Bomb12345678"[:12]
    pobb.encoded[paste] = (coding, _zeros_compressed(coding, megabytes))
    before = _peak_rss_mb(server)
    started = time.monotonic()
    answer = get(server, paste)
    assert answer.status_code == 502, answer.text
    assert time.monotonic() - started < 2
    assert _peak_rss_mb(server) - before < 48
    assert answer.json()["error"]["message"] == message.format(id=paste, cap=MAX_CODE_CHARS)
    with sqlite3.connect(server.db_path) as conn:
        assert conn.execute("SELECT count(*) FROM planner_cache WHERE paste_id = ?", (paste,)).fetchone() == (0,)


@pytest.mark.parametrize("coding", ["gzip", "deflate", "raw deflate", "identity"])
def test_a_compressed_paste_within_the_cap_is_served(server, pobb, coding):
    paste = f"{coding.replace(' ', '')}Fine12345678"[:12]
    raw = (CODE + "\n").encode()
    if coding == "raw deflate":
        c = zlib.compressobj(6, zlib.DEFLATED, -zlib.MAX_WBITS)
        coding, body = "deflate", c.compress(raw) + c.flush()
    else:
        body = raw if coding == "identity" else (zlib.compress(raw) if coding == "deflate" else gzip.compress(raw))
    pobb.encoded[paste] = (coding, body)
    answer = get(server, paste)
    assert answer.status_code == 200, answer.text
    assert answer.json() == {"data": CODE}
    # What we ask for: no brotli (its decoder cannot be bounded by output here).
    assert "br" not in pobb.accept_encodings[-1]
