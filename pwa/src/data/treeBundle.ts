// Pure helpers over the tree bundle: pick the closest tree version and decode
// the columnar wire format into node/edge objects. No fetch, no React.

import type { DecodedTree, NodeFlag, TreeBundle, TreeEdge, TreeGroup, TreeNode } from "./gameDataTypes";

function parseVersion(v: string): [number, number] | null {
  const m = /^\s*(\d+)[._](\d+)/.exec(v);
  return m ? [Number(m[1]), Number(m[2])] : null;
}

/**
 * The available tree version closest to `wanted` ("3_28", "3.28", "3.28.1").
 * An exact match wins; on a tie the newer tree wins (it knows more nodes);
 * an unreadable `wanted` gets the newest. Null when nothing is available.
 */
export function closestTreeVersion(available: string[], wanted: string | null | undefined): string | null {
  const parsed = available
    .map((v) => ({ v, p: parseVersion(v) }))
    .filter((e): e is { v: string; p: [number, number] } => e.p !== null)
    .sort((x, y) => x.p[0] - y.p[0] || x.p[1] - y.p[1]);
  if (parsed.length === 0) return null;
  const want = wanted ? parseVersion(wanted) : null;
  if (!want) return parsed[parsed.length - 1].v;
  const key = (p: [number, number]) => p[0] * 1000 + p[1];
  let best = parsed[0];
  for (const e of parsed) {
    const d = Math.abs(key(e.p) - key(want));
    const bd = Math.abs(key(best.p) - key(want));
    if (d < bd || (d === bd && key(e.p) > key(best.p))) best = e;
  }
  return best.v;
}

/** Tree versions named in a manifest ("tree/3.25" -> "3.25"). */
export function treeVersionsOf(files: Record<string, string>): string[] {
  return Object.keys(files)
    .filter((k) => k.startsWith("tree/"))
    .map((k) => k.slice("tree/".length));
}

export function hasFlag(bundle: TreeBundle, flags: number, flag: NodeFlag): boolean {
  return (flags & bundle.flagBits[flag]) !== 0;
}

export function decodeTree(bundle: TreeBundle): DecodedTree {
  if (bundle.format !== 1) throw new Error(`Unsupported tree bundle format ${String(bundle.format)}`);
  const s = bundle.strings;
  const n = bundle.nodes;
  const fb = bundle.flagBits;
  const count = n.id.length;
  const nodes: TreeNode[] = new Array(count);
  for (let i = 0; i < count; i++) {
    const f = n.flags[i];
    const asc = n.ascendancy[i];
    const gx = bundle.groups.x[n.group[i]];
    const gy = bundle.groups.y[n.group[i]];
    nodes[i] = {
      index: i,
      id: n.id[i],
      x: n.x[i],
      y: n.y[i],
      kind: bundle.kinds[n.kind[i]],
      flags: f,
      group: n.group[i],
      orbit: n.orbit[i],
      orbitIndex: n.orbitIndex[i],
      // atan2 of the (rounded) offset from the group centre, in the tree's convention.
      angle: n.orbit[i] === 0 ? 0 : (Math.atan2(n.x[i] - gx, gy - n.y[i]) + 2 * Math.PI) % (2 * Math.PI),
      classStartIndex: n.classStart[i] >= 0 ? n.classStart[i] : null,
      ascendancyName: asc >= 0 ? bundle.ascendancies[asc].id : null,
      name: s[n.name[i]],
      stats: n.stats[i].map((j) => s[j]),
      flavourText: n.flavour[i] >= 0 ? s[n.flavour[i]] : null,
      reminderText: n.reminder[i].map((j) => s[j]),
      isNotable: (f & fb.notable) !== 0,
      isKeystone: (f & fb.keystone) !== 0,
      isMastery: (f & fb.mastery) !== 0,
      isJewelSocket: (f & fb.jewelSocket) !== 0,
      isAscendancyStart: (f & fb.ascendancyStart) !== 0,
      isMultipleChoice: (f & fb.multipleChoice) !== 0,
      isMultipleChoiceOption: (f & fb.multipleChoiceOption) !== 0,
      isBlighted: (f & fb.blighted) !== 0,
      isProxy: (f & fb.proxy) !== 0,
      masteryEffects: [],
      expansionJewel: null,
      grantedStrength: 0,
      grantedDexterity: 0,
      grantedIntelligence: 0,
      grantedPassivePoints: 0,
      neighbours: [],
    };
  }
  const byId = new Map<number, TreeNode>(nodes.map((node) => [node.id, node]));

  bundle.masteries.node.forEach((i, k) => {
    nodes[i].masteryEffects = bundle.masteries.effects[k].map(([effect, stats]) => ({
      effect,
      stats: stats.map((j) => s[j]),
    }));
  });
  const ej = bundle.expansionJewels;
  ej.node.forEach((i, k) => {
    nodes[i].expansionJewel = {
      size: ej.size[k],
      index: ej.index[k],
      proxy: ej.proxy[k] >= 0 ? nodes[ej.proxy[k]].id : null,
      parent: ej.parent[k] >= 0 ? nodes[ej.parent[k]].id : null,
    };
  });
  const g = bundle.granted;
  g.node.forEach((i, k) => {
    nodes[i].grantedStrength = g.str[k];
    nodes[i].grantedDexterity = g.dex[k];
    nodes[i].grantedIntelligence = g.int[k];
    nodes[i].grantedPassivePoints = g.points[k];
  });

  const e = bundle.edges;
  const edges: TreeEdge[] = new Array(e.a.length);
  for (let k = 0; k < e.a.length; k++) {
    edges[k] = {
      a: e.a[k],
      b: e.b[k],
      arc: e.r[k] > 0 ? { cx: e.cx[k], cy: e.cy[k], r: e.r[k], start: e.start[k], end: e.end[k] } : null,
    };
    nodes[e.a[k]].neighbours.push(e.b[k]);
    nodes[e.b[k]].neighbours.push(e.a[k]);
  }

  const gr = bundle.groups;
  const groups: TreeGroup[] = gr.id.map((id, i) => ({
    index: i,
    id,
    x: gr.x[i],
    y: gr.y[i],
    orbits: gr.orbits[i],
    background: gr.background[i],
    halfImage: gr.halfImage[i] === 1,
    proxy: gr.proxy[i] === 1,
  }));

  const [minX, minY, maxX, maxY] = bundle.bounds;
  return {
    version: bundle.version,
    bundle,
    nodes,
    byId,
    edges,
    groups,
    classes: bundle.classes,
    ascendancies: bundle.ascendancies,
    bounds: { minX, minY, maxX, maxY },
  };
}
