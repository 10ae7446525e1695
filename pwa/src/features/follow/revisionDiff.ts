/**
 * What changed between two revisions of a build (issue 36). Pure: no React, no fetch, no
 * worker; the caller hands in both revisions with their decoded planner codes and a lookup of
 * tree nodes, so the view, the tracker's "Revision N is out" and the updates list all show the
 * same diff.
 *
 * Steps carry no id of their own, so steps are matched across revisions first by the sets they
 * use (tree, equipment set, skill set), then by title, then by the passive tree alone. A matched
 * step whose title differs is renamed; matched steps out of their old relative order are moved
 * (those outside the longest run kept in order); unmatched steps are added or removed. For each
 * matched step: passives added and removed (notables, keystones and masteries by name, small
 * passives counted), mastery effects changed, gems added, removed or re-levelled, and items
 * changed by slot.
 */
import type { PlannerBuild, PlannerItem, PlannerTree, InvalidItem } from "@workers/planner/types";
import type { Step } from "../../data/types";
import type { NodeKind } from "../../tree/model";

export interface RevisionSide {
  revision: number;
  /** The creator's note published with this revision ("" for none). */
  note: string;
  treeVersion: string;
  skills: string[];
  steps: Step[];
  /** The revision's planner code, decoded. */
  build: PlannerBuild;
}

export interface NodeInfo {
  name: string;
  kind: NodeKind;
  notable: boolean;
  masteryEffects?: { effect: number; stats: string[] }[];
}

/** A node of the tree version a planner tree names ("3_28"); undefined when that tree has no such node. */
export type NodeLookup = (id: number, treeVersion: string) => NodeInfo | undefined;

export interface PassiveChanges {
  notablesAdded: string[];
  notablesRemoved: string[];
  keystonesAdded: string[];
  keystonesRemoved: string[];
  /** "Life Mastery: +50 to maximum Life" (the chosen effect when the tree knows it). */
  masteriesAdded: string[];
  masteriesRemoved: string[];
  /** A mastery kept with another effect: "Life Mastery: before -> after". */
  masteriesChanged: string[];
  /** Every other allocated node (small passives, jewel sockets, ascendancy small nodes, cluster nodes). */
  smallAdded: number;
  smallRemoved: number;
}

export interface GemLevel {
  name: string;
  before: number;
  after: number;
}

export interface ItemChange {
  slot: string;
  /** The item's name (or base type) before and after; null for an empty slot. */
  before: string | null;
  after: string | null;
}

export interface StepChange {
  /** Position in the newer revision (0-based) and its title there. */
  index: number;
  title: string;
  passives: PassiveChanges;
  treeVersion: { before: string; after: string } | null;
  gems: { added: string[]; removed: string[]; relevelled: GemLevel[] };
  items: ItemChange[];
}

export interface RevisionDiff {
  from: number;
  to: number;
  /** The newer revision's note. */
  note: string;
  treeVersion: { before: string; after: string } | null;
  skills: { added: string[]; removed: string[] };
  steps: {
    added: { index: number; title: string }[];
    removed: { index: number; title: string }[];
    renamed: { index: number; before: string; after: string }[];
    moved: { title: string; from: number; to: number }[];
    /** Matched steps with any change inside; steps with none are left out. */
    changed: StepChange[];
  };
}

const SKIPPED: ReadonlySet<NodeKind> = new Set(["classStart", "ascendancyStart"]);

function byText(a: string, b: string): number {
  return a.localeCompare(b);
}

function masteryText(id: number, tree: PlannerTree, info: NodeInfo | undefined): string {
  const name = info?.name ?? `Mastery ${id}`;
  const effect = tree.masteryEffects[id];
  const stats = info?.masteryEffects?.find((e) => e.effect === effect)?.stats;
  return stats?.length ? `${name}: ${stats.join(" / ")}` : name;
}

function emptyPassives(): PassiveChanges {
  return {
    notablesAdded: [], notablesRemoved: [], keystonesAdded: [], keystonesRemoved: [], masteriesAdded: [],
    masteriesRemoved: [], masteriesChanged: [], smallAdded: 0, smallRemoved: 0,
  };
}

