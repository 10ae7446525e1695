/**
 * A socketed cluster jewel's item -> what its subgraph holds (size, passive count,
 * sockets, notables, the small passives' texts), read from the item's mod lines as
 * the planner reads them. Pure: the cluster data bundle is passed in.
 */
import type { ClusterJewelData, ClustersBundle } from "../data/gameDataTypes";
import type { TreeAllocation } from "./types";

export type ClusterSize = "Small" | "Medium" | "Large";

/** The parts of a planner item this reader needs (PlannerItem and JewelItem fit). */
export interface ClusterItemLike {
  baseType: string;
  enchantMods?: { text: string }[];
  implicitMods?: { text: string }[];
  explicitMods?: { text: string }[];
  craftedMods?: { text: string }[];
  fracturedMods?: { text: string }[];
  /** "Cluster Jewel Node Count" of the export, when it has one. */
  clusterNodeCount?: number;
  /** "Cluster Jewel Skill" (a tag) or the enchant's granted text. */
  clusterSkill?: string;
}

export interface ClusterJewelSpec {
  size: ClusterSize;
  data: ClusterJewelData;
  /** Passives the jewel adds (sockets, notables and small ones), as the planner counts them. */
  nodeCount: number;
  socketCount: number;
  /** Notable names in the data's sort order (the order they take on the ring). */
  notables: string[];
  /** A keystone the jewel adds instead of a ring (unique small cluster jewels). */
  keystone: string | null;
  /** Name and texts of each small passive. */
  smallName: string;
  smallStats: string[];
}

/** The item with id `itemId` when it is a cluster jewel (build items hold any item shape). */
export function clusterItemIn(items: Record<string, unknown> | undefined, itemId: string | undefined): ClusterItemLike | null {
  const item = itemId !== undefined ? (items?.[itemId] as Partial<ClusterItemLike> | undefined) : undefined;
  return item && typeof item.baseType === "string" && item.baseType.includes("Cluster Jewel") ? (item as ClusterItemLike) : null;
}

const ADDS = /^Adds (\d+) Passive Skills?$/i;
const SOCKETS = /^(\d+) Added Passive Skills? (?:is a|are) Jewel Sockets?$/i;
const SOCKET_PASSIVES = /^Adds (\d+) Jewel Socket Passive Skills?$/i;
// The game (and the planner's Voices) says "Adds 1 Small Passive Skill which grants nothing" for one.
const NOTHING = /^Adds (\d+) Small Passive Skills? which grants? nothing$/i;
const NOTABLE = /^1 Added Passive Skill is (.+)$/i;
const GRANT = /^Added Small Passive Skills grant: (.+)$/i;
const ALSO = /^Added Small Passive Skills also grant: (.+)$/i;
const KEYSTONE = /^Adds (.+)$/i;

function sizeOf(baseType: string): ClusterSize | null {
  // A magic jewel's name keeps its affixes ("Agile Large Cluster Jewel of Significance").
  const m = /\b(Small|Medium|Large) Cluster Jewel\b/.exec(baseType);
  return m ? (m[1] as ClusterSize) : null;
}

/** The cluster jewel a socket holds, or null for any other item (or a size the data lacks). */
export function readClusterJewel(item: ClusterItemLike, bundle: ClustersBundle): ClusterJewelSpec | null {
  const size = sizeOf(item.baseType);
  const data = size ? bundle.jewels[size] : undefined;
  if (!size || !data) return null;
  const lines = [item.enchantMods, item.implicitMods, item.explicitMods, item.craftedMods, item.fracturedMods]
    .flatMap((l) => l ?? [])
    .map((m) => m.text.trim());
  let adds: number | undefined;
  let sockets = 0;
  let nothing: number | undefined;
  let keystone: string | null = null;
  const notables: string[] = [];
  const granted: string[] = [];
  const also: string[] = [];
  for (const line of lines) {
    let m: RegExpExecArray | null;
    if ((m = ADDS.exec(line))) adds ??= Number(m[1]);
    else if ((m = SOCKETS.exec(line)) || (m = SOCKET_PASSIVES.exec(line))) sockets = Number(m[1]);
    else if ((m = NOTHING.exec(line))) nothing = Number(m[1]);
    else if ((m = NOTABLE.exec(line))) {
      if (m[1] in bundle.notables && !bundle.notables[m[1]].keystone) notables.push(m[1]);
    } else if ((m = GRANT.exec(line))) granted.push(m[1]);
    else if ((m = ALSO.exec(line))) also.push(m[1]);
    else if ((m = KEYSTONE.exec(line)) && bundle.keystones.includes(m[1])) keystone = m[1];
  }
  // The skill: the export's tag, else the one whose enchant grants the first granted text.
  const tag = item.clusterSkill && data.skills[item.clusterSkill] ? item.clusterSkill : undefined;
  const wanted = new Set([item.clusterSkill, ...granted].filter(Boolean).map((t) => `Added Small Passive Skills grant: ${t}`));
  const skill = tag
    ? data.skills[tag]
    : Object.values(data.skills).find((s) => s.enchant.some((e) => wanted.has(e)));
  const order = bundle.notableSortOrder;
  notables.sort((a, b) => (order[a] ?? Infinity) - (order[b] ?? Infinity));
  const nodeCount = item.clusterNodeCount ?? adds ?? sockets + notables.length + (nothing ?? 0);
  return {
    size,
    data,
    nodeCount,
    socketCount: sockets,
    notables,
    keystone,
    smallName: skill?.name ?? "Nothingness",
    smallStats: skill ? [...skill.stats, ...also] : [],
  };
}

/** Whether either allocation socketed a cluster jewel (then the cluster data is loaded with the tree). */
export function hasClusterJewel(items: Record<string, unknown> | undefined, ...allocs: (TreeAllocation | undefined)[]): boolean {
  return allocs.some((a) => Object.values(a?.jewels ?? {}).some((id) => clusterItemIn(items, id) !== null));
}
