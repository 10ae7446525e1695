import { describe, expect, it } from "vitest";
import { decodePlanner } from "@workers/planner/index";
import { corpusFiles, corpusText } from "@workers/planner/test/corpus";
import { hasSeveralSets, suggestSteps } from "./autoSteps";
import { isComplete } from "./steps";
import { offeredTrees, type ClassNames } from "./classCheck";
import { realClassTable } from "../tracker/test/testClasses";

// Every corpus build whose export holds more than one tree spec (XML and code twins alike).
const multiStep = corpusFiles().flatMap((file) => {
  try {
    const build = decodePlanner(corpusText(file.split("/")[1]));
    return build.trees.length > 1 ? [{ file, build }] : [];
  } catch {
    return [];
  }
});

describe("suggested steps on every multi-step corpus build", () => {
  it("finds the multi-step exports the corpus README names", () => {
    const names = multiStep.map((m) => m.file);
    for (const n of ["sanavixx_cyclone_shockwave_slayer_328", "316_poison_occ", "resources_ziz_huge_build", "3.13_Mirage_Archer_Toxic_Rain", "325_loadouts"]) {
      expect(names.some((f) => f.includes(n))).toBe(true);
    }
  });

  it.each(multiStep.map((m) => [m.file, m.build] as const))("%s: one complete step per tree, every set real", (_file, build) => {
    expect(hasSeveralSets(build)).toBe(true);
    const steps = suggestSteps(build);
    expect(steps).toHaveLength(build.trees.length);
    expect(new Set(steps.map((s) => s.passiveTreeId))).toEqual(new Set(build.trees.map((t) => t.id)));
    for (const s of steps) {
      if (build.itemSets.length && build.skillSets.length) expect(isComplete(s)).toBe(true);
      if (s.equipmentSetId) expect(build.itemSets.map((x) => x.id)).toContain(s.equipmentSetId);
      if (s.skillSetId) expect(build.skillSets.map((x) => x.id)).toContain(s.skillSetId);
      expect(s.title.trim()).not.toBe("");
    }
    expect(new Set(steps.map((s) => s.key)).size).toBe(steps.length);
  });

  it("pairs sets of the same title: the eleven-step export matches tree, gear and gems exactly, in order", () => {
    const { build } = multiStep.find((m) => m.file.includes("sanavixx") && m.file.endsWith(".code.txt"))!;
    const steps = suggestSteps(build);
    expect(steps).toHaveLength(11);
    expect(steps.map((s) => s.passiveTreeId)).toEqual(build.trees.map((t) => t.id));
    for (const s of steps) {
      expect(s.equipmentSetId).toBe(s.passiveTreeId);
      expect(s.skillSetId).toBe(s.passiveTreeId);
      expect(s.title).toBe(s.passiveTreeId);
    }
  });

  it("puts leveling first and lines gear up by level when names do not match", () => {
    const ziz = multiStep.find((m) => m.file.includes("resources_ziz_huge_build"))!.build;
    const steps = suggestSteps(ziz);
    expect(steps[0].passiveTreeId).toBe("14 points");
    expect(steps[0].equipmentSetId).toBe("starter");
    expect(steps[steps.length - 1].equipmentSetId).toBe("endgame");
    const occ = multiStep.find((m) => m.file.includes("316_poison_occ"))!.build;
    const occSteps = suggestSteps(occ);
    // The export lists its end-game tree first; steps start from the leveling tree.
    expect(occSteps[0].passiveTreeId).toBe("pre-swap levelling");
    const nodes = (id: string | null) => occ.trees.find((t) => t.id === id)!.nodes.length;
    expect(nodes(occSteps[0].passiveTreeId)).toBeLessThan(nodes(occSteps[occSteps.length - 1].passiveTreeId));
  });

  it("never suggests a tree the loader left out (another class or ascendancy)", () => {
    const table = realClassTable() as unknown as ClassNames;
    let leftOut = 0;
    for (const { file, build } of multiStep) {
      const offered = offeredTrees(build, table).build;
      const ids = new Set(offered.trees.map((t) => t.id));
      leftOut += build.trees.length - ids.size;
      const steps = suggestSteps(offered);
      expect(steps.map((s) => s.passiveTreeId).every((id) => id !== null && ids.has(id)), file).toBe(true);
      expect(steps).toHaveLength(ids.size);
    }
    // The Ranger export's Shadow tree.
    expect(leftOut).toBeGreaterThan(0);
    const mirage = multiStep.find((m) => m.file.includes("3.13_Mirage_Archer_Toxic_Rain"))!.build;
    expect(suggestSteps(offeredTrees(mirage, table).build).map((s) => s.passiveTreeId)).toEqual(["default (2)", "default (3)"]);
  });
});