/** Passives of `after` not in `before` and the reverse, each classified by the tree its own side names. */
export function passiveChanges(before: PlannerTree | undefined, after: PlannerTree | undefined, lookup: NodeLookup): PassiveChanges {
  const out = emptyPassives();
  const was = new Set(before?.nodes ?? []);
  const now = new Set(after?.nodes ?? []);
  const side = (tree: PlannerTree, ids: number[], added: boolean) => {
    for (const id of ids) {
      const info = lookup(id, tree.treeVersion);
      if (info && SKIPPED.has(info.kind)) continue;
      if (info?.kind === "keystone") (added ? out.keystonesAdded : out.keystonesRemoved).push(info.name);
      else if (info?.kind === "mastery") (added ? out.masteriesAdded : out.masteriesRemoved).push(masteryText(id, tree, info));
      else if (info && (info.kind === "notable" || (info.kind === "ascendancy" && info.notable))) {
        (added ? out.notablesAdded : out.notablesRemoved).push(info.name);
      } else if (added) out.smallAdded++;
      else out.smallRemoved++;
    }
  };
  if (after) side(after, [...now].filter((id) => !was.has(id)), true);
  if (before) side(before, [...was].filter((id) => !now.has(id)), false);
  if (before && after) {
    for (const id of now) {
      if (!was.has(id)) continue;
      const a = before.masteryEffects[id], b = after.masteryEffects[id];
      if (a === undefined && b === undefined) continue;
      if (a !== b) {
        const info = lookup(id, after.treeVersion);
        if (info?.kind !== "mastery" && info !== undefined) continue;
        const old = masteryText(id, before, lookup(id, before.treeVersion));
        const fresh = masteryText(id, after, info);
        out.masteriesChanged.push(`${old} -> ${fresh.includes(": ") ? fresh.slice(fresh.indexOf(": ") + 2) : fresh}`);
      }
    }
  }
  for (const list of [out.notablesAdded, out.notablesRemoved, out.keystonesAdded, out.keystonesRemoved,
    out.masteriesAdded, out.masteriesRemoved, out.masteriesChanged]) list.sort(byText);
  return out;
}

/** Gem name -> highest level in the skill set (a gem socketed twice counts once, at its best). */
function gemLevels(build: PlannerBuild, skillSetId: string): Map<string, number> {
  const levels = new Map<string, number>();
  const set = build.skillSets.find((s) => s.id === skillSetId);
  for (const group of set?.groups ?? []) {
    for (const gem of group.gems) {
      if (!gem.name) continue;
      levels.set(gem.name, Math.max(levels.get(gem.name) ?? 0, gem.level));
    }
  }
  return levels;
}

export function gemChanges(before: PlannerBuild, beforeSet: string, after: PlannerBuild, afterSet: string): StepChange["gems"] {
  const was = gemLevels(before, beforeSet), now = gemLevels(after, afterSet);
  const added = [...now.keys()].filter((g) => !was.has(g)).sort(byText);
  const removed = [...was.keys()].filter((g) => !now.has(g)).sort(byText);
  const relevelled: GemLevel[] = [];
  for (const [name, level] of now) {
    const old = was.get(name);
    if (old !== undefined && old !== level) relevelled.push({ name, before: old, after: level });
  }
  relevelled.sort((a, b) => byText(a.name, b.name));
  return { added, removed, relevelled };
}

function isItem(x: PlannerItem | InvalidItem | undefined): x is PlannerItem {
  return x !== undefined && !("error" in x);
}

/** What makes two items the same item across two planner codes (their ids differ between codes). */
function fingerprint(item: PlannerItem): string {
  const mods = [item.enchantMods, item.implicitMods, item.explicitMods, item.craftedMods, item.fracturedMods]
    .map((list) => list.map((m) => m.text).join("\n"));
  return [item.rarity, item.name, item.baseType, item.quality, item.corrupted, ...mods].join("\u0001");
}

function itemLabel(item: PlannerItem | InvalidItem | undefined): string | null {
  if (item === undefined) return null;
  if (!isItem(item)) return "An unreadable item";
  return item.name || item.baseType || "An item";
}

function slotItems(build: PlannerBuild, itemSetId: string): Map<string, PlannerItem | InvalidItem> {
  const set = build.itemSets.find((s) => s.id === itemSetId);
  const out = new Map<string, PlannerItem | InvalidItem>();
  for (const [slot, id] of Object.entries(set?.slots ?? {})) {
    const item = build.items[id];
    if (item) out.set(slot, item);
  }
  return out;
}

export function itemChanges(before: PlannerBuild, beforeSet: string, after: PlannerBuild, afterSet: string): ItemChange[] {
  const was = slotItems(before, beforeSet), now = slotItems(after, afterSet);
  const changes: ItemChange[] = [];
  for (const slot of [...new Set([...was.keys(), ...now.keys()])].sort(byText)) {
    const a = was.get(slot), b = now.get(slot);
    const same = a !== undefined && b !== undefined && isItem(a) && isItem(b)
      ? fingerprint(a) === fingerprint(b)
      : a === b || (a !== undefined && b !== undefined && !isItem(a) && !isItem(b));
    if (!same) changes.push({ slot, before: itemLabel(a), after: itemLabel(b) });
  }
  return changes;
}

