/**
 * Game-data tree bundle (columnar, see game-data/FORMAT.md) -> TreeModel: the one
 * reader of the bundle format. A bundle of an older format is first brought up to
 * the current one by a chain of small upgrade steps; an unknown format fails clearly.
 */
import type { TreeBundle } from "../data/gameDataTypes";
import type { ExpansionJewel, Granted, MasteryEffect, NodeKind, GroupSlot, TreeEdge, TreeGroup, TreeModel, TreeNode } from "./model";

export const TREE_FORMAT = 2;

type AnyBundle = { format?: unknown } & Record<string, unknown>;

/**
 * upgrades[n] turns a format-n bundle into format n + 1. Format 1 carried columns
 * no screen read (image zoom levels, jewel slots, group ids, ascendancy discs);
 * format 2 dropped them, so the step only renumbers.
 */
const upgrades: Record<number, (b: AnyBundle) => AnyBundle> = {
  1: (b) => ({ ...b, format: 2 }),
};

export class TreeFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "TreeFormatError";
  }
}

/** Any known format, upgraded step by step to the current one. */
export function upgradeTreeBundle(raw: unknown): TreeBundle {
  let b = raw as AnyBundle;
  const start = typeof b?.format === "number" ? b.format : NaN;
  if (!(start >= 1 && start <= TREE_FORMAT && Number.isInteger(start))) {
    throw new TreeFormatError(
      `Unknown passive tree bundle format ${JSON.stringify(b?.format ?? null)}: this app reads formats 1 to ${TREE_FORMAT}. Reload to update the app.`,
    );
  }
  for (let f = start; f < TREE_FORMAT; f++) b = upgrades[f](b);
  return b as unknown as TreeBundle;
}

const KIND_NAMES: Record<string, NodeKind> = {
  normal: "normal",
  notable: "notable",
  keystone: "keystone",
  mastery: "mastery",
  jewelSocket: "jewel",
  classStart: "classStart",
  ascendancyStart: "ascendancyStart",
  ascendancy: "ascendancy",
  multipleChoice: "multipleChoice",
  blighted: "blighted",
};

/** Room around the outermost orbit for the group background disc. */
const GROUP_PAD = 60;

export function treeModelFromBundle(raw: unknown): TreeModel {
  const b = upgradeTreeBundle(raw);
  const s = (i: number) => (i >= 0 ? (b.strings[i] ?? "") : "");
  const notableBit = b.flagBits.notable ?? 1;
  const proxyBit = b.flagBits.proxy ?? 0;
  const ascName = (i: number) => (i >= 0 ? (b.ascendancies[i]?.id ?? null) : null);

  // The sparse tables (masteries, cluster sockets, granted attributes) are keyed by node index.
  const effectsOf = new Map<number, MasteryEffect[]>();
  b.masteries.node.forEach((nodeIndex, k) => {
    effectsOf.set(
      nodeIndex,
      b.masteries.effects[k].map(([effect, stats]) => ({ effect, stats: stats.map(s) })),
    );
  });
  const cols = b.nodes;
  const jewelOf = new Map<number, ExpansionJewel>();
  const ej = b.expansionJewels;
  ej.node.forEach((nodeIndex, k) => {
    jewelOf.set(nodeIndex, {
      size: ej.size[k],
      index: ej.index[k],
      proxy: ej.proxy[k] >= 0 ? cols.id[ej.proxy[k]] : null,
      parent: ej.parent[k] >= 0 ? cols.id[ej.parent[k]] : null,
    });
  });
  const grantedOf = new Map<number, Granted>();
  const g = b.granted;
  g.node.forEach((nodeIndex, k) => {
    grantedOf.set(nodeIndex, { strength: g.str[k], dexterity: g.dex[k], intelligence: g.int[k], passivePoints: g.points[k] });
  });

  const nodes: TreeNode[] = cols.id.map((id, i) => ({
    id,
    index: i,
    name: s(cols.name[i]),
    kind: KIND_NAMES[b.kinds[cols.kind[i]]] ?? "normal",
    notable: (cols.flags[i] & notableBit) !== 0,
    proxy: (cols.flags[i] & proxyBit) !== 0,
    x: cols.x[i],
    y: cols.y[i],
    stats: cols.stats[i].map(s),
    flavourText: cols.flavour[i] >= 0 ? s(cols.flavour[i]).split("\n") : [],
    reminderText: cols.reminder[i].map(s),
    ascendancyName: ascName(cols.ascendancy[i]),
    classStartIndex: cols.classStart[i] >= 0 ? cols.classStart[i] : null,
    masteryEffects: effectsOf.get(i) ?? [],
    group: cols.group[i],
    orbit: cols.orbit[i],
    orbitIndex: cols.orbitIndex[i],
    granted: grantedOf.get(i) ?? null,
    expansionJewel: jewelOf.get(i) ?? null,
  }));

  const e = b.edges;
  const edges: TreeEdge[] = e.a.map((a, k) => ({
    a,
    b: e.b[k],
    arc: e.r[k] > 0 ? { cx: e.cx[k], cy: e.cy[k], r: e.r[k], a0: e.start[k], a1: e.end[k] } : null,
  }));

  const groupAsc = new Map<number, string>();
  nodes.forEach((n, i) => {
    if (n.ascendancyName) groupAsc.set(cols.group[i], n.ascendancyName);
  });
  const radii = b.constants.orbitRadii;
  const groupSlots: GroupSlot[] = b.groups.x.map((x, gi) => ({
    x,
    y: b.groups.y[gi],
    orbits: b.groups.orbits[gi],
    background: b.groups.background[gi],
    proxy: !!b.groups.proxy[gi],
    ascendancyName: groupAsc.get(gi) ?? null,
  }));
  const groups: TreeGroup[] = b.groups.x.map((x, gi) => ({
    x,
    y: b.groups.y[gi],
    radius: Math.max(0, ...b.groups.orbits[gi].map((o) => radii[o] ?? 0)) + GROUP_PAD,
    ascendancyName: groupAsc.get(gi) ?? null,
  })).filter(
    // Discs only where the official tree draws a group background, and never for cluster proxies.
    (_, gi) => b.groups.background[gi] > 0 && !b.groups.proxy[gi] && b.groups.orbits[gi].some((o) => o > 0),
  );

  const [minX, minY, maxX, maxY] = b.bounds;
  return {
    version: b.version,
    key: b.key ?? "data",
    nodes,
    edges,
    groups,
    groupSlots,
    bounds: { minX, minY, maxX, maxY },
    classes: b.classes.map((c) => ({
      name: c.name,
      ascendancies: c.ascendancies.map((a) => b.ascendancies[a].id),
      baseStr: c.baseStr,
      baseDex: c.baseDex,
      baseInt: c.baseInt,
      startNode: c.startNode,
    })),
    ascendancies: b.ascendancies.map(({ id, name, classIndex, alternate }) => ({ id, name, classIndex, alternate })),
    alternateAscendancies: b.ascendancies.filter((a) => a.alternate).map((a) => a.id),
    points: b.points,
    orbitRadii: radii,
    skillsPerOrbit: b.constants.skillsPerOrbit,
    jewelSlots: b.jewelSlots ?? [],
    byId: new Map(nodes.map((n) => [n.id, n])),
  };
}
