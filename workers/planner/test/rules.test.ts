import { describe, expect, it } from "vitest";
import {
  activeGems,
  banditChoice,
  banditLabel,
  cappedGemLevel,
  equipmentSetLevel,
  gemFlags,
  skillOptions,
  skillSetLevel,
  stepApproximateLevel,
  treeLevel,
  treeVersionPrefix,
} from "../rules";
import { assignSetIds, setTitle } from "../sets";
import type { PlannerBuild, PlannerGem, PlannerItem, PlannerItemSet, PlannerSkillSet } from "../types";

function gem(name: string, over: Partial<PlannerGem> = {}): PlannerGem {
  return { name, gemId: "", skillId: "", level: 20, quality: 0, enabled: true, isSupport: false, ...over };
}

function item(id: string, rarity: PlannerItem["rarity"], level: number): PlannerItem {
  return {
    id, rarity, name: id, baseType: id, itemLevel: 0, requirements: { level, str: 0, dex: 0, int: 0 },
    quality: 0, armour: 0, evasion: 0, energyShield: 0, ward: 0, influences: [], corrupted: false,
    mirrored: false, split: false, enchantMods: [], implicitMods: [], explicitMods: [], craftedMods: [], fracturedMods: [],
  };
}

describe("set ids", () => {
  it("ignores titles without letters or digits and numbers repeats", () => {
    expect(assignSetIds(["Leveling", undefined, "---", "leveling ", "  ", "Lvl 90", "Leveling", "Ärger", "90"])).toEqual([
      { id: "leveling", title: "Leveling" },
      { id: "default", title: "Default" },
      null,
      { id: "leveling (2)", title: "leveling" },
      { id: "default (2)", title: "Default" },
      { id: "lvl 90", title: "Lvl 90" },
      { id: "leveling (3)", title: "Leveling" },
      { id: "ärger", title: "Ärger" },
      { id: "90", title: "90" },
    ]);
    expect(setTitle("★★★")).toBeNull();
  });

  it("never hands out one id twice, even when a title reads like a repeat", () => {
    const ids = assignSetIds(["a", "a (2)", "a"]).map((x) => x?.id);
    expect(ids).toEqual(["a", "a (2)", "a (3)"]);
  });
});

describe("bandit", () => {
  it("defaults to Kill all", () => {
    expect(banditChoice("None")).toBe("Kill all");
    expect(banditChoice("")).toBe("Kill all");
    expect(banditChoice(undefined)).toBe("Kill all");
    expect(banditChoice("Alira")).toBe("Alira");
    expect(banditLabel("None")).toBe("Kill All");
    expect(banditLabel("Oak")).toBe("Help Oak");
  });
});

describe("passive point estimate", () => {
  it("finds the lowest level whose points cover the nodes", () => {
    expect(treeLevel(0, "Alira")).toBe(1);
    expect(treeLevel(4, "Alira")).toBe(5); // level 5: 4 levels + 1 quest point
    expect(treeLevel(6, "Alira")).toBe(6); // level 5 gives 4 + 1 points, level 6 gives 5 + 2
    expect(treeLevel(14, "Alira")).toBe(13);
    expect(treeLevel(120, "Alira")).toBe(98);
    expect(treeLevel(200, "Alira")).toBe(100);
  });

  it("deducts a point for killing all bandits only from 15 nodes on (helping a lord gives none)", () => {
    expect(treeLevel(14, "None")).toBe(treeLevel(14, "Alira"));
    expect(treeLevel(20, "None")).toBe(treeLevel(19, "Alira"));
    expect(treeLevel(20, "Kill all")).toBe(treeLevel(19, "Oak"));
  });
});

