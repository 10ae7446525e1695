/**
 * Cluster jewel passives in the compare and the next passives: the official sample
 * Hierophant against corpus Templar builds, each expectation read here from the two
 * raw sources alone (the planner XML's <Spec nodes> and <Socket>/<Item> text; the
 * official answer's jewel_data subgraphs and hashes_ex).
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { decodePlanner } from "@workers/planner/index";
import type { PlannerBuild, PlannerItem, PlannerTree } from "@workers/planner/types";
import { GGG_API_DIR, POB_CORPUS_DIR } from "@workers/sharedDir";
import type { Character } from "../../data/character";
import type { ClustersBundle } from "../../data/gameDataTypes";
import { CLUSTER_ID_BASE } from "../../tree/clusterLayout";
import { allocationStates, CompareSide, NodeState } from "../../tree/states";
import { bfsDistance, oracle } from "../../tree/test/pathOracle";
import { distManifest, realTree } from "../../tree/test/testModel";
import { stepSets } from "../build-view/stepView";
import { characterClusters } from "./characterClusters";
import { jewelItemId, placeCharacterJewels } from "./characterJewels";
import { characterAllocation, characterGear, classIds } from "./characterView";
import { compareStep } from "./compare";
import { sampleCharacter } from "./test/officialSamples";
import { differentJewels } from "./compareClusters";
import { compareAllocation, compareModel, stepClusters, stepNextPassives } from "./stepClusters";
import { realClassTable } from "./test/testClasses";

const DIST = fileURLToPath(new URL("../../../../game-data/dist/", import.meta.url));
const bundle = JSON.parse(readFileSync(DIST + distManifest().files.clusters, "utf8")) as ClustersBundle;
const { model } = realTree("3.28");
const character = sampleCharacter();
const classId = classIds(realClassTable(), character.class).classId;

// ---- the official answer, raw ----
type RawNode = { name: string; isNotable?: boolean; isJewelSocket?: boolean; expansionJewel?: { parent: string } };
const rawPassives = JSON.parse(readFileSync(GGG_API_DIR + "PathOfBuildingCommunity__PathOfBuilding/character_detail_SampleCharacter.json", "utf8")).character
  .passives as { hashes: number[]; hashes_ex: number[]; jewel_data: Record<string, { type: string; subgraph?: { nodes: Record<string, RawNode> } }> };
/** Per jewel socket index x: the subgraph nodes hashes_ex allocates. */
const rawAllocated = new Map(
  Object.entries(rawPassives.jewel_data)
    .filter(([, j]) => j.subgraph)
    .map(([x, j]) => [Number(x), Object.entries(j.subgraph!.nodes).filter(([k]) => rawPassives.hashes_ex.map(String).includes(k)).map(([, n]) => n)]),
);
const rawCharacterCluster = [...rawAllocated.values()].flat();
const rawSize = (x: number) => /Expansion(Small|Medium|Large)$/.exec(rawPassives.jewel_data[x]?.type ?? "")?.[1];

// ---- the planner XML, raw ----
function rawBuild(file: string) {
  const xml = readFileSync(POB_CORPUS_DIR + file, "utf8");
  const spec = /<Spec\b[^>]*?\snodes="([^"]*)"/.exec(xml)!;
  const ids = spec[1].split(",").map(Number);
  const sockets = new Map([...xml.matchAll(/<Socket nodeId="(\d+)" itemId="(\d+)"\/>/g)].map((m) => [Number(m[1]), m[2]]));
  const itemText = (id: string) => new RegExp(`<Item id="${id}">([\\s\\S]*?)</Item>`).exec(xml)![1];
  return { xml, ids, sockets, itemText };
}

/** Nested sockets are passives of their parent's ring; the tree export marks them with a parent socket. */
const nested = (id: number) => model.byId.get(id)?.expansionJewel?.parent != null;
const onMain = (ids: number[]) => new Set(ids.filter((id) => id < CLUSTER_ID_BASE && model.byId.has(id) && !nested(id)));

