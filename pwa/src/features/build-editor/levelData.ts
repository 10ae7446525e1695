/** Game-data lookups for the level estimate: ascendancy nodes of a tree bundle, gem level requirements. */
import { findGem } from "../../data/gemLookup";
import type { GemsBundle, TreeBundle } from "../../data/gameDataTypes";
import type { LevelData } from "./approximateLevel";

export function ascendancyNodes(tree: TreeBundle): Set<number> {
  const ids = new Set<number>();
  tree.nodes.id.forEach((id, i) => {
    if (tree.nodes.ascendancy[i] >= 0) ids.add(id);
  });
  return ids;
}

/** The character level the gem needs at its level (capped at its max level); 1 when the gem is unknown. */
export function gemRequiredLevel(gems: GemsBundle) {
  return (gem: { name: string; gemId: string; level: number }): number => {
    const found = findGem(gems, gem.gemId, gem.name);
    if (!found) return 1;
    const levels = found.gem.requiredLevel;
    return levels[Math.max(0, Math.min(gem.level, found.gem.maxLevel, levels.length) - 1)] ?? 1;
  };
}

export function levelData(tree: TreeBundle | null, gems: GemsBundle | null): LevelData {
  const asc = tree ? ascendancyNodes(tree) : null;
  return {
    isAscendancy: (id) => asc?.has(id) ?? false,
    requiredLevel: gems ? gemRequiredLevel(gems) : () => 1,
  };
}
