import { readFileSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { decodePlanner } from "@workers/planner/index";
import { corpusText } from "@workers/planner/test/corpus";
import type { GemsBundle, TreeBundle } from "../../data/gameDataTypes";
import { approximateStepLevel, NO_LEVEL_DATA } from "./approximateLevel";
import { suggestSteps } from "./autoSteps";
import { ascendancyNodes, gemRequiredLevel, levelData } from "./levelData";

// The bundles ./just game-data writes; the estimate reads them as the PWA does.
const DIST = fileURLToPath(new URL("../../../../game-data/dist/", import.meta.url));
const bundle = <T>(prefix: string): T => JSON.parse(readFileSync(DIST + readdirSync(DIST).find((f) => f.startsWith(prefix) && f.endsWith(".json"))!, "utf8"));

describe("level estimate over real game data", () => {
  const tree = bundle<TreeBundle>("tree-3.25");
  const gems = bundle<GemsBundle>("gems");

  it("knows ascendancy nodes and gem requirements", () => {
    const asc = ascendancyNodes(tree);
    expect(asc.size).toBeGreaterThan(200);
    const required = gemRequiredLevel(gems);
    expect(required({ name: "Cyclone", gemId: "", level: 1 })).toBe(28);
    expect(required({ name: "Cyclone", gemId: "", level: 20 })).toBe(70);
    expect(required({ name: "No Such Gem", gemId: "", level: 20 })).toBe(1);
  });

  it("rises along the eleven leveling steps of a real build", () => {
    const build = decodePlanner(corpusText("sanavixx_cyclone_shockwave_slayer_328.code.txt"));
    const data = levelData(tree, gems);
    const levels = suggestSteps(build).map((s) => approximateStepLevel(build, s, data));
    expect(levels[0]).toBeGreaterThan(1);
    expect(levels[0]).toBeLessThanOrEqual(20);
    expect(levels[levels.length - 1]).toBeGreaterThanOrEqual(85);
    // Ascendancy nodes cost no passive points: leaving them out never raises the estimate.
    const withoutData = suggestSteps(build).map((s) => approximateStepLevel(build, s, { ...NO_LEVEL_DATA, requiredLevel: data.requiredLevel }));
    levels.forEach((l, i) => expect(l).toBeLessThanOrEqual(withoutData[i]));
    expect(approximateStepLevel(build, { equipmentSetId: null, passiveTreeId: build.trees[0].id, skillSetId: build.skillSets[0].id }, data)).toBe(0);
  });
});