function decoded(file: string): { build: PlannerBuild; tree: PlannerTree } {
  const build = decodePlanner(readFileSync(POB_CORPUS_DIR + file, "utf8"));
  return { build, tree: build.trees[0] };
}

describe("a build whose cluster jewel differs from the character's in one socket", () => {
  const file = "AdamZ-8113__pob-codes/dominating_blow_of_inspiring_guardian_328.xml";
  const raw = rawBuild(file);
  const { build, tree } = decoded(file);
  const clusters = stepClusters(model, build, tree, character, bundle)!;
  const result = compareStep(model, build, { ...stepSets(build, undefined), tree }, character, clusters).tree!;
  // The socket both fill: the character's jewel x 11 sits in the large socket 7960, where the build has its own.
  const shared = model.jewelSlots[11];

  it("reads the sources as the case needs: different jewels in one socket", () => {
    expect(shared).toBe(7960);
    const buildBase = raw.itemText(raw.sockets.get(shared)!).split("\n").map((l) => l.trim())[3];
    expect(buildBase).toBe("Large Cluster Jewel");
    expect(rawSize(11)).toBe("Medium");
    expect(rawPassives.hashes.some(nested)).toBe(false); // the official answer names nested sockets in hashes_ex only
  });

  it("counts every build ring passive as missing and every character ring passive as not in build", () => {
    // No socket holds the same ring on both sides (the only shared socket holds jewels of different sizes).
    const buildCluster = raw.ids.filter((id) => id >= CLUSTER_ID_BASE || nested(id));
    const want = onMain(raw.ids);
    const have = onMain(rawPassives.hashes);
    const mainMissing = [...want].filter((id) => !have.has(id)).length;
    const mainExtra = [...have].filter((id) => !want.has(id)).length;
    expect(buildCluster.length).toBeGreaterThan(20);
    expect(rawCharacterCluster.length).toBe(10);
    expect(result.missing.length).toBe(mainMissing + buildCluster.length);
    expect(result.extra.length).toBe(mainExtra + rawCharacterCluster.length);
    expect(result.both).toBe(want.size - mainMissing);
    expect(clusters.both).toBe(0);
  });

  it("names each side's cluster notables by its own jewels", () => {
    const characterNotables = rawCharacterCluster.filter((n) => n.isNotable).map((n) => n.name).sort();
    expect(result.extraClusterNotables.map((n) => n.name).sort()).toEqual(characterNotables);
    // The build's allocated ring notables are notables its own socketed cluster jewels add.
    const granted = new Set([...raw.xml.matchAll(/1 Added Passive Skill is (.+)/g)].map((m) => m[1].trim()));
    expect(result.missingClusterNotables.length).toBeGreaterThan(0);
    for (const n of result.missingClusterNotables) expect(granted.has(n.name), n.name).toBe(true);
    for (const n of characterNotables) expect(granted.has(n), n).toBe(false);
  });

  it("matches the rings: the shared socket and the ring nested in the character's jewel differ", () => {
    const ring = (s: number) => clusters.rings.find((r) => r.socket === s)!;
    expect(ring(shared).match).toBe("different");
    expect(ring(shared).character.map((n) => n.name).sort()).toEqual(rawAllocated.get(11)!.map((n) => n.name).sort());
    const inner = model.jewelSlots[25];
    expect(ring(inner).match).toBe("different");
    expect(ring(inner).character.map((n) => n.name).sort()).toEqual(rawAllocated.get(25)!.map((n) => n.name).sort());
    // The character's large jewel sits where the build has none.
    expect(ring(model.jewelSlots[20]).match).toBe("characterOnly");
    expect(clusters.hiddenSockets).toEqual([shared, inner].sort((a, b) => a - b));
    // As a player swaps them: one jewel, the ring nested in it included.
    const swaps = differentJewels(clusters.rings);
    expect(swaps.map((d) => d.socket)).toEqual([shared]);
    expect(swaps[0].character.map((n) => n.name).sort()).toEqual([...rawAllocated.get(11)!, ...rawAllocated.get(25)!].map((n) => n.name).sort());
    expect(swaps[0].build).toEqual(ring(shared).build);
  });

  it("draws the build's ring in the shared socket, with no character passive on it", () => {
    const drawnModel = compareModel(model, clusters);
    const alloc = characterAllocation(realClassTable(), character, "3.28", model, characterClusters(character, model, bundle));
    const other = compareAllocation(model, alloc, character, clusters);
    expect(Object.keys(other.jewels ?? {}).map(Number)).not.toContain(shared);
    // The ring at the shared socket is the build's: its names are the build jewel's.
    const buildJewel = raw.itemText(raw.sockets.get(shared)!);
    const ringNames = clusters.layout.nodes.filter((n) => n.parentSocket === shared && n.kind === "notable").map((n) => n.name);
    expect(ringNames.length).toBeGreaterThan(0);
    for (const name of ringNames) expect(buildJewel).toContain(`1 Added Passive Skill is ${name}`);
    const { states, clusterIds } = allocationStates(drawnModel, tree, other);
    expect(clusterIds).toEqual([]);
    for (const n of clusters.layout.nodes.filter((k) => k.parentSocket === shared)) {
      const i = drawnModel.byId.get(n.id)!.index;
      // Allocated there by the build alone (green), never by the character.
      if (states.has(i, NodeState.Active)) expect(states.data[i * 4 + 1], n.name).toBe(CompareSide.BuildOnly);
    }
    // Its passives join the notice instead.
    expect(other.clusterPassives).toBe(rawAllocated.get(11)!.length + rawAllocated.get(25)!.length);
  });
});

