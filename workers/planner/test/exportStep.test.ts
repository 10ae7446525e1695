import { describe, expect, it } from "vitest";
import { coveringSteps as everyStep, decodePlanner, exportStep, tryPlannerCode, PlannerError, type PlannerBuild } from "../index";
import { corpusFiles, corpusText } from "./corpus";

const decodable = corpusFiles().flatMap((file) => {
  const text = corpusText(file.split("/")[1]);
  try {
    return [{ file, text, build: decodePlanner(text) }];
  } catch {
    return [];
  }
});

function itemsBySlot(build: PlannerBuild, slots: Record<string, string>) {
  return Object.fromEntries(Object.entries(slots).map(([slot, id]) => [slot, { ...build.items[id], id: undefined }]));
}

describe("a step exported to a planner code reads back to the same step", () => {
  it("covers the corpus", () => {
    expect(decodable.length).toBeGreaterThan(40);
    expect(decodable.reduce((n, d) => n + everyStep(d.build).length, 0)).toBeGreaterThan(60);
  });

  it.each(decodable.map((d) => [d.file, d] as const))("%s", (_file, { text, build }) => {
    for (const step of everyStep(build)) {
      const code = exportStep(text, step);
      expect(code).toMatch(/^[A-Za-z0-9_-]+=*$/);
      const back = decodePlanner(code);
      expect(back.trees).toHaveLength(1);
      expect(back.itemSets).toHaveLength(1);
      expect(back.skillSets).toHaveLength(1);
      const tree = build.trees.find((t) => t.id === step.passiveTreeId)!;
      const { id: _a, ...treeBack } = back.trees[0];
      const { id: _b, ...treeWas } = tree;
      expect(treeBack).toEqual(treeWas);
      const set = build.itemSets.find((s) => s.id === step.equipmentSetId)!;
      expect(back.itemSets[0].title).toBe(set.title);
      expect(back.itemSets[0].slots).toEqual(set.slots);
      expect(itemsBySlot(back, back.itemSets[0].slots)).toEqual(itemsBySlot(build, set.slots));
      expect(back.itemSets[0].socketItems).toEqual(set.socketItems);
      for (const id of Object.values(tree.jewels)) expect(back.items[id]).toEqual(build.items[id]);
      const skills = build.skillSets.find((s) => s.id === step.skillSetId)!;
      expect(back.skillSets[0].groups).toEqual(skills.groups);
      expect(back.activeTreeId).toBe(back.trees[0].id);
      expect(back.activeItemSetId).toBe(back.itemSets[0].id);
      expect(back.activeSkillSetId).toBe(back.skillSets[0].id);
      for (const key of ["className", "ascendancyName", "bandit", "pantheonMajor", "pantheonMinor", "notes"] as const) {
        expect(back[key]).toBe(build[key]);
      }
    }
  });

  it("names a set the export does not have", () => {
    const { text, build } = decodable.find((d) => d.file.includes("sanavixx") && d.file.endsWith(".code.txt"))!;
    const step = everyStep(build)[0];
    expect(() => exportStep(text, { ...step, passiveTreeId: "nope" })).toThrow(PlannerError);
    expect(() => exportStep(text, { ...step, skillSetId: "nope" })).toThrow("no skill set 'nope'");
  });

  it("encodes raw XML (a dropped file) into a code of the same build", () => {
    const xml = decodable.find((d) => d.file.endsWith("316_poison_occ.xml"))!;
    const result = tryPlannerCode(xml.text);
    expect(result.ok).toBe(true);
    if (result.ok) expect(decodePlanner(result.code)).toEqual(xml.build);
  });
});
