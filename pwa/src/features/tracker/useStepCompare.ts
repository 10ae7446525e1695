/** The compare and the next passives for the selected step, recomputed only when their inputs change. */
import { useEffect, useMemo, useState } from "react";
import type { PlannerBuild } from "@workers/planner/types";
import type { Character } from "../../data/character";
import type { ClassTable } from "../../data/classes";
import { loadClusters } from "../../data/gameData";
import type { ClustersBundle } from "../../data/gameDataTypes";
import type { NextPassives } from "../../tree/pathing";
import type { TreeAllocation } from "../../tree/types";
import { hasClusterJewel } from "../../tree/useClusterModel";
import { useTreeModel } from "../../tree/useTreeModel";
import type { StepSets } from "../build-view/stepView";
import type { JewelPlacement } from "./characterJewels";
import { classIds } from "./characterView";
import { compareStep, type StepCompare } from "./compare";
import { compareAllocation, compareModel, stepClusters, stepNextPassives } from "./stepClusters";
import { useCharacterTree } from "./useCharacterTree";

export interface StepCompareState {
  compare: StepCompare | null;
  next: NextPassives | null;
  characterTree: TreeAllocation | null;
  characterJewels: JewelPlacement | null;
  /** The character as the Compare tree draws it (its rings matched against the step's). */
  compareTree: TreeAllocation | null;
}

/** The cluster data, once either side socketed a cluster jewel; null until then (or when it cannot load). */
function useClusterData(wanted: boolean): ClustersBundle | null {
  const [bundle, setBundle] = useState<ClustersBundle | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    // Without it the counts leave cluster passives out, as the tree's notice says.
    loadClusters().then((b) => live && setBundle(b), () => undefined);
    return () => {
      live = false;
    };
  }, [wanted]);
  return wanted ? bundle : null;
}

export function useStepCompare(table: ClassTable | null, build: PlannerBuild | undefined, sets: StepSets | undefined, character: Character | null): StepCompareState {
  const version = sets?.tree?.treeVersion ?? build?.targetVersion ?? "";
  // Only a character needs the tree here (the build's own tree view loads it when opened).
  const tree = useTreeModel(character ? version : null);
  const model = tree.status === "ready" ? tree.model : null;
  const mine = useCharacterTree(table, character, version);
  const wanted = !!character && ((character.passives?.expansionJewels.length ?? 0) > 0 || hasClusterJewel(build?.items, sets?.tree));
  const bundle = useClusterData(wanted);
  const computed = useMemo(() => {
    if (!build || !sets || !character) return { compare: null, next: null, clusters: null };
    const clusters = model ? stepClusters(model, build, sets.tree, character, bundle) : null;
    const compare = compareStep(model, build, sets, character, clusters);
    const classId = classIds(table, character.class).classId;
    const next = model && sets.tree ? stepNextPassives(compareModel(model, clusters), character, sets.tree, classId, clusters) : null;
    return { compare, next, clusters };
  }, [model, build, sets, character, table, bundle]);
  const compareTree = useMemo(
    () => (model && character && mine.allocation ? compareAllocation(model, mine.allocation, character, computed.clusters) : mine.allocation),
    [model, character, mine.allocation, computed.clusters],
  );
  return { compare: computed.compare, next: computed.next, characterTree: mine.allocation, characterJewels: mine.jewels, compareTree };
}
