/**
 * Game-data tree bundle (columnar, see game-data/FORMAT.md) -> TreeModel.
 * TreeBundleLike picks from the bundle's wire type only what the renderer reads,
 * so the bundle can grow without touching the tree (and small test bundles stay small).
 */
import type {
  TreeAscendancy,
  TreeBundle,
  TreeClass as BundleClass,
  TreeGroupColumns,
  TreeNodeColumns,
} from "../data/gameDataTypes";
import type { MasteryEffect, NodeKind, TreeClass, TreeEdge, TreeGroup, TreeModel, TreeNode } from "./model";

export type TreeBundleLike = Pick<TreeBundle, "version" | "kinds" | "flagBits" | "bounds" | "strings" | "edges" | "masteries"> & {
  constants: Pick<TreeBundle["constants"], "orbitRadii">;
  nodes: Pick<
    TreeNodeColumns,
    "id" | "x" | "y" | "kind" | "flags" | "group" | "classStart" | "ascendancy" | "name" | "stats" | "flavour" | "reminder"
  >;
  groups: Pick<TreeGroupColumns, "x" | "y" | "orbits"> & Partial<Pick<TreeGroupColumns, "background" | "proxy">>;
  classes: Pick<BundleClass, "name" | "ascendancies">[];
  ascendancies: Pick<TreeAscendancy, "id" | "name" | "alternate">[];
};

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

export function treeModelFromBundle(b: TreeBundleLike): TreeModel {
  const s = (i: number) => (i >= 0 ? (b.strings[i] ?? "") : "");
  const notableBit = b.flagBits.notable ?? 1;
  const proxyBit = b.flagBits.proxy ?? 0;
  const ascName = (i: number) => (i >= 0 ? (b.ascendancies[i]?.id ?? null) : null);
  const effectsOf = new Map<number, MasteryEffect[]>();
  b.masteries.node.forEach((nodeIndex, k) => {
    effectsOf.set(
      nodeIndex,
      b.masteries.effects[k].map(([effect, stats]) => ({ effect, stats: stats.map(s) })),
    );
  });

  const cols = b.nodes;
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
  const groups: TreeGroup[] = b.groups.x.map((x, g) => ({
    x,
    y: b.groups.y[g],
    radius: Math.max(0, ...b.groups.orbits[g].map((o) => radii[o] ?? 0)) + GROUP_PAD,
    ascendancyName: groupAsc.get(g) ?? null,
  })).filter(
    // Discs only where the official tree draws a group background, and never for cluster proxies.
    (_, gi) => (b.groups.background?.[gi] ?? 1) > 0 && !b.groups.proxy?.[gi] && b.groups.orbits[gi].some((o) => o > 0),
  );

  const classes: TreeClass[] = b.classes.map((c) => ({
    name: c.name,
    ascendancies: c.ascendancies.map((a) => b.ascendancies[a].id),
  }));
  const [minX, minY, maxX, maxY] = b.bounds;
  return {
    version: b.version,
    nodes,
    edges,
    groups,
    bounds: { minX, minY, maxX, maxY },
    classes,
    alternateAscendancies: b.ascendancies.filter((a) => a.alternate).map((a) => a.id),
    byId: new Map(nodes.map((n) => [n.id, n])),
  };
}
