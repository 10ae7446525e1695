import { describe, expect, it } from "vitest";
import { sideLists, versionNotice } from "../sideLists";
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
    expect(versionNotice(0)).toBeNull();
    expect(versionNotice(1)).toBe("1 passive from a newer tree version is not shown");
    expect(versionNotice(7)).toBe("7 passives from a newer tree version are not shown");
    expect(versionNotice(0, 1)).toBe("1 cluster jewel passive is not shown");
    expect(versionNotice(2, 5)).toBe("2 passives from a newer tree version are not shown · 5 cluster jewel passives are not shown");
    // The build's own version is drawn: nothing to say about the version.
    expect(versionNotice(0, 0, "3_28", "3.28")).toBeNull();
    // A version we lack is drawn on the nearest one, and says so.
    expect(versionNotice(0, 0, "3_29", "3.28")).toBe("Tree 3.29 is not available: drawn on tree 3.28");
    expect(versionNotice(3, 0, "3_29", "3.28")).toBe("Tree 3.29 is not available: drawn on tree 3.28 · 3 passives from a newer tree version are not shown");
    expect(versionNotice(1, 2, "3_18", "3.25")).toBe(
      "Tree 3.18 is not available: drawn on tree 3.25 · 1 passive of tree 3.18 not on tree 3.25 is not shown · 2 cluster jewel passives are not shown",
    );
  });
});
