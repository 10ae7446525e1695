/** The compare and the next passives for the selected step, recomputed only when their inputs change. */
import { useMemo } from "react";
import type { PlannerBuild } from "@workers/planner/types";
import type { Character } from "../../data/character";
import type { ClassTable } from "../../data/classes";
import { nextPassives, type NextPassives } from "../../tree/pathing";
import type { TreeAllocation } from "../../tree/types";
import { useTreeModel } from "../../tree/useTreeModel";
import type { StepSets } from "../build-view/stepView";
import type { JewelPlacement } from "./characterJewels";
import { classIds } from "./characterView";
import { compareStep, type StepCompare } from "./compare";
import { useCharacterTree } from "./useCharacterTree";

export interface StepCompareState {
  compare: StepCompare | null;
  next: NextPassives | null;
  characterTree: TreeAllocation | null;
  characterJewels: JewelPlacement | null;
}

export function useStepCompare(table: ClassTable | null, build: PlannerBuild | undefined, sets: StepSets | undefined, character: Character | null): StepCompareState {
  const version = sets?.tree?.treeVersion ?? build?.targetVersion ?? "";
  // Only a character needs the tree here (the build's own tree view loads it when opened).
  const tree = useTreeModel(character ? version : null);
  const model = tree.status === "ready" ? tree.model : null;
  const mine = useCharacterTree(table, character, version);
  const computed = useMemo(() => {
    if (!build || !sets || !character) return { compare: null, next: null };
    const compare = compareStep(model, build, sets, character);
    const next = model && sets.tree ? nextPassives(model, character.passives?.hashes ?? [], sets.tree.nodes, classIds(table, character.class).classId) : null;
    return { compare, next };
  }, [model, build, sets, character, table]);
  return { ...computed, characterTree: mine.allocation, characterJewels: mine.jewels };
}
