"""Older planner exports select an item's variants only on the <Item> element (variant="181",
variantAlt="111", variantAlt2="160"), without "Selected Variant:" lines in its text. The planner ->
official item conversion keeps the selected variants' mods: real corpus items with those lines
removed at test time, as workers/planner/test/itemVariants.test.ts checks for the PWA."""

from __future__ import annotations

import re

import pytest
from lxml import etree

from server.ggg.planner_items import mod_ranges, parse_item, variant_attributes
from tests.planner.corpus import corpus_file

SELECTED_LINES = re.compile(r"^Selected (Alt )?Variant( Two| Three| Four| Five)?: \d+\n", re.M)
MODS = ("implicitMods", "explicitMods", "craftedMods", "enchantMods")


def corpus_item(item_id: str) -> etree._Element:
    root = etree.parse(str(corpus_file("sanavixx_cyclone_shockwave_slayer_328.xml"))).getroot()
    return next(i for i in root.iter("Item") if i.get("id") == item_id)


def mods(item: dict) -> list:
    return [item.get(k) for k in MODS]


@pytest.mark.parametrize("item_id", ["7", "46", "91"])  # Megalomaniac, Forbidden Flame, Watcher's Eye
def test_variants_on_the_item_element_keep_the_selected_mods(item_id):
    element = corpus_item(item_id)
    original = parse_item(element.text)
    assert original["explicitMods"]
    stripped = SELECTED_LINES.sub("", element.text)
    assert stripped != element.text
    variant, alts = variant_attributes(element)
    assert variant is not None
    assert mods(parse_item(stripped, variant, alts)) == mods(original)
    # Without the attributes the planner's default, the last variant, is another one.
    assert mods(parse_item(stripped)) != mods(original)


def test_a_selected_variant_line_wins_over_the_attribute():
    element = corpus_item("46")
    assert mods(parse_item(element.text, 3, [])) == mods(parse_item(element.text))


def test_a_uniques_base_line_after_its_variant_list_is_not_a_modifier():
    """Uniques exported with their variant list repeat their base after it ("Selected Variant: 3",
    then "Varnished Coat"); the planner reads that as the base line, never as a modifier."""
    root = etree.parse(str(corpus_file("316_poison_occ.xml"))).getroot()
    text = next(i for i in root.iter("Item") if i.get("id") == "15").text
    jack = parse_item(text)
    assert (jack["name"], jack["baseType"]) == ("Carcass Jack", "Varnished Coat")
    assert "Varnished Coat" not in [m for k in MODS for m in jack.get(k) or []]
    assert jack["implicitMods"] == ["+2 to Level of Socketed AoE Gems"]
    # Moved below "Implicits: 1", it still takes no implicit's place.
    moved = text.replace("Selected Variant: 3\nVarnished Coat\n", "Selected Variant: 3\n").replace(
        "Implicits: 1\n", "Implicits: 1\nVarnished Coat\n"
    )
    assert moved != text
    assert mods(parse_item(moved)) == mods(jack)


@pytest.mark.parametrize("item_id", ["24", "36"])  # Mageblood, The Stampede
def test_rolls_in_mod_range_children_keep_the_rolled_values(item_id):
    """Older exports keep an item's rolls only in <ModRange id="n" range="r"/> children (the n-th
    mod line, 1-based); newer ones also write {range:r} on the line. With the prefixes removed at
    test time, the corpus uniques keep their rolled values."""
    element = corpus_item(item_id)
    original = parse_item(element.text)
    stripped = re.sub(r"\{range:[\d.]+\}", "", element.text)
    assert stripped != element.text and mod_ranges(element)
    assert mods(parse_item(stripped, ranges=mod_ranges(element))) == mods(original)
    assert mods(parse_item(stripped)) != mods(original)
