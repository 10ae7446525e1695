import { describe, expect, it } from "vitest";
import type { PlannerBuild, PlannerItem, PlannerSkillSet, PlannerTree } from "@workers/planner/types";
import { cappedGem, equipmentLevel, estimateStepLevel, itemRequiredLevel, NO_LEVEL_DATA, skillsLevel, stepLevel, treeLevel } from "./approximateLevel";

const tree = (n: number, offset = 0): PlannerTree => ({
  id: "t", title: "t", treeVersion: "3_25", classId: 1, ascendancyId: 0, alternateAscendancyId: 0,
  nodes: Array.from({ length: n }, (_, i) => i + 1 + offset), masteryEffects: {}, jewels: {}, overrides: [], url: "",
});

const item = (id: string, rarity: PlannerItem["rarity"], level: number): PlannerItem => ({
  id, rarity, name: id, baseType: id, itemLevel: 1, requirements: { level, str: 0, dex: 0, int: 0 }, quality: 0, armour: 0, evasion: 0,
  energyShield: 0, ward: 0, influences: [], corrupted: false, mirrored: false, split: false, enchantMods: [], implicitMods: [], explicitMods: [],
  craftedMods: [], fracturedMods: [],
});

function buildWith(items: PlannerItem[]): PlannerBuild {
  return { items: Object.fromEntries(items.map((i) => [i.id, i])) } as unknown as PlannerBuild;
}
const setOf = (ids: string[]) => ({ id: "s", title: "s", slots: Object.fromEntries(ids.map((id, i) => [`Slot ${i}`, id])), socketItems: {} });

describe("tree level", () => {
  it("is the lowest level whose level-up and quest points cover the nodes", () => {
    expect(treeLevel(tree(4), "Oak")).toBe(5); // 4 level-ups by 5, plus a quest point there
    expect(treeLevel(tree(5), "Oak")).toBe(5);
    expect(treeLevel(tree(6), "Oak")).toBe(6);
    expect(treeLevel(tree(7), "Oak")).toBe(6);
    expect(treeLevel(tree(8), "Oak")).toBe(7);
    expect(treeLevel(tree(1), "Oak")).toBe(2);
  });

  it("counts killing all bandits' point from 15 nodes on; helping a lord gives none", () => {
    // 20 nodes: 20 points by level 17 (16 level-ups + 3 quests + the bandits' 1); helping: by 18 (17 + 4).
    expect(treeLevel(tree(20), "Oak")).toBe(18);
    expect(treeLevel(tree(20), "Kraityn")).toBe(18);
    expect(treeLevel(tree(20), "Alira")).toBe(18);
    expect(treeLevel(tree(20), "None")).toBe(17);
    expect(treeLevel(tree(20), "")).toBe(17);
    // Under 15 nodes the point is not counted.
    expect(treeLevel(tree(14), "None")).toBe(treeLevel(tree(14), "Oak"));
    expect(treeLevel(tree(8), "None")).toBe(treeLevel(tree(8), "Oak"));
  });

  it("leaves ascendancy nodes out and caps at 100", () => {
    const t = tree(30);
    expect(treeLevel(t, "Oak", (id) => id > 20)).toBe(treeLevel(tree(20), "Oak"));
    expect(treeLevel(tree(500), "Oak")).toBe(100);
  });

  it("is 0 without a tree", () => {
    expect(treeLevel(undefined, "None")).toBe(0);
  });
});

describe("equipment level", () => {
  it("averages non-unique requirements", () => {
    const b = buildWith([item("a", "Rare", 40), item("b", "Magic", 20), item("c", "Normal", 31)]);
    expect(equipmentLevel(b, setOf(["a", "b", "c"]))).toBe(30);
  });

  it("takes the lowest unique requirement when that is higher", () => {
    const b = buildWith([item("a", "Rare", 10), item("u1", "Unique", 60), item("u2", "Unique", 45)]);
    expect(equipmentLevel(b, setOf(["a", "u1", "u2"]))).toBe(45);
    const low = buildWith([item("a", "Rare", 50), item("u1", "Unique", 12)]);
    expect(equipmentLevel(low, setOf(["a", "u1"]))).toBe(50);
  });

  it("is 0 without a set or items", () => {
    expect(equipmentLevel(buildWith([]), undefined)).toBe(0);
    expect(equipmentLevel(buildWith([]), setOf([]))).toBe(0);
  });
});

describe("skills level", () => {
  const set: PlannerSkillSet = {
    id: "s", title: "s",
    groups: [
      { slot: "", label: "", enabled: true, gems: [
        { name: "A", gemId: "a", skillId: "", level: 1, quality: 0, enabled: true, isSupport: false },
        { name: "B", gemId: "b", skillId: "", level: 1, quality: 0, enabled: true, isSupport: false },
        { name: "C", gemId: "c", skillId: "", level: 1, quality: 0, enabled: true, isSupport: false },
        { name: "Off", gemId: "off", skillId: "", level: 1, quality: 0, enabled: false, isSupport: false },
      ] },
      { slot: "", label: "", enabled: false, gems: [{ name: "D", gemId: "d", skillId: "", level: 1, quality: 0, enabled: true, isSupport: false }] },
    ],
  };
  const required: Record<string, number> = { a: 1, b: 12, c: 17, off: 90, d: 90 };

  it("floors the average of required levels above 1, over enabled gems", () => {
    expect(skillsLevel(set, (g) => required[g.gemId])).toBe(14);
  });

  it("is 0 without a set or gems above level 1", () => {
    expect(skillsLevel(undefined, () => 50)).toBe(0);
    expect(skillsLevel(set, () => 1)).toBe(0);
  });
});

