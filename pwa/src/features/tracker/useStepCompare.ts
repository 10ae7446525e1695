/** The compare and the next passives for the selected step, recomputed only when their inputs change. */
import { useMemo, useState } from "react";
import type { PlannerBuild } from "@workers/planner/types";
import type { Character } from "../../data/character";
import type { ClassTable } from "../../data/classes";
import type { NextPassives } from "../../tree/pathing";
import type { TreeAllocation } from "../../tree/types";
import { hasClusterJewel } from "../../tree/clusterJewel";
import { useTreeModel } from "../../tree/useTreeModel";
import type { StepSets } from "../build-view/stepView";
import type { JewelPlacement } from "./characterJewels";
import { classIds, treeClassOf } from "./characterView";
import { classMismatch, compareStep, type StepCompare } from "./compare";
import { compareAllocation, compareModel, stepClusters, stepNextPassives } from "./stepClusters";
import { useCharacterTree } from "./useCharacterTree";
import { useClusterData } from "./useClusterData";

export interface StepCompareState {
  compare: StepCompare | null;
  next: NextPassives | null;
  characterTree: TreeAllocation | null;
  characterJewels: JewelPlacement | null;
  /** The character as the Compare tree draws it (its rings matched against the step's). */
  compareTree: TreeAllocation | null;
  /** The step's tree, which the tree compare needs: loading, or why it failed (with a retry). */
  treeLoad: { status: "loading" | "ready" } | { status: "error"; message: string };
  retryTree: () => void;
}

export function useStepCompare(table: ClassTable | null, build: PlannerBuild | undefined, sets: StepSets | undefined, character: Character | null): StepCompareState {
  const version = sets?.tree?.treeVersion ?? build?.targetVersion ?? "";
  const [attempt, setAttempt] = useState(0);
  // Only a character needs the tree here (the build's own tree view loads it when opened).
  // The step's passives pick its tree as the build's own view does (a version we lack: the one holding most of them).
  const tree = useTreeModel(character ? version : null, sets?.tree?.nodes, attempt);
  const model = tree.status === "ready" ? tree.model : null;
  const mine = useCharacterTree(table, character, version);
  const wanted = !!character && ((character.passives?.expansionJewels.length ?? 0) > 0 || hasClusterJewel(build?.items, sets?.tree));
  const bundle = useClusterData(wanted);
  const computed = useMemo(() => {
    if (!build || !sets || !character) return { compare: null, next: null, clusters: null };
    // Across classes every passive would count as missing or extra: the compare says so instead.
    const mismatch = classMismatch(table, character, build, model);
    const clusters = model && !mismatch ? stepClusters(model, build, sets.tree, character, bundle) : null;
    const compare = compareStep(model, build, sets, character, clusters, undefined, mismatch);
    const classId = classIds(table, treeClassOf(table, character, model)).classId;
    const next = model && sets.tree && !mismatch ? stepNextPassives(compareModel(model, clusters), character, sets.tree, classId, clusters) : null;
    return { compare, next, clusters };
  }, [model, build, sets, character, table, bundle]);
  const compareTree = useMemo(
    () => (model && character && mine.allocation ? compareAllocation(model, mine.allocation, character, computed.clusters) : mine.allocation),
    [model, character, mine.allocation, computed.clusters],
  );
  const treeLoad = tree.status === "error" ? { status: "error" as const, message: tree.message } : { status: tree.status };
  const retryTree = useMemo(() => () => setAttempt((n) => n + 1), []);
  return { compare: computed.compare, next: computed.next, characterTree: mine.allocation, characterJewels: mine.jewels, compareTree, treeLoad, retryTree };
}
