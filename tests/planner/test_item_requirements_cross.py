"""Both item parsers read an old export's "Requires Level 74, 100 Str, 138 Dex" line alike: a corpus
build's item has its "LevelReq: 74" line rewritten that way at test time."""

from __future__ import annotations

from server.ggg.planner_items import parse_item, variant_attributes
from server.planner.decode import parse_planner_xml, planner_xml_bytes
from tests.planner.corpus import corpus_file
from tests.planner.ts_cli import ts_batch


def test_the_level_line_attributes_reach_both_decoders(tmp_path):
    xml = corpus_file("heavy_strike_of_trarthus_inquisitor_328.xml").read_text(encoding="utf-8")
    assert xml.count("LevelReq: 74") == 1
    path = tmp_path / "old_requirements.xml"
    path.write_text(xml.replace("LevelReq: 74", "Requires Level 74, 100 Str, 138 Dex"), encoding="utf-8")

    ts = ts_batch([path])[str(path)]["build"]["items"]["1"]
    assert ts["name"] == "Whispers of Infinity"
    assert ts["requirements"] == {"level": 74, "str": 100, "dex": 138, "int": 0}

    root = parse_planner_xml(planner_xml_bytes(path.read_text(encoding="utf-8")))
    element = next(i for i in root.iter("Item") if i.get("id") == "1")
    item = parse_item(element.text, *variant_attributes(element))
    assert [(r["name"], r["values"][0][0]) for r in item["requirements"]] == [
        ("Level", "74"),
        ("Str", "100"),
        ("Dex", "138"),
    ]
