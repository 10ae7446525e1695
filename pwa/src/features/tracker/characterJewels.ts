/**
 * Where a character's jewels sit on the tree. The official API names a jewel's
 * socket by its position `x` in the tree export's jewel slot list, which holds
 * the main tree's sockets and the sockets nested inside cluster jewels alike.
 * Jewels are placed in their socket node either way (the tooltip shows the
 * item); a nested socket is drawn once its cluster jewel's ring is laid out
 * (characterClusters.ts), which also allocates the ring's passives.
 */
import type { Character, SocketedJewel } from "../../data/character";

/** What of the tree is needed: its jewel slot list and which nodes it draws. */
export interface JewelTree {
  jewelSlots: number[];
  byId: Map<number, { proxy: boolean }>;
}

export interface UnplacedJewel {
  socketIndex: number;
  itemId: string;
  name: string;
  /** "unknown": this tree has no such slot. */
  reason: "unknown";
}

export interface JewelPlacement {
  /** Socket node id -> item id (`char:jewel:{x}`, as characterGear names them). */
  placed: Record<number, string>;
  unplaced: UnplacedJewel[];
  /** Allocated passives of the character's cluster jewels (the official count, hashes_ex). */
  clusterPassives: number;
  /** Names of the allocated cluster notables, once their rings are laid out (useCharacterTree). */
  clusterNotables?: string[];
}

export const jewelItemId = (x: number) => `char:jewel:${x}`;

export function socketedJewels(c: Character): SocketedJewel[] {
  return [...(c.passives?.jewels ?? []), ...(c.passives?.expansionJewels ?? [])];
}

export function placeCharacterJewels(c: Character, tree: JewelTree | null): JewelPlacement {
  const placed: Record<number, string> = {};
  const unplaced: UnplacedJewel[] = [];
  for (const j of socketedJewels(c)) {
    const itemId = jewelItemId(j.socketNodeIndex);
    const node = tree?.jewelSlots[j.socketNodeIndex];
    const n = node === undefined ? undefined : tree?.byId.get(node);
    // Nested sockets (proxies until their parent's ring moves them onto it) are placed too.
    if (node !== undefined && n) placed[node] = itemId;
    else unplaced.push({ socketIndex: j.socketNodeIndex, itemId, name: j.equipment.name || j.equipment.baseType, reason: "unknown" });
  }
  unplaced.sort((a, b) => a.socketIndex - b.socketIndex);
  const clusterPassives = (c.passives?.expansionJewels ?? []).reduce((k, j) => k + (j.allocatedOrbitIndices?.length ?? 0), 0);
  return { placed, unplaced, clusterPassives };
}
