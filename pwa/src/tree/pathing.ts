/**
 * The next passives to take: from a character's allocated nodes to a build
 * step's, the missing passives ordered as connected paths, fewest points
 * first, each ending at a named passive (notable, keystone, mastery, jewel
 * socket) or at a leaf. Passives the character has that the step lacks are
 * respecs, listed apart with their refund cost.
 *
 * The walk only steps onto nodes the step allocates, so every path is made of
 * missing passives and the paths together take each of them exactly once.
 */
import { neighbours } from "./graph";
import type { TreeModel, TreeNode } from "./model";

export interface PassivePath {
  /** Node ids in the order to take them; the first touches what is already allocated. */
  nodes: number[];
  /** Passive points the path costs (one per node). */
  cost: number;
  /** The node the path goes for. */
  target: TreeNode;
  /** Notables and keystones on the path, in order. */
  named: TreeNode[];
}

export interface Respec {
  node: TreeNode;
  /** Refund points: 1 per passive, 5 per ascendancy passive (spec §9). */
  refund: number;
}

export interface NextPassives {
  paths: PassivePath[];
  /** Points all paths cost together. */
  total: number;
  /** Step passives no path reaches from the character (another class start, a broken tree). */
  unreachable: number[];
  respecs: Respec[];
  refundTotal: number;
}

export const ASCENDANCY_REFUND = 5;

const adjacencyCache = new WeakMap<TreeModel, number[][]>();

/**
 * Neighbours by node index. Edges are undirected; a mastery has no edges in the
 * export and is taken once any passive of its group is, so group members lead
 * into it (one way: a mastery leads nowhere).
 */
export function adjacency(model: TreeModel): number[][] {
  let adj = adjacencyCache.get(model);
  if (adj) return adj;
  adj = neighbours(model).map((list) => [...list]);
  const masteriesOf = new Map<number, number[]>();
  for (const n of model.nodes) {
    if (n.kind === "mastery" && n.group !== undefined) masteriesOf.set(n.group, [...(masteriesOf.get(n.group) ?? []), n.index]);
  }
  for (const n of model.nodes) {
    if (n.kind === "mastery" || n.group === undefined) continue;
    for (const m of masteriesOf.get(n.group) ?? []) adj[n.index].push(m);
  }
  adjacencyCache.set(model, adj);
  return adj;
}

const FREE = new Set<TreeNode["kind"]>(["classStart", "ascendancyStart"]);
const GOALS = new Set<TreeNode["kind"]>(["notable", "keystone", "mastery", "jewel"]);

const isGoal = (n: TreeNode) => GOALS.has(n.kind) || (n.kind === "ascendancy" && n.notable);
const isNamed = (n: TreeNode) => n.kind === "keystone" || n.kind === "notable" || (n.kind === "ascendancy" && n.notable);

const NONE: ReadonlySet<number> = new Set();

/**
 * `notTargets`: step passives no path may end at (ids), though paths may cross them: a character's
 * tattooed passives, which would give the tattoo rather than the step's passive. Left untaken,
 * they are not counted unreachable either.
 */
