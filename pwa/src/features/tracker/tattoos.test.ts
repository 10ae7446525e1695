/**
 * The official sample's tattoos (passives.skill_overrides, mapped by the server's own mapping) in
 * the character's tree, the compare and the next passives, and a Ruthless character's tree.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { decodePlanner } from "@workers/planner/index";
import { GGG_API_DIR, POB_CORPUS_DIR } from "@workers/sharedDir";
import { pickTreeBundle } from "../../data/treeVersions";
import { adjacency } from "../../tree/pathing";
import { distManifest, realTree } from "../../tree/test/testModel";
import { overridesById, tooltipText } from "../../tree/tooltipText";
import { stepSets } from "../build-view/stepView";
import { characterAllocation, characterOverrides, characterTreeVersion, classIds } from "./characterView";
import { compareStep, tattooLine } from "./compare";
import { stepNextPassives, tattooedUnallocated } from "./stepClusters";
import { sampleCharacter } from "./test/officialSamples";
import { realClassTable } from "./test/testClasses";

const raw = JSON.parse(readFileSync(GGG_API_DIR + "PathOfBuildingCommunity__PathOfBuilding/character_detail_SampleCharacter.json", "utf8")).character;
const rawOverrides = raw.passives.skill_overrides as Record<string, { name: string; stats: string[] }>;
const character = sampleCharacter();
const table = realClassTable();
const { model } = realTree("3.28");
// The corpus Hierophant build (a Templar, as the sample): the tree is compared.
const build = decodePlanner(readFileSync(POB_CORPUS_DIR + "AdamZ-8113__pob-codes/kinetic_fusillade_totems_hierophant_328.code.txt", "utf8").trim());
const sets = stepSets(build, undefined);
const classId = classIds(table, character.class).classId;

const hashes = new Set<number>(raw.passives.hashes);
const tattooed = Object.keys(rawOverrides).map(Number);
const allocatedTattoos = tattooed.filter((id) => hashes.has(id));
const looseTattoos = tattooed.filter((id) => !hashes.has(id));
const countBy = (names: string[]) => names.reduce((m, n) => m.set(n, (m.get(n) ?? 0) + 1), new Map<string, number>());

describe("the sample character's tattoos", () => {
  it("are read from the official answer, allocated or not", () => {
    expect(Object.values(rawOverrides).every((o) => (o as { isTattoo?: boolean }).isTattoo)).toBe(true);
    const overrides = characterOverrides(character);
    expect(overrides.map((o) => o.nodeId).sort()).toEqual([...tattooed].sort());
    expect(overrides.map((o) => [o.name, o.effectText])).toEqual(overrides.map((o) => [rawOverrides[o.nodeId].name, rawOverrides[o.nodeId].stats]));
    // The sample tattooed passives it allocated and a few it did not.
    expect(allocatedTattoos.length).toBeGreaterThan(0);
    expect(looseTattoos.length).toBeGreaterThan(0);
    expect([...tattooedUnallocated(character)].sort()).toEqual([...looseTattoos].sort());
  });

  it("show in the character's tree tooltips instead of the node's own stats", () => {
    const alloc = characterAllocation(table, character, "3.28", model);
    const byId = overridesById(alloc);
    for (const id of tattooed) {
      const node = model.byId.get(id)!;
      const t = tooltipText(node, null, byId.get(id) ?? null);
      expect(t.name).toBe(rawOverrides[id].name);
      expect(t.stats).toEqual(rawOverrides[id].stats);
      expect(t.replaces).toBe(node.name);
      expect(t.stats).not.toEqual(node.stats);
    }
    // An untattooed passive keeps its own.
    const plain = model.byId.get(raw.passives.hashes.find((id: number) => !(String(id) in rawOverrides) && model.byId.get(id)?.stats.length))!;
    expect(tooltipText(plain, null, byId.get(plain.id) ?? null)).toMatchObject({ name: plain.name, stats: plain.stats, replaces: null });
  });

  it("do not change the tree counts: a tattooed passive is allocated by its id", () => {
    const withTattoos = compareStep(model, build, sets, character).tree!;
    const without = compareStep(model, build, sets, { ...character, passives: { ...character.passives!, skillOverrides: {} } }).tree!;
    expect([withTattoos.missing, withTattoos.extra, withTattoos.both]).toEqual([without.missing, without.extra, without.both]);
    const want = new Set(sets.tree!.nodes);
    for (const id of allocatedTattoos) {
      expect(withTattoos.missing).not.toContain(id);
      expect(withTattoos.extra.includes(id)).toBe(!want.has(id));
    }
  });

  it("are listed by name in the compare, the character's as not in the build", () => {
    const tree = compareStep(model, build, sets, character).tree!;
    const expected = countBy(Object.values(rawOverrides).map((o) => o.name));
    expect(tree.tattoos.map((t) => [t.name, t.character])).toEqual([...expected].sort((a, b) => a[0].localeCompare(b[0])));
    expect(sets.tree!.overrides).toEqual([]);
    const lines = tree.tattoos.map(tattooLine);
    expect(lines).toContainEqual({ text: "Tattoo of the Tawhoa Shaman ×3 (not in build)", side: "character" });
    expect(lines).toContainEqual({ text: "Tattoo of the Ngamahu Firewalker ×6 (not in build)", side: "character" });
    // The same tattoos in the build: on both.
    const both = compareStep(model, build, { ...sets, tree: { ...sets.tree!, overrides: characterOverrides(character).map((o) => ({ ...o, icon: "" })) } }, character).tree!;
    expect(both.tattoos.map(tattooLine).map((l) => l.side)).toEqual(["both", "both"]);
  });

  it("are never a target of the next passives, though a path may cross one", () => {
    // A step that takes every loose tattooed passive, and one passive beyond the first of them,
    // with the passives that lead there from the character's tree.
    const adj = adjacency(model);
    const have = new Set(raw.passives.hashes.map((id: number) => model.byId.get(id)?.index).filter((i: number | undefined) => i !== undefined));
    const start = model.byId.get(looseTattoos[0])!;
    const parent = new Map<number, number>([[start.index, -1]]);
    const queue = [start.index];
    let reached = -1;
    for (let q = 0; q < queue.length && reached < 0; q++) {
      for (const j of adj[queue[q]]) {
        if (parent.has(j) || model.nodes[j].kind === "mastery") continue;
        parent.set(j, queue[q]);
        if (have.has(j)) reached = queue[q];
        else queue.push(j);
      }
    }
    expect(reached).toBeGreaterThanOrEqual(0);
    const lead: number[] = [];
    for (let i = reached; i !== -1; i = parent.get(i)!) lead.push(model.nodes[i].id);
    const beyond = adj[start.index].map((i) => model.nodes[i]).find((n) => n.kind === "normal" && !lead.includes(n.id) && !hashes.has(n.id) && !looseTattoos.includes(n.id))!;
    const step = { ...sets.tree!, nodes: [...sets.tree!.nodes, ...looseTattoos, ...lead, beyond.id] };

    const next = stepNextPassives(model, character, step, classId, null);
    const targets = next.paths.map((p) => p.target.id);
    for (const id of looseTattoos) {
      expect(targets).not.toContain(id);
      expect(next.unreachable).not.toContain(id);
    }
    // The passive beyond is reached through the tattooed one.
    const through = next.paths.find((p) => p.nodes.includes(beyond.id))!;
    expect(through.nodes.indexOf(start.id)).toBe(through.nodes.indexOf(beyond.id) - 1);
    // Where the tattooed passive ends the way, the passives leading to it are still taken, it is not;
    // without the tattoo it is the path's target.
    const leaf = { ...step, nodes: [...sets.tree!.nodes, ...lead] };
    const untattooed = { ...character, passives: { ...character.passives!, skillOverrides: {} } };
    expect(stepNextPassives(model, untattooed, leaf, classId, null).paths.map((p) => p.target.id)).toContain(start.id);
    const stopped = stepNextPassives(model, character, leaf, classId, null);
    const taken = stopped.paths.flatMap((p) => p.nodes);
    expect(taken).not.toContain(start.id);
    expect(lead.filter((id) => id !== start.id).every((id) => taken.includes(id))).toBe(true);
    // The compare lists them as tattooed, not allocated.
    const tree = compareStep(model, build, { ...sets, tree: step }, character).tree!;
    expect(tree.tattooedMissing.map((n) => n.id)).toEqual([...looseTattoos].sort((a, b) => a - b));
  });
});

describe("a Ruthless character", () => {
  const files = distManifest().files;

  it("is drawn on the Ruthless tree of its version, another on the plain one", () => {
    expect(character.ruthless).toBe(false);
    expect(pickTreeBundle(files, characterTreeVersion(character, "3_28"))).toMatchObject({ name: "tree/3.28", key: "data" });
    const ruthless = { ...character, ruthless: true };
    expect(characterTreeVersion(ruthless, "3_28")).toBe("3.28.0g_ruthless");
    expect(pickTreeBundle(files, characterTreeVersion(ruthless, "3_28"))).toMatchObject({ name: "tree-ruthless/3.28", key: "ruthless" });
    expect(characterAllocation(table, ruthless, characterTreeVersion(ruthless, "3_28")).treeVersion).toBe("3.28.0g_ruthless");
    // Without its own version it takes the step's, in its own mode.
    expect(characterTreeVersion({ ruthless: true }, "3_26")).toBe("3_26_ruthless");
    expect(characterTreeVersion({ ruthless: false }, "3_26_ruthless")).toBe("3_26");
  });
});
