/**
 * Approximate character level of a build step (spec §4, §9):
 * max(tree level, min(equipment level, skills level)), 0 when any part is missing.
 */
import type { PlannerBuild, PlannerItemSet, PlannerSkillSet, PlannerTree } from "@workers/planner/types";
import { itemIn } from "../build-view/stepView";

export const MAX_LEVEL = 100;
/** Passive points from quests, by the character level they are usually reached at (the 68 is two points). */
export const QUEST_POINT_LEVELS: readonly [level: number, points: number][] = [
  ...[5, 6, 17, 18, 26, 30, 35, 41, 44, 46, 47, 48, 53, 54, 57, 57, 57, 61, 62, 63, 64].map((l) => [l, 1] as [number, number]),
  [68, 2],
];
/** The non-ascendancy node count from which the bandit point counts (spec §9). */
export const BANDIT_POINT_MIN_NODES = 15;
/**
 * The bandits in the planner's order; the spec deducts a point for "none" (kill
 * all, which grants the point) or the first bandit.
 */
export const BANDITS = ["Alira", "Kraityn", "Oak"] as const;

/** Quest passive points a character has collected by this level. */
export function questPoints(level: number): number {
  let points = 0;
  for (const [at, n] of QUEST_POINT_LEVELS) if (at <= level) points += n;
  return points;
}

/** True when the bandit choice gives the extra point the estimate deducts. */
export function banditDeducts(bandit: string | undefined): boolean {
  const b = (bandit ?? "").trim().toLowerCase();
  return b === "" || b === "none" || b === "kill all" || b === BANDITS[0].toLowerCase();
}

/**
 * The lowest level whose level-up points (level - 1) plus quest points cover the
 * tree's non-ascendancy nodes, less one for the bandit point; 0 without a tree.
 */
export function treeLevel(tree: PlannerTree | undefined, bandit: string | undefined, isAscendancy: (nodeId: number) => boolean = () => false): number {
  if (!tree) return 0;
  const nodes = tree.nodes.filter((id) => !isAscendancy(id)).length;
  if (nodes === 0) return 1;
  const needed = nodes - (nodes >= BANDIT_POINT_MIN_NODES && banditDeducts(bandit) ? 1 : 0);
  for (let level = 1; level <= MAX_LEVEL; level++) {
    if (level - 1 + questPoints(level) >= needed) return level;
  }
  return MAX_LEVEL;
}

/**
 * Average level requirement of the set's non-unique items, or the lowest
 * unique requirement when that is higher; 0 without a set.
 */
export function equipmentLevel(build: PlannerBuild, set: PlannerItemSet | undefined): number {
  if (!set) return 0;
  const normal: number[] = [];
  const unique: number[] = [];
  for (const id of Object.values(set.slots)) {
    const item = itemIn(build, id);
    if (!item) continue;
    (item.rarity === "Unique" || item.rarity === "Relic" ? unique : normal).push(item.requirements.level);
  }
  const average = normal.length ? Math.round(normal.reduce((a, b) => a + b, 0) / normal.length) : 0;
  const lowestUnique = unique.length ? Math.min(...unique) : 0;
  return Math.max(average, lowestUnique);
}

/** Floor of the average required level of the set's gems that need more than level 1; 0 without a set. */
export function skillsLevel(set: PlannerSkillSet | undefined, requiredLevel: (gem: { name: string; gemId: string; level: number }) => number): number {
  if (!set) return 0;
  const levels: number[] = [];
  for (const group of set.groups) {
    if (!group.enabled) continue;
    for (const gem of group.gems) {
      if (!gem.enabled) continue;
      const level = requiredLevel(gem);
      if (level > 1) levels.push(level);
    }
  }
  return levels.length ? Math.floor(levels.reduce((a, b) => a + b, 0) / levels.length) : 0;
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

/** What the estimate needs from game data; without it every node counts and gems count as level 1. */
export interface LevelData {
  isAscendancy: (nodeId: number) => boolean;
  requiredLevel: (gem: { name: string; gemId: string; level: number }) => number;
}

export const NO_LEVEL_DATA: LevelData = { isAscendancy: () => false, requiredLevel: () => 1 };

/** The approximate level of a step naming three sets by id. */
export function approximateStepLevel(
  build: PlannerBuild,
  step: { equipmentSetId: string | null; passiveTreeId: string | null; skillSetId: string | null },
  data: LevelData = NO_LEVEL_DATA,
): number {
  const tree = build.trees.find((t) => t.id === step.passiveTreeId);
  const itemSet = build.itemSets.find((s) => s.id === step.equipmentSetId);
  const skillSet = build.skillSets.find((s) => s.id === step.skillSetId);
  const parts = {
    tree: treeLevel(tree, build.bandit, data.isAscendancy),
    equipment: equipmentLevel(build, itemSet),
    skills: skillsLevel(skillSet, data.requiredLevel),
  };
  return stepLevel(parts, !!tree && !!itemSet && !!skillSet);
}