export function nextPassives(model: TreeModel, allocated: number[], step: number[], classId: number, notTargets: ReadonlySet<number> = NONE): NextPassives {
  const adj = adjacency(model);
  const nodeOf = (id: number) => {
    const n = model.byId.get(id);
    return n && !n.proxy ? n : undefined;
  };
  const have = new Set<number>();
  for (const id of allocated) {
    const n = nodeOf(id);
    if (n) have.add(n.index);
  }
  // Where trees begin: the class start and every ascendancy start (each roots only its own ascendancy).
  for (const n of model.nodes) {
    if ((n.kind === "classStart" && n.classStartIndex === classId) || n.kind === "ascendancyStart") have.add(n.index);
  }
  const stepIdx = new Set<number>();
  for (const id of step) {
    const n = nodeOf(id);
    if (n) stepIdx.add(n.index);
  }
  const want = new Set<number>();
  for (const i of stepIdx) if (!have.has(i) && !FREE.has(model.nodes[i].kind)) want.add(i);

  const paths: PassivePath[] = [];
  const parent = new Int32Array(model.nodes.length);
  const dist = new Int32Array(model.nodes.length);
  while (want.size) {
    // Breadth-first from everything allocated, stepping only onto wanted nodes.
    const reached: number[] = [];
    const queue: number[] = [];
    for (const i of want) dist[i] = -1;
    for (const i of have) {
      for (const j of adj[i]) {
        if (want.has(j) && dist[j] === -1) {
          dist[j] = 1;
          parent[j] = -1;
          queue.push(j);
        }
      }
    }
    const hasChild = new Set<number>();
    for (let q = 0; q < queue.length; q++) {
      const i = queue[q];
      reached.push(i);
      for (const j of adj[i]) {
        if (want.has(j) && dist[j] === -1) {
          dist[j] = dist[i] + 1;
          parent[j] = i;
          // A passive led on only to ones no path ends at is where its path ends.
          if (!notTargets.has(model.nodes[j].id)) hasChild.add(i);
          queue.push(j);
        }
      }
    }
    if (!reached.length) break;
    let best = -1;
    for (const i of reached) {
      const n = model.nodes[i];
      if (notTargets.has(n.id) || (!isGoal(n) && hasChild.has(i))) continue;
      if (best === -1 || dist[i] < dist[best] || (dist[i] === dist[best] && n.id < model.nodes[best].id)) best = i;
    }
    if (best === -1) break; // only passives no path may end at are left
    const chain: number[] = [];
    for (let i = best; i !== -1; i = parent[i]) chain.push(i);
    chain.reverse();
    for (const i of chain) {
      want.delete(i);
      have.add(i);
    }
    const nodes = chain.map((i) => model.nodes[i]);
    paths.push({ nodes: nodes.map((n) => n.id), cost: nodes.length, target: model.nodes[best], named: nodes.filter(isNamed) });
  }

  const respecs: Respec[] = [];
  for (const id of new Set(allocated)) {
    const n = nodeOf(id);
    if (!n || stepIdx.has(n.index) || FREE.has(n.kind)) continue;
    respecs.push({ node: n, refund: n.ascendancyName ? ASCENDANCY_REFUND : 1 });
  }
  respecs.sort((a, b) => a.node.name.localeCompare(b.node.name) || a.node.id - b.node.id);
  return {
    paths,
    total: paths.reduce((s, p) => s + p.cost, 0),
    unreachable: [...want].map((i) => model.nodes[i].id).filter((id) => !notTargets.has(id)).sort((a, b) => a - b),
    respecs,
    refundTotal: respecs.reduce((s, r) => s + r.refund, 0),
  };
}

/** One row of the respec list: passives of one name (a tree repeats its small ones), with their count and refund. */
export interface RespecRow {
  name: string;
  count: number;
  refund: number;
  /** The first passive's id, a stable key. */
  id: number;
}

/**
 * The respec list as a player reads it: "+10 to Strength" once with its count rather than a row per copy.
 * `respecs` comes sorted by name (nextPassives); a passive without a name is listed by its id, alone.
 */
export function respecRows(respecs: readonly Respec[]): RespecRow[] {
  const rows: RespecRow[] = [];
  for (const { node, refund } of respecs) {
    const name = node.name || `Passive ${node.id}`;
    const last = rows[rows.length - 1];
    if (last && node.name && last.name === name) {
      last.count++;
      last.refund += refund;
    } else rows.push({ name, count: 1, refund, id: node.id });
  }
  return rows;
}

/** Node ids of the first `count` paths: the tree's 'Pathing' state. */
export function pathingIds(next: NextPassives, count = 1): number[] {
  return next.paths.slice(0, count).flatMap((p) => p.nodes);
}
