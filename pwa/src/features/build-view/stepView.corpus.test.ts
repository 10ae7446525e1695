import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { decodePlanner } from "@workers/planner/index";
import { POB_CORPUS_DIR } from "@workers/sharedDir";
import { banditName } from "../../data/choiceNames";
import { dollSlots, flaskSlots, gemGroups, socketedJewels, stepSets } from "./stepView";

// Real planner builds from the shared corpus (read in place, never copied).
const POB = POB_CORPUS_DIR;
const code = (rel: string) => readFileSync(POB + rel, "utf8").trim();

describe("step view over a real planner build", () => {
  const build = decodePlanner(code("AdamZ-8113__pob-codes/sanavixx_cyclone_shockwave_slayer_328.code.txt"));
  const step = { title: "Bossing", equipmentSetId: "lvl 100 giga endgame - bossing", skillSetId: "lvl 100 giga endgame - bossing", passiveTreeId: "lvl 100 giga endgame - bossing" };
  const sets = stepSets(build, step);

  it("picks the sets the step names", () => {
    expect(sets.itemSet?.title).toBe("Lvl 100 Giga Endgame - Bossing");
    expect(sets.skillSet?.title).toBe("Lvl 100 Giga Endgame - Bossing");
    expect(sets.tree?.title).toBe("Lvl 100 Giga Endgame - Bossing");
  });

  it("fills the paper-doll and five flask slots from the item set", () => {
    const doll = Object.fromEntries(dollSlots(build, sets.itemSet).map((s) => [s.slot, s.item?.name]));
    expect(doll["Helmet"]).toBe("Abyssus");
    expect(doll["Belt"]).toBe("Mageblood");
    expect(doll["Boots"]).toBe("The Stampede");
    expect(doll["Weapon 2"]).toBeUndefined();
    const flasks = flaskSlots(build, sets.itemSet);
    expect(flasks).toHaveLength(5);
    expect(flasks[4].item?.name).toBe("Progenesis");
    expect(socketedJewels(build, sets.itemSet, sets.tree).map((j) => j.item?.name)).toContain("Watcher's Eye");
  });

  it("groups the skill set's gems per slot, actives first", () => {
    const weapon = gemGroups(sets.skillSet).find((g) => g.slot === "Weapon 1")!;
    expect(weapon.gems.map((g) => g.name)).toEqual(["General's Cry", "Autoexertion", "Double Strike", "Awakened Melee Physical Damage", "Awakened Brutality", "Enhance"]);
    expect(banditName(build.bandit)).toBe("Kill All");
  });

  it("lists a Guardian's passive-granted minions by name, not as blank unslotted gems", () => {
    const guardian = decodePlanner(code("AdamZ-8113__pob-codes/dominating_blow_of_inspiring_guardian_328.code.txt"));
    const groups = gemGroups(stepSets(guardian, undefined).skillSet);
    expect(groups.flatMap((g) => g.gems).filter((g) => !g.name)).toEqual([]);
    const passives = groups.find((g) => g.slot === "Granted by passives")!;
    expect(passives.gems.map((g) => g.name)).toEqual(["Summon Spectral Tiger", "Summon Elemental Relic", "Summon Sentinel of Radiance"]);
    expect(groups.at(-1)).toBe(passives);
  });

  it("falls back to the planner's active sets without steps", () => {
    const active = stepSets(build, undefined);
    expect(active.itemSet?.id).toBe(build.activeItemSetId);
    expect(active.skillSet?.id).toBe(build.activeSkillSetId);
  });
});