describe("approximate levels", () => {
  const items = {
    a: item("a", "Rare", 40),
    b: item("b", "Magic", 21),
    c: item("c", "Unique", 60),
    d: item("d", "Unique", 12),
    bad: { id: "bad", error: { kind: "invalid_item" as const, message: "x" } },
  };
  const set = (slots: Record<string, string>): PlannerItemSet => ({ id: "s", title: "S", slots, socketItems: {} });

  it("averages non-unique requirements (floored)", () => {
    expect(equipmentSetLevel(set({ Helmet: "a", Boots: "b" }), items)).toBe(30);
    expect(equipmentSetLevel(set({ Helmet: "a", Boots: "b", Belt: "bad" }), items)).toBe(30);
  });

  it("uses the lowest unique requirement when higher than the average", () => {
    expect(equipmentSetLevel(set({ Helmet: "a", Boots: "b", Ring: "c" }), items)).toBe(60);
    expect(equipmentSetLevel(set({ Helmet: "a", Boots: "b", Ring: "c", Amulet: "d" }), items)).toBe(30);
    expect(equipmentSetLevel(set({}), items)).toBe(0);
  });

  const skills = (gems: PlannerGem[], enabled = true): PlannerSkillSet => ({
    id: "s",
    title: "S",
    groups: [{ slot: "", label: "", enabled, gems }],
  });
  const required: Record<string, number> = { Fireball: 1, "Spell Echo": 38, Arc: 12, Clarity: 8 };
  const req = (g: PlannerGem) => required[g.name];

  it("floors the average of gem requirements above 1, skipping disabled skills", () => {
    expect(skillSetLevel(skills([gem("Fireball"), gem("Spell Echo"), gem("Arc")]), req)).toBe(25);
    expect(skillSetLevel(skills([gem("Spell Echo"), gem("Arc", { enabled: false }), gem("Clarity")]), req)).toBe(23);
    expect(skillSetLevel(skills([gem("Spell Echo")], false), req)).toBe(0);
    expect(skillSetLevel(skills([gem("Fireball")]), req)).toBe(1);
    expect(activeGems(skills([gem("Arc"), gem("", {})])).map((g) => g.name)).toEqual(["Arc"]);
  });

  it("combines tree, equipment and skills for a step", () => {
    expect(stepApproximateLevel(30, 40, 20)).toBe(30);
    expect(stepApproximateLevel(10, 40, 20)).toBe(20);
    expect(stepApproximateLevel(10, 15, 20)).toBe(15);
    expect(stepApproximateLevel(10, undefined, 20)).toBe(0);
    expect(stepApproximateLevel(null, 1, 1)).toBe(0);
  });
});

describe("gems", () => {
  const reqs = [1, 2, 4, 7, 11, 16, 20, 24, 28, 32, 36, 40, 44, 48, 52, 56, 60, 64, 67, 70];

  it("caps the level by the levels available and the step level", () => {
    expect(cappedGemLevel(20, reqs, 100)).toBe(20);
    expect(cappedGemLevel(21, reqs, 100)).toBe(20);
    expect(cappedGemLevel(20, reqs, 30)).toBe(9); // level 9 needs 28, level 10 needs 32
    expect(cappedGemLevel(5, reqs, 30)).toBe(5);
    expect(cappedGemLevel(20, reqs, 0)).toBe(1);
  });

  it("flags quality over 20, level over max and Vaal gems", () => {
    expect(gemFlags(gem("Vaal Grace", { quality: 23, level: 21 }), 20)).toEqual({
      qualityOver20: true,
      levelOverMax: true,
      vaal: true,
    });
    expect(gemFlags(gem("Grace", { quality: 20, level: 20 }), 20)).toEqual({
      qualityOver20: false,
      levelOverMax: false,
      vaal: false,
    });
  });

  it("lists skill options unique and alphabetical", () => {
    const build = {
      skillSets: [
        { id: "a", title: "A", groups: [{ slot: "", label: "", enabled: true, gems: [gem("Arc"), gem("Clarity")] }] },
        { id: "b", title: "B", groups: [{ slot: "", label: "", enabled: true, gems: [gem("Arc"), gem("Ball Lightning")] }] },
      ],
    } as Pick<PlannerBuild, "skillSets">;
    expect(skillOptions(build)).toEqual(["Arc", "Ball Lightning", "Clarity"]);
  });
});

describe("tree version prefix", () => {
  it("is the first 4 characters", () => {
    expect(treeVersionPrefix("3_25_alternate")).toBe("3_25");
    expect(treeVersionPrefix("3_8")).toBe("3_8");
  });
});
