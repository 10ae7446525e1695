// Older planner exports select an item's variants only on the <Item> element (variant="181",
// variantAlt="111", variantAlt2="160"), without "Selected Variant:" lines in the text. Real corpus
// items with those lines removed at test time must keep the mods of their selected variants.
import { describe, expect, it } from "vitest";
import { decodePlanner, isInvalidItem, type PlannerItem } from "../index";
import { corpusText } from "./corpus";

const SELECTED_LINES = /^Selected (Alt )?Variant( Two| Three| Four| Five)?: \d+\n/gm;

function item(xml: string, id: string): PlannerItem {
  const found = decodePlanner(xml).items[id];
  if (!found || isInvalidItem(found)) throw new Error(`item ${id} missing or invalid`);
  return found;
}

/** The corpus XML with the "Selected ... Variant:" lines of one item's text removed (its attributes kept). */
function withoutSelectedLines(xml: string, id: string): string {
  const open = xml.search(new RegExp(`<Item [^>]*\\bid="${id}"`));
  const end = xml.indexOf("</Item>", open);
  const element = xml.slice(open, end);
  const stripped = element.replace(SELECTED_LINES, "");
  expect(stripped).not.toBe(element);
  return xml.slice(0, open) + stripped + xml.slice(end);
}

const mods = (i: PlannerItem) => [i.implicitMods, i.explicitMods, i.craftedMods, i.enchantMods];

describe("variants selected on the <Item> element", () => {
  const xml = corpusText("sanavixx_cyclone_shockwave_slayer_328.xml");

  it.each([
    ["7", "Megalomaniac (variant, variantAlt, variantAlt2)"],
    ["46", "Forbidden Flame (variant)"],
    ["91", "Watcher's Eye (variant 1 of 106, two alts)"],
  ])("item %s, %s, keeps its selected mods", (id) => {
    const original = item(xml, id);
    expect(original.explicitMods.length).toBeGreaterThan(0);
    expect(mods(item(withoutSelectedLines(xml, id), id))).toEqual(mods(original));
  });

  it("lets a Selected Variant line in the text win over the attribute", () => {
    const changed = xml.replace(/(<Item [^>]*id="46"[^>]*)variant="21"/, '$1variant="3"').replace(/(<Item [^>]*)variant="21"([^>]*id="46")/, '$1variant="3"$2');
    expect(changed).not.toBe(xml);
    expect(mods(item(changed, "46"))).toEqual(mods(item(xml, "46")));
  });
});

// Uniques exported with their variant list repeat their base after it ("Selected Variant: 3",
// then "Varnished Coat"); the planner reads that as the base line, never as a modifier.
describe("a unique's base line after its variant list", () => {
  const xml = corpusText("316_poison_occ.xml");

  it("is not shown as a modifier", () => {
    const jack = item(xml, "15");
    expect([jack.name, jack.baseType]).toEqual(["Carcass Jack", "Varnished Coat"]);
    const texts = mods(jack).flat().map((m) => m.text);
    expect(texts).not.toContain("Varnished Coat");
    expect(jack.implicitMods.map((m) => m.text)).toEqual(["+2 to Level of Socketed AoE Gems"]);
    expect(jack.explicitMods[0].text).toBe("135% increased Evasion and Energy Shield");
  });

  it("does not take an implicit's place when it follows the Implicits count", () => {
    // The same item with its base line moved below "Implicits: 1".
    const moved = xml.replace(
      "Selected Variant: 3\nVarnished Coat\nQuality: 20\nSockets: G-G-G-G-G-G\nLevelReq: 62\nImplicits: 1\n",
      "Selected Variant: 3\nQuality: 20\nSockets: G-G-G-G-G-G\nLevelReq: 62\nImplicits: 1\nVarnished Coat\n",
    );
    expect(moved).not.toBe(xml);
    expect(mods(item(moved, "15"))).toEqual(mods(item(xml, "15")));
  });
});

// Older exports keep an item's rolls only in <ModRange id="n" range="r"/> children (the n-th mod
// line, 1-based); newer ones also write {range:r} on the line. Real corpus uniques with their
// {range:..} prefixes removed at test time keep their rolled values.
describe("rolls in <ModRange> children", () => {
  const xml = corpusText("sanavixx_cyclone_shockwave_slayer_328.xml");

  /** The corpus XML with the {range:..} prefixes of one item's text removed (its ModRange children kept). */
  function withoutInlineRanges(id: string): string {
    const open = xml.search(new RegExp(`<Item [^>]*\\bid="${id}"`));
    const end = xml.indexOf("</Item>", open);
    const element = xml.slice(open, end);
    const stripped = element.replace(/\{range:[\d.]+\}/g, "");
    expect(stripped).not.toBe(element);
    expect(stripped).toContain("<ModRange");
    return xml.slice(0, open) + stripped + xml.slice(end);
  }

  it.each([
    ["24", "Mageblood"],
    ["36", "The Stampede"],
  ])("item %s, %s, keeps its rolled values", (id) => {
    const original = item(xml, id);
    expect(original.implicitMods.concat(original.explicitMods).some((m) => m.range !== undefined && m.range !== 0.5)).toBe(true);
    expect(mods(item(withoutInlineRanges(id), id))).toEqual(mods(original));
  });
});
