"""Old exports list a unique's attribute requirements on its level line, as the game's item text
does ("Requires Level 60, 138 Dex"). The planner -> official item conversion keeps them, and they
reach the mapped item's requirements; workers/planner/test/items.test.ts checks the PWA's parser, and
tests/planner/test_item_requirements_cross.py that both read a real build's item alike."""

from __future__ import annotations

import pytest

from server.ggg.mapping import map_item
from server.ggg.planner_items import parse_item


def unique(*header: str) -> str:
    return "\n".join(
        [
            "Rarity: UNIQUE",
            "Lioneye's Glare",
            "Imperial Bow",
            *header,
            "Implicits: 1",
            "24% increased Elemental Damage with Attack Skills",
            "Adds (23-35) to (80-92) Physical Damage",
        ]
    )


def requirements(item: dict) -> list[tuple[str, str]]:
    return [(r["name"], r["values"][0][0]) for r in item["requirements"]]


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("Requires Level 60, 138 Dex", [("Level", "60"), ("Dex", "138")]),
        ("Requires Level 60, 100 Str, 100 Int", [("Level", "60"), ("Str", "100"), ("Int", "100")]),
        (
            "Requires Level 68, 59 Str, 59 Dex, 59 Int",
            [("Level", "68"), ("Str", "59"), ("Dex", "59"), ("Int", "59")],
        ),
        ("Requires Level: 60, 138 Dexterity", [("Level", "60"), ("Dex", "138")]),
        ("Requires Level 60", [("Level", "60")]),
    ],
)
def test_the_level_line_lists_the_attributes(line, expected):
    assert requirements(parse_item(unique(line))) == expected


def test_an_attribute_line_wins_and_the_order_is_the_official_one():
    item = parse_item(unique("Int: 40", "Requires Level 60, 100 Dex, 20 Str"))
    assert requirements(item) == [("Level", "60"), ("Str", "20"), ("Dex", "100"), ("Int", "40")]
    item = parse_item(unique("Requires Level 60, 100 Dex", "Dex: 138"))
    assert requirements(item) == [("Level", "60"), ("Dex", "138")]


def test_the_mapped_item_carries_them():
    item = parse_item(unique("Requires Level 60, 100 Str, 100 Int"))
    item["inventoryId"] = "Weapon"
    reqs = map_item(item, "Weapon").requirements
    assert (reqs.level, reqs.strength, reqs.dexterity, reqs.intelligence) == (60, 100, 0, 100)
