"""The planner's saved figures read alike by the PWA's decoder (workers/planner/stats.ts, the
build view's per-step figures) and the server (server/planner/stats.py, the cards and the stat
sorts), for every corpus export and a few odd hand-made ones: the view and the cards never
disagree on a number."""

from __future__ import annotations

import base64
import zlib
from pathlib import Path

import msgspec
import pytest

from server.planner.decode import parse_planner_xml, planner_xml_bytes
from server.planner.stats import read_stats
from tests.planner.corpus import corpus_files
from tests.planner.ts_cli import ts_batch

FILES = corpus_files()

ODD = {
    "repeats-and-junk": '<PlayerStat stat="Life" value="inf"/><PlayerStat stat="Life" value="5000"/>'
    '<PlayerStat stat="Life" value="6000"/><PlayerStat stat="Mana" value="table: 0x1bebb108"/>'
    '<PlayerStat stat="Evasion" value=""/><PlayerStat stat="EnergyShield" value=" 12.5 "/>'
    '<MinionStat stat="Ward" value="300"/>',
    "out-of-range": '<PlayerStat stat="Life" value="-5"/><PlayerStat stat="TotalDPS" value="-38.2"/>'
    '<PlayerStat stat="TotalDotDPS" value="12"/><PlayerStat stat="BlockChance" value="140"/>'
    '<PlayerStat stat="FireResist" value="-60"/>',
    "block-order": '<PlayerStat stat="BlockChance" value="40"/><PlayerStat stat="EffectiveBlockChance" value="75"/>',
    "zero-dps": '<PlayerStat stat="FullDPS" value="0"/><PlayerStat stat="TotalDPS" value="0"/>',
    "exponent": '<PlayerStat stat="FullDPS" value="1.5e7"/><PlayerStat stat="Armour" value="1E4"/>',
    "none": '<PlayerStat stat="AverageHit" value="5"/>',
}


def odd_code(lines: str) -> str:
    xml = f'<PathOfBuilding><Build className="Witch" level="90">{lines}</Build><Tree/></PathOfBuilding>'
    return base64.urlsafe_b64encode(zlib.compress(xml.encode(), 9)).decode()


def server_stats(text: str) -> dict | None:
    stats = read_stats(parse_planner_xml(planner_xml_bytes(text)))
    return None if stats is None else {k: v for k, v in msgspec.to_builtins(stats).items() if v is not None}


@pytest.fixture(scope="module")
def ts_results(tmp_path_factory):
    folder = tmp_path_factory.mktemp("odd-stats")
    odd = []
    for name, lines in ODD.items():
        path = folder / f"{name}.code.txt"
        path.write_text(odd_code(lines))
        odd.append(path)
    return ts_batch([*FILES, *odd]), odd


def ts_stats(row: dict) -> dict | None:
    assert "build" in row, row.get("error")
    return row["build"].get("stats")


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_corpus_figures_agree(path: Path, ts_results):
    rows, _ = ts_results
    assert ts_stats(rows[str(path)]) == server_stats(path.read_text(encoding="utf-8"))


def test_odd_lines_agree(ts_results):
    rows, odd = ts_results
    for path in odd:
        assert ts_stats(rows[str(path)]) == server_stats(path.read_text()), path.name


def test_most_corpus_exports_have_figures(ts_results):
    rows, _ = ts_results
    assert sum(ts_stats(rows[str(p)]) is not None for p in FILES) > 40
