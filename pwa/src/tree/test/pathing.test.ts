import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { decodePlanner } from "@workers/planner/index";
import { POB_CORPUS_DIR } from "@workers/sharedDir";
import type { TreeModel } from "../model";
import { nextPassives, pathingIds, respecRows, type NextPassives } from "../pathing";
import { bfsDistance, oracle, type Oracle } from "./pathOracle";
import { node, realTree } from "./testModel";

/**
 *   start(1) - a(2) - b(3, notable, group 7) - c(4) - d(5, keystone)
 *               \
 *                e(6) - f(7, notable)        m(8): mastery of group 7
 *   asc start(20) - g(21, ascendancy notable)
 */
function handModel(): TreeModel {
  const nodes = [
    node(1, 0, 0, 0, { kind: "classStart", classStartIndex: 1, group: 1 }),
    node(2, 1, 0, 0, { group: 2 }),
    node(3, 2, 0, 0, { kind: "notable", notable: true, name: "Heart of Oak", group: 7 }),
    node(4, 3, 0, 0, { group: 3 }),
    node(5, 4, 0, 0, { kind: "keystone", name: "Resolute Technique", group: 4 }),
    node(6, 5, 0, 0, { group: 5 }),
    node(7, 6, 0, 0, { kind: "notable", notable: true, name: "Golem Commander", group: 6 }),
    node(8, 7, 0, 0, { kind: "mastery", name: "Life Mastery", group: 7 }),
    node(20, 8, 0, 0, { kind: "ascendancyStart", ascendancyName: "Juggernaut", group: 9 }),
    node(21, 9, 0, 0, { kind: "ascendancy", ascendancyName: "Juggernaut", notable: true, name: "Unbreakable", group: 9 }),
    node(30, 10, 0, 0, { name: "Stray", group: 10 }),
  ];
  const e = (a: number, b: number) => ({ a, b, arc: null });
  return {
    version: "hand", nodes, groups: [], bounds: { minX: 0, minY: 0, maxX: 1, maxY: 1 }, classes: [], ascendancies: [], alternateAscendancies: [],
    points: { totalPoints: 121, ascendancyPoints: 8 }, orbitRadii: [], skillsPerOrbit: [], jewelSlots: [],
    edges: [e(0, 1), e(1, 2), e(2, 3), e(3, 4), e(1, 5), e(5, 6), e(8, 9), e(1, 10)],
    byId: new Map(nodes.map((n) => [n.id, n])),
  };
}

describe("the respec list's rows", () => {
  const respec = (id: number, name: string, refund = 1) => ({ node: node(id, id, 0, 0, { name }), refund });
  it("names repeated small passives once, with their count and summed refund", () => {
    const rows = respecRows([respec(4, "Dexterity"), respec(1, "Strength"), respec(2, "Strength"), respec(3, "Strength"), respec(9, "Unbreakable", 5)]);
    expect(rows).toEqual([
      { name: "Dexterity", count: 1, refund: 1, id: 4 },
      { name: "Strength", count: 3, refund: 3, id: 1 },
      { name: "Unbreakable", count: 1, refund: 5, id: 9 },
    ]);
  });
  it("keeps unnamed passives apart, each by its id", () => {
    expect(respecRows([respec(7, ""), respec(8, "")]).map((r) => [r.name, r.count])).toEqual([["Passive 7", 1], ["Passive 8", 1]]);
  });
});

describe("next passives on a hand-made graph", () => {
  const m = handModel();
  const next = nextPassives(m, [2, 30, 21], [2, 3, 4, 5, 6, 7, 8, 21], 1);

  it("takes the nearest named passive first and each path ends at one", () => {
    expect(next.paths.map((p) => p.nodes)).toEqual([[3], [8], [4, 5], [6, 7]]);
    expect(next.paths.map((p) => p.target.name)).toEqual(["Heart of Oak", "Life Mastery", "Resolute Technique", "Golem Commander"]);
    expect(next.paths[2].named.map((n) => n.name)).toEqual(["Resolute Technique"]);
    expect(next.total).toBe(6);
    expect(next.unreachable).toEqual([]);
    expect(pathingIds(next)).toEqual([3]);
  });

  it("lists passives outside the step as respecs with their refund cost", () => {
    expect(next.respecs.map((r) => [r.node.id, r.refund])).toEqual([[30, 1]]);
    const asc = nextPassives(m, [2, 21], [2], 1);
    expect(asc.respecs.map((r) => [r.node.id, r.refund])).toEqual([[21, 5]]);
    expect(asc.refundTotal).toBe(5);
  });

  it("walks ascendancy trees from their own start", () => {
    expect(nextPassives(m, [], [21], 1).paths.map((p) => p.nodes)).toEqual([[21]]);
  });

  it("reports what no path reaches (another class's start)", () => {
    const r = nextPassives(m, [], [2, 3], 4);
    expect(r.paths).toEqual([]);
    expect(r.unreachable).toEqual([2, 3]);
  });

  it("has nothing to do when the character matches the step", () => {
    const r = nextPassives(m, [2, 3], [2, 3], 1);
    expect(r.paths).toEqual([]);
    expect(r.respecs).toEqual([]);
  });
});

