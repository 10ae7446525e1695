/**
 * Gems an export names only by skillId or gemId, without nameSpec (older planner versions and
 * other tools write them so): named from the game data's gem list, as server/planner/gem_names.py
 * does. The decoder itself carries no game data, so the caller hands the gems bundle in.
 */
import type { PlannerBuild, PlannerGem, PlannerSocketGroup } from "./types";

/** The part of the gems bundle (game-data/FORMAT.md, `gems`) that names a gem by its ids. */
export interface GemIdTable {
  gems: Record<string, { name: string; isSupport: boolean }>;
  /** Older spellings without the "SkillGem" prefix -> metadata id. */
  aliases?: Record<string, string>;
  /** The planner's skillId (a granted effect id) -> metadata id. */
  bySkillId?: Record<string, string>;
}

/** A gem whose name must come from the gem list. */
export function isUnnamedGem(gem: PlannerGem): boolean {
  return !gem.name && Boolean(gem.skillId || gem.gemId);
}

/**
 * A group whose skills an item or passive grants (its source): the planner leaves their names
 * blank, and they are not gems to socket even when a gem grants the same skill (an item's
 * Purity of Elements, Despair or Decoy Totem), so they stay unnamed.
 */
function isGranted(group: PlannerSocketGroup): boolean {
  return Boolean(group.source);
}

export function hasUnnamedGems(build: PlannerBuild): boolean {
  return build.skillSets.some((set) => set.groups.some((group) => !isGranted(group) && group.gems.some(isUnnamedGem)));
}

/**
 * The gem's entry by its skillId first (it tells a transfigured gem from its base, which shares
 * the base's gemId), then by gemId or its older spelling; null when the list has neither.
 */
export function gemEntryOf(table: GemIdTable, gemId: string, skillId: string): { name: string; isSupport: boolean } | null {
  const ids = [skillId ? table.bySkillId?.[skillId] : undefined, gemId, gemId ? table.aliases?.[gemId] : undefined];
  for (const id of ids) if (id && Object.hasOwn(table.gems, id)) return table.gems[id];
  return null;
}

/**
 * The build with every unnamed gem named from the gem list. Supports are named as the planner
 * names them (nameSpec "Added Fire Damage", not the item's "Added Fire Damage Support").
 * Gems the list does not know, and skills granted by items or passives, stay unnamed, as before.
 */
export function nameGems(build: PlannerBuild, table: GemIdTable): PlannerBuild {
  if (!hasUnnamedGems(build)) return build;
  const name = (gem: PlannerGem): PlannerGem => {
    if (!isUnnamedGem(gem)) return gem;
    const entry = gemEntryOf(table, gem.gemId, gem.skillId);
    if (!entry) return gem;
    const isSupport = gem.isSupport || entry.isSupport;
    return { ...gem, name: isSupport ? entry.name.replace(/ Support$/, "") : entry.name, isSupport };
  };
  return {
    ...build,
    skillSets: build.skillSets.map((set) => ({
      ...set,
      groups: set.groups.map((group) => (isGranted(group) ? group : { ...group, gems: group.gems.map(name) })),
    })),
  };
}
