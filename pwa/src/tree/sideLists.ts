/**
 * The side lists (Keystones, Masteries, Overrides) and their compare status,
 * computed from the allocations alone so they can be tested without a canvas.
 */
import { compareVersions, treeVersionName } from "../data/treeVersions";
import type { MasteryEffect, TreeModel, TreeNode } from "./model";

export interface OverrideLike {
  nodeId: number;
  name: string;
  effectText: string[];
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
      effectText: (w ?? h)!.effectText,
      want: w?.n ?? 0,
      have: h?.n ?? 0,
      status: sideStatus(w !== undefined, h !== undefined, compare),
    });
  }
  overrides.sort((a, b) => a.name.localeCompare(b.name));
  return { keystones, masteries, overrides };
}

/**
 * The quiet notice for what the renderer cannot show as the build has it: a
 * tree version we do not ship (drawn on the nearest one), allocated ids that
 * tree lacks, and cluster jewel passives. Null when all are shown.
 */
export function versionNotice(unknownCount: number, clusterCount = 0, wanted?: string | null, shown?: string): string | null {
  const parts: string[] = [];
  const want = treeVersionName(wanted);
  const fallback = want !== null && shown !== undefined && want !== shown;
  if (fallback) parts.push(`Tree ${want} is not available: drawn on tree ${shown}`);
  if (unknownCount > 0) {
    const newer = !fallback || compareVersions(want, shown!) > 0;
    const what = newer ? "from a newer tree version" : `of tree ${want} not on tree ${shown}`;
    parts.push(unknownCount === 1 ? `1 passive ${what} is not shown` : `${unknownCount} passives ${what} are not shown`);
  }
  if (clusterCount > 0) {
    parts.push(
      clusterCount === 1 ? "1 cluster jewel passive is not shown" : `${clusterCount} cluster jewel passives are not shown`,
    );
  }
  return parts.length ? parts.join(" · ") : null;
}
