/**
 * The character's passives as a tree allocation, its jewels placed by the jewel
 * slot list of the tree of the character's own game version (the official
 * socket index refers to it; the Ruthless tree for a Ruthless character), falling back to
 * `fallbackVersion`. With cluster
 * jewels, the cluster data is loaded and their ring passives allocated.
 */
import { useMemo } from "react";
import type { Character } from "../../data/character";
import type { ClassTable } from "../../data/classes";
import type { TreeAllocation } from "../../tree/types";
import { useTreeModel } from "../../tree/useTreeModel";
import { characterClusters } from "./characterClusters";
import { placeCharacterJewels, type JewelPlacement } from "./characterJewels";
import { characterAllocation, characterTreeVersion, treeClassOf } from "./characterView";
import { useClusterData } from "./useClusterData";

export interface CharacterTree {
  allocation: TreeAllocation | null;
  jewels: JewelPlacement | null;
}

export function useCharacterTree(table: ClassTable | null, character: Character | null, fallbackVersion: string): CharacterTree {
  const version = character ? characterTreeVersion(character, fallbackVersion) : fallbackVersion;
  const state = useTreeModel(character ? version : null);
  const model = state.status === "ready" ? state.model : null;
  const wanted = (character?.passives?.expansionJewels.length ?? 0) > 0;
  const bundle = useClusterData(wanted);
  return useMemo(() => {
    // Until the tree is in, no jewel is placed; the passives are drawn once it is anyway.
    if (!character) return { allocation: null, jewels: null };
    const clusters = model && bundle && wanted ? characterClusters(character, model, bundle) : null;
    const clusterNotables = clusters?.allocated.filter((n) => n.kind === "notable" || n.kind === "keystone").map((n) => n.name).sort();
    // Drawn as the class its passives belong to (a Templar's passives start from the Templar's start).
    const cls = treeClassOf(table, character, model);
    return {
      allocation: characterAllocation(table, cls === character.class ? character : { ...character, class: cls }, version, model, clusters),
      jewels: { ...placeCharacterJewels(character, model), clusterNotables },
    };
  }, [table, character, version, model, bundle, wanted]);
}
