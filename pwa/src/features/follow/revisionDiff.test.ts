import { describe, expect, it } from "vitest";
import { decodePlanner } from "@workers/planner/index";
import { corpusText } from "@workers/planner/test/corpus";
import type { PlannerBuild, PlannerTree } from "@workers/planner/types";
import type { Step } from "../../data/types";
import { treeVersionName } from "../../data/treeVersions";
import { realTree } from "../../tree/test/testModel";
import { isEmptyDiff, revisionDiff, type NodeLookup, type RevisionSide } from "./revisionDiff";

const lookup: NodeLookup = (id, version) => realTree(treeVersionName(version) ?? "3.28").model.byId.get(id);

/** One step per planner tree, on the first item and skill set (as a creator would publish it). */
function stepsOf(build: PlannerBuild, title?: (t: PlannerTree, i: number) => string): Step[] {
  return build.trees.map((t, i) => ({
    title: title ? title(t, i) : t.title,
    passiveTreeId: t.id,
    equipmentSetId: build.itemSets[0]?.id ?? "",
    skillSetId: build.skillSets[0]?.id ?? "",
  }));
}

function side(revision: number, build: PlannerBuild, steps: Step[], note = ""): RevisionSide {
  const skills = build.skillSets[0]?.groups.flatMap((g) => g.gems.filter((x) => !x.isSupport).map((x) => x.name)).slice(0, 2) ?? [];
  return { revision, note, treeVersion: build.trees[0]?.treeVersion ?? "", skills, steps, build };
}

/** The independent count: straight from the tree bundle's columns and flag bits (not the tree model). */
function rawKinds(version: string, ids: number[]) {
  const { bundle } = realTree(treeVersionName(version) ?? "3.28");
  const raw = bundle as unknown as {
    nodes: { id: number[]; flags: number[]; name: number[] };
    strings: string[];
    flagBits: Record<string, number>;
  };
  const at = new Map(raw.nodes.id.map((id, i) => [id, i]));
  const bit = raw.flagBits;
  const out = { notables: [] as string[], keystones: [] as string[], masteries: 0, starts: 0, small: 0 };
  for (const id of ids) {
    const i = at.get(id);
    if (i === undefined) { out.small++; continue; }
    const f = raw.nodes.flags[i], name = raw.strings[raw.nodes.name[i]];
    if (f & (bit.classStart | bit.ascendancyStart)) out.starts++;
    else if (f & bit.keystone) out.keystones.push(name);
    else if (f & bit.mastery) out.masteries++;
    else if (f & bit.notable) out.notables.push(name);
    else out.small++;
  }
  out.notables.sort((a, b) => a.localeCompare(b));
  out.keystones.sort((a, b) => a.localeCompare(b));
  return out;
}

function minus(a: number[], b: number[]): number[] {
  const drop = new Set(b);
  return a.filter((x) => !drop.has(x));
}