describe("a build with no cluster jewel", () => {
  const { build, tree } = decoded("AdamZ-8113__pob-codes/kinetic_fusillade_totems_hierophant_328.code.txt");
  const clusters = stepClusters(model, build, tree, character, bundle)!;

  it("counts the character's ring passives as not in build and draws them on its own rings", () => {
    expect(tree.nodes.some((id) => id >= CLUSTER_ID_BASE || nested(id))).toBe(false);
    expect(clusters.rings.map((r) => r.match)).toEqual(clusters.rings.map(() => "characterOnly"));
    const r = compareStep(model, build, { ...stepSets(build, undefined), tree }, character, clusters).tree!;
    const want = onMain(tree.nodes);
    const have = onMain(rawPassives.hashes);
    expect(r.extra.length).toBe([...have].filter((id) => !want.has(id)).length + rawCharacterCluster.length);
    expect(r.missing.length).toBe([...want].filter((id) => !have.has(id)).length);
    expect(clusters.drawn.length).toBe(rawCharacterCluster.length);
    expect(clusters.hiddenSockets).toEqual([]);
    // Without the cluster data the counts are the main tree's alone.
    const plain = compareStep(model, build, { ...stepSets(build, undefined), tree }, character, null).tree!;
    expect(plain.extra.length).toBe(r.extra.length - rawCharacterCluster.length);
  });
});

/** The character as a one-step build of its own jewels and passives (the same rings, ids alike). */
function ownBuild(c: Character): { build: PlannerBuild; tree: PlannerTree } {
  const gear = characterGear(c);
  const alloc = characterAllocation(realClassTable(), c, "3_28", model, characterClusters(c, model, bundle));
  const { build: base, tree: any } = decoded("AdamZ-8113__pob-codes/kinetic_fusillade_totems_hierophant_328.code.txt");
  const tree: PlannerTree = { ...any, nodes: alloc.nodes, jewels: placeCharacterJewels(c, model).placed, masteryEffects: alloc.masteryEffects };
  return { build: { ...base, items: { ...base.items, ...gear.items }, trees: [tree] }, tree };
}

