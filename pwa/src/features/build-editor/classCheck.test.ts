import { describe, expect, it } from "vitest";
import { decodePlanner } from "@workers/planner/index";
import { readFileSync } from "node:fs";
import { CORPUS_DIR, corpusFiles, corpusText } from "@workers/planner/test/corpus";
import { realClassTable } from "../tracker/test/testClasses";
import { plannerClassMismatch, type ClassNames } from "./classCheck";

const table = realClassTable() as unknown as ClassNames;
const decoded = (name: string) => decodePlanner(corpusText(name));

describe("class mismatch inside a planner export", () => {
  it("refuses a tree of another base class, with the spec's message naming the tree", () => {
    const build = decoded("3.13_Mirage_Archer_Toxic_Rain.xml");
    const shadow = build.trees.find((t) => t.classId === 6)!;
    expect(build.className).toBe("Ranger");
    expect(plannerClassMismatch(build, table)).toBe(
      `This build is for Ranger, but its tree '${shadow.title}' is for Shadow. Please select a different build`,
    );
    // Without the class table the trees are still compared (with the active one).
    expect(plannerClassMismatch(build, null)).toMatch(/^This build is for class \d, but its tree '.+' is for class \d\. Please select a different build$/);
  });

  it("refuses trees of two ascendancies, and accepts levelling trees with none yet", () => {
    const xml = corpusText("316_poison_occ.xml");
    const ok = decodePlanner(xml);
    expect(ok.trees).toHaveLength(7);
    expect(plannerClassMismatch(ok, table)).toBeNull();

    // The last tree becomes an Elementalist (ascendClassId 2): two ascendancies in one build.
    const last = xml.lastIndexOf('ascendClassId="1"');
    const twoAscendancies = decodePlanner(xml.slice(0, last) + 'ascendClassId="2"' + xml.slice(last + 'ascendClassId="1"'.length));
    const changed = twoAscendancies.trees.find((t) => t.ascendancyId === 2)!;
    expect(plannerClassMismatch(twoAscendancies, table)).toBe(
      `This build is for Occultist, but its tree '${changed.title}' is for Elementalist. Please select a different build`,
    );

    // A tree before the labyrinth (no ascendancy) fits the others.
    const none = decodePlanner(xml.slice(0, last) + 'ascendClassId="0"' + xml.slice(last + 'ascendClassId="1"'.length));
    expect(none.trees.some((t) => t.ascendancyId === 0)).toBe(true);
    expect(plannerClassMismatch(none, table)).toBeNull();
  });

  it("accepts every other real export, whatever its ascendancy names", () => {
    const refused: string[] = [];
    for (const file of corpusFiles()) {
      let build;
      try {
        build = decodePlanner(readFileSync(CORPUS_DIR + file, "utf8"));
      } catch {
        continue; // hostile or legacy inputs the decoder refuses have their own tests
      }
      if (plannerClassMismatch(build, table)) refused.push(file);
    }
    expect(refused).toEqual(["PathOfBuildingCommunity__PathOfBuilding/3.13_Mirage_Archer_Toxic_Rain.xml"]);
  });
});