describe("revision diff on real corpus pairs", () => {
  it("two Templar builds' trees as revisions 1 and 2: passives, gems and items by slot", () => {
    const guardian = decodePlanner(corpusText("dominating_blow_of_inspiring_guardian_328.code.txt"));
    const hiero = decodePlanner(corpusText("kinetic_fusillade_totems_hierophant_328.code.txt"));
    const before = side(1, guardian, stepsOf(guardian, () => "Endgame"));
    const after = side(2, hiero, stepsOf(hiero, () => "Endgame"), "  Moved to totems  ");
    const d = revisionDiff(before, after, lookup);
    expect([d.from, d.to, d.note, d.treeVersion]).toEqual([1, 2, "Moved to totems", null]);
    expect(d.steps.added).toEqual([]);
    expect(d.steps.removed).toEqual([]);
    expect(d.steps.renamed).toEqual([]);
    expect(d.steps.changed).toHaveLength(1);
    const { passives, gems, items } = d.steps.changed[0];

    const a = guardian.trees[0], b = hiero.trees[0];
    const added = rawKinds(b.treeVersion, minus(b.nodes, a.nodes));
    const removed = rawKinds(a.treeVersion, minus(a.nodes, b.nodes));
    expect(minus(b.nodes, a.nodes).length).toBeGreaterThan(20);
    expect(passives.notablesAdded).toEqual(added.notables);
    expect(passives.notablesRemoved).toEqual(removed.notables);
    expect(passives.keystonesAdded).toEqual(added.keystones);
    expect(passives.keystonesRemoved).toEqual(removed.keystones);
    expect(passives.masteriesAdded).toHaveLength(added.masteries);
    expect(passives.masteriesRemoved).toHaveLength(removed.masteries);
    expect(passives.smallAdded).toBe(added.small);
    expect(passives.smallRemoved).toBe(removed.small);
    // Every added passive is accounted for once.
    expect(added.notables.length + added.keystones.length + added.masteries + added.small + added.starts)
      .toBe(minus(b.nodes, a.nodes).length);
    // Masteries by name, with the chosen effect's text.
    for (const m of passives.masteriesAdded) expect(m).toMatch(/Mastery/);

    // Gems: names only on one side are added or removed; none is both.
    const names = (x: PlannerBuild) => new Set(x.skillSets[0].groups.flatMap((g) => g.gems.map((gem) => gem.name)));
    const gA = names(guardian), gB = names(hiero);
    expect(gems.added).toEqual([...gB].filter((n) => n && !gA.has(n)).sort((x, y) => x.localeCompare(y)));
    expect(gems.removed).toEqual([...gA].filter((n) => n && !gB.has(n)).sort((x, y) => x.localeCompare(y)));
    for (const r of gems.relevelled) expect(gA.has(r.name) && gB.has(r.name) && r.before !== r.after).toBe(true);
    // Different gear in every slot either build fills (two different builds share no item).
    const slots = new Set([...Object.keys(guardian.itemSets[0].slots), ...Object.keys(hiero.itemSets[0].slots)]);
    expect(items.map((i) => i.slot).sort()).toEqual([...slots].filter((s) =>
      guardian.items[guardian.itemSets[0].slots[s]] || hiero.items[hiero.itemSets[0].slots[s]]).sort());
    expect(isEmptyDiff(d)).toBe(false);
  });

  it("a levelling build's steps reordered, renamed, one dropped and one added", () => {
    const slayer = decodePlanner(corpusText("sanavixx_cyclone_shockwave_slayer_328.code.txt"));
    const steps = slayer.trees.map((t, i) => ({
      title: t.title, passiveTreeId: t.id, equipmentSetId: slayer.itemSets[i].id, skillSetId: slayer.skillSets[i].id,
    }));
    const next = [steps[1], steps[0], ...steps.slice(2, -1)].map((s) => ({ ...s }));
    next[2] = { ...next[2], title: "Renamed step" };
    next.push({ ...steps[0], title: "A new last step", passiveTreeId: steps[4].passiveTreeId, equipmentSetId: steps[3].equipmentSetId });
    const d = revisionDiff(side(1, slayer, steps), side(2, slayer, next), lookup);
    expect(d.steps.removed).toEqual([{ index: steps.length - 1, title: steps[steps.length - 1].title }]);
    expect(d.steps.added).toEqual([{ index: next.length - 1, title: "A new last step" }]);
    expect(d.steps.renamed).toEqual([{ index: 2, before: steps[2].title, after: "Renamed step" }]);
    expect(d.steps.moved).toHaveLength(1);
    expect([steps[0].title, steps[1].title]).toContain(d.steps.moved[0].title);
    // Same sets in the same code: nothing inside the matched steps changed.
    expect(d.steps.changed).toEqual([]);
  });

  it("identical revisions give an empty diff", () => {
    const build = decodePlanner(corpusText("sanavixx_cyclone_shockwave_slayer_328.code.txt"));
    const again = decodePlanner(corpusText("sanavixx_cyclone_shockwave_slayer_328.code.txt"));
    const d = revisionDiff(side(1, build, stepsOf(build)), side(2, again, stepsOf(again)), lookup);
    expect(isEmptyDiff(d)).toBe(true);
    expect(d.steps).toEqual({ added: [], removed: [], renamed: [], moved: [], changed: [] });
    expect(d.skills).toEqual({ added: [], removed: [] });
    // The XML and the code of the same build are the same revision too.
    const xml = decodePlanner(corpusText("sanavixx_cyclone_shockwave_slayer_328.xml"));
    expect(isEmptyDiff(revisionDiff(side(1, build, stepsOf(build)), side(2, xml, stepsOf(xml)), lookup))).toBe(true);
  });

  it("a tree version change: the Inquisitor's 3.27 tree republished on 3.28", () => {
    const inq = decodePlanner(corpusText("heavy_strike_of_trarthus_inquisitor_328.code.txt"));
    const [old, fresh] = inq.trees;
    expect([old.treeVersion, fresh.treeVersion]).toEqual(["3_27", "3_28"]);
    const one = (t: PlannerTree): PlannerBuild => ({ ...inq, trees: [{ ...t, id: "endgame" }] });
    const before = { ...side(1, one(old), stepsOf(one(old), () => "Endgame")), treeVersion: "3_27" };
    const after = { ...side(2, one(fresh), stepsOf(one(fresh), () => "Endgame"), "3.28 tree"), treeVersion: "3_28" };
    const d = revisionDiff(before, after, lookup);
    expect(d.treeVersion).toEqual({ before: "3_27", after: "3_28" });
    expect(d.steps.changed).toHaveLength(1);
    expect(d.steps.changed[0].treeVersion).toEqual({ before: "3_27", after: "3_28" });
    const added = minus(fresh.nodes, old.nodes), removed = minus(old.nodes, fresh.nodes);
    const p = d.steps.changed[0].passives;
    const counted = (x: typeof p, add: boolean) => add
      ? x.notablesAdded.length + x.keystonesAdded.length + x.masteriesAdded.length + x.smallAdded
      : x.notablesRemoved.length + x.keystonesRemoved.length + x.masteriesRemoved.length + x.smallRemoved;
    expect(counted(p, true)).toBe(added.length - rawKinds("3_28", added).starts);
    expect(counted(p, false)).toBe(removed.length - rawKinds("3_27", removed).starts);
    expect(d.steps.changed[0].gems).toEqual({ added: [], removed: [], relevelled: [] });
    expect(d.steps.changed[0].items).toEqual([]);
    expect(d.note).toBe("3.28 tree");
    expect(isEmptyDiff(d)).toBe(false);
  });

  it("gems re-levelled and a slot emptied are named", () => {
    const build = decodePlanner(corpusText("dominating_blow_of_inspiring_guardian_328.code.txt"));
    const changed: PlannerBuild = structuredClone(build);
    const gem = changed.skillSets[0].groups.flatMap((g) => g.gems).find((g) => g.name)!;
    for (const g of changed.skillSets[0].groups.flatMap((x) => x.gems)) if (g.name === gem.name) g.level += 1;
    const slot = Object.keys(changed.itemSets[0].slots).sort()[0];
    delete changed.itemSets[0].slots[slot];
    const d = revisionDiff(side(1, build, stepsOf(build)), side(2, changed, stepsOf(changed)), lookup);
    const before = Math.max(...build.skillSets[0].groups.flatMap((g) => g.gems).filter((g) => g.name === gem.name).map((g) => g.level));
    expect(d.steps.changed[0].gems.relevelled).toEqual([{ name: gem.name, before, after: before + 1 }]);
    expect(d.steps.changed[0].items).toHaveLength(1);
    expect(d.steps.changed[0].items[0]).toMatchObject({ slot, after: null });
    expect(d.steps.changed[0].items[0].before).not.toBeNull();
  });
});
