/**
 * The spec's derived rules (builds-browser-and-tracker.md sections 3-5 and 9) as pure functions.
 * Game data (gem requirements, which nodes are ascendancy nodes) comes in as
 * arguments, so these stay free of bundles and workers.
 */
import { banditFlag, levelForPoints } from "../guide/passivePoints";
import { isInvalidItem } from "./items";
import type { PlannerBuild, PlannerGem, PlannerItemSet, PlannerSkillSet } from "./types";

/** Spec §3: the bandit is "Kill all" when none or "None" was chosen. */
export const BANDIT_DEFAULT = "Kill all";

export function banditChoice(bandit: string | null | undefined): string {
  const b = (bandit ?? "").trim();
  return b === "" || b === "None" ? BANDIT_DEFAULT : b;
}

/** Spec §2 Choices: shown as 'Kill All' or 'Help {name}'. */
export function banditLabel(bandit: string | null | undefined): string {
  const choice = banditChoice(bandit);
  return choice === BANDIT_DEFAULT ? "Kill All" : `Help ${choice}`;
}

/** Spec §9: the tree version prefix is the first 4 characters ("3_25"). */
export function treeVersionPrefix(treeVersion: string): string {
  return treeVersion.slice(0, 4);
}

/**
 * Spec §9 passive point estimate: the lowest level whose passive points cover
 * the allocated non-ascendancy nodes (the class start costs nothing), counted
 * by the app's one passive-point model (workers/guide/passivePoints.ts: quest
 * points by level, and the bandit choice's points from the route facts).
 */
export function treeLevel(nonAscendancyNodes: number, bandit: string | null | undefined): number {
  if (nonAscendancyNodes <= 0) return 1;
  return levelForPoints(nonAscendancyNodes, banditFlag(bandit));
}

/**
 * Spec §4: equipment set level = average of the non-unique items' level
 * requirements (floored), or the lowest unique requirement if that is higher.
 */
export function equipmentSetLevel(set: PlannerItemSet, items: PlannerBuild["items"]): number {
  const nonUnique: number[] = [];
  let lowestUnique: number | null = null;
  for (const itemId of new Set(Object.values(set.slots))) {
    const item = items[itemId];
    if (!item || isInvalidItem(item)) continue;
    const level = item.requirements.level;
    if (item.rarity === "Unique" || item.rarity === "Relic") {
      lowestUnique = lowestUnique === null ? level : Math.min(lowestUnique, level);
    } else {
      nonUnique.push(level);
    }
  }
  const average = nonUnique.length ? Math.floor(nonUnique.reduce((a, b) => a + b, 0) / nonUnique.length) : 0;
  return lowestUnique !== null && lowestUnique > average ? lowestUnique : average;
}

/** Spec §5: disabled skills are skipped; these are the gems that count. */
export function activeGems(set: PlannerSkillSet): PlannerGem[] {
  const out: PlannerGem[] = [];
  for (const group of set.groups) {
    if (!group.enabled) continue;
    for (const gem of group.gems) if (gem.enabled && gem.name) out.push(gem);
  }
  return out;
}

/**
 * Spec §4: skill set level = floor of the average of the gems' required levels
 * above 1. A set whose gems all require level 1 is level 1; an empty set is 0.
 */
export function skillSetLevel(set: PlannerSkillSet, requiredLevel: (gem: PlannerGem) => number | undefined): number {
  const gems = activeGems(set);
  if (!gems.length) return 0;
  const levels = gems.map((g) => requiredLevel(g) ?? 0).filter((l) => l > 1);
  return levels.length ? Math.floor(levels.reduce((a, b) => a + b, 0) / levels.length) : 1;
}

/** Spec §4: max(tree level, min(equipment level, skills level)); 0 if any is missing. */
export function stepApproximateLevel(
  tree: number | null | undefined,
  equipment: number | null | undefined,
  skills: number | null | undefined,
): number {
  if (tree == null || equipment == null || skills == null) return 0;
  return Math.max(tree, Math.min(equipment, skills));
}

/**
 * Spec §5: gem level capped by the levels available (the gem's per-level
 * requirements; index 0 is gem level 1) and by the step's approximate level.
 */
export function cappedGemLevel(level: number, requiredLevels: readonly number[], stepLevel: number): number {
  let capped = Math.min(level, requiredLevels.length || level);
  while (capped > 1 && (requiredLevels[capped - 1] ?? 0) > stepLevel) capped--;
  return Math.max(1, capped);
}

export interface GemFlags {
  qualityOver20: boolean;
  levelOverMax: boolean;
  vaal: boolean;
}

/** Spec §5: gem quality over 20, level over max, and Vaal gems are flagged. */
export function gemFlags(gem: Pick<PlannerGem, "name" | "level" | "quality">, maxLevel: number): GemFlags {
  return {
    qualityOver20: gem.quality > 20,
    levelOverMax: gem.level > maxLevel,
    vaal: /^Vaal /.test(gem.name),
  };
}

/** Spec §5: skill options are all gem names in the build's skill sets, unique and alphabetical. */
export function skillOptions(build: Pick<PlannerBuild, "skillSets">): string[] {
  const names = new Set<string>();
  for (const set of build.skillSets) for (const gem of activeGems(set)) names.add(gem.name);
  return [...names].sort();
}
