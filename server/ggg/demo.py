"""Demo characters for the local provider, each from real data.

DemoHierophant is the official API's sample character. The others are real planner builds of the
corpus, one per base class, converted to the official answer's shape (server.ggg.from_planner) at
the step named below: two are mid-campaign (an early tree with its gear and gems, gem levels as
that character level allows), so the tracker has passives left to show. Each character's class is the
one its tree starts from. Conversion happens once, on first use; a build that fails is skipped
with a warning.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from server.ggg.mapping import Character, CharacterSummary, map_character, map_summary

log = logging.getLogger("waypoint")

SAMPLE = Path("ggg-api/PathOfBuildingCommunity__PathOfBuilding/character_detail_SampleCharacter.json")
DEMO_LEAGUE = "Standard"


@dataclass(frozen=True)
class DemoPick:
    name: str
    # Under the corpus's pob/ folder.
    path: str
    # Set ids (titles lower-cased); None takes the build's active set.
    tree: str | None = None
    item_set: str | None = None
    skill_set: str | None = None
    # A level below the build's: the character is that far along (gem levels capped to it).
    level: int | None = None


PICKS = (
    DemoPick("DemoBerserker", "Vilsol__go-pob/many-builds_11.xml"),
    DemoPick("DemoPathfinder", "AdamZ-8113__pob-codes/voices_nested_clusters_328.code.txt"),
    # Its levelling tree; the build keeps only end-game gear, which the step wears as listed.
    DemoPick("DemoOccultist", "Dav1dde__pasteofexile/316_poison_occ.xml", tree="pre-swap levelling",
             item_set="default", skill_set="default", level=36),
    DemoPick("DemoSlayer", "AdamZ-8113__pob-codes/sanavixx_cyclone_shockwave_slayer_328.code.txt",
             tree="lvl 12-30 (sunder)", item_set="lvl 12-30 (sunder)", skill_set="lvl 12-30 (sunder)", level=33),
    DemoPick("DemoGuardian", "AdamZ-8113__pob-codes/dominating_blow_of_inspiring_guardian_328.code.txt"),
    # The corpus's one Shadow build is a planner test export: tree and tattoos, no gear or gems.
    DemoPick("DemoSaboteur", "Dav1dde__pasteofexile/322_overrides.xml"),
    DemoPick("DemoReliquarian", "AdamZ-8113__pob-codes/flicker_strike_reliquarian_328.code.txt"),
)


def demo_id(name: str) -> str:
    return "demo-" + name.removeprefix("Demo").lower()


def convert_pick(pick: DemoPick, corpus_dir: str, dist: str) -> dict:
    """The official-API answer for one pick; raises on any failure (the caller skips it)."""
    from server.ggg.from_planner import official_character
    from server.planner import extract_planner
    from server.planner.decode import parse_planner_xml, planner_xml_bytes

    text = (Path(corpus_dir) / "pob" / pick.path).read_text(encoding="utf-8")
    root = parse_planner_xml(planner_xml_bytes(text))
    return official_character(
        root, extract_planner(root), dist, char_id=demo_id(pick.name), name=pick.name, tree_id=pick.tree,
        item_set_id=pick.item_set, skill_set_id=pick.skill_set, level=pick.level,
    )


def _sample(corpus_dir: str) -> dict:
    path = Path(corpus_dir) / SAMPLE
    try:
        sample = json.loads(path.read_text())["character"]
    except (OSError, ValueError, KeyError) as exc:
        log.warning("demo characters: no sample at %s (%s)", path, exc)
        sample = {"class": "Hierophant", "level": 90, "equipment": [], "passives": {}}
    return dict(sample, id="demo-hierophant", name="DemoHierophant", realm="pc")


@lru_cache(maxsize=4)
def _raw_characters(corpus_dir: str, dist: str) -> tuple[dict, ...]:
    out = [_sample(corpus_dir)]
    for pick in PICKS:
        try:
            out.append(convert_pick(pick, corpus_dir, dist)["character"])
        except Exception as exc:  # noqa: BLE001 - any failure skips this character, never the list
            log.warning("demo characters: skipping %s (%s): %s", pick.name, pick.path, exc)
    return tuple(out)


def demo_list(corpus_dir: str, dist: str, realm: str) -> list[CharacterSummary]:
    if realm != "pc":
        return []  # demo characters live on PC only
    return [map_summary(c, realm) for c in _raw_characters(corpus_dir, dist)]


def demo_detail(corpus_dir: str, dist: str, realm: str, name: str) -> Character | None:
    if realm != "pc":
        return None
    for c in _raw_characters(corpus_dir, dist):
        if c["name"].lower() == name.lower() or c["id"] == name:
            return map_character(c)
    return None
