import { describe, expect, it } from "vitest";
import { allocationSummary, sideLists, versionNotice } from "../sideLists";
import { tinyModel } from "./testModel";

describe("side lists", () => {
  it("lists keystones and masteries with every effect and the chosen one", () => {
    const lists = sideLists(tinyModel(), { nodes: [13, 14, 11], masteryEffects: { 14: 2 } });
    expect(lists.keystones.map((k) => [k.node.name, k.status])).toEqual([["Resolute Technique", "single"]]);
    expect(lists.masteries).toHaveLength(1);
    expect(lists.masteries[0].effects.map((e) => e.effect)).toEqual([1, 2]);
    expect(lists.masteries[0].chosen).toBe(2);
  });

  it("compares masteries: same, wrong choice, build only, other only", () => {
    const m = tinyModel();
    const same = sideLists(m, { nodes: [14], masteryEffects: { 14: 1 } }, { nodes: [14], masteryEffects: { 14: 1 } });
    expect(same.masteries[0].status).toBe("same");
    const wrong = sideLists(m, { nodes: [14], masteryEffects: { 14: 1 } }, { nodes: [14], masteryEffects: { 14: 2 } });
    expect([wrong.masteries[0].status, wrong.masteries[0].otherChosen]).toEqual(["wrongChoice", 2]);
    const buildOnly = sideLists(m, { nodes: [14], masteryEffects: { 14: 1 } }, { nodes: [], masteryEffects: {} });
    expect(buildOnly.masteries[0].status).toBe("buildOnly");
    const otherOnly = sideLists(m, { nodes: [], masteryEffects: {} }, { nodes: [14, 13], masteryEffects: { 14: 1 } });
    expect(otherOnly.masteries[0].status).toBe("otherOnly");
    expect(otherOnly.keystones[0].status).toBe("otherOnly");
  });

  it("counts overrides per name with have and want", () => {
    const o = (nodeId: number, name: string) => ({ nodeId, name, effectText: [`${name} effect`] });
    const lists = sideLists(
      tinyModel(),
      { nodes: [], masteryEffects: {}, overrides: [o(1, "Tattoo A"), o(2, "Tattoo A"), o(3, "Tattoo B")] },
      { nodes: [], masteryEffects: {}, overrides: [o(1, "Tattoo A"), o(4, "Tattoo C")] },
    );
    expect(lists.overrides.map((x) => [x.name, x.want, x.have, x.status])).toEqual([
      ["Tattoo A", 2, 1, "same"],
      ["Tattoo B", 1, 0, "buildOnly"],
      ["Tattoo C", 0, 1, "otherOnly"],
    ]);
  });

  it("ignores unknown ids in the lists and words the version notice", () => {
    const lists = sideLists(tinyModel(), { nodes: [424242], masteryEffects: { 424242: 1 } });
    expect(lists.keystones).toEqual([]);
    // The build's own version is drawn: nothing to say about the version.
    expect(versionNotice([], 0, "3_28", "3.28")).toBeNull();
    expect(versionNotice([], 0, "3_25_ruthless_alternate", "3.25")).toBeNull();
    expect(versionNotice([], 1, "3_28", "3.28")).toBe("1 cluster jewel passive is not shown");
    // Passives its tree lacks are named by id, the first five, in order.
    expect(versionNotice([30001], 0, "3_9", "3.9")).toBe("1 passive not on tree 3.9 is not shown: 30001");
    expect(versionNotice([7, 3, 3, 9], 5, "3_18", "3.18")).toBe(
      "3 passives not on tree 3.18 are not shown: 3, 7, 9 · 5 cluster jewel passives are not shown",
    );
    expect(versionNotice([60, 50, 40, 30, 20, 10, 70], 0, "3_18", "3.18")).toBe(
      "7 passives not on tree 3.18 are not shown: 10, 20, 30, 40, 50 and 2 more",
    );
  });

  it("says which version a build we lack the version of is drawn on, and why", () => {
    expect(versionNotice([], 0, "3_29", "3.28")).toBe("Tree 3.29 is not available: drawn on tree 3.28, which holds the most of its passives");
    expect(versionNotice([], 0, "", "3.18")).toBe("No tree version in the build: drawn on tree 3.18, which holds the most of its passives");
    expect(versionNotice([], 0, undefined, "3.18")).toBe(versionNotice([], 0, " ", "3.18"));
    expect(versionNotice([], 0, "latest", "3.28")).toBe('Tree version "latest" is not known: drawn on tree 3.28, which holds the most of its passives');
    expect(versionNotice([], 0, "x".repeat(40), "3.28")).toBe(`Tree version "${"x".repeat(24)}…" is not known: drawn on tree 3.28, which holds the most of its passives`);
    expect(versionNotice([12345, 23456], 2, "3_29_ruthless", "3.28")).toBe(
      "Tree 3.29 is not available: drawn on tree 3.28, which holds the most of its passives · " +
        "2 passives not on tree 3.28 are not shown: 12345, 23456 · 2 cluster jewel passives are not shown",
    );
  });
});

describe("allocation summary", () => {
  it("counts allocated passives by kind, leaving out starts and unknown ids", () => {
    const m = tinyModel();
    expect(allocationSummary(m, [10, 11, 12, 13, 14, 20, 21, 999])).toBe(
      "5 passives allocated: 1 notable, 1 keystone, 1 mastery, 0 jewel sockets, 1 ascendancy passive.",
    );
  });
});
