/**
 * Approximate character level of a build step (spec §4, §9):
 * max(tree level, min(equipment level, skills level)), 0 when any part is missing,
 * and the rule that set it ("level 68: Tabula Rasa's requirement", "level 62: 83 passive points").
 *
 * Passive points are counted by the app's one passive-point model
 * (workers/guide/passivePoints.ts); items' requirements are the larger of the
 * export's own and the items bundle's (base item, or unique); gem levels shown
 * for a step are capped to the step's level (cappedGemLevel).
 */
import { banditFlag, levelForPoints, MAX_LEVEL } from "@workers/guide/passivePoints";
import { cappedGemLevel } from "@workers/planner/rules";
import type { PlannerBuild, PlannerItem, PlannerItemSet, PlannerSkillSet, PlannerTree } from "@workers/planner/types";
import { itemIn } from "../build-view/stepView";

export { MAX_LEVEL };

type GemRef = { name: string; gemId: string; level: number };

/** What the estimate needs from game data; without it every node counts, gems count as level 1 and items as stated. */
export interface LevelData {
  isAscendancy: (nodeId: number) => boolean;
  requiredLevel: (gem: GemRef) => number;
  /** The items bundle's level requirement for the item (its base's, or the unique's); 0 when unknown. */
  itemLevel: (item: PlannerItem) => number;
}

export const NO_LEVEL_DATA: LevelData = { isAscendancy: () => false, requiredLevel: () => 1, itemLevel: () => 0 };

/** Allocated nodes that cost a passive point (ascendancy nodes have points of their own). */
export function treePoints(tree: PlannerTree, isAscendancy: (nodeId: number) => boolean = () => false): number {
  return tree.nodes.filter((id) => !isAscendancy(id)).length;
}

/**
 * The lowest level whose passive points (level-ups plus quest and bandit points,
 * by the passive-point model) cover the tree's non-ascendancy nodes; 0 without a tree.
 */
export function treeLevel(tree: PlannerTree | undefined, bandit: string | undefined, isAscendancy: (nodeId: number) => boolean = () => false): number {
  if (!tree) return 0;
  const nodes = treePoints(tree, isAscendancy);
  if (nodes === 0) return 1;
  return levelForPoints(nodes, banditFlag(bandit));
}

/** An item's required level: the larger of the export's stated requirement and the items bundle's. */
export function itemRequiredLevel(item: PlannerItem, bundleLevel: (item: PlannerItem) => number = () => 0): number {
  return Math.max(item.requirements.level || 0, bundleLevel(item) || 0);
}

const isUnique = (item: PlannerItem) => item.rarity === "Unique" || item.rarity === "Relic";

export interface EquipmentLevel {
  level: number;
  /** The unique whose requirement set the level, when one did. */
  unique: PlannerItem | null;
  /** The non-unique items averaged. */
  averaged: PlannerItem[];
}

/**
 * Average level requirement of the set's non-unique items, or the lowest
 * unique requirement when that is higher; 0 without a set.
 */
export function equipmentEstimate(build: PlannerBuild, set: PlannerItemSet | undefined, bundleLevel?: (item: PlannerItem) => number): EquipmentLevel {
  if (!set) return { level: 0, unique: null, averaged: [] };
  const normal: { item: PlannerItem; level: number }[] = [];
  let lowest: { item: PlannerItem; level: number } | null = null;
  for (const id of Object.values(set.slots)) {
    const item = itemIn(build, id);
    if (!item) continue;
    const level = itemRequiredLevel(item, bundleLevel);
    if (isUnique(item)) {
      if (!lowest || level < lowest.level) lowest = { item, level };
    } else {
      normal.push({ item, level });
    }
  }
  const average = normal.length ? Math.round(normal.reduce((a, b) => a + b.level, 0) / normal.length) : 0;
  if (lowest && lowest.level > average) return { level: lowest.level, unique: lowest.item, averaged: [] };
  return { level: average, unique: null, averaged: normal.map((n) => n.item) };
}

export function equipmentLevel(build: PlannerBuild, set: PlannerItemSet | undefined, bundleLevel?: (item: PlannerItem) => number): number {
  return equipmentEstimate(build, set, bundleLevel).level;
}

export interface SkillsLevel {
  level: number;
  /** The gems averaged (those needing more than level 1). */
  gems: GemRef[];
}

