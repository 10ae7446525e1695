import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { decodePlanner } from "@workers/planner/index";
import { GGG_API_DIR, POB_CORPUS_DIR } from "@workers/sharedDir";
import { realTree } from "../../tree/test/testModel";
import { stepSets } from "../build-view/stepView";
import { compareChoices, compareStep, gemKey } from "./compare";
import { sampleCharacter } from "./test/officialSamples";

const build = decodePlanner(readFileSync(POB_CORPUS_DIR + "AdamZ-8113__pob-codes/kinetic_fusillade_totems_hierophant_328.code.txt", "utf8").trim());
const raw = JSON.parse(readFileSync(GGG_API_DIR + "PathOfBuildingCommunity__PathOfBuilding/character_detail_SampleCharacter.json", "utf8")).character;
const character = sampleCharacter();
// The 3.28 tree, as the app loads for these 3_28 builds.
const { model } = realTree("3.28");
const sets = stepSets(build, undefined);
const result = compareStep(model, build, sets, character);

describe("the sample Hierophant against the corpus Hierophant build", () => {
  it("compares bandit and pantheon by their game names: 'Build requested X, you chose Y'", () => {
    // Build: Alira, no pantheon. Character: Eramir (the official name of killing all), Brine King, Yugul.
    expect(build.bandit).toBe("Alira");
    expect([build.pantheonMajor, build.pantheonMinor]).toEqual(["None", "None"]);
    expect(raw.passives.bandit_choice).toBe("Eramir");
    expect([raw.passives.pantheon_major, raw.passives.pantheon_minor]).toEqual(["TheBrineKing", "Yugul"]);
    expect(result.choices.map((c) => c.text)).toEqual([
      "Build requested Help Alira, you chose Kill All",
      "Build requested None chosen, you chose Soul of the Brine King",
      "Build requested None chosen, you chose Soul of Yugul",
    ]);
  });

  it("never shows a raw id: every corpus god on either side comes out as its soul", () => {
    const gods = ["TheBrineKing", "Arakaali", "Lunaris", "Solaris", "Abberath", "Gruthkul", "Yugul", "Shakari", "Tukohama", "Ralakesh", "Garukhan", "Ryslatha", "None", ""];
    for (const god of gods) {
      const texts = compareChoices({ ...build, pantheonMajor: god, pantheonMinor: "Yugul" }, {
        ...character, passives: { ...character.passives!, majorPantheon: "Solaris", minorPantheon: god },
      }).map((c) => c.text).join(" | ");
      expect(texts).not.toMatch(/\b(TheBrineKing|None|Eramir)\b(?! chosen)/);
      for (const id of gods.filter((g) => g && g !== "None")) expect(texts).not.toMatch(new RegExp(`(requested|chose) ${id}\\b`));
    }
  });

  it("compares choices case-insensitively", () => {
    const same = compareChoices({ ...build, bandit: "alira", pantheonMajor: "thebrineking", pantheonMinor: "Yugul" }, {
      ...character, passives: { ...character.passives!, banditChoice: "ALIRA", majorPantheon: "TheBrineKing", minorPantheon: "yugul" },
    });
    expect(same.map((c) => c.same)).toEqual([true, true, true]);
    expect(same.map((c) => c.text)).toEqual(["Help Alira", "Soul of the Brine King", "Soul of Yugul"]);
    // The planner's "None" bandit and the official "Eramir" are the same choice.
    expect(compareChoices({ ...build, bandit: "None" }, character)[0]).toMatchObject({ same: true, text: "Kill All" });
  });

  it("finds the gear differences per slot", () => {
    const slot = (s: string) => result.gear.find((g) => g.slot === s)!;
    // Helmet: build a rare Paladin Crown with Exarch, Eater and fracture; character the unique Indigon (Shaper/Elder).
    expect(slot("Helmet").issues).toEqual([
      "Build uses a rare Paladin Crown, you have the unique Indigon",
      "Missing influence: SearingExarch, EaterOfWorlds, Fracture",
    ]);
    // Belt: rare Cord Belt wanted, Headhunter worn.
    expect(slot("Belt").issues).toEqual(["Build uses a rare Cord Belt, you have the unique Headhunter"]);
    // Off hand: the unique Aegis Aurora wanted, the character's slot is empty.
    expect(slot("Weapon 2").build?.name).toBe("Aegis Aurora");
    expect(slot("Weapon 2").issues).toEqual(["Missing"]);
    // Gloves: the unique Breathstealer wanted, a rare Sorcerer Gloves worn.
    expect(slot("Gloves").issues).toEqual(["Build uses the unique Breathstealer, you have a rare Sorcerer Gloves"]);
    // Flask 1: build a magic life flask, character Wine of the Prophet (unique).
    expect(slot("Flask 1").issues[0]).toMatch(/^Build uses a magic .*Divine Life Flask.*, you have the unique Wine of the Prophet$/);
    // Body: both rare and both Exarch/Eater, but only the build's is fractured.
    expect(slot("Body Armour").issues).toEqual(["Missing influence: Fracture"]);
    // Alike: rare rings without influences, Exarch/Eater boots on both, Rumi's in flask 2 on both, magic flasks 4 and 5.
    expect(result.gear.filter((g) => g.issues.length === 0).map((g) => g.slot)).toEqual(["Ring 1", "Boots", "Flask 2", "Flask 4", "Flask 5"]);
  });

  it("finds missing and extra gems, links and low levels per slot", () => {
    const body = result.gems.find((g) => g.slot === "Body Armour")!;
    const wantBody = sets.skillSet!.groups.filter((g) => g.slot === "Body Armour").flatMap((g) => g.gems.map((x) => x.name));
    const haveBody = raw.equipment.find((i: { inventoryId: string }) => i.inventoryId === "BodyArmour").socketedItems.map((g: { typeLine: string }) => g.typeLine);
    expect(body.missing).toEqual(wantBody.filter((n) => !haveBody.some((h: string) => gemKey(h) === gemKey(n))));
    expect(body.missing).toEqual(["Kinetic Fusillade", "Less Duration", "Ballista Totem", "Greater Volley", "Volatility", "Inspiration"]);
    expect(body.extra).toEqual(["Greater Fork Support", "Returning Projectiles Support", "Increased Critical Damage Support", "Kinetic Blast of Clustering", "Sacred Wisps Support"]);
    expect([body.wantLinks, body.haveLinks]).toEqual([7, 6]);
    const helm = result.gems.find((g) => g.slot === "Helmet")!;
    // The character socketed Tempest Shield in its wand, not its helmet.
    expect(helm.missing).toEqual(["Tempest Shield", "Shield Charge", "Determination", "Faster Attacks"]);
    expect(helm.extra).toEqual(["More Duration Support", "Cooldown Recovery Support", "Arcane Cloak", "Automation"]);
    expect(result.gems.find((g) => g.slot === "Weapon 1")!.extra).toContain("Tempest Shield");
    // Invert the Rules is in the body armour on both; the build's level 2 quality 10 is met by the sample.
    expect(body.lowLevel).toEqual([]);
    expect(body.lowQuality).toEqual([]);
  });

  it("matches a dual gem by the gem, not the skill it grants (Sacred Wisps Support grants Summon Sacred Wisps)", () => {
    // The planner names the gem "Sacred Wisps"; the official typeLine is "Summon Sacred Wisps", its baseType the gem.
    const wisps = raw.equipment.flatMap((i: { socketedItems?: { typeLine: string; baseType: string }[] }) => i.socketedItems ?? []).find((g: { typeLine: string }) => g.typeLine === "Summon Sacred Wisps");
    expect(wisps.baseType).toBe("Sacred Wisps Support");
    const groups = sets.skillSet!.groups.map((g) =>
      g.slot === "Body Armour" && g.enabled ? { ...g, gems: [...g.gems, { ...g.gems[0], name: "Sacred Wisps", gemId: "", skillId: "", isSupport: true }] } : g);
    const withWisps = { ...sets, skillSet: { ...sets.skillSet!, groups } };
    const body = compareStep(model, build, withWisps, character).gems.find((g) => g.slot === "Body Armour")!;
    expect(body.missing).not.toContain("Sacred Wisps");
    expect(body.extra.filter((n) => /wisps/i.test(n))).toEqual([]);
  });

  it("asks for no skill an item grants (the planner's group source): it is not a gem to socket", () => {
    // The planner writes an item's skill as a group in the item's slot with a source and a blank name.
    const granted = { slot: "Boots", label: "", enabled: true, source: "Item:5:Kraken Spur, Zealot Boots",
      gems: [{ name: "", gemId: "", skillId: "KrakenSpurSlam", level: 20, quality: 0, enabled: true, isSupport: false }] };
    const withGranted = { ...sets, skillSet: { ...sets.skillSet!, groups: [...sets.skillSet!.groups, granted] } };
    const gems = compareStep(model, build, withGranted, character).gems;
    expect(gems.flatMap((g) => g.missing)).not.toContain("");
    expect(gems.map((g) => g.slot)).toEqual(result.gems.map((g) => g.slot));
  });

  it("flags gems below the build's level and quality", () => {
    const worse = { ...character, skills: character.skills.map((s) => (s.identifyingName === "Invert the Rules Support" ? { ...s, level: 1, quality: 3 } : s)) };
    const body = compareStep(model, build, sets, worse).gems.find((g) => g.slot === "Body Armour")!;
    expect(body.lowLevel.map((g) => [g.name, g.level, g.wantLevel])).toEqual([["Invert the Rules", 1, 2]]);
    expect(body.lowQuality.map((g) => [g.name, g.quality, g.wantQuality])).toEqual([["Invert the Rules", 3, 10]]);
  });

  it("diffs the tree, keystones and masteries", () => {
    const known = (ids: number[]) => ids.filter((id) => model.byId.has(id));
    const want = new Set(known(sets.tree!.nodes));
    const have = new Set(known(raw.passives.hashes));
    const tree = result.tree!;
    expect(tree.missing.length).toBe([...want].filter((id) => !have.has(id)).length);
    expect(tree.extra.length).toBe([...have].filter((id) => !want.has(id)).length);
    expect(tree.both + tree.missing.length).toBe(want.size);
    expect(tree.missing.length).toBeGreaterThan(20);
    // Masteries: both allocate 53828; the build picks 42540, the character 63280.
    expect(raw.passives.mastery_effects["53828"]).toBe(63280);
    expect(tree.wrongMasteries.map((m) => [m.node.id, m.want, m.have])).toEqual([[53828, 42540, 63280]]);
    const buildMasteries = Object.keys(sets.tree!.masteryEffects).map(Number).filter((id) => model.byId.has(id) && !have.has(id));
    expect(tree.missingMasteries.map((m) => m.node.id).sort()).toEqual(buildMasteries.sort());
    const keystones = [...want].filter((id) => !have.has(id) && model.byId.get(id)!.kind === "keystone");
    expect(tree.missingKeystones.map((n) => n.id)).toEqual(keystones.sort((a, b) => a - b));
  });

  it("without character data there is nothing to compare the tree with", () => {
    const none = compareStep(null, build, sets, { ...character, passives: null });
    expect(none.tree).toBeNull();
    expect(none.choices[0].character).toBe("Kill All");
  });
});
