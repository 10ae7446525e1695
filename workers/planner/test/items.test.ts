import { describe, expect, it } from "vitest";
import { applyRange, isInvalidItem, parseItem } from "../items";
import type { PlannerItem } from "../types";

function parse(text: string): PlannerItem {
  const item = parseItem("7", text);
  if (isInvalidItem(item)) throw new Error(item.error.message);
  return item;
}

describe("parseItem", () => {
  it("rejects text without a leading rarity line as an invalid item", () => {
    expect(parseItem("3", "Astramentis\nOnyx Amulet")).toEqual({
      id: "3",
      error: { kind: "invalid_item", message: "Item 3 does not start with a rarity line." },
    });
    expect(isInvalidItem(parseItem("4", ""))).toBe(true);
    expect(isInvalidItem(parseItem("5", "rarity: rare\nX\nY"))).toBe(true);
  });

  it("maps rarities; unknown ones are relics, as are foil uniques", () => {
    expect(parse("Rarity: NORMAL\nIron Ring").rarity).toBe("Normal");
    expect(parse("Rarity: MAGIC\nIron Ring of Ire").rarity).toBe("Magic");
    expect(parse("Rarity: RELIC\nX\nY").rarity).toBe("Relic");
    expect(parse("Rarity: GEM\nX\nY").rarity).toBe("Relic");
    expect(parse("Rarity: UNIQUE\nX\nY\nFoil Unique").rarity).toBe("Relic");
  });

  it("takes name and base from rare items, and one line for normal/magic ones", () => {
    expect(parse("Rarity: RARE\nGloom Grip\nVaal Gauntlets")).toMatchObject({ name: "Gloom Grip", baseType: "Vaal Gauntlets" });
    expect(parse("Rarity: MAGIC\nSeething Divine Life Flask")).toMatchObject({
      name: "Seething Divine Life Flask",
      baseType: "Seething Divine Life Flask",
    });
  });

  it("reads header numbers, requirements, influences and flags", () => {
    const item = parse(
      [
        "Rarity: RARE",
        "Doom Shell",
        "Astral Plate",
        "Shaper Item",
        "Searing Exarch Item",
        "Item Level: 86",
        "Quality: +20% (augmented)",
        "Armour: 1200",
        "Evasion Rating: 5",
        "Energy Shield: 7",
        "Ward: 3",
        "Str: 180",
        "Dex: 12",
        "Int: 34",
        "LevelReq: 62",
        "Implicits: 1",
        "+12% to all Elemental Resistances",
        "+90 to maximum Life",
        "Corrupted",
        "Mirrored",
        "Split",
      ].join("\n"),
    );
    expect(item).toMatchObject({
      itemLevel: 86,
      quality: 20,
      armour: 1200,
      evasion: 5,
      energyShield: 7,
      ward: 3,
      requirements: { level: 62, str: 180, dex: 12, int: 34 },
      influences: ["Shaper", "SearingExarch"],
      corrupted: true,
      mirrored: true,
      split: true,
    });
    expect(item.implicitMods).toEqual([{ text: "+12% to all Elemental Resistances" }]);
    expect(item.explicitMods).toEqual([{ text: "+90 to maximum Life" }]);
  });

  it("keeps only the selected variant's lines, including alt variants", () => {
    const text = [
      "Rarity: UNIQUE",
      "Watcher's Eye",
      "Prismatic Jewel",
      "Variant: A",
      "Variant: B",
      "Variant: C",
      "Selected Variant: 1",
      "Has Alt Variant: true",
      "Selected Alt Variant: 3",
      "Implicits: 0",
      "{variant:1}first",
      "{variant:2}second",
      "{variant:2,3}second or third",
      "always",
    ].join("\n");
    expect(parse(text).explicitMods.map((m) => m.text)).toEqual(["first", "second or third", "always"]);
  });

  it("defaults to the last variant when none is selected", () => {
    const item = parse("Rarity: UNIQUE\nX\nY\nVariant: Old\nVariant: Current\nImplicits: 0\n{variant:1}old\n{variant:2}new");
    expect(item.explicitMods.map((m) => m.text)).toEqual(["new"]);
  });

  it("counts implicit lines of unselected variants toward the implicit block", () => {
    const item = parse(
      "Rarity: UNIQUE\nX\nY\nVariant: a\nVariant: b\nSelected Variant: 2\nImplicits: 2\n{variant:1}old implicit\n{variant:2}new implicit\nexplicit",
    );
    expect(item.implicitMods.map((m) => m.text)).toEqual(["new implicit"]);
    expect(item.explicitMods.map((m) => m.text)).toEqual(["explicit"]);
  });

  it("treats enchant lines and crafted implicit-block lines as enchants", () => {
    const item = parse("Rarity: RARE\nX\nY\nImplicits: 2\n{enchant}Enchanted\n{crafted}Legacy enchant\nplain");
    expect(item.enchantMods.map((m) => m.text)).toEqual(["Enchanted", "Legacy enchant"]);
    expect(item.implicitMods).toEqual([]);
    expect(item.explicitMods.map((m) => m.text)).toEqual(["plain"]);
  });

  it("keeps colon lines that are mods, and drops class restrictions", () => {
    const item = parse("Rarity: UNIQUE\nX\nY\nImplicits: 0\nRequires Class Witch\nFortress Covenant: yes\n");
    expect(item.explicitMods.map((m) => m.text)).toEqual(["Fortress Covenant: yes"]);
  });

  it("reads variant lists with spaces or gaps the way the planner's number parse does", () => {
    const text = [
      "Rarity: UNIQUE", "X", "Y", "Variant: a", "Variant: b", "Variant: c", "Selected Variant: 12",
      "Implicits: 0",
      "{variant:1, 3}spaced",
      "{variant:1,,2}gap",
      "{variant:12}twelve is capped to the last variant",
      "{variant:2,3}plain list",
      "{variant:13}never",
    ].join("\n");
    expect(parse(text).explicitMods.map((m) => m.text)).toEqual(["spaced", "plain list"]);
    const second = parse(text.replace("Selected Variant: 12", "Selected Variant: 2"));
    expect(second.explicitMods.map((m) => m.text)).toEqual(["gap", "plain list"]);
  });

  it("reads 'Requires' and percentile header lines, and leaves look-alikes as mods", () => {
    const item = parse(
      [
        "Rarity: RARE", "X", "Y",
        "Requires Level 68, 101 Str",
        "ArmourBasePercentile: 0.5",
        "Armour-BasePercentile: 1",
        "Requires Quest: 40",
        "Implicits: 0",
        "{crafted}{bad key}{tags:life}+5 to maximum Life",
      ].join("\n"),
    );
    expect(item.requirements.level).toBe(68);
    expect(item.explicitMods.map((m) => m.text)).toEqual([
      "Armour-BasePercentile: 1",
      "Requires Quest: 40",
    ]);
    // A brace key with a space ends the leading prefix; the later braces are still read and stripped.
    expect(item.craftedMods).toEqual([{ text: "+5 to maximum Life", crafted: true, tags: ["life"] }]);
  });

  it("reads the attributes an old export lists on its 'Requires Level' line", () => {
    const unique = (requires: string, ...more: string[]) =>
      parse(["Rarity: UNIQUE", "Lioneye's Glare", "Imperial Bow", requires, ...more, "Implicits: 1", "24% increased Elemental Damage with Attack Skills", "Adds (23-35) to (80-92) Physical Damage"].join("\n")).requirements;
    expect(unique("Requires Level 60, 138 Dex")).toEqual({ level: 60, str: 0, dex: 138, int: 0 });
    expect(unique("Requires Level 60, 100 Str, 100 Int")).toEqual({ level: 60, str: 100, dex: 0, int: 100 });
    expect(unique("Requires Level 68, 59 Str, 59 Dex, 59 Int")).toEqual({ level: 68, str: 59, dex: 59, int: 59 });
    expect(unique("Requires Level: 60, 138 Dexterity")).toEqual({ level: 60, str: 0, dex: 138, int: 0 });
    // A separate attribute line wins; a level alone leaves the attributes at 0.
    expect(unique("Requires Level 60, 100 Dex", "Dex: 138")).toEqual({ level: 60, str: 0, dex: 138, int: 0 });
    expect(unique("Requires Level 60")).toEqual({ level: 60, str: 0, dex: 0, int: 0 });
  });

  it("reads trailing (crafted)/(fractured) markers", () => {
    const item = parse("Rarity: RARE\nX\nY\nImplicits: 0\n+10 to Strength (fractured)\n+5 to Dexterity (crafted)");
    expect(item.fracturedMods).toEqual([{ text: "+10 to Strength", fractured: true }]);
    expect(item.craftedMods).toEqual([{ text: "+5 to Dexterity", crafted: true }]);
  });

  it("derives cluster jewel node count and skill from mods when the header lacks them", () => {
    const item = parse(
      "Rarity: MAGIC\nMedium Cluster Jewel\nImplicits: 0\nAdds 5 Passive Skills\nAdded Small Passive Skills grant: 10% increased Fire Damage",
    );
    expect([item.clusterNodeCount, item.clusterSkill]).toEqual([5, "10% increased Fire Damage"]);
    expect(parse("Rarity: RARE\nX\nIron Ring\nImplicits: 0\nAdds 5 Passive Skills").clusterNodeCount).toBeUndefined();
  });
});

describe("applyRange", () => {
  it("resolves ranges the way the planner shows them", () => {
    expect(applyRange("+(15-20) to maximum Energy Shield", 0.5)).toBe("+18 to maximum Energy Shield");
    expect(applyRange("(230-260)% increased Evasion", 0.5)).toBe("245% increased Evasion");
    expect(applyRange("Adds (14-16) to (30-32) Fire Damage", 0.5)).toBe("Adds 15 to 31 Fire Damage");
    expect(applyRange("(5-10 to 20-25) Added Damage", 0.817)).toBe("9 to 24 Added Damage");
    expect(applyRange("Regenerate (1.5-2.5) Mana per second", 0.5)).toBe("Regenerate 2 Mana per second");
    expect(applyRange("+(-10-10)% to Fire Resistance", 0)).toBe("-10% to Fire Resistance");
    expect(applyRange("(-40-10)% increased Cost", 0)).toBe("40% reduced Cost");
    expect(applyRange("no range here", 0.3)).toBe("no range here");
  });
});
