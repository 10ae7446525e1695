// @vitest-environment happy-dom
// Catalysts mapped to the modifiers their quality raises and the talisman names (spec §7, §9), checked
// against the items bundle (RePoE's base items) and shown on real corpus items.
import { MantineProvider } from "@mantine/core";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { act } from "react";
import { createRoot } from "react-dom/client";
import { describe, expect, it } from "vitest";
import { decodePlanner } from "@workers/planner/index";
import type { PlannerItem } from "@workers/planner/types";
import { POB_CORPUS_DIR } from "@workers/sharedDir";
import { ItemDetails } from "../features/build-view/ItemCard";
import { plannerItemOf } from "../features/tracker/characterView";
import type { EquipmentItem } from "./character";
import type { ItemsBundle } from "./gameDataTypes";
import { CATALYST_CATEGORIES, catalystCategory, catalystOfCategory, catalystQualityLine, isTalisman, TALISMAN_NAMES } from "./itemNames";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const DIST = join(process.cwd(), "game-data/dist");
const manifest = JSON.parse(readFileSync(join(DIST, "manifest.json"), "utf8"));
const items = JSON.parse(gunzipSync(readFileSync(join(DIST, `${manifest.files.items}.gz`))).toString()) as ItemsBundle;

/** The text a tooltip shows for the item. */
function tooltipText(item: PlannerItem): string {
  const host = document.createElement("div");
  document.body.append(host);
  const root = createRoot(host);
  act(() => root.render(<MantineProvider forceColorScheme="dark"><ItemDetails item={item} /></MantineProvider>));
  const lines = [...host.querySelectorAll("p")].map((p) => p.textContent ?? "");
  act(() => root.unmount());
  host.remove();
  return lines.join("\n");
}

const corpusItems = (rel: string) => Object.values(decodePlanner(readFileSync(POB_CORPUS_DIR + rel, "utf8")).items).filter((i): i is PlannerItem => !("error" in i));

describe("catalysts", () => {
  it("are the ten catalysts of the game's base items, each raising its own kind of modifier", () => {
    // The bundle's catalyst currencies less the Tainted Catalyst (Scourge, no modifier category; "The Catalyst" is a divination card).
    const bases = Object.entries(items.bases)
      .filter(([name, b]) => name.endsWith(" Catalyst") && b.itemClass === "StackableCurrency")
      .map(([name]) => name)
      .filter((name) => name !== "Tainted Catalyst");
    expect(bases.sort()).toEqual(Object.keys(CATALYST_CATEGORIES).map((c) => `${c} Catalyst`).sort());
    expect(bases.every((b) => catalystCategory(b) !== undefined)).toBe(true);
    expect(new Set(Object.values(CATALYST_CATEGORIES)).size).toBe(10);
    for (const [name, category] of Object.entries(CATALYST_CATEGORIES)) {
      expect(catalystOfCategory(`${category} Modifiers`)).toBe(name);
      expect(catalystCategory(name)).toBe(category);
    }
    expect(catalystCategory("Tainted Catalyst")).toBeUndefined();
    expect(catalystCategory("constructor")).toBeUndefined();
    expect(catalystQualityLine("Prismatic", 12)).toBe("Quality (Resistance Modifiers): +12%");
  });

  it("shows a corpus amulet's Intrinsic Catalyst quality as the game does", () => {
    const amulet = corpusItems("Dav1dde__pasteofexile/316_poison_occ.xml").find((i) => i.baseType === "Agate Amulet" && i.catalyst);
    expect(amulet).toBeDefined();
    expect([amulet!.catalyst, amulet!.catalystQuality]).toEqual(["Intrinsic", 20]);
    const text = tooltipText(amulet!);
    expect(text).toContain("Quality (Attribute Modifiers): +20%");
    expect(text).not.toContain("Quality: +");
  });

  it("reads every catalyst line of the corpus to one of the ten", () => {
    const dir = POB_CORPUS_DIR;
    const files = ["Dav1dde__pasteofexile/316_poison_occ.xml", "PathOfBuildingCommunity__PathOfBuilding/3.13_Mirage_Archer_Toxic_Rain.xml",
      "FWidm__PobBin/resources_ziz_huge_build.xml", "AdamZ-8113__pob-codes/sanavixx_cyclone_shockwave_slayer_328.xml"];
    const names = new Set<string>();
    for (const f of files) {
      for (const m of readFileSync(dir + f, "utf8").matchAll(/^Catalyst: (.+)$/gm)) names.add(m[1].trim());
      for (const i of corpusItems(f)) if (i.catalyst) expect(catalystCategory(i.catalyst), i.catalyst).toBeDefined();
    }
    expect([...names].sort()).toEqual(["Fertile", "Intrinsic"]);
  });

  it("shows a character item's catalyst quality, which the official API names by its modifiers", () => {
    // The official sample's amulet property is "Quality (Attribute Modifiers): +20%" (server/ggg/mapping.py reads it).
    const raw = JSON.parse(readFileSync(join(POB_CORPUS_DIR, "../ggg-api/PathOfBuildingCommunity__PathOfBuilding/character_detail_SampleCharacter.json"), "utf8"));
    const amulet = raw.character.equipment.find((i: { inventoryId: string }) => i.inventoryId === "Amulet");
    const property = amulet.properties.find((p: { name: string }) => p.name.startsWith("Quality ("));
    const modifiers = /^Quality \((.+)\)$/.exec(property.name)![1];
    const mapped: EquipmentItem = {
      slotType: "Amulet", name: amulet.name, baseType: amulet.baseType, rarity: "Unique", itemLevel: amulet.ilvl,
      requirements: { level: 0, str: 0, int: 0, dex: 0 },
      properties: { quality: Number.parseInt(property.values[0][0].replace("+", ""), 10), altQuality: 0, armour: 0, evasion: 0, energyShield: 0, ward: 0 },
      influence1: "", influence2: "", isCorrupted: false, isMirrored: false, isSplit: false,
      enchantMods: [], implicitMods: [], explicitMods: [], craftedMods: [], fracturedMods: [], qualityModifiers: modifiers,
    };
    const item = plannerItemOf(mapped, "amulet");
    expect([item.catalyst, item.catalystQuality, item.quality]).toEqual(["Intrinsic", 20, 0]);
    expect(tooltipText(item)).toContain("Quality (Attribute Modifiers): +20%");
  });
});

describe("talismans", () => {
  it("are the amulet bases of the game named Talisman", () => {
    const bases = Object.entries(items.bases).filter(([name, b]) => b.itemClass === "Amulet" && name.endsWith(" Talisman")).map(([name]) => name);
    expect([...TALISMAN_NAMES].sort()).toEqual(bases.sort());
    expect(isTalisman("Agate Amulet")).toBe(false);
  });

  it("marks a corpus talisman in its tooltip, and no other amulet", () => {
    const all = corpusItems("SchematX__PoEBuilds/The_TyTyKiller_Armageddon_Build.xml");
    const talisman = all.find((i) => i.baseType === "Chrysalis Talisman");
    expect(talisman?.name).toBe("Morbid Scarab");
    expect(tooltipText(talisman!).split("\n")).toContain("Talisman");
    const amulet = corpusItems("Dav1dde__pasteofexile/316_poison_occ.xml").find((i) => i.baseType === "Agate Amulet")!;
    expect(tooltipText(amulet).split("\n")).not.toContain("Talisman");
  });
});