describe("a build with the same cluster jewels as the character", () => {
  const { build, tree } = ownBuild(character);
  const sets = { ...stepSets(build, undefined), tree };

  it("compares ring passives by id: all on both", () => {
    const clusters = stepClusters(model, build, tree, character, bundle)!;
    expect(clusters.rings.every((r) => r.match === "same")).toBe(true);
    const r = compareStep(model, build, sets, character, clusters).tree!;
    expect([r.missing.length, r.extra.length]).toEqual([0, 0]);
    expect(r.both).toBe(onMain(rawPassives.hashes).size + rawCharacterCluster.length);
  });

  it("a ring notable the step adds is missing on the character, by name; one it drops is not in build", () => {
    const ring = characterClusters(character, model, bundle);
    const taken = ring.allocated.find((n) => n.name === "Widespread Destruction")!;
    // A notable of the character's large ring that it did not take (the raw subgraph lists it unallocated).
    const rawFree = Object.values(rawPassives.jewel_data["20"].subgraph!.nodes).filter((n) => n.isNotable && !rawAllocated.get(20)!.includes(n));
    expect(rawFree.map((n) => n.name)).toEqual(["Paralysis"]);
    const free = ring.layout.nodes.find((n) => n.name === "Paralysis")!;
    const step = { ...tree, nodes: [...tree.nodes.filter((id) => id !== taken.id), free.id] };
    const clusters = stepClusters(model, build, step, character, bundle)!;
    const r = compareStep(model, build, { ...sets, tree: step }, character, clusters).tree!;
    expect(r.missing).toEqual([free.id]);
    expect(r.extra).toEqual([taken.id]);
    expect(r.missingClusterNotables.map((n) => n.name)).toEqual(["Paralysis"]);
    expect(r.extraClusterNotables.map((n) => n.name)).toEqual(["Widespread Destruction"]);
    // Paralysis lies past ring passives neither side takes: no path reaches it; Widespread Destruction is a respec.
    const next = stepNextPassives(compareModel(model, clusters), character, step, classId, clusters);
    expect(next.paths).toEqual([]);
    expect(next.unreachable).toEqual([free.id]);
    expect(next.respecs.map((x) => x.node.name)).toEqual(["Widespread Destruction"]);
  });

  it("the next passive on a ring is the free one next to what the character holds there", () => {
    // From the raw subgraph: an unallocated passive linked to an allocated one of the large ring.
    const nodes = rawPassives.jewel_data["20"].subgraph!.nodes as Record<string, RawNode & { in: string[]; out: string[]; orbitIndex: number }>;
    const held = new Set(Object.keys(nodes).filter((k) => rawPassives.hashes_ex.map(String).includes(k)));
    const [key, rawFree] = Object.entries(nodes).find(([k, n]) => !held.has(k) && !n.name.endsWith("Mastery") && [...n.in, ...n.out].some((x) => held.has(x)))!;
    const ring = characterClusters(character, model, bundle);
    const free = ring.layout.nodes.find((n) => n.parentSocket === model.jewelSlots[20] && n.orbitIndex === rawFree.orbitIndex)!;
    expect(free.name, key).toBe(rawFree.name);
    const step = { ...tree, nodes: [...tree.nodes, free.id] };
    const clusters = stepClusters(model, build, step, character, bundle)!;
    const next = stepNextPassives(compareModel(model, clusters), character, step, classId, clusters);
    expect(next.paths.map((p) => p.nodes)).toEqual([[free.id]]);
    expect(next.paths[0].target.name).toBe(rawFree.name);
    expect(next.respecs).toEqual([]);
  });

  it("a jewel with other notables in the large socket is a different ring: all of its passives on each side", () => {
    const large = model.jewelSlots[20];
    const itemId = jewelItemId(20);
    const item = build.items[itemId] as PlannerItem;
    // The build's large jewel adds Paralysis where the character's adds Widespread Destruction.
    const swapped = { ...item, explicitMods: item.explicitMods.map((m) => ({ ...m, text: m.text.replace("Widespread Destruction", "Paralysis") })) };
    expect(swapped.explicitMods.some((m) => m.text.includes("Paralysis"))).toBe(true);
    const other = { ...build, items: { ...build.items, [itemId]: swapped } };
    const clusters = stepClusters(model, other, tree, character, bundle)!;
    const ring = clusters.rings.find((x) => x.socket === large)!;
    expect(ring.match).toBe("different");
    const r = compareStep(model, other, { ...sets, tree }, character, clusters).tree!;
    // The step's ids on that ring now name the build's passives; the character's five there count apart.
    expect(ring.character.map((n) => n.name).sort()).toEqual(rawAllocated.get(20)!.map((n) => n.name).sort());
    expect(r.extra.length).toBe(rawAllocated.get(20)!.length);
    expect(r.missing.length).toBe(ring.build.length);
    expect(ring.build.length).toBeGreaterThan(0);
    // The build's ring is drawn (its Paralysis), the character's Widespread Destruction is not on it.
    const names = clusters.layout.nodes.filter((n) => n.parentSocket === large).map((n) => n.name);
    expect(names).toContain("Paralysis");
    expect(names).not.toContain("Widespread Destruction");
  });
});

