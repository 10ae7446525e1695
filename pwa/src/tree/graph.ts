/**
 * The tree as a graph: each node's neighbours over the drawn edges (no mastery
 * edges, no class start <-> ascendancy start links, nothing between different
 * ascendancies; see game-data/FORMAT.md). Pathing walks this; it is built on
 * first use, once per model, so the renderer's first frame never pays for it.
 */
import type { TreeModel } from "./model";

const cache = new WeakMap<TreeModel, number[][]>();

/** neighbours(model)[i] lists the node indexes joined to node index i by an edge. */
export function neighbours(model: TreeModel): number[][] {
  let adj = cache.get(model);
  if (!adj) {
    adj = model.nodes.map(() => []);
    for (const e of model.edges) {
      adj[e.a].push(e.b);
      adj[e.b].push(e.a);
    }
    cache.set(model, adj);
  }
  return adj;
}
