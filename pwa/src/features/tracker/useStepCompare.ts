/** The compare and the next passives for the selected step, recomputed only when their inputs change. */
import { useMemo } from "react";
import type { PlannerBuild } from "@workers/planner/types";
import type { Character } from "../../data/character";
import type { ClassTable } from "../../data/classes";
import { nextPassives, type NextPassives } from "../../tree/pathing";
import type { TreeAllocation } from "../../tree/types";
import { useTreeModel } from "../../tree/useTreeModel";
import type { StepSets } from "../build-view/stepView";
import { characterAllocation, classIds } from "./characterView";
import { compareStep, type StepCompare } from "./compare";

export interface StepCompareState {
  compare: StepCompare | null;
  next: NextPassives | null;
  characterTree: TreeAllocation | null;
}

export function useStepCompare(table: ClassTable | null, build: PlannerBuild | undefined, sets: StepSets | undefined, character: Character | null): StepCompareState {
  const version = sets?.tree?.treeVersion ?? build?.targetVersion ?? "";
  const tree = useTreeModel(version);
  const model = tree.status === "ready" ? tree.model : null;
  return useMemo(() => {
    if (!build || !sets || !character) return { compare: null, next: null, characterTree: null };
    const compare = compareStep(model, build, sets, character);
    const next = model && sets.tree ? nextPassives(model, character.passives?.hashes ?? [], sets.tree.nodes, classIds(table, character.class).classId) : null;
    return { compare, next, characterTree: characterAllocation(table, character, version) };
  }, [model, build, sets, character, version, table]);
}