// ---- next passives through the rings, against a breadth-first oracle ----

describe("next passives through cluster rings", () => {
  for (const file of ["AdamZ-8113__pob-codes/dominating_blow_of_inspiring_guardian_328.xml"]) {
    it(`${file}: each path connected, no node twice, all of the difference`, () => {
      const { build, tree } = decoded(file);
      const clusters = stepClusters(model, build, tree, character, bundle)!;
      const drawn = compareModel(model, clusters);
      const r = stepNextPassives(drawn, character, tree, classId, clusters);
      const compare = compareStep(model, build, { ...stepSets(build, undefined), tree }, character, clusters).tree!;
      // Every missing passive is taken once or reported unreachable: the total is the difference
      // (less the class and ascendancy starts the step lists, which are where paths begin).
      const free = compare.missing.filter((id) => ["classStart", "ascendancyStart"].includes(drawn.byId.get(id)!.kind));
      expect(r.total + r.unreachable.length).toBe(compare.missing.length - free.length);
      const ring = new Set(clusters.layout.nodes.map((n) => n.id));
      const throughRings = r.paths.filter((p) => p.nodes.some((id) => ring.has(id)));
      expect(throughRings.length).toBeGreaterThan(0);
      // The ring passives missing on the character are all taken.
      const taken = r.paths.flatMap((p) => p.nodes);
      for (const n of clusters.missing) expect(taken, n.name).toContain(n.id);
      expect(new Set(taken).size).toBe(taken.length);
      // Connected: each node touches what is allocated or the path's previous node, on the oracle's graph.
      const ringGoals = clusters.layout.nodes.filter((n) => n.kind !== "small").map((n) => n.id);
      const o = oracle(clusters.layout.links, ringGoals);
      const starts = drawn.nodes.filter((n) => (n.kind === "classStart" && n.classStartIndex === classId) || n.kind === "ascendancyStart").map((n) => n.id);
      const allocated = new Set([...onMain(rawPassives.hashes), ...clusters.drawn, ...starts]);
      const remaining = new Set(taken);
      for (const p of r.paths) {
        p.nodes.forEach((id, k) => {
          const prev = k === 0 ? allocated : new Set([p.nodes[k - 1]]);
          expect([...prev].some((x) => o.neighbours.get(x)?.has(id)), `node ${id}`).toBe(true);
        });
        // Fewest points first: no named passive is nearer than this path's cost, and its end is as near as the search finds it.
        const goals = [...remaining].filter(o.goal);
        expect(p.cost).toBeLessThanOrEqual(Math.min(...goals.map((id) => bfsDistance(o, allocated, id, remaining))));
        expect(bfsDistance(o, allocated, p.nodes[p.nodes.length - 1], remaining)).toBe(p.cost);
        for (const id of p.nodes) {
          allocated.add(id);
          remaining.delete(id);
        }
      }
      // What no path reaches, the breadth-first search cannot reach either (a passive of another tree version's links).
      for (const id of r.unreachable) {
        expect(bfsDistance(o, allocated, id, new Set(r.unreachable)), `node ${id}`).toBe(Infinity);
        expect(ring.has(id)).toBe(false);
      }
      // A ring path starts at its socket (or a ring passive already held) and walks the ring.
      for (const p of throughRings) {
        const first = p.nodes.findIndex((id) => ring.has(id));
        const before = first === 0 ? null : p.nodes[first - 1];
        if (before !== null) expect(o.neighbours.get(before)?.has(p.nodes[first])).toBe(true);
      }
    });
  }
});
