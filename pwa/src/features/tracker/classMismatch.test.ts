/**
 * A character compared with a build of another class: the compare says so instead of counting
 * (issue 31: a Hierophant against a Slayer build showed "on both 0" and a 162-point respec).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { decodePlanner } from "@workers/planner/index";
import { POB_CORPUS_DIR } from "@workers/sharedDir";
import { realTree } from "../../tree/test/testModel";
import { stepSets } from "../build-view/stepView";
import { characterAllocation, classIds, treeClassOf } from "./characterView";
import { classMismatch, classMismatchText, compareStep } from "./compare";
import { sampleCharacter } from "./test/officialSamples";
import { realClassTable } from "./test/testClasses";

const corpus = (rel: string) => decodePlanner(readFileSync(POB_CORPUS_DIR + rel, "utf8").trim());
const hierophantBuild = corpus("AdamZ-8113__pob-codes/kinetic_fusillade_totems_hierophant_328.code.txt");
const slayerBuild = corpus("AdamZ-8113__pob-codes/sanavixx_cyclone_shockwave_slayer_328.code.txt");
const character = sampleCharacter();
const table = realClassTable();
const { model } = realTree("3.28");

describe("class mismatch", () => {
  it("names both base classes, with a or an", () => {
    expect(character.class).toBe("Hierophant");
    expect([slayerBuild.className, slayerBuild.ascendancyName]).toEqual(["Duelist", "Slayer"]);
    expect(classMismatch(table, character, slayerBuild, model)).toEqual({
      characterClass: "Templar",
      buildClass: "Duelist",
      text: "This character is a Templar; the build is for a Duelist",
    });
    expect(classMismatchText("Ascendant", "Inquisitor")).toBe("This character is an Ascendant; the build is for an Inquisitor");
  });

  it("is null for the same class, and without the class table (no claim)", () => {
    expect(classMismatch(table, character, hierophantBuild, model)).toBeNull();
    expect(classMismatch(table, { ...character, class: "Templar" }, hierophantBuild, null)).toBeNull();
    expect(classMismatch(null, character, slayerBuild, model)).toBeNull();
  });

  it("leaves the tree uncompared: no counts, no respec", () => {
    const sets = stepSets(slayerBuild, undefined);
    const mismatch = classMismatch(table, character, slayerBuild, model);
    const r = compareStep(model, slayerBuild, sets, character, null, undefined, mismatch);
    expect(r.tree).toBeNull();
    expect(r.classMismatch?.text).toBe("This character is a Templar; the build is for a Duelist");
    // Choices and gear do not depend on the class: still compared.
    expect(r.choices).toHaveLength(3);
    expect(r.gear.length).toBeGreaterThan(0);
  });

  it("reads a character whose passives belong to another class's ascendancy as that class (a Slayer holding a Hierophant's tree)", () => {
    const slayer = { ...character, class: "Slayer" };
    expect(treeClassOf(table, slayer, model)).toBe("Hierophant");
    expect(treeClassOf(table, character, model)).toBe("Hierophant");
    expect(treeClassOf(table, slayer, null)).toBe("Slayer");
    expect(classMismatch(table, slayer, slayerBuild, model)?.text).toBe("This character is a Templar; the build is for a Duelist");
    // Its own tree is drawn from the Templar's start with the Hierophant's passives, not under a Duelist.
    const alloc = characterAllocation(table, { ...slayer, class: treeClassOf(table, slayer, model) }, "3.28", model);
    expect(alloc).toMatchObject(classIds(table, "Hierophant"));
    expect(model.classes[alloc.classId].name).toBe("Templar");
    // A class its passives agree with, or no ascendancy passives at all: the class it has.
    const noAscendancy = { ...slayer, passives: { ...slayer.passives!, hashes: slayer.passives!.hashes.filter((id) => !model.byId.get(id)?.ascendancyName) } };
    expect(treeClassOf(table, noAscendancy, model)).toBe("Slayer");
  });
});
