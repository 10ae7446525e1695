import { describe, expect, it } from "vitest";
import { diffSections, diffSummary, passiveLines } from "./diffText";
import type { PassiveChanges, RevisionDiff } from "./revisionDiff";

const noPassives = (): PassiveChanges => ({
  notablesAdded: [], notablesRemoved: [], keystonesAdded: [], keystonesRemoved: [], masteriesAdded: [],
  masteriesRemoved: [], masteriesChanged: [], smallAdded: 0, smallRemoved: 0,
});

const empty = (): RevisionDiff => ({
  from: 1, to: 2, note: "", treeVersion: null, skills: { added: [], removed: [] },
  steps: { added: [], removed: [], renamed: [], moved: [], changed: [] },
});

describe("diff text", () => {
  it("says nothing for an empty diff", () => {
    expect(diffSections(empty())).toEqual([]);
    expect(diffSummary(empty())).toBe("No changes to the steps");
  });

  it("words passives with names and counts", () => {
    const p = { ...noPassives(), notablesAdded: ["Heart of Oak"], keystonesRemoved: ["Iron Reflexes"], smallAdded: 3, smallRemoved: 1,
      masteriesChanged: ["Life Mastery: a -> b"] };
    expect(passiveLines(p)).toEqual([
      "Keystones removed: Iron Reflexes", "Notables added: Heart of Oak", "Mastery changed: Life Mastery: a -> b",
      "Other passives: 3 added, 1 removed",
    ]);
  });

  it("lists build-wide changes, then each changed step", () => {
    const d = empty();
    d.treeVersion = { before: "3_27", after: "3_28" };
    d.skills.added = ["Cyclone"];
    d.steps.added.push({ index: 2, title: "Maps" });
    d.steps.renamed.push({ index: 0, before: "Act 1", after: "Acts 1-3" });
    d.steps.moved.push({ title: "Endgame", from: 1, to: 3 });
    d.steps.changed.push({
      index: 0, title: "Acts 1-3", passives: { ...noPassives(), notablesAdded: ["Heart of Oak"] }, treeVersion: null,
      gems: { added: ["Fortify Support"], removed: [], relevelled: [{ name: "Cyclone", before: 1, after: 20 }] },
      items: [{ slot: "Weapon 1", before: "Rusted Sword", after: null }],
    });
    const s = diffSections(d);
    expect(s[0]).toEqual({ title: "Build", lines: [
      "Tree version 3.27 → 3.28", "Main skills added: Cyclone", "Step added: Maps (step 3)",
      "Step renamed: Act 1 → Acts 1-3", "Step moved: Endgame (step 2 → 4)",
    ] });
    expect(s[1]).toEqual({ title: "Step 1: Acts 1-3", lines: [
      "Notables added: Heart of Oak", "Gems added: Fortify Support", "Cyclone: level 1 → 20", "Weapon 1: Rusted Sword → empty",
    ] });
    expect(diffSummary(d)).toBe("1 step added, 1 step changed, 1 step renamed, 1 step moved, tree 3.28");
  });
});