/** Floor of the average required level of the set's gems that need more than level 1; 0 without a set. */
export function skillsEstimate(set: PlannerSkillSet | undefined, requiredLevel: (gem: GemRef) => number): SkillsLevel {
  if (!set) return { level: 0, gems: [] };
  const levels: number[] = [];
  const gems: GemRef[] = [];
  for (const group of set.groups) {
    if (!group.enabled) continue;
    for (const gem of group.gems) {
      if (!gem.enabled) continue;
      const level = requiredLevel(gem);
      if (level > 1) {
        levels.push(level);
        gems.push(gem);
      }
    }
  }
  return { level: levels.length ? Math.floor(levels.reduce((a, b) => a + b, 0) / levels.length) : 0, gems };
}

export function skillsLevel(set: PlannerSkillSet | undefined, requiredLevel: (gem: GemRef) => number): number {
  return skillsEstimate(set, requiredLevel).level;
}

export interface LevelParts {
  tree: number;
  equipment: number;
  skills: number;
}

/** max(tree, min(equipment, skills)); 0 when any set is missing. */
export function stepLevel(parts: LevelParts, complete: boolean): number {
  if (!complete) return 0;
  return Math.max(parts.tree, Math.min(parts.equipment, parts.skills));
}

/** Which part set the estimate: the tree's points, a unique's requirement, the items' or the gems' average. */
export type LevelRule = "passives" | "unique" | "items" | "gems" | "incomplete";

export interface LevelEstimate {
  level: number;
  rule: LevelRule;
  /** "level 62: 83 passive points"; "" when the step is incomplete. */
  reason: string;
  parts: LevelParts;
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The approximate level of a step naming three sets by id, and what set it. */
export function estimateStepLevel(
  build: PlannerBuild,
  step: { equipmentSetId: string | null; passiveTreeId: string | null; skillSetId: string | null },
  data: LevelData = NO_LEVEL_DATA,
): LevelEstimate {
  const tree = build.trees.find((t) => t.id === step.passiveTreeId);
  const itemSet = build.itemSets.find((s) => s.id === step.equipmentSetId);
  const skillSet = build.skillSets.find((s) => s.id === step.skillSetId);
  const equipment = equipmentEstimate(build, itemSet, data.itemLevel);
  const skills = skillsEstimate(skillSet, data.requiredLevel);
  const parts = { tree: treeLevel(tree, build.bandit, data.isAscendancy), equipment: equipment.level, skills: skills.level };
  const level = stepLevel(parts, !!tree && !!itemSet && !!skillSet);
  if (!tree || !itemSet || !skillSet) return { level, rule: "incomplete", reason: "", parts };
  if (parts.tree >= Math.min(parts.equipment, parts.skills)) {
    return { level, rule: "passives", reason: `level ${level}: ${count(treePoints(tree, data.isAscendancy), "passive point", "passive points")}`, parts };
  }
  if (parts.equipment <= parts.skills) {
    if (equipment.unique) return { level, rule: "unique", reason: `level ${level}: ${equipment.unique.name}'s requirement`, parts };
    const items = equipment.averaged;
    const what = items.length === 1 ? `${items[0].name}'s requirement` : `the average requirement of ${items.length} items`;
    return { level, rule: "items", reason: `level ${level}: ${what}`, parts };
  }
  const gems = skills.gems;
  const what = gems.length === 1 ? `${gems[0].name}'s requirement` : `the average requirement of ${gems.length} gems`;
  return { level, rule: "gems", reason: `level ${level}: ${what}`, parts };
}

/** The approximate level of a step naming three sets by id. */
export function approximateStepLevel(
  build: PlannerBuild,
  step: { equipmentSetId: string | null; passiveTreeId: string | null; skillSetId: string | null },
  data: LevelData = NO_LEVEL_DATA,
): number {
  return estimateStepLevel(build, step, data).level;
}

/**
 * Spec §5: a gem's level capped to what a character of the step's level can
 * use. Null when nothing is capped (no step level, unknown gem, or the gem fits).
 */
export function cappedGem(level: number, requiredLevels: readonly number[] | undefined, stepLevel: number): { capped: number; text: string } | null {
  if (!requiredLevels?.length || stepLevel <= 0) return null;
  const capped = cappedGemLevel(level, requiredLevels, stepLevel);
  if (capped >= Math.min(level, requiredLevels.length)) return null;
  return { capped, text: `${capped} at level ${stepLevel}` };
}
