"""Older and odd shapes of real official answers, each built from the real corpus sample at test time.

- 3.16-era answers sent passives.mastery_effects as a list of packed integers (effect << 16 | node,
  as decimal strings; Path of Building's ImportTab unpacks value & 0xFFFF and value >> 16).
- Ruthless characters: the `ruthless` flag, or "Ruthless" in the league name (what Path of
  Building's importer reads).
"""

from __future__ import annotations

import copy
import json

import pytest

from server.ggg.mapping import map_character
from server.paths import CORPUS_DIR

SAMPLE = CORPUS_DIR / "ggg-api/PathOfBuildingCommunity__PathOfBuilding/character_detail_SampleCharacter.json"


def _sample() -> dict:
    return json.loads(SAMPLE.read_text())


def _packed(effects: dict[str, int], as_text: bool) -> list:
    return [str(e << 16 | int(n)) if as_text else e << 16 | int(n) for n, e in effects.items()]


@pytest.mark.parametrize("as_text", [True, False], ids=["decimal-strings", "numbers"])
def test_packed_mastery_list_maps_like_the_object_form(as_text):
    raw = _sample()
    effects = raw["character"]["passives"]["mastery_effects"]
    assert isinstance(effects, dict) and len(effects) == 7
    want = map_character(raw).passives.mastery_effects
    assert want == {n: e for n, e in effects.items()}
    old = copy.deepcopy(raw)
    old["character"]["passives"]["mastery_effects"] = _packed(effects, as_text)
    assert all(int(v) > 0xFFFF for v in old["character"]["passives"]["mastery_effects"])
    assert map_character(old).passives.mastery_effects == want


def test_an_empty_or_broken_mastery_list_maps_to_no_choices():
    raw = _sample()
    effects = raw["character"]["passives"]["mastery_effects"]
    for junk in ([], None, "x", 5):
        raw["character"]["passives"]["mastery_effects"] = junk
        assert map_character(raw).passives.mastery_effects == {}
    # Bad entries are skipped; the good ones still come through.
    node, effect = next(iter(effects.items()))
    raw["character"]["passives"]["mastery_effects"] = ["", "-3", "1e9", "²", True, None, {"a": 1}, str(effect << 16 | int(node))]
    assert map_character(raw).passives.mastery_effects == {node: effect}


@pytest.mark.parametrize(
    ("league", "flag", "ruthless"),
    [
        ("Ruthless", None, True),
        ("SSF Ruthless", None, True),
        ("Hardcore Ruthless Settlers", None, True),
        ("Mirage", None, False),
        ("Standard", True, True),
        ("Hardcore", False, False),
        ("ruthless boys (PL1234)", None, False),  # Path of Building's match is case-sensitive too
    ],
)
def test_ruthless_from_the_flag_or_the_league_name(league, flag, ruthless):
    raw = _sample()
    c = raw["character"]
    assert c["league"] == "Mirage" and "ruthless" not in c
    c["league"] = league
    if flag is not None:
        c["ruthless"] = flag
    mapped = map_character(raw)
    assert mapped.ruthless is ruthless
    assert mapped.league == league