// ---- the real tree, checked by an independent breadth-first oracle over the bundle's own columns ----

const code = (rel: string) => readFileSync(POB_CORPUS_DIR + rel, "utf8").trim();

function checkAgainstOracle(model: TreeModel, o: Oracle, have: number[], step: number[], classId: number, r: NextPassives) {
  const known = (ids: number[]) => ids.filter((id) => model.byId.has(id) && !model.byId.get(id)!.proxy);
  const starts = model.nodes.filter((n) => (n.kind === "classStart" && n.classStartIndex === classId) || n.kind === "ascendancyStart").map((n) => n.id);
  const allocated = new Set([...known(have), ...starts]);
  const want = new Set(known(step).filter((id) => !allocated.has(id)));
  // A step can hold passives its tree version cannot reach (links changed between versions): the oracle finds them too.
  const reachable = new Set<number>();
  for (let frontier = [...allocated]; frontier.length; ) {
    frontier = frontier.flatMap((x) => [...(o.neighbours.get(x) ?? [])].filter((y) => want.has(y) && !reachable.has(y) && reachable.add(y)));
  }
  expect(r.unreachable).toEqual([...want].filter((id) => !reachable.has(id)).sort((a, b) => a - b));
  const taken = new Set<number>();
  for (const p of r.paths) {
    const remaining = new Set([...reachable].filter((id) => !taken.has(id)));
    // Fewest points first: no named passive is nearer than this path's cost.
    const nearestGoal = Math.min(...[...remaining].filter(o.goal).map((id) => bfsDistance(o, allocated, id, remaining)));
    expect(p.cost).toBeLessThanOrEqual(nearestGoal);
    expect(bfsDistance(o, allocated, p.nodes[p.nodes.length - 1], remaining)).toBe(p.cost);
    p.nodes.forEach((id, k) => {
      expect(reachable.has(id)).toBe(true);
      expect(taken.has(id)).toBe(false); // no node twice
      const prev = k === 0 ? allocated : new Set([p.nodes[k - 1]]);
      expect([...prev].some((x) => o.neighbours.get(x)!.has(id))).toBe(true); // connected
      taken.add(id);
    });
    for (const id of p.nodes) allocated.add(id);
  }
  expect(r.total).toBe(reachable.size); // the paths cost exactly the (reachable) difference
  expect(taken).toEqual(reachable);
  const stepSet = new Set(known(step));
  expect(r.respecs.map((x) => x.node.id).sort((a, b) => a - b)).toEqual(known(have).filter((id) => !stepSet.has(id) && !starts.includes(id)).sort((a, b) => a - b));
}

describe("next passives on the real tree", () => {
  const { model } = realTree("3.28");
  const o = oracle();

  it("from an earlier step of a corpus build to a later one", () => {
    const build = decodePlanner(code("AdamZ-8113__pob-codes/sanavixx_cyclone_shockwave_slayer_328.code.txt"));
    const trees = build.trees.filter((t) => t.nodes.length > 10);
    expect(trees.length).toBeGreaterThan(3);
    let checked = 0;
    for (let k = 1; k < trees.length; k++) {
      const [from, to] = [trees[k - 1], trees[k]];
      const r = nextPassives(model, from.nodes, to.nodes, to.classId);
      checkAgainstOracle(model, o, from.nodes, to.nodes, to.classId, r);
      checked += r.paths.length;
    }
    expect(checked).toBeGreaterThan(10);
  });

  it("from nothing to a whole step, naming its keystones", () => {
    const build = decodePlanner(code("AdamZ-8113__pob-codes/kinetic_fusillade_totems_hierophant_328.code.txt"));
    const tree = build.trees[0];
    const r = nextPassives(model, [], tree.nodes, tree.classId);
    checkAgainstOracle(model, o, [], tree.nodes, tree.classId, r);
    expect(r.total).toBeGreaterThan(100);
    const keystones = tree.nodes.map((id) => model.byId.get(id)).filter((n) => n?.kind === "keystone").map((n) => n!.name);
    expect(r.paths.flatMap((p) => p.named.map((n) => n.name))).toEqual(expect.arrayContaining(keystones));
  });
});
