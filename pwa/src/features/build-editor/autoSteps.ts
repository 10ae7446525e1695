/**
 * The one-minute first build: from a planner export with several tree specs,
 * suggest one step per tree with the equipment and skill sets whose titles
 * match it best. The user can change every choice afterwards.
 */
import type { PlannerBuild } from "@workers/planner/types";
import { equipmentLevel } from "./approximateLevel";
import { chooseSet, defaultTitle, newStepKey, type EditorStep } from "./steps";

interface Titled {
  id: string;
  title: string;
}

const tokens = (title: string): string[] => title.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * How well a set's title matches a tree's: the same id wins outright; then
 * shared words (numbers such as levels count double); then closeness of the
 * two in their lists, so progressions with unrelated names still line up.
 */
export function titleScore(tree: Titled, treeIndex: number, treeCount: number, set: Titled, setIndex: number, setCount: number): number {
  if (tree.id === set.id) return 100;
  const a = tokens(tree.title);
  const b = new Set(tokens(set.title));
  let shared = 0;
  for (const t of new Set(a)) if (b.has(t)) shared += /^\d+$/.test(t) ? 2 : 1;
  const union = new Set([...a, ...b]).size || 1;
  const position = (x: number, n: number) => (n <= 1 ? 0.5 : x / (n - 1));
  const closeness = 1 - Math.abs(position(treeIndex, treeCount) - position(setIndex, setCount));
  return (10 * shared) / union + closeness;
}

function bestMatch(tree: Titled, treeIndex: number, treeCount: number, sets: Titled[]): string | null {
  let best: string | null = null;
  let bestScore = -Infinity;
  sets.forEach((set, i) => {
    const score = titleScore(tree, treeIndex, treeCount, set, i, sets.length);
    if (score > bestScore) {
      bestScore = score;
      best = set.id;
    }
  });
  return best;
}

/** True when the export has more than one set of any kind, so steps are worth suggesting. */
export function hasSeveralSets(build: PlannerBuild): boolean {
  return build.trees.length > 1 || build.itemSets.length > 1 || build.skillSets.length > 1;
}

/**
 * One step per tree spec, leveling first: trees are taken in document order,
 * reversed when the export lists its biggest tree first. Item sets line up by
 * their level requirement (a leveling set before an endgame one), skill sets by
 * their order in the export.
 */
export function suggestSteps(build: PlannerBuild): EditorStep[] {
  const trees = [...build.trees];
  if (trees.length > 1 && trees[0].nodes.length > trees[trees.length - 1].nodes.length) trees.reverse();
  const levels = new Map(build.itemSets.map((s) => [s.id, equipmentLevel(build, s)]));
  const itemSets = [...build.itemSets].sort((a, b) => levels.get(a.id)! - levels.get(b.id)!);
  const skillSets = build.skillSets;
  return trees.map((tree, i) => {
    let step: EditorStep = { key: newStepKey(), title: tree.title || defaultTitle(i), equipmentSetId: null, passiveTreeId: null, skillSetId: null };
    step = chooseSet(step, "passiveTreeId", tree.id);
    step = chooseSet(step, "equipmentSetId", bestMatch(tree, i, trees.length, itemSets));
    step = chooseSet(step, "skillSetId", bestMatch(tree, i, trees.length, skillSets));
    return step;
  });
}
