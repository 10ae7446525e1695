/**
 * A build step's and a character's cluster jewels brought together for the
 * Compare tab: the rings matched (compareClusters.ts), the character's allocation
 * as the Compare tree draws it, and the next passives walked through the rings.
 * Pure: the tree model and the cluster data are passed in.
 */
import type { PlannerBuild, PlannerTree } from "@workers/planner/types";
import type { Character } from "../../data/character";
import type { ClustersBundle } from "../../data/gameDataTypes";
import { clusterItemIn, readClusterJewel } from "../../tree/clusterJewel";
import { withClusters, type ClusterJewelAt } from "../../tree/clusterLayout";
import type { TreeModel } from "../../tree/model";
import { nextPassives, type NextPassives } from "../../tree/pathing";
import type { TreeAllocation } from "../../tree/types";
import { characterClusters, characterJewelAt } from "./characterClusters";
import { compareClusters, type ClusterCompare } from "./compareClusters";

/** The cluster jewel a step socketed in a tree socket (by node id). */
export function stepJewelAt(build: Pick<PlannerBuild, "items">, tree: Pick<PlannerTree, "jewels">, bundle: ClustersBundle): ClusterJewelAt {
  return (socket) => {
    const item = clusterItemIn(build.items as Record<string, unknown>, tree.jewels?.[socket]);
    return item ? readClusterJewel(item, bundle) : null;
  };
}

/** Both sides' cluster rings, matched; null without a step tree or the cluster data. */
export function stepClusters(
  model: TreeModel,
  build: Pick<PlannerBuild, "items">,
  tree: PlannerTree | undefined,
  c: Character,
  bundle: ClustersBundle | null,
): ClusterCompare | null {
  if (!bundle || !tree) return null;
  const mine = characterClusters(c, model, bundle);
  return compareClusters(model, bundle, stepJewelAt(build, tree, bundle), characterJewelAt(c, model, bundle), tree.nodes, mine.allocated);
}

const isNested = (model: TreeModel, id: number) => model.byId.get(id)?.expansionJewel?.parent != null;

/** The character's main tree passives (its nested sockets are ring passives, compared with the rings). */
function mainPassives(model: TreeModel, c: Character): number[] {
  return (c.passives?.hashes ?? []).filter((id) => !isNested(model, id));
}

/**
 * The character's allocation as the Compare tree draws it: the main tree's passives and the
 * ring passives on rings the tree draws for it; its cluster jewels in sockets of a different
 * ring are left out (the build's ring is drawn there), their passives joining the notice.
 */
export function compareAllocation(model: TreeModel, character: TreeAllocation, c: Character, clusters: ClusterCompare | null): TreeAllocation {
  if (!clusters) return character;
  const hidden = new Set(clusters.hiddenSockets);
  const jewels = Object.fromEntries(Object.entries(character.jewels ?? {}).filter(([socket]) => !hidden.has(Number(socket))));
  const notDrawn = clusters.rings.filter((r) => r.match === "different").reduce((k, r) => k + r.character.length, 0);
  return {
    ...character,
    nodes: [...mainPassives(model, c), ...clusters.drawn],
    jewels,
    clusterPassives: (character.clusterPassives ?? 0) + notDrawn,
  };
}

/** The tree the Compare tab draws and paths on: the step's tree with the compared rings added. */
export function compareModel(model: TreeModel, clusters: ClusterCompare | null): TreeModel {
  return clusters ? withClusters(model, clusters.layout) : model;
}

/**
 * The next passives from the character to the step on the compare tree (`model` from
 * compareModel): the ring passives are nodes linked to their socket, so paths run through
 * them; the character's passives on a different ring are not on it (swapping the jewel
 * refunds them), so the build's ring is taken afresh.
 */
export function stepNextPassives(model: TreeModel, c: Character, step: PlannerTree, classId: number, clusters: ClusterCompare | null): NextPassives {
  const allocated = clusters ? [...mainPassives(model, c), ...clusters.drawn] : c.passives?.hashes ?? [];
  return nextPassives(model, allocated, step.nodes, classId, tattooedUnallocated(c));
}

/**
 * Passives the character tattooed without allocating them (the official sample has three): the
 * next passives never ask for one, as taking it gives the tattoo, not the step's passive; a path
 * may still cross one. Allocated tattooed passives are simply allocated.
 */
export function tattooedUnallocated(c: Character): Set<number> {
  const have = new Set(c.passives?.hashes ?? []);
  return new Set(Object.keys(c.passives?.skillOverrides ?? {}).map(Number).filter((id) => Number.isInteger(id) && !have.has(id)));
}