/** Pairs (old index, new index): same sets first, then same title, then same passive tree. */
export function matchSteps(before: Step[], after: Step[]): [number, number][] {
  const pairs: [number, number][] = [];
  const usedOld = new Set<number>(), usedNew = new Set<number>();
  const keys: ((s: Step) => string)[] = [
    (s) => `${s.passiveTreeId}\u0001${s.equipmentSetId}\u0001${s.skillSetId}\u0001${s.title.trim().toLowerCase()}`,
    (s) => `${s.passiveTreeId}\u0001${s.equipmentSetId}\u0001${s.skillSetId}`,
    (s) => s.title.trim().toLowerCase(),
    (s) => s.passiveTreeId,
  ];
  for (const key of keys) {
    const free = new Map<string, number[]>();
    before.forEach((s, i) => {
      if (usedOld.has(i)) return;
      const k = key(s);
      free.set(k, [...(free.get(k) ?? []), i]);
    });
    after.forEach((s, j) => {
      if (usedNew.has(j)) return;
      const queue = free.get(key(s));
      const i = queue?.shift();
      if (i === undefined) return;
      usedOld.add(i);
      usedNew.add(j);
      pairs.push([i, j]);
    });
  }
  return pairs.sort((a, b) => a[1] - b[1]);
}

/** Indexes (into `seq`) of one longest strictly increasing subsequence. */
function longestIncreasing(seq: number[]): Set<number> {
  const tails: number[] = [], prev: number[] = new Array(seq.length).fill(-1);
  for (let i = 0; i < seq.length; i++) {
    let lo = 0, hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (seq[tails[mid]] < seq[i]) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) prev[i] = tails[lo - 1];
    tails[lo] = i;
  }
  const keep = new Set<number>();
  for (let i = tails.length ? tails[tails.length - 1] : -1; i >= 0; i = prev[i]) keep.add(i);
  return keep;
}

function treeOf(build: PlannerBuild, id: string): PlannerTree | undefined {
  return build.trees.find((t) => t.id === id);
}

function passivesEmpty(p: PassiveChanges): boolean {
  return !p.smallAdded && !p.smallRemoved && [p.notablesAdded, p.notablesRemoved, p.keystonesAdded, p.keystonesRemoved,
    p.masteriesAdded, p.masteriesRemoved, p.masteriesChanged].every((l) => l.length === 0);
}

export function revisionDiff(before: RevisionSide, after: RevisionSide, lookup: NodeLookup): RevisionDiff {
  const pairs = matchSteps(before.steps, after.steps);
  const oldMatched = new Set(pairs.map((p) => p[0])), newMatched = new Set(pairs.map((p) => p[1]));
  const inOrder = longestIncreasing(pairs.map((p) => p[0]));
  const steps: RevisionDiff["steps"] = { added: [], removed: [], renamed: [], moved: [], changed: [] };
  after.steps.forEach((s, j) => { if (!newMatched.has(j)) steps.added.push({ index: j, title: s.title }); });
  before.steps.forEach((s, i) => { if (!oldMatched.has(i)) steps.removed.push({ index: i, title: s.title }); });
  pairs.forEach(([i, j], k) => {
    const a = before.steps[i], b = after.steps[j];
    if (a.title.trim() !== b.title.trim()) steps.renamed.push({ index: j, before: a.title, after: b.title });
    if (!inOrder.has(k)) steps.moved.push({ title: b.title, from: i, to: j });
    const treeA = treeOf(before.build, a.passiveTreeId), treeB = treeOf(after.build, b.passiveTreeId);
    const passives = passiveChanges(treeA, treeB, lookup);
    const versionA = treeA?.treeVersion ?? "", versionB = treeB?.treeVersion ?? "";
    const change: StepChange = {
      index: j, title: b.title, passives,
      treeVersion: versionA !== versionB ? { before: versionA, after: versionB } : null,
      gems: gemChanges(before.build, a.skillSetId, after.build, b.skillSetId),
      items: itemChanges(before.build, a.equipmentSetId, after.build, b.equipmentSetId),
    };
    const quiet = passivesEmpty(passives) && change.treeVersion === null && !change.gems.added.length
      && !change.gems.removed.length && !change.gems.relevelled.length && !change.items.length;
    if (!quiet) steps.changed.push(change);
  });
  const lower = (xs: string[]) => new Set(xs.map((x) => x.toLowerCase()));
  const skillsBefore = lower(before.skills), skillsAfter = lower(after.skills);
  return {
    from: before.revision,
    to: after.revision,
    note: after.note.trim(),
    treeVersion: before.treeVersion !== after.treeVersion ? { before: before.treeVersion, after: after.treeVersion } : null,
    skills: {
      added: after.skills.filter((s) => !skillsBefore.has(s.toLowerCase())),
      removed: before.skills.filter((s) => !skillsAfter.has(s.toLowerCase())),
    },
    steps,
  };
}

/** Nothing changed at all (the note aside, which a creator may write on a re-publish). */
export function isEmptyDiff(d: RevisionDiff): boolean {
  const s = d.steps;
  return d.treeVersion === null && !d.skills.added.length && !d.skills.removed.length && !s.added.length
    && !s.removed.length && !s.renamed.length && !s.moved.length && !s.changed.length;
}
