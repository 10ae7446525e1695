/**
 * A character's cluster jewels on its tree: the official items read as the planner
 * reads cluster jewels (clusterJewel.ts), their rings laid out as the build's are
 * (clusterLayout.ts, nested rings too), and the ring passives the official answer
 * allocated. The API names those by the subgraph's orbit slots (`allocatedOrbitIndices`,
 * read by the server from hashes_ex), so a ring node is allocated when its jewel's
 * socket and its orbit slot match. Pure: the tree model and the cluster data are passed in.
 */
import type { Character } from "../../data/character";
import type { ClustersBundle } from "../../data/gameDataTypes";
import { readClusterJewel } from "../../tree/clusterJewel";
import { layoutClusters, type ClusterJewelAt, type ClusterLayout, type ClusterNode } from "../../tree/clusterLayout";
import type { TreeModel } from "../../tree/model";
import { placeCharacterJewels, socketedJewels } from "./characterJewels";
import { plannerItemOf } from "./characterView";

export interface CharacterClusters {
  layout: ClusterLayout;
  /** The ring nodes the character allocated, in the official answer's jewel order. */
  allocated: ClusterNode[];
  /** Allocated passives no drawn ring holds (a jewel the data cannot read, an unknown slot). */
  unmatched: number;
}

/** The cluster jewel the character socketed in a tree socket (by node id), read as the planner reads one. */
export function characterJewelAt(c: Character, model: TreeModel, bundle: ClustersBundle): ClusterJewelAt {
  const { placed } = placeCharacterJewels(c, model);
  const bySocket = new Map(socketedJewels(c).map((j) => [model.jewelSlots[j.socketNodeIndex], j]));
  return (socketId: number) => {
    const j = placed[socketId] !== undefined ? bySocket.get(socketId) : undefined;
    return j ? readClusterJewel(plannerItemOf(j.equipment, placed[socketId]), bundle) : null;
  };
}

export function characterClusters(c: Character, model: TreeModel, bundle: ClustersBundle): CharacterClusters {
  const layout = layoutClusters(model, bundle, characterJewelAt(c, model, bundle));
  const allocated: ClusterNode[] = [];
  let unmatched = 0;
  for (const j of c.passives?.expansionJewels ?? []) {
    const socket = model.jewelSlots[j.socketNodeIndex];
    const ring = layout.nodes.filter((n) => n.parentSocket === socket);
    for (const slot of j.allocatedOrbitIndices ?? []) {
      const n = ring.find((r) => r.orbitIndex === slot);
      if (n) allocated.push(n);
      else unmatched += 1;
    }
  }
  return { layout, allocated, unmatched };
}
