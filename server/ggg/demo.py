"""Demo characters for the local provider, built from the corpus sample.

The official-API sample character is mapped like a real answer; a few clearly
labelled variants with other classes let every class be tried with attachments.
"""

from __future__ import annotations

import copy
import json
import logging
from functools import lru_cache
from pathlib import Path

from server.ggg.mapping import Character, CharacterSummary, map_character, map_summary

log = logging.getLogger("waypoint")

SAMPLE = Path("ggg-api/PathOfBuildingCommunity__PathOfBuilding/character_detail_SampleCharacter.json")
DEMO_LEAGUE = "Standard"
# (name, class as the official API names it): one per base class, shown as demo.
VARIANTS = [
    ("DemoBerserker", "Berserker"),
    ("DemoDeadeye", "Deadeye"),
    ("DemoOccultist", "Occultist"),
    ("DemoSlayer", "Slayer"),
    ("DemoSaboteur", "Saboteur"),
    ("DemoAscendant", "Ascendant"),
]


@lru_cache(maxsize=4)
def _raw_characters(corpus_dir: str) -> tuple[dict, ...]:
    path = Path(corpus_dir) / SAMPLE
    try:
        sample = json.loads(path.read_text())["character"]
    except (OSError, ValueError, KeyError) as exc:
        log.warning("demo characters: no sample at %s (%s)", path, exc)
        sample = {"name": "DemoHierophant", "class": "Hierophant", "level": 90, "equipment": [], "passives": {}}
    first = dict(sample, id="demo-hierophant", name="DemoHierophant", realm="pc")
    out = [first]
    for name, cls in VARIANTS:
        v = copy.deepcopy(sample)
        v.update(id=f"demo-{cls.lower()}", name=name, realm="pc", league=DEMO_LEAGUE, level=70, experience=0)
        v["class"] = cls
        out.append(v)
    return tuple(out)


def demo_list(corpus_dir: str, realm: str) -> list[CharacterSummary]:
    if realm != "pc":
        return []  # demo characters live on PC only
    return [map_summary(c, realm) for c in _raw_characters(corpus_dir)]


def demo_detail(corpus_dir: str, realm: str, name: str) -> Character | None:
    if realm != "pc":
        return None
    for c in _raw_characters(corpus_dir):
        if c["name"].lower() == name.lower() or c["id"] == name:
            return map_character(c)
    return None
