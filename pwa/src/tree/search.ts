/** Passive search: trimmed, case-insensitive over names and stats; empty clears. */
import type { TreeModel } from "./model";

export function searchNodes(model: TreeModel, query: string, visible: (index: number) => boolean = () => true): number[] {
  const q = query.trim().toLowerCase();
  if (!q) return [];
  const out: number[] = [];
  for (const n of model.nodes) {
    if (n.proxy || !visible(n.index)) continue;
    if (n.name.toLowerCase().includes(q) || n.stats.some((s) => s.toLowerCase().includes(q))) out.push(n.index);
  }
  return out;
}
