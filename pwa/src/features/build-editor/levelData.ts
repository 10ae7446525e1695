/** Game-data lookups for the level estimate: ascendancy nodes of a tree bundle, gem and item level requirements. */
import type { PlannerItem } from "@workers/planner/types";
import { findGem } from "../../data/gemLookup";
import type { GemsBundle, ItemsBundle, TreeBundle } from "../../data/gameDataTypes";
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

/**
 * The base item a name holds: the name itself, else the longest run of its
 * words that is a base ("Hale Leather Belt of the Whelpling" -> "Leather Belt";
 * normal and magic exports give the whole name as the base).
 */
export function baseOf(items: ItemsBundle, name: string): string | null {
  if (items.bases[name]) return name;
  const words = name.split(/\s+/).filter(Boolean);
  for (let len = words.length - 1; len >= 1; len--) {
    for (let start = 0; start + len <= words.length; start++) {
      const candidate = words.slice(start, start + len).join(" ");
      if (items.bases[candidate]) return candidate;
    }
  }
  return null;
}

/**
 * The items bundle's level requirement of an item: a unique's own entry (by
 * name), else its base's; 0 when the bundle knows neither.
 */
export function itemBundleLevel(items: ItemsBundle) {
  const byName = new Map<string, number>();
  const baseLevel = (name: string): number => {
    let level = byName.get(name);
    if (level === undefined) {
      const base = baseOf(items, name);
      level = base ? items.bases[base].req[0] : 0;
      byName.set(name, level);
    }
    return level;
  };
  return (item: PlannerItem): number => {
    if (item.rarity === "Unique" || item.rarity === "Relic") {
      const unique = items.uniques[item.name];
      if (unique) return Math.max(unique.req[0], items.bases[unique.base]?.req[0] ?? 0);
    }
    return item.baseType ? baseLevel(item.baseType) : 0;
  };
}

export function levelData(tree: TreeBundle | null, gems: GemsBundle | null, items: ItemsBundle | null = null): LevelData {
  const asc = tree ? ascendancyNodes(tree) : null;
  return {
    isAscendancy: (id) => asc?.has(id) ?? false,
    requiredLevel: gems ? gemRequiredLevel(gems) : () => 1,
    itemLevel: items ? itemBundleLevel(items) : () => 0,
  };
}
