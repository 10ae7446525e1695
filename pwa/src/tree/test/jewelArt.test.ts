// Jewels' art from the tree's jewel sheet (the real 3.28 art bundle in game-data/dist): every jewel base
// of the items bundle and every jewel of the corpus builds resolves to a sprite inside the sheet.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { decodePlanner } from "@workers/planner/index";
import { POB_CORPUS_DIR } from "@workers/sharedDir";
import type { ItemsBundle } from "../../data/gameDataTypes";
import { jewelArt, jewelSprite, type JewelArtBundle } from "../jewelArt";

const DIST = join(process.cwd(), "game-data/dist");
const manifest = JSON.parse(readFileSync(join(DIST, "manifest.json"), "utf8"));
const items = JSON.parse(gunzipSync(readFileSync(join(DIST, `${manifest.files.items}.gz`))).toString()) as ItemsBundle;
const art = JSON.parse(readFileSync(join(DIST, manifest.files["art/3.28"]), "utf8")) as JewelArtBundle;

describe("jewel art", () => {
  it("every jewel base of the game has its sprite on the jewel sheet", () => {
    const bases = Object.entries(items.bases).filter(([, b]) => b.itemClass === "Jewel" || b.itemClass === "AbyssJewel").map(([n]) => n);
    expect(bases.length).toBe(12);
    const missing = bases.filter((b) => jewelArt(art, b) === null);
    expect(missing).toEqual([]);
    // The colours and kinds keep apart: nine sprites for the twelve bases (the four Abyss eyes share one).
    expect(new Set(bases.map(jewelSprite)).size).toBe(9);
    expect(jewelSprite("Crimson Jewel")).toBe("JewelSocketActiveRed");
    expect(jewelSprite("Hypnotic Eye Jewel")).toBe("JewelSocketActiveAbyss");
    expect(jewelSprite("Large Cluster Jewel")).toBe("JewelSocketActiveAltRed");
    expect(jewelArt(art, "Leather Belt")).toBeNull();
    expect(jewelArt({ sheets: {}, jewels: art.jewels }, "Crimson Jewel")).toBeNull();
  });

  it("every jewel in the corpus builds resolves", () => {
    const jewelBases = new Set(Object.entries(items.bases).filter(([, b]) => /Jewel$/.test(b.itemClass)).map(([n]) => n));
    const seen = new Set<string>();
    for (const owner of readdirSync(POB_CORPUS_DIR)) {
      if (!owner.includes("__")) continue;
      for (const f of readdirSync(join(POB_CORPUS_DIR, owner)).filter((n) => n.endsWith(".xml"))) {
        let build;
        try {
          build = decodePlanner(readFileSync(join(POB_CORPUS_DIR, owner, f), "utf8"));
        } catch {
          continue; // the corpus's malformed inputs
        }
        for (const item of Object.values(build.items)) {
          if ("error" in item || !jewelBases.has(item.baseType)) continue;
          seen.add(item.baseType);
          expect(jewelArt(art, item.baseType), `${f}: ${item.name}`).not.toBeNull();
        }
      }
    }
    expect(seen.size).toBeGreaterThanOrEqual(5);
  });
});