describe("step level", () => {
  it("is max(tree, min(equipment, skills)), 0 when a set is missing", () => {
    expect(stepLevel({ tree: 20, equipment: 40, skills: 30 }, true)).toBe(30);
    expect(stepLevel({ tree: 50, equipment: 40, skills: 30 }, true)).toBe(50);
    expect(stepLevel({ tree: 50, equipment: 40, skills: 30 }, false)).toBe(0);
    expect(stepLevel({ tree: 10, equipment: 0, skills: 30 }, true)).toBe(10);
  });
});

describe("item requirements with the items bundle", () => {
  it("takes the larger of the export's requirement and the bundle's", () => {
    expect(itemRequiredLevel(item("a", "Rare", 0), () => 68)).toBe(68);
    expect(itemRequiredLevel(item("a", "Rare", 70), () => 68)).toBe(70);
    expect(itemRequiredLevel(item("a", "Rare", 12))).toBe(12);
  });

  it("counts an item without a stated requirement at its base's level", () => {
    const b = buildWith([item("a", "Rare", 0), item("b", "Rare", 40)]);
    expect(equipmentLevel(b, setOf(["a", "b"]))).toBe(20);
    expect(equipmentLevel(b, setOf(["a", "b"]), (i) => (i.id === "a" ? 60 : 0))).toBe(50);
  });
});

describe("what set the estimate", () => {
  const skill = (levels: number[]): PlannerSkillSet => ({
    id: "k", title: "k",
    groups: [{ slot: "", label: "", enabled: true, gems: levels.map((l, i) => ({ name: `G${i}`, gemId: `g${i}`, level: l, quality: 0, enabled: true, isSupport: false })) }],
  }) as unknown as PlannerSkillSet;
  const build = (nodes: number, items: PlannerItem[], gemLevels: number[]): PlannerBuild =>
    ({ bandit: "Oak", items: Object.fromEntries(items.map((i) => [i.id, i])), trees: [tree(nodes)], itemSets: [setOf(items.map((i) => i.id))], skillSets: [skill(gemLevels)] }) as unknown as PlannerBuild;
  const ids = { equipmentSetId: "s", passiveTreeId: "t", skillSetId: "k" };
  const data = { ...NO_LEVEL_DATA, requiredLevel: (g: { level: number }) => g.level };

  it("names the passive points when the tree sets it", () => {
    const e = estimateStepLevel(build(20, [item("a", "Rare", 10)], [10]), ids, data);
    expect(e).toMatchObject({ level: 18, rule: "passives", reason: "level 18: 20 passive points" });
  });

  it("names the unique whose requirement sets it", () => {
    const e = estimateStepLevel(build(4, [item("Tabula Rasa", "Unique", 0), item("b", "Rare", 10)], [70]), ids, { ...data, itemLevel: (i) => (i.name === "Tabula Rasa" ? 68 : 0) });
    expect(e).toMatchObject({ level: 68, rule: "unique", reason: "level 68: Tabula Rasa's requirement" });
  });

  it("names the items' or the gems' average otherwise", () => {
    expect(estimateStepLevel(build(4, [item("a", "Rare", 30), item("b", "Rare", 40)], [60, 62]), ids, data)).toMatchObject({ level: 35, rule: "items", reason: "level 35: the average requirement of 2 items" });
    expect(estimateStepLevel(build(4, [item("a", "Rare", 60)], [30, 41]), ids, data)).toMatchObject({ level: 35, rule: "gems", reason: "level 35: the average requirement of 2 gems" });
    expect(estimateStepLevel(build(4, [item("a", "Rare", 60)], [30]), ids, data).reason).toBe("level 30: G0's requirement");
  });

  it("is 0 with no reason when a set is missing", () => {
    expect(estimateStepLevel(build(4, [], []), { ...ids, skillSetId: null }, data)).toMatchObject({ level: 0, rule: "incomplete", reason: "" });
  });
});

describe("gem level capped to the step", () => {
  const levels = [1, 2, 4, 7, 10, 13, 16, 19, 22, 25, 28, 31, 34, 37, 40, 43, 46, 49, 52, 55];
  it("lowers the gem to the highest level a character of the step's level can use", () => {
    expect(cappedGem(20, levels, 45)).toEqual({ capped: 16, text: "16 at level 45" });
    expect(cappedGem(20, levels, 55)).toBeNull();
    expect(cappedGem(10, levels, 30)).toBeNull();
    expect(cappedGem(20, levels, 0)).toBeNull();
    expect(cappedGem(20, undefined, 45)).toBeNull();
  });
});
