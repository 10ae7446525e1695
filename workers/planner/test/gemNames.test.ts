// Gems named only by skillId or gemId (no nameSpec, as older planner versions and other tools
// write them) get their names from the real gem list (game-data/dist): real corpus builds with
// nameSpec removed at test time.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { decodePlanner, nameGems, type GemIdTable, type PlannerBuild } from "../index";
import { activeGems } from "../rules";
import { corpusFiles, corpusText } from "./corpus";

const DIST = fileURLToPath(new URL("../../../game-data/dist/", import.meta.url));

function gemTable(): GemIdTable {
  const manifest = JSON.parse(readFileSync(DIST + "manifest.json", "utf8")) as { files: Record<string, string> };
  return JSON.parse(readFileSync(DIST + manifest.files.gems, "utf8")) as GemIdTable;
}

function names(build: PlannerBuild): string[][] {
  return build.skillSets.map((set) => activeGems(set).map((g) => g.name));
}

const table = gemTable();

describe("gems without nameSpec", () => {
  const xml = corpusText("dual_strike_of_ambidexterity_slayer_328.xml");
  const stripped = xml.replace(/\snameSpec="[^"]*"/g, "");

  it("are named from the gem list as the planner names them", () => {
    expect(stripped).not.toContain("nameSpec");
    expect(table.bySkillId).toBeDefined();
    const original = decodePlanner(xml);
    const decoded = decodePlanner(stripped);
    // The decoder alone cannot name them: it carries no game data.
    expect(names(decoded).flat()).toEqual([]);
    const named = nameGems(decoded, table);
    expect(names(named)).toEqual(names(original));
    // The transfigured gem shares its base gem's gemId; its skillId tells them apart.
    expect(names(named).flat()).toContain("Dual Strike of Ambidexterity");
    expect(names(named).flat()).not.toContain("Dual Strike");
  });

  it("name a support by its gemId alone, without the item's ' Support'", () => {
    const original = decodePlanner(xml);
    const support = activeGems(original.skillSets[0]).find((g) => g.isSupport && g.gemId)!;
    const gem = new RegExp(`<Gem [^>]*nameSpec="${support.name}"[^>]*>`);
    const element = xml.match(gem)![0];
    const bare = element.replace(/\s(nameSpec|skillId)="[^"]*"/g, "");
    const build = nameGems(decodePlanner(xml.replace(element, bare)), table);
    const found = build.skillSets[0].groups.flatMap((g) => g.gems).find((g) => g.gemId === support.gemId && !g.skillId)!;
    expect(found.name).toBe(support.name);
    expect(found.name.endsWith(" Support")).toBe(false);
    expect(found.isSupport).toBe(true);
  });

  it("leave a build whose gems are all named as it is", () => {
    const build = decodePlanner(xml);
    expect(nameGems(build, table)).toBe(build);
  });
});

describe("skills granted by items or passives", () => {
  // The planner leaves their nameSpec blank (a group with a source, "Item:5:Kraken Spur, Zealot
  // Boots" or "Tree:2768"): not gems to socket, even when a gem grants the same skill.
  it.each(corpusFiles())("stay unnamed in %s", (file) => {
    const build = decodePlanner(corpusText(file.split("/")[1]));
    expect(names(nameGems(build, table))).toEqual(names(build));
  });

  it("are in the corpus with ids the gem list knows (the check above is not vacuous)", () => {
    const known = corpusFiles().flatMap((file) =>
      decodePlanner(corpusText(file.split("/")[1])).skillSets.flatMap((set) =>
        set.groups.filter((g) => g.source).flatMap((g) => g.gems.filter((x) => !x.name && table.bySkillId?.[x.skillId])),
      ),
    );
    expect(known.length).toBeGreaterThanOrEqual(5);
  });
});
