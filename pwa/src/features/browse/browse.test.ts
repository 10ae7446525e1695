import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { POB_CORPUS_DIR, TREES_DIR } from "@workers/sharedDir";
import { ascendancies, baseClassOf, buildTitle, classBadge, classColor } from "../../data/classes";
import { realClassTable } from "../tracker/test/testClasses";
import { emptyText } from "./emptyTexts";
import { classGroups } from "./FilterBar";

describe("build browser texts", () => {
  it("has the spec's empty texts and login variants", () => {
    expect(emptyText("explore", false).text).toBe("No builds found. Try different filters.");
    expect(emptyText("created", true).text).toBe("You haven't created any builds yet. Try creating your first build!");
    expect(emptyText("created", false)).toEqual({ text: "Log-in to create a build", login: true });
    expect(emptyText("liked", true).text).toBe("You haven't liked any builds yet. Explore builds and like your favorites!");
    expect(emptyText("liked", false)).toEqual({ text: "Log-in to like a build", login: true });
  });

  it("titles a card by first skill and class, badges base / ascendancy", () => {
    const b = { skills: ["Cyclone", "Blood Rage"], baseClass: "Duelist", ascendancy: "Slayer" };
    expect(buildTitle(b)).toBe("Cyclone Slayer");
    expect(classBadge(b)).toBe("Duelist / Slayer");
    expect(classBadge({ baseClass: "Witch", ascendancy: "" })).toBe("Witch");
    expect(buildTitle({ skills: ["Arc"], baseClass: "Witch", ascendancy: "" })).toBe("Arc Witch");
  });

  // The spec's table (§3): base class -> attribute, 19 ascendancies.
  const SPEC_ATTRIBUTES = { Marauder: "Str", Ranger: "Dex", Witch: "Int", Duelist: "StrDex", Templar: "StrInt", Shadow: "DexInt", Scion: "StrDexInt" };
  const SPEC_COLOURS = { Str: "red", Dex: "green", Int: "blue" };

  it("knows every ascendancy of the spec and of the newest tree export, coloured by attribute", () => {
    const table = realClassTable();
    const spec = "Marauder (Juggernaut, Berserker, Chieftain); Ranger (Deadeye, Raider, Pathfinder); Witch (Necromancer, Elementalist, Occultist); Duelist (Champion, Gladiator, Slayer); Templar (Inquisitor, Hierophant, Guardian); Shadow (Assassin, Saboteur, Trickster); Scion (Ascendant)";
    for (const [, base, list] of spec.matchAll(/(\w+) \(([^)]*)\)/g)) {
      for (const asc of list.split(", ")) expect(baseClassOf(table, asc)).toBe(base);
    }
    for (const [base, attr] of Object.entries(SPEC_ATTRIBUTES)) {
      expect(table.classes.find((c) => c.name === base)?.attribute).toBe(attr);
      if (attr in SPEC_COLOURS) expect(classColor(table, base)).toBe(SPEC_COLOURS[attr as keyof typeof SPEC_COLOURS]);
    }
    // The 3.28 export (read here, independently of the pipeline) names its ascendancies; each maps to its class.
    const tree = JSON.parse(gunzipSync(readFileSync(resolve(TREES_DIR, "3_28.json.gz"))).toString()) as {
      classes: { name: string; ascendancies: { id: string; name: string }[] }[];
      alternate_ascendancies: { id: string; name: string }[];
    };
    for (const cls of tree.classes) {
      for (const a of cls.ascendancies) {
        expect(baseClassOf(table, a.name)).toBe(cls.name);
        expect(classColor(table, a.name)).not.toBe("gray");
      }
    }
    expect(tree.alternate_ascendancies.every((a) => classColor(table, a.name) === "violet")).toBe(true);
    expect(classColor(table, "Not A Class")).toBe("gray");
  });

  // Real corpus builds of the ascendancies the first table lacked: Reliquarian (new in 3.28) and
  // Raider (a 3.13 export; the same ascendancy is shown as Warden since 3.25).
  it.each([
    ["AdamZ-8113__pob-codes/flicker_strike_reliquarian_328.xml", "Reliquarian"],
    ["PathOfBuildingCommunity__PathOfBuilding/3.13_Dual_Wield_Cospris_CoC.xml", "Raider"],
  ])("badges and filters the corpus build %s by its class", (file, expected) => {
    const table = realClassTable();
    const xml = readFileSync(resolve(POB_CORPUS_DIR, file), "utf8");
    const className = /<Build [^>]*\bclassName="([^"]+)"/.exec(xml)![1];
    const ascendancy = /<Build [^>]*\bascendClassName="([^"]+)"/.exec(xml)![1];
    expect(ascendancy).toBe(expected);
    expect(baseClassOf(table, ascendancy)).toBe(className);
    expect(classColor(table, ascendancy)).toBe(classColor(table, className));
    expect(classColor(table, ascendancy)).not.toBe("gray");
    const options = classGroups(table, [])[1].items;
    expect(options).toContain(ascendancy);
    expect(options).toEqual(expect.arrayContaining(["Warden", "Reliquarian"]));
  });

  it("groups class options Selected, Base classes, Ascendancies", () => {
    const table = realClassTable();
    const g = classGroups(table, ["Witch", "Slayer"]);
    expect(g.map((x) => x.group)).toEqual(["Selected", "Base classes", "Ascendancies"]);
    expect(g[1].items).not.toContain("Witch");
    expect(g[2].items).not.toContain("Slayer");
    expect(g[2].items).toHaveLength(ascendancies(table).length - 1);
    expect(classGroups(table, []).map((x) => x.group)).toEqual(["Base classes", "Ascendancies"]);
    expect(classGroups(null, [])[0].items).toEqual([]); // before the table loads
  });
});
