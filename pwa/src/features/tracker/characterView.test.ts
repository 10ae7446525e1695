import { describe, expect, it } from "vitest";
import { characterAllocation, characterGear, classIds, plannerItemOf, rarityOf } from "./characterView";
import { officialSamples, sampleCharacter } from "./test/officialSamples";
import { realClassTable } from "./test/testClasses";

const table = realClassTable();

type Raw = Record<string, unknown>;
const FRAME: Record<number, string> = { 0: "Normal", 1: "Magic", 2: "Rare", 3: "Unique" };
const text = (m: unknown) => (typeof m === "string" ? m : (m as { description: string }).description);
const mods = (raw: Raw, key: string) => ((raw[key] as unknown[]) ?? []).map(text);
/** The text of a mod list, whatever its lines: an official string may hold several lines joined by a newline. */
const flat = (lines: string[]) => lines.join(" ").replace(/\s+/g, " ").trim();
const req = (raw: Raw, name: string) => {
  const r = ((raw.requirements as { name: string; values: [string, number][] }[]) ?? []).find((x) => x.name === name);
  return r ? Number(String(r.values[0][0]).match(/\d+/)?.[0] ?? 0) : 0;
};
const INFLUENCE: Record<string, string> = { shaper: "Shaper", elder: "Elder", crusader: "Crusader", hunter: "Hunter", redeemer: "Redeemer", warlord: "Warlord" };

describe("official items in the paper-doll's item shape", () => {
  const samples = officialSamples();

  it("covers every sample in the corpus that holds items", () => {
    expect(samples.length).toBeGreaterThanOrEqual(6);
    expect(samples.reduce((n, s) => n + s.raw.length, 0)).toBeGreaterThan(50);
  });

  for (const s of samples) {
    it(`maps every item of ${s.file.split("/").pop()}`, () => {
      s.raw.forEach(({ item: raw, slot }, k) => {
        const mapped = s.mapped[k];
        if (slot === null) return void expect(mapped).toBeNull();
        const item = plannerItemOf(mapped!, `i${k}`);
        const base = (raw.baseType as string) || (raw.typeLine as string);
        expect(item.name).toBe((raw.name as string) || base);
        expect(item.baseType).toBe(base);
        // The official rarity string wins (a foil Watcher's Eye has frameType 10 and rarity "Unique").
        expect(item.rarity).toBe((raw.rarity as string) ?? FRAME[raw.frameType as number] ?? "Relic");
        expect(item.itemLevel).toBe(raw.ilvl ?? 0);
        expect(item.corrupted).toBe(Boolean(raw.corrupted));
        expect(item.requirements.level).toBe(req(raw, "Level"));
        // A Foulborn unique's mutatedMods (the real sample's Foulborn ring) are shown with its explicit ones.
        expect(flat(item.explicitMods.map((m) => m.text))).toBe(flat([...mods(raw, "explicitMods"), ...mods(raw, "mutatedMods")]));
        expect(flat(item.implicitMods.map((m) => m.text))).toBe(flat(mods(raw, "implicitMods")));
        expect(flat(item.enchantMods.map((m) => m.text))).toBe(flat(mods(raw, "enchantMods")));
        expect(item.craftedMods.every((m) => m.crafted)).toBe(true);
        expect([...item.explicitMods, ...item.implicitMods, ...item.enchantMods].some((m) => m.text.includes("\n"))).toBe(false);
        expect(flat(item.craftedMods.map((m) => m.text))).toBe(flat(mods(raw, "craftedMods")));
        const infl = [
          ...Object.entries((raw.influences as Record<string, boolean>) ?? {}).filter(([, v]) => v).map(([key]) => INFLUENCE[key]),
          ...(raw.searing ? ["SearingExarch"] : []),
          ...(raw.tangled ? ["EaterOfWorlds"] : []),
          ...(raw.synthesised ? ["Synthesis"] : []),
          ...(raw.fractured || raw.fracturedMods ? ["Fracture"] : []),
        ];
        expect(item.influences).toEqual(infl.slice(0, 2));
      });
    });
  }

  it("treats unknown rarities as relic", () => {
    expect(rarityOf("unique")).toBe("Unique");
    expect(rarityOf("Foil")).toBe("Relic");
  });
});

describe("the sample character as a build step", () => {
  const c = sampleCharacter();
  const gear = characterGear(c);
  const inSlot = (slot: string) => gear.items[gear.itemSet.slots[slot]];

  it("puts gear in the planner's slots", () => {
    expect(inSlot("Helmet")?.name).toBe("Indigon");
    expect(inSlot("Helmet")?.influences).toEqual(["Shaper", "Elder"]);
    expect(inSlot("Belt")?.name).toBe("Headhunter");
    expect(inSlot("Weapon 1")?.name).toBe("Grace of the Goddess");
    expect(inSlot("Ring 2")?.rarity).toBe("Unique");
    // Flasks by their x position: x=0 is the first flask.
    expect(inSlot("Flask 1")?.name).toBe("Wine of the Prophet");
    expect(inSlot("Flask 2")?.name).toBe("Rumi's Concoction");
    expect(inSlot("Flask 3")?.name).toBe("Cinderswallow Urn");
    expect(inSlot("Flask 4")?.rarity).toBe("Magic");
    expect(Object.keys(gear.itemSet.socketItems)).toHaveLength(11);
  });

  it("groups gems by item and linked socket group", () => {
    const boots = gear.skillSet.groups.filter((g) => g.slot === "Boots").map((g) => g.gems.map((x) => x.name));
    expect(boots).toEqual([["Sigil of Power"], ["Sniper's Mark", "Mark On Hit Support"]]);
    const body = gear.skillSet.groups.filter((g) => g.slot === "Body Armour");
    expect(body).toHaveLength(1);
    expect(body[0].gems).toHaveLength(6);
  });

  it("gives the tree allocation of its class and passives", () => {
    expect(classIds(table, "Hierophant")).toEqual({ classId: 5, ascendancyId: 2 });
    expect(classIds(table, "Templar")).toEqual({ classId: 5, ascendancyId: 0 });
    const byId = new Map([100, 101, 102, 103].map((id) => [id, { proxy: id === 102 }]));
    const alloc = characterAllocation(table, c, "3_28", { jewelSlots: [100, 101, 102, 103], byId });
    expect(alloc.nodes).toHaveLength(120);
    expect(alloc.masteryEffects[63559]).toBe(64875);
    // Jewel x=1 (Sol Shard) and x=3 (Thread of Hope) sit in the given slots; others fall outside.
    expect(alloc.jewels).toEqual({ 101: "char:jewel:1", 103: "char:jewel:3" });
  });
});
