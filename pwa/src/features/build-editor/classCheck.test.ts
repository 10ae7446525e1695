import { describe, expect, it } from "vitest";
import { decodePlanner } from "@workers/planner/index";
import { readFileSync } from "node:fs";
import { CORPUS_DIR, corpusFiles, corpusText } from "@workers/planner/test/corpus";
import { realClassTable } from "../tracker/test/testClasses";
import { suggestSteps } from "./autoSteps";
import { NoUsableTreeError, offeredTrees, type ClassNames } from "./classCheck";

const table = realClassTable() as unknown as ClassNames;

/** A real export with one <Spec> edited: the spec whose opening tag `match` finds gets `edit` applied. */
function editSpec(xml: string, match: RegExp, edit: (spec: string) => string): string {
  const m = match.exec(xml);
  if (!m) throw new Error(`no spec matches ${match}`);
  return xml.slice(0, m.index) + edit(m[0]) + xml.slice(m.index + m[0].length);
}

/** A Ranger (Pathfinder) 3.28 export given a second tree, a copy of its own relabelled "Warden endgame" and made a Warden (ascendClassId 1). */
function pathfinderWithWardenTree(): string {
  const xml = corpusText("voices_nested_clusters_328.xml");
  const spec = /<Spec\b[\s\S]*?<\/Spec>/.exec(xml)![0];
  const warden = spec.replace("<Spec ", '<Spec title="Warden endgame" ').replace('ascendClassId="3"', 'ascendClassId="1"');
  return xml.replace(spec, spec + warden);
}

describe("trees of another class or ascendancy are left out, not the build", () => {
  it("leaves out a Warden tree of a Pathfinder build with the note that names it", () => {
    const build = decodePlanner(pathfinderWithWardenTree());
    expect([build.className, build.ascendancyName, build.trees.map((t) => [t.title, t.ascendancyId])]).toEqual([
      "Ranger",
      "Pathfinder",
      [["Default", 3], ["Warden endgame", 1]],
    ]);
    const offered = offeredTrees(build, table);
    expect(offered.notes).toEqual(["'Warden endgame' is for Warden: not offered"]);
    expect(offered.build.trees.map((t) => t.title)).toEqual(["Default"]);
    expect(offered.build.itemSets).toBe(build.itemSets);
  });

  it("leaves out the 11th tree of an eleven-step Slayer export made a Champion; the other ten are all suggested as steps", () => {
    const xml = editSpec(corpusText("sanavixx_cyclone_shockwave_slayer_328.xml"), /<Spec\b[^>]*title="Lvl 100 Giga Endgame - Bossing"[^>]*>/, (s) =>
      s.replace('ascendClassId="1"', 'ascendClassId="3"'),
    );
    const build = decodePlanner(xml);
    expect(build.trees).toHaveLength(11);
    const offered = offeredTrees(build, table);
    expect(offered.notes).toEqual(["'Lvl 100 Giga Endgame - Bossing' is for Champion: not offered"]);
    expect(offered.build.trees).toHaveLength(10);
    const steps = suggestSteps(offered.build);
    expect(steps).toHaveLength(10);
    expect(steps.map((s) => s.passiveTreeId)).not.toContain("lvl 100 giga endgame - bossing");
  });

  it("leaves out a tree of another base class, named by its class", () => {
    const build = decodePlanner(corpusText("3.13_Mirage_Archer_Toxic_Rain.xml"));
    expect(build.trees.map((t) => t.classId)).toEqual([6, 2, 2]);
    const offered = offeredTrees(build, table);
    expect(offered.notes).toEqual(["'Default' is for Shadow: not offered"]);
    expect(offered.build.trees.map((t) => t.id)).toEqual(["default (2)", "default (3)"]);
    // Without the class table the planner's class ids name it the same.
    expect(offeredTrees(build, null).notes).toEqual(["'Default' is for Shadow: not offered"]);
  });

  it("keeps levelling trees with no ascendancy yet, and the ascendancy is the active tree's", () => {
    const xml = corpusText("316_poison_occ.xml");
    const ok = decodePlanner(xml);
    expect(ok.trees).toHaveLength(7);
    expect(offeredTrees(ok, table)).toEqual({ build: ok, notes: [] });

    // The last tree before the labyrinth (ascendClassId 0) fits; made an Elementalist (2) it is left out.
    const last = xml.lastIndexOf('ascendClassId="1"');
    const at = (v: string) => decodePlanner(xml.slice(0, last) + `ascendClassId="${v}"` + xml.slice(last + 'ascendClassId="1"'.length));
    const none = at("0");
    expect(none.trees.filter((t) => t.ascendancyId === 0)).toHaveLength(1);
    expect(offeredTrees(none, table).notes).toEqual([]);
    const elementalist = at("2");
    const changed = elementalist.trees.find((t) => t.ascendancyId === 2)!;
    expect(offeredTrees(elementalist, table).notes).toEqual([`'${changed.title}' is for Elementalist: not offered`]);
    // When the active tree is the other ascendancy, it is the build's (as the server's publish check decides).
    const flipped = offeredTrees({ ...elementalist, activeTreeId: changed.id }, table);
    expect(flipped.build.trees.map((t) => t.id)).toEqual([changed.id]);
    expect(flipped.notes).toHaveLength(6);
  });

  it("refuses only a build with no tree for its class, saying so", () => {
    const witch = decodePlanner(corpusText("3.13_Mirage_Archer_Toxic_Rain.xml").replace('className="Ranger"', 'className="Witch"'));
    expect(witch.className).toBe("Witch");
    const err = (() => {
      try {
        offeredTrees(witch, table);
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(NoUsableTreeError);
    expect([(err as NoUsableTreeError).title, (err as Error).message]).toEqual(["No usable tree", "This build has no passive tree for its class Witch"]);
    expect(() => offeredTrees({ ...witch, trees: [] }, null)).toThrow("This build has no passive tree for its class Witch");
  });

  it("loads every real export; only the one with a Shadow tree in a Ranger build leaves a tree out", () => {
    const notes: Record<string, string[]> = {};
    for (const file of corpusFiles()) {
      let build;
      try {
        build = decodePlanner(readFileSync(CORPUS_DIR + file, "utf8"));
      } catch {
        continue; // hostile or legacy inputs the decoder refuses have their own tests
      }
      if (!build.trees.length) continue;
      const offered = offeredTrees(build, table);
      if (offered.notes.length) notes[file] = offered.notes;
    }
    expect(notes).toEqual({ "PathOfBuildingCommunity__PathOfBuilding/3.13_Mirage_Archer_Toxic_Rain.xml": ["'Default' is for Shadow: not offered"] });
  });
});
