// @vitest-environment happy-dom
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import type { ItemsBundle } from "../../data/gameDataTypes";
import { isItemArt } from "../../app/itemArtCache";
import { glyphOf, glyphOfSlot } from "./itemGlyph";

const DIST = join(process.cwd(), "game-data/dist");
const manifest = JSON.parse(readFileSync(join(DIST, "manifest.json"), "utf8"));
const items = JSON.parse(gunzipSync(readFileSync(join(DIST, `${manifest.files.items}.gz`))).toString()) as ItemsBundle;

describe("item glyphs", () => {
  it("every weapon, armour, jewellery, flask and jewel base of the items bundle has its class's glyph", () => {
    const gear = /Sword|Axe|Mace|Sceptre|Bow|Wand|Staff|Claw|Dagger|Shield|Quiver|Helmet|Body Armour|Gloves|Boots|Belt|Ring|Amulet|Flask|Jewel/;
    const missing = Object.entries(items.bases)
      .filter(([, b]) => gear.test(b.itemClass))
      .filter(([name]) => glyphOf({ name, baseType: name }, "NoSlot", items) === "item");
    expect(missing).toEqual([]);
  });

  it("reads the class from the base type, then the unique's name, else the slot", () => {
    expect(glyphOf({ name: "Grace of the Goddess", baseType: "Prophecy Wand" }, "Weapon 1", items)).toBe("wand");
    expect(glyphOf({ name: "Tabula Rasa", baseType: "Simple Robe" }, "Body Armour", items)).toBe("body");
    expect(glyphOf({ name: "Headhunter", baseType: "" }, "Belt", items)).toBe("belt");
    expect(glyphOf({ name: "Spine of the First Claimant", baseType: "Iron Sceptre" }, "Weapon 1", items)).toBe("mace");
    expect(glyphOf({ name: "Lioneye's Fall", baseType: "Viridian Jewel" }, "Socket 2491", null)).toBe("jewel");
    expect(glyphOf({ name: "Rare Thing", baseType: "Made Up Base" }, "Weapon 2", items)).toBe("shield");
    expect(glyphOf({ name: "Rare Thing", baseType: "Made Up Base" }, "Helmet", null)).toBe("helmet");
    expect(["Ring 1", "Ring 2", "Flask 5", "Amulet", "Gloves", "Boots", "Belt"].map(glyphOfSlot)).toEqual(["ring", "ring", "flask", "amulet", "gloves", "boots", "belt"]);
  });
});

describe("the service worker's item-art route", () => {
  const req = (destination: string) => ({ destination }) as Request;
  it("takes images from other origins only", () => {
    const own = self.location.origin;
    expect(isItemArt({ request: req("image"), url: new URL("https://web.poecdn.com/gen/image/x/y.png") })).toBe(true);
    expect(isItemArt({ request: req("image"), url: new URL("http://127.0.0.1:4567/art/a.png") })).toBe(own !== "http://127.0.0.1:4567");
    expect(isItemArt({ request: req("image"), url: new URL("/game-data/art-3.28-jewel.png", own) })).toBe(false);
    expect(isItemArt({ request: req(""), url: new URL("https://web.poecdn.com/gen/image/x/y.png") })).toBe(false);
  });

  it("runs from its own source text alone, as generateSW copies it into sw.js", () => {
    const copied = new Function(`return (${isItemArt.toString()})`)() as typeof isItemArt;
    expect(copied({ request: req("image"), url: new URL("https://web.poecdn.com/a.png") })).toBe(true);
  });
});
