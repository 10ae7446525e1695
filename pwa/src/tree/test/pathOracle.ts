/**
 * Test helper: an independent breadth-first oracle for the next passives, over the
 * 3.28 tree export's own columns (not the model's adjacency).
 */
import { realTree } from "./testModel";

export interface Oracle {
  neighbours: Map<number, Set<number>>;
  goal: (id: number) => boolean;
}

/**
 * `links`: more undirected links by node id (a cluster jewel layout's ring links);
 * `goals`: more named passives (its notables and sockets).
 */
export function oracle(links: { a: number; b: number }[] = [], goals: number[] = []): Oracle {
  const { bundle } = realTree("3.28");
  const ids = bundle.nodes.id;
  const kind = (i: number) => bundle.kinds[bundle.nodes.kind[i]];
  const neighbours = new Map<number, Set<number>>(ids.map((id) => [id, new Set<number>()]));
  bundle.edges.a.forEach((a, k) => {
    neighbours.get(ids[a])!.add(ids[bundle.edges.b[k]]);
    neighbours.get(ids[bundle.edges.b[k]])!.add(ids[a]);
  });
  // A mastery is reachable from any passive of its group.
  ids.forEach((id, i) => {
    if (kind(i) !== "mastery") return;
    ids.forEach((other, j) => {
      if (j !== i && bundle.nodes.group[j] === bundle.nodes.group[i] && kind(j) !== "mastery") neighbours.get(other)!.add(id);
    });
  });
  for (const l of links) {
    if (!neighbours.has(l.a)) neighbours.set(l.a, new Set());
    if (!neighbours.has(l.b)) neighbours.set(l.b, new Set());
    neighbours.get(l.a)!.add(l.b);
    neighbours.get(l.b)!.add(l.a);
  }
  const goalKinds = new Set(["notable", "keystone", "mastery", "jewelSocket"]);
  const goal = new Set([...ids.filter((_, i) => goalKinds.has(kind(i))), ...goals]);
  return { neighbours, goal: (id) => goal.has(id) };
}

/** Shortest distance from a set to a node, stepping only on `allowed` nodes. */
export function bfsDistance(o: Oracle, from: Set<number>, to: number, allowed: Set<number>): number {
  let frontier = [...from];
  const seen = new Set(from);
  for (let d = 1; frontier.length; d++) {
    const next: number[] = [];
    for (const x of frontier)
      for (const y of o.neighbours.get(x) ?? []) {
        if (seen.has(y) || !allowed.has(y)) continue;
        if (y === to) return d;
        seen.add(y);
        next.push(y);
      }
    frontier = next;
  }
  return Infinity;
}

