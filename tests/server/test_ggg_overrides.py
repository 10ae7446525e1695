"""Tattoos, Ruthless, the alternate ascendancy and old class ids in the official-character mapping."""

from __future__ import annotations

import json

import msgspec
import pytest

from server.ggg.mapping import map_character, map_summary
from server.paths import CORPUS_DIR

SAMPLE = CORPUS_DIR / "ggg-api/PathOfBuildingCommunity__PathOfBuilding/character_detail_SampleCharacter.json"


def test_the_samples_tattoos_come_through_by_node_id():
    raw = json.loads(SAMPLE.read_text())
    mapped = map_character(raw)
    overrides = raw["character"]["passives"]["skill_overrides"]
    assert set(mapped.passives.skill_overrides) == set(overrides) and overrides
    node, first = next(iter(overrides.items()))
    got = mapped.passives.skill_overrides[node]
    assert (got.name, got.icon, got.active_effect_image, got.is_tattoo, got.stats, got.reminder_text) == (
        first["name"], first["icon"], first["activeEffectImage"], first["isTattoo"], first["stats"], first["reminderText"]
    )
    assert mapped.passives.alternate_ascendancy == raw["character"]["passives"]["alternate_ascendancy"]
    wire = json.loads(msgspec.json.encode(mapped))
    assert wire["ruthless"] is False
    assert wire["passives"]["skillOverrides"][node]["activeEffectImage"] == first["activeEffectImage"]
    assert set(wire["passives"]["skillOverrides"][node]) == {
        "name", "icon", "activeEffectImage", "isTattoo", "stats", "reminderText"
    }


def test_ruthless_flag_and_bad_overrides():
    c = {"name": "R", "class": "Witch", "level": 3, "ruthless": True,
         "passives": {"skill_overrides": {"1": "junk", "2": {"name": 5, "stats": ["a", 3]}}, "alternate_ascendancy": 7}}
    m = map_character(c)
    assert m.ruthless is True
    assert set(m.passives.skill_overrides) == {"2"} and m.passives.skill_overrides["2"].stats == ["a"]
    assert m.passives.alternate_ascendancy == ""
    assert map_character({"name": "x", "ruthless": "yes"}).ruthless is False


@pytest.mark.parametrize(
    ("old", "base"),
    [("StrClass", "Marauder"), ("DexClass", "Ranger"), ("IntClass", "Witch"), ("StrDexClass", "Duelist"),
     ("StrIntClass", "Templar"), ("DexIntClass", "Shadow"), ("StrDexIntClass", "Scion")],
)
def test_old_class_ids_become_base_classes(old, base):
    assert map_character({"name": "o", "class": old}).class_ == base
    assert map_summary({"name": "o", "class": old}, "pc").class_ == base
    assert map_summary({"name": "o", "class": "Chieftain"}, "pc").class_ == "Chieftain"
