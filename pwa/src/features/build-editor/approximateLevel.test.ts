import { describe, expect, it } from "vitest";
import type { PlannerBuild, PlannerItem, PlannerSkillSet, PlannerTree } from "@workers/planner/types";
import { banditDeducts, equipmentLevel, questPoints, skillsLevel, stepLevel, treeLevel } from "./approximateLevel";

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

describe("the quest-point table", () => {
  it("gives one point at each listed level, three at 57 and two at 68", () => {
    expect(questPoints(4)).toBe(0);
    expect(questPoints(5)).toBe(1);
    expect(questPoints(6)).toBe(2);
    expect(questPoints(16)).toBe(2);
    expect(questPoints(18)).toBe(4);
    expect(questPoints(56)).toBe(14);
    expect(questPoints(57)).toBe(17);
    expect(questPoints(64)).toBe(21);
    expect(questPoints(67)).toBe(21);
    expect(questPoints(68)).toBe(23);
    expect(questPoints(100)).toBe(23);
  });
});

describe("tree level", () => {
  it("is the lowest level whose level-up and quest points cover the nodes", () => {
    expect(treeLevel(tree(4), "Oak")).toBe(5); // 4 level-ups by 5, plus a quest point there
    expect(treeLevel(tree(5), "Oak")).toBe(5);
    expect(treeLevel(tree(6), "Oak")).toBe(6);
    expect(treeLevel(tree(7), "Oak")).toBe(6);
    expect(treeLevel(tree(8), "Oak")).toBe(7);
    expect(treeLevel(tree(1), "Oak")).toBe(2);
  });

  it("deducts the bandit point for kill-all or the first bandit from 15 nodes on", () => {
    expect(banditDeducts("None")).toBe(true);
    expect(banditDeducts("")).toBe(true);
    expect(banditDeducts("Alira")).toBe(true);
    expect(banditDeducts("Oak")).toBe(false);
    expect(banditDeducts("Kraityn")).toBe(false);
    // 20 nodes: 20 points by level 17 (16 level-ups + 2 quests... 18 < 20); by 18: 17 + 4 = 21.
    expect(treeLevel(tree(20), "Oak")).toBe(18);
    expect(treeLevel(tree(20), "None")).toBe(17);
    expect(treeLevel(tree(20), "Alira")).toBe(17);
    // Under 15 nodes the point is not deducted.
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
