"""Hostile input: both decoders name the error within 1 s and 64 MB.

Each case runs in a fresh subprocess per implementation (Python probe and the
Node probe workers/planner/test/probe.ts), which reports the error kind, the
decode's wall and CPU time and the growth of the process's peak RSS.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from e2e.harness import REPO
from server.planner import PlannerError, decode_planner
from tests.planner import hostile
from tests.planner.ts_cli import TSX

# The decode may use at most 1 s of CPU and 64 MB. Wall time is also bounded, more loosely:
# the test machine is shared, and a starved process can wait for a CPU longer than it works.
LIMIT_CPU_MS = 1000
LIMIT_WALL_MS = 5000
LIMIT_KB = 64 * 1024
CASES = hostile.cases()


@pytest.fixture(scope="module")
def payload_dir(tmp_path_factory):
    folder = tmp_path_factory.mktemp("hostile")
    for name, (payload, _) in CASES.items():
        (folder / name).write_text(payload, encoding="utf-8")
    (folder / "zip_bomb").write_text(hostile.zip_bomb(), encoding="utf-8")
    return folder


def probe(cmd: list[str]) -> dict:
    out = subprocess.run(cmd, cwd=REPO, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.strip().splitlines()[-1])


EXPECTED = {**{name: kind for name, (_, kind) in CASES.items()}, "zip_bomb": "too_large"}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_python_names_the_error_within_limits(payload_dir, name):
    result = probe([sys.executable, "-m", "tests.planner.probe", str(payload_dir / name)])
    assert result["kind"] == EXPECTED[name]
    assert result["cpu_ms"] < LIMIT_CPU_MS
    assert result["ms"] < LIMIT_WALL_MS
    assert result["rss_growth_kb"] < LIMIT_KB


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_typescript_names_the_error_within_limits(payload_dir, name):
    result = probe([str(TSX), "workers/planner/test/probe.ts", str(payload_dir / name)])
    assert result["kind"] == EXPECTED[name]
    assert result["cpu_ms"] < LIMIT_CPU_MS
    assert result["ms"] < LIMIT_WALL_MS
    assert result["rss_growth_kb"] < LIMIT_KB


def test_zip_bomb_really_inflates_past_a_gigabyte(payload_dir):
    import base64
    import zlib

    stream = base64.urlsafe_b64decode((payload_dir / "zip_bomb").read_text())
    inflater = zlib.decompressobj()
    total = 0
    for at in range(0, len(stream), 1 << 16):
        total += len(inflater.decompress(stream[at : at + (1 << 16)]))
    assert inflater.eof
    assert total > 1024**3


def test_the_messages_are_clear():
    with pytest.raises(PlannerError) as err:
        decode_planner(hostile.BILLION_LAUGHS)
    assert err.value.message == "Planner XML must not contain a DTD or entity declarations."
    with pytest.raises(PlannerError) as err:
        decode_planner(hostile.deep_nesting(40))
    assert err.value.message == "Planner XML is nested deeper than 32 elements."
    with pytest.raises(PlannerError) as err:
        decode_planner(hostile.truncated_code())
    assert err.value.message == "Planner code is truncated: the compressed data ends early."


def test_nesting_up_to_the_limit_is_fine():
    # Root + 31 levels below it is the deepest accepted document.
    xml = '<PathOfBuilding><Build className="Witch"/>' + "<a>" * 31 + "</a>" * 31 + "</PathOfBuilding>"
    assert decode_planner(xml).class_name == "Witch"
    with pytest.raises(PlannerError):
        decode_planner(
            xml.replace("<a>", "<a><b/>", 0).replace("<a>" * 31, "<a>" * 32).replace("</a>" * 31, "</a>" * 32)
        )
