"""The server's class table is the pipeline's (game-data/dist), checked against real builds and exports."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from server.classes import base_class, canonical_class, load_class_table
from server.paths import POB_CORPUS as CORPUS
from server.paths import TREES_DIR
from server.planner.extract import decode_planner
from server.settings import Settings


@pytest.fixture(scope="module")
def dist() -> str:
    return Settings.from_env().game_data_dist


def test_every_ascendancy_of_the_newest_export_maps_to_its_class(dist):
    table = load_class_table(dist)
    newest = max(
        (p for p in TREES_DIR.glob("*.json.gz") if p.name.count("_") == 1),
        key=lambda p: tuple(int(x) for x in p.name.removesuffix(".json.gz").split("_")),
    )
    export = json.loads(gzip.decompress(newest.read_bytes()))
    assert [c["name"] for c in export["classes"]] == list(table.ascendancies)
    for cls in export["classes"]:
        for asc in cls["ascendancies"]:
            assert table.base_class(asc["name"]) == cls["name"]
            assert table.base_class(asc["id"]) == cls["name"]
    assert table.base_class("  reliquarian ") == "Scion"
    assert table.base_class("Nobody") == "Nobody"


@pytest.mark.parametrize(
    "build",
    [
        "AdamZ-8113__pob-codes/flicker_strike_reliquarian_328.xml",  # Reliquarian, new in 3.28
        "PathOfBuildingCommunity__PathOfBuilding/3.13_Dual_Wield_Cospris_CoC.xml",  # Raider, shown as Warden since 3.25
    ],
)
def test_real_builds_ascendancy_gives_its_class(dist, build):
    extract = decode_planner((CORPUS / build).read_text())
    assert extract.ascendancy_name in ("Reliquarian", "Raider")
    assert base_class(dist, extract.ascendancy_name) == extract.class_name


def test_without_a_class_table_names_stand_for_themselves(tmp_path):
    assert base_class(str(tmp_path), "Reliquarian") == "Reliquarian"


def test_filter_names_are_spelled_as_the_table_spells_them(dist):
    table = load_class_table(dist)
    multi_word = [a for ascs in table.ascendancies.values() for a in ascs if " " in a]
    assert multi_word, "the variant trees bring two-word ascendancies (Blind Prophet, ...)"
    for name in multi_word:
        assert table.canonical(name.lower()) == name
        assert table.canonical(f"  {name.upper()} ") == name
    assert table.canonical("witch") == "Witch"
    assert table.canonical("hierophant") == "Hierophant"
    assert table.canonical("nobody here") == "Nobody here"
    assert canonical_class(dist, "blind prophet") == "Blind Prophet"


def test_without_a_class_table_filter_names_are_capitalised(tmp_path):
    assert canonical_class(str(tmp_path), "witch") == "Witch"


def test_alternate_ascendancies_are_spelled_as_the_bundle_spells_them(dist):
    """The alternate (class-less) ascendancies of the classes bundle and of the newest tree
    export: the filter spells them as they are spelled there, and they belong to no class."""
    table = load_class_table(dist)
    manifest = json.loads((Path(dist) / "manifest.json").read_text())
    bundle = json.loads((Path(dist) / manifest["files"]["classes"]).read_text())
    export = json.loads(gzip.decompress((TREES_DIR / "3_28.json.gz").read_bytes()))
    names = [a["name"] for a in bundle["alternateAscendancies"]]
    assert "Warden of the Maji" in names
    assert {a["name"] for a in export["alternate_ascendancies"]} <= set(names)
    classes = set(table.ascendancies)
    for name in names:
        assert table.canonical(name.lower()) == name
        assert table.canonical(f" {name.upper()}  ") == name
        assert table.base_class(name) == name
        assert table.base_class(name) not in classes
    assert canonical_class(dist, "warden of the maji") == "Warden of the Maji"
    assert base_class(dist, "warden of the maji") == "warden of the maji"
    # "Warden" is both the alternate's id and the Ranger ascendancy's shown name: the class wins.
    assert base_class(dist, "Warden") == "Ranger"
    assert canonical_class(dist, "warden") == "Warden"
