import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { decodePlanner } from "@workers/planner/index";
import { POB_CORPUS_DIR } from "@workers/sharedDir";
import { estimateStepLevel } from "../build-editor/approximateLevel";
import { suggestSteps } from "../build-editor/autoSteps";
import { stepForLevel } from "./stepForLevel";

describe("the step for a character's level", () => {
  it("is the last step the level has reached, else the first", () => {
    const levels = [11, 29, 29, 57, 68, 77, 90, 95];
    expect(stepForLevel(levels, 1)).toBe(0);
    expect(stepForLevel(levels, 11)).toBe(0);
    expect(stepForLevel(levels, 28)).toBe(0);
    expect(stepForLevel(levels, 33)).toBe(2);
    expect(stepForLevel(levels, 60)).toBe(3);
    expect(stepForLevel(levels, 100)).toBe(7);
  });

  it("passes incomplete steps (level 0) once the one before is reached, and needs a level", () => {
    expect(stepForLevel([10, 0, 40], 20)).toBe(1);
    expect(stepForLevel([10, 20], 0)).toBeNull();
    expect(stepForLevel([10, 20], undefined)).toBeNull();
    expect(stepForLevel([], 50)).toBeNull();
  });

  it("puts a level-33 character on the corpus Slayer's 'Lvl 30' step", () => {
    const build = decodePlanner(readFileSync(POB_CORPUS_DIR + "AdamZ-8113__pob-codes/sanavixx_cyclone_shockwave_slayer_328.code.txt", "utf8").trim());
    const steps = suggestSteps(build);
    const levels = steps.map((s) => estimateStepLevel(build, s).level);
    expect(steps[stepForLevel(levels, 33)!].title).toMatch(/^lvl 30\b/i);
    expect(stepForLevel(levels, 100)).toBe(steps.length - 1);
  });
});
