/**
 * The side lists (Keystones, Masteries, Overrides) and their compare status,
 * computed from the allocations alone so they can be tested without a canvas.
 */
import { treeVersionName } from "../data/treeVersions";
import type { MasteryEffect, TreeModel, TreeNode } from "./model";

export interface OverrideLike {
  nodeId: number;
  name: string;
  /** The tattoo's icon path as the planner export names it (none from the official character API). */
  icon?: string;
  effectText: string[];
  reminderText?: string[];
}

export interface AllocationForLists {
  nodes: number[];
  masteryEffects: Record<number, number>;
  overrides?: OverrideLike[];
}

/**
 * same: on both (gold for masteries); buildOnly: in the build, missing on the
 * character (green, dimmed); otherOnly: on the character only, 'Not part of
 * the build' (red); wrongChoice: a mastery whose chosen effect differs.
 */
export type CompareStatus = "single" | "same" | "buildOnly" | "otherOnly" | "wrongChoice";

export interface KeystoneItem {
  node: TreeNode;
  status: CompareStatus;
}

export interface MasteryItem {
  node: TreeNode;
  effects: MasteryEffect[];
  /** Effect id chosen in the build (or null) and on the other allocation. */
  chosen: number | null;
  otherChosen: number | null;
  status: CompareStatus;
}

export interface OverrideItem {
  name: string;
  icon?: string;
  effectText: string[];
  /** How often the build has it and the other allocation has it. */
  want: number;
  have: number;
  status: CompareStatus;
}

export interface SideLists {
  keystones: KeystoneItem[];
  masteries: MasteryItem[];
  overrides: OverrideItem[];
}

function sideStatus(inBuild: boolean, inOther: boolean, compare: boolean): CompareStatus {
  if (!compare) return "single";
  if (inBuild && inOther) return "same";
  return inBuild ? "buildOnly" : "otherOnly";
}

function byName(a: { node: TreeNode }, b: { node: TreeNode }): number {
  return a.node.name.localeCompare(b.node.name) || a.node.id - b.node.id;
}

export function sideLists(model: TreeModel, build: AllocationForLists, other?: AllocationForLists): SideLists {
  const compare = other !== undefined;
  const inBuild = new Set(build.nodes);
  const inOther = new Set(other?.nodes ?? []);
  const ids = new Set([...inBuild, ...inOther]);

  const keystones: KeystoneItem[] = [];
  const masteries: MasteryItem[] = [];
  for (const id of ids) {
    const node = model.byId.get(id);
    if (!node) continue;
    const b = inBuild.has(id), o = inOther.has(id);
    if (node.kind === "keystone") keystones.push({ node, status: sideStatus(b, o, compare) });
    if (node.kind === "mastery") {
      const chosen = b ? (build.masteryEffects[id] ?? null) : null;
      const otherChosen = o ? (other?.masteryEffects[id] ?? null) : null;
      let status = sideStatus(b, o, compare);
      if (status === "same" && chosen !== otherChosen) status = "wrongChoice";
      masteries.push({ node, effects: node.masteryEffects, chosen, otherChosen, status });
    }
  }
  keystones.sort(byName);
  masteries.sort(byName);

  const count = (list: OverrideLike[] | undefined) => {
    const m = new Map<string, OverrideLike & { n: number }>();
    for (const o of list ?? []) {
      const cur = m.get(o.name);
      if (cur) cur.n++;
      else m.set(o.name, { ...o, n: 1 });
    }
    return m;
  };
  const want = count(build.overrides);
  const have = count(other?.overrides);
  const overrides: OverrideItem[] = [];
  for (const name of new Set([...want.keys(), ...have.keys()])) {
    const w = want.get(name), h = have.get(name);
    overrides.push({
      name,
      icon: (w ?? h)!.icon || undefined,
      effectText: (w ?? h)!.effectText,
      want: w?.n ?? 0,
      have: h?.n ?? 0,
      status: sideStatus(w !== undefined, h !== undefined, compare),
    });
  }
  overrides.sort((a, b) => a.name.localeCompare(b.name));
  return { keystones, masteries, overrides };
}

/** How many passive ids a notice names before "and N more". */
export const NAMED_IDS = 5;

/** "1, 2, 3, 4, 5 and 2 more": the ids in order, the first NAMED_IDS of them by id. */
function namedIds(ids: readonly number[]): string {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  const shown = sorted.slice(0, NAMED_IDS).join(", ");
  return sorted.length > NAMED_IDS ? `${shown} and ${sorted.length - NAMED_IDS} more` : shown;
}

/** A garbage treeVersion is quoted, not repeated at any length. */
const quoted = (v: string) => `"${v.length > 24 ? `${v.slice(0, 24)}…` : v}"`;

/**
 * The quiet notice for what the renderer cannot show as the build has it. `wanted` is the build's
 * treeVersion, `shown` the version it is drawn on: a build is drawn on its own version when we ship
 * it, else on the one holding the most of its passives (data/treeVersions.ts pickTreeBundle), and the
 * notice says which and why. Allocated ids that tree lacks are named (by id; cluster jewel passives,
 * laid out from their jewel, are only counted). Null when all is shown as the build has it.
 */
export function versionNotice(unknownIds: readonly number[], clusterCount: number, wanted: string | null | undefined, shown: string): string | null {
  const parts: string[] = [];
  const want = treeVersionName(wanted);
  const raw = (wanted ?? "").trim();
  const why = `drawn on tree ${shown}, which holds the most of its passives`;
  if (!raw) parts.push(`No tree version in the build: ${why}`);
  else if (want === null) parts.push(`Tree version ${quoted(raw)} is not known: ${why}`);
  else if (want !== shown) parts.push(`Tree ${want} is not available: ${why}`);
  const unknown = new Set(unknownIds).size;
  if (unknown > 0) {
    const what = unknown === 1 ? `1 passive not on tree ${shown} is` : `${unknown} passives not on tree ${shown} are`;
    parts.push(`${what} not shown: ${namedIds(unknownIds)}`);
  }
  if (clusterCount > 0) {
    parts.push(
      clusterCount === 1 ? "1 cluster jewel passive is not shown" : `${clusterCount} cluster jewel passives are not shown`,
    );
  }
  return parts.length ? parts.join(" · ") : null;
}

/**
 * The text alternative's one-line summary of an allocation: how many passives, and of
 * which kinds, e.g. "98 passives allocated: 21 notables, 2 keystones, 6 masteries,
 * 3 jewel sockets, 8 ascendancy passives." Unknown ids (another tree version) are left out.
 */
export function allocationSummary(model: TreeModel, nodes: number[]): string {
  const counts = { notable: 0, keystone: 0, mastery: 0, jewel: 0, ascendancy: 0, other: 0 };
  let total = 0;
  for (const id of nodes) {
    const n = model.byId.get(id);
    if (!n || n.kind === "classStart" || n.kind === "ascendancyStart") continue;
    total++;
    if (n.ascendancyName) counts.ascendancy++;
    else if (n.kind === "notable" || n.kind === "keystone" || n.kind === "mastery" || n.kind === "jewel") counts[n.kind]++;
    else counts.other++;
  }
  const part = (k: number, one: string, many: string) => `${k} ${k === 1 ? one : many}`;
  return (
    `${part(total, "passive", "passives")} allocated: ${part(counts.notable, "notable", "notables")}, ` +
    `${part(counts.keystone, "keystone", "keystones")}, ${part(counts.mastery, "mastery", "masteries")}, ` +
    `${part(counts.jewel, "jewel socket", "jewel sockets")}, ${part(counts.ascendancy, "ascendancy passive", "ascendancy passives")}.`
  );
}
