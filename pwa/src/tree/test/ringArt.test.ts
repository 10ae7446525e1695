import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { INNER_RING_FACTOR, jewelRadius, ringSprites, TIMELESS_FACTION } from "../jewelRadius";
import { distManifest } from "./testModel";

const DIST = fileURLToPath(new URL("../../../../game-data/dist/", import.meta.url));
const art = JSON.parse(readFileSync(DIST + distManifest().files["art/3.28"], "utf8")) as {
  sheets: Record<string, { file: string; size: [number, number] }>;
  jewelRadius?: Record<string, [number, number, number, number]>;
};
const names = new Set(Object.keys(art.jewelRadius ?? {}));
const item = (name: string, mods: string[] = []) => ({ name, explicitMods: mods.map((text) => ({ text })) });
const THREAD = item("Thread of Hope", ["Only affects Passives in Massive Ring"]);

describe("jewel radius ring art", () => {
  it("the art bundle ships the ring sheet (WebP) and every ring sprite as a square inside it", () => {
    expect(art.sheets.rings.file).toMatch(/^art-3\.28-rings\.[0-9a-f]{16}\.(webp|png)$/);
    const [w, h] = art.sheets.rings.size;
    expect([w, h]).toEqual([2252, 2201]);
    const factions = Object.values(TIMELESS_FACTION).flatMap((f) => [`${f}JewelCircle1`, `${f}JewelCircle2`]);
    for (const s of ["JewelCircle1", "JewelCircle1Inverse", ...factions]) {
      const [x, y, rw, rh] = art.jewelRadius![s];
      expect(rw, s).toBe(rh);
      expect(x + rw <= w && y + rh <= h, s).toBe(true);
    }
  });

  it("timeless jewels layer their faction's two rings, as wide as the circle, on 3.28 (Large 1800) and 3.12 (1500)", () => {
    for (const [name, faction] of Object.entries(TIMELESS_FACTION)) {
      for (const [version, r] of [["3.28", 1800], ["3.12", 1500]] as const) {
        const radius = jewelRadius(item(name), version)!;
        expect(ringSprites(name, radius, names), `${name} ${version}`).toEqual([
          { sprite: `${faction}JewelCircle1`, half: r },
          { sprite: `${faction}JewelCircle2`, half: r },
        ]);
      }
    }
    // A planner prefix is read; Lethal Pride is Karui.
    expect(ringSprites("Foulborn Lethal Pride", jewelRadius(item("Lethal Pride"), "3.28")!, names)?.[0].sprite).toBe("KaruiJewelCircle1");
  });

  it("other radius jewels draw JewelCircle1 at the circle; a ring adds the Inverse 1.06 times its inner edge", () => {
    expect(ringSprites("Unnatural Instinct", jewelRadius(item("Unnatural Instinct"), "3.28")!, names)).toEqual([{ sprite: "JewelCircle1", half: 960 }]);
    expect(ringSprites("Intuitive Leap", jewelRadius(item("Intuitive Leap"), "3.10")!, names)).toEqual([{ sprite: "JewelCircle1", half: 800 }]);
    const ring = jewelRadius(THREAD, "3.28")!;
    expect(ring).toMatchObject({ inner: 2400, outer: 2880 });
    expect(ringSprites(THREAD.name, ring, names)).toEqual([
      { sprite: "JewelCircle1", half: 2880 },
      { sprite: "JewelCircle1Inverse", half: 2400 * INNER_RING_FACTOR },
    ]);
    // The Inverse sprite's line lies at 0.94 of its half side: 1.06 puts it on the inner edge.
    expect(Math.abs(2400 * INNER_RING_FACTOR * 0.94 - 2400) / 2400).toBeLessThan(0.005);
  });

  it("without the art (no sprites, or a faction the art predates) the plain ring is drawn", () => {
    const radius = jewelRadius(item("Heroic Tragedy"), "3.28")!;
    expect(ringSprites("Heroic Tragedy", radius, null)).toBeNull();
    const older = new Set([...names].filter((n) => !n.startsWith("Kalguur")));
    expect(ringSprites("Heroic Tragedy", radius, older)).toBeNull();
    expect(ringSprites("Lethal Pride", jewelRadius(item("Lethal Pride"), "3.28")!, older)).not.toBeNull();
  });
});
