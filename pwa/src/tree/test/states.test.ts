import { describe, expect, it } from "vitest";
import { allocationStates, CompareSide, NodeState, StateBuffer } from "../states";
import { tinyModel } from "./testModel";

const alloc = (nodes: number[], ascendancyId = 1) => ({ classId: 1, ascendancyId, nodes });

describe("node states", () => {
  it("has the spec's combinable flags", () => {
    expect(Object.keys(NodeState)).toEqual([
      "None", "Active", "Hovered", "Pathing", "Highlighted", "Compared", "Moved", "Desired", "UnDesired",
    ]);
    const values = Object.values(NodeState).slice(1);
    expect(values.reduce<number>((a, b) => a | b, 0)).toBe(255);
  });

  it("adds, removes and clears flags, bumping the revision only on change", () => {
    const s = new StateBuffer(3);
    const r0 = s.revision;
    s.add(1, NodeState.Active | NodeState.Desired);
    expect(s.has(1, NodeState.Desired)).toBe(true);
    const r1 = s.revision;
    s.add(1, NodeState.Active);
    expect(s.revision).toBe(r1);
    s.remove(1, NodeState.Desired);
    expect(s.flags(1)).toBe(NodeState.Active);
    s.clear(1);
    expect(s.flags(1)).toBe(NodeState.None);
    expect(s.revision).toBeGreaterThan(r0);
    s.setExclusive(NodeState.Hovered, [2]);
    s.setExclusive(NodeState.Hovered, [0]);
    expect([s.has(0, NodeState.Hovered), s.has(2, NodeState.Hovered)]).toEqual([true, false]);
  });

  it("marks an allocation active, shows only its ascendancy and counts unknown ids", () => {
    const m = tinyModel();
    const { states, unknownIds, clusterIds } = allocationStates(m, alloc([11, 12, 21, 65537, 60000, 58888]));
    expect(states.has(1, NodeState.Active)).toBe(true);
    expect(states.has(3, NodeState.Active)).toBe(false);
    expect(states.has(0, NodeState.Active)).toBe(true); // the class start
    expect(states.visible(6)).toBe(true); // Juggernaut
    expect(states.visible(7)).toBe(false); // Berserker is not this build's
    expect(unknownIds).toEqual([58888, 60000]);
    expect(clusterIds).toEqual([65537]);
  });

  it("hides cluster proxy nodes and counts an allocated one as a cluster passive", () => {
    const m = tinyModel();
    const { states, clusterIds, unknownIds } = allocationStates(m, alloc([11, 40]));
    expect(states.visible(8)).toBe(false);
    expect(states.has(8, NodeState.Active)).toBe(false);
    expect(clusterIds).toEqual([40]);
    expect(unknownIds).toEqual([]);
    expect(states.has(1, NodeState.Compared)).toBe(false);
  });

  it("compares: both, build only (missing on character), other only (not in build)", () => {
    const m = tinyModel();
    const { states } = allocationStates(m, alloc([11, 12]), { classId: 1, ascendancyId: 2, nodes: [12, 13, 30] });
    expect([states.side(1), states.has(1, NodeState.Compared)]).toEqual([CompareSide.BuildOnly, true]);
    expect([states.side(2), states.has(2, NodeState.Compared)]).toEqual([CompareSide.Both, false]);
    expect([states.side(3), states.has(3, NodeState.Compared)]).toEqual([CompareSide.OtherOnly, true]);
    expect(states.visible(7)).toBe(true); // the other's ascendancy shows too
    expect(states.has(4, NodeState.Active)).toBe(false);
  });

  it("marks a mastery with a different chosen effect as changed", () => {
    const m = tinyModel();
    const build = { classId: 1, ascendancyId: 1, nodes: [14, 11], masteryEffects: { 14: 1 } };
    const differs = allocationStates(m, build, { ...build, masteryEffects: { 14: 2 } }).states;
    expect([differs.side(4), differs.has(4, NodeState.Compared)]).toEqual([CompareSide.Changed, true]);
    const same = allocationStates(m, build, { ...build }).states;
    expect(same.side(4)).toBe(CompareSide.Both);
  });
});
