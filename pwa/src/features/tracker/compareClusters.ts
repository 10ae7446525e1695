/**
 * Cluster jewel passives in the compare of a character against a build step.
 *
 * Each side's rings are laid out from its own jewels (the build's items, the
 * character's official ones), as the planner lays them out. A ring passive's id
 * (socket, jewel size, slot) only means the same passive on both sides when both
 * socket the same ring there, so rings are matched socket by socket first:
 * - same: both jewels lay out the same passives in the same places (ids, kinds
 *   and names alike; other lines of the items do not matter) and the ring they
 *   hang from is the same too. Passives are then compared by id.
 * - different: both socket a cluster jewel there, but not the same ring (or the
 *   ring it hangs from differs). Taking a cluster jewel out refunds every passive
 *   on it (nested jewels' too), so following the build means swapping the jewel
 *   and taking its ring afresh: all the build ring's allocated passives count as
 *   missing on the character, all the character's as not in build. The Compare
 *   tree draws the build's ring (its names); the character's passives there are
 *   listed by their own names instead of being drawn on a ring that is not theirs.
 * - build only / character only: the other side has no ring there; the one
 *   side's passives are missing or not in build, and drawn on its own ring.
 * Pure: the tree model, the cluster data and both sides' jewels are passed in.
 */
import type { ClustersBundle } from "../../data/gameDataTypes";
import { layoutClusters, type ClusterJewelAt, type ClusterLayout, type ClusterNode } from "../../tree/clusterLayout";
import type { TreeModel } from "../../tree/model";

export type RingMatch = "same" | "different" | "buildOnly" | "characterOnly";

export interface RingCompare {
  /** Tree id of the socket the ring hangs from. */
  socket: number;
  /** The socket of the ring this one hangs from (a nested jewel), or null for a main tree socket. */
  parent: number | null;
  match: RingMatch;
  /** Allocated passives of each side's ring there, with that side's names. */
  build: ClusterNode[];
  character: ClusterNode[];
}

export interface ClusterCompare {
  /** The rings the Compare tree draws: the build's, and the character's in sockets the build leaves empty. */
  layout: ClusterLayout;
  rings: RingCompare[];
  /** Build ring passives the character lacks ('missing on character'), by the build's names. */
  missing: ClusterNode[];
  /** Character ring passives the build lacks ('not in build'), by the character's names. */
  extra: ClusterNode[];
  both: number;
  /** Character ring passives the Compare tree draws (on rings the same as the build's, or its own where the build has none). */
  drawn: number[];
  /** Sockets whose character cluster jewel the Compare tree leaves out (a different ring, or one hanging from it). */
  hiddenSockets: number[];
}

const ringsOf = (layout: ClusterLayout) => {
  const out = new Map<number, ClusterNode[]>();
  for (const n of layout.nodes) {
    const ring = out.get(n.parentSocket) ?? [];
    ring.push(n);
    out.set(n.parentSocket, ring);
  }
  return out;
};

const signature = (ring: ClusterNode[]) =>
  ring.map((n) => `${n.id}:${n.kind}:${n.name}`).sort().join("|");

/**
 * `buildAllocated`: the step's node ids (its ring passives are the ones on the build's rings);
 * `characterAllocated`: the character's ring passives as laid out on its own rings (characterClusters).
 */
export function compareClusters(
  model: TreeModel,
  bundle: ClustersBundle,
  buildJewelAt: ClusterJewelAt,
  characterJewelAt: ClusterJewelAt,
  buildAllocated: number[],
  characterAllocated: ClusterNode[],
): ClusterCompare {
  const buildRings = ringsOf(layoutClusters(model, bundle, buildJewelAt));
  const characterLayout = ringsOf(layoutClusters(model, bundle, characterJewelAt));
  // The socket a ring's socket sits on (a nested socket is a passive of its parent's ring).
  const parentOf = new Map<number, number>();
  for (const rings of [buildRings, characterLayout])
    for (const ring of rings.values()) for (const n of ring) if (n.kind === "socket") parentOf.set(n.id, n.parentSocket);

  const match = new Map<number, RingMatch>();
  const matchOf = (socket: number): RingMatch => {
    const known = match.get(socket);
    if (known) return known;
    const b = buildRings.get(socket), c = characterLayout.get(socket);
    const parent = parentOf.get(socket);
    const up = parent === undefined ? null : matchOf(parent);
    let m: RingMatch;
    if (b && c) m = (up === null || up === "same") && signature(b) === signature(c) ? "same" : "different";
    else if (b) m = "buildOnly";
    // Hanging from a ring the Compare tree draws as the build's: the character's ring has no place there.
    else m = up === null || up === "same" || up === "characterOnly" ? "characterOnly" : "different";
    match.set(socket, m);
    return m;
  };

  const wanted = new Set(buildAllocated);
  const mine = new Map<number, ClusterNode[]>();
  for (const n of characterAllocated) mine.set(n.parentSocket, [...(mine.get(n.parentSocket) ?? []), n]);
  const rings: RingCompare[] = [];
  for (const socket of new Set([...buildRings.keys(), ...characterLayout.keys()])) {
    rings.push({
      socket,
      parent: parentOf.get(socket) ?? null,
      match: matchOf(socket),
      build: (buildRings.get(socket) ?? []).filter((n) => wanted.has(n.id)),
      character: mine.get(socket) ?? [],
    });
  }

  const missing: ClusterNode[] = [];
  const extra: ClusterNode[] = [];
  const drawn: number[] = [];
  let both = 0;
  for (const r of rings) {
    if (r.match === "same") {
      const have = new Set(r.character.map((n) => n.id));
      const want = new Set(r.build.map((n) => n.id));
      for (const n of r.build) {
        if (have.has(n.id)) both++;
        else missing.push(n);
      }
      extra.push(...r.character.filter((n) => !want.has(n.id)));
    } else {
      missing.push(...r.build);
      extra.push(...r.character);
    }
    if (r.match === "same" || r.match === "characterOnly") drawn.push(...r.character.map((n) => n.id));
  }
  // The character's jewels are laid out only where the build has no ring and theirs has a place.
  const own = (socket: number) => match.get(socket) === "characterOnly";
  const hiddenSockets = model.jewelSlots.filter((s) => !own(s) && match.get(s) !== "same" && characterJewelAt(s) !== null);
  const layout = layoutClusters(model, bundle, (socket) => buildJewelAt(socket) ?? (own(socket) ? characterJewelAt(socket) : null));
  const byId = (a: ClusterNode, b: ClusterNode) => a.id - b.id;
  return { layout, rings, missing: missing.sort(byId), extra: extra.sort(byId), both, drawn, hiddenSockets: hiddenSockets.sort((a, b) => a - b) };
}

/**
 * The sockets where the two sides hold different jewels, as a player swaps them: a ring
 * nested in a different one (either side's) joins it, as swapping the outer jewel takes
 * the inner one too.
 */
export function differentJewels(rings: RingCompare[]): Pick<RingCompare, "socket" | "build" | "character">[] {
  const bySocket = new Map(rings.map((r) => [r.socket, r]));
  const outer = (r: RingCompare): RingCompare => {
    const up = r.parent === null ? undefined : bySocket.get(r.parent);
    return up && up.match === "different" ? outer(up) : r;
  };
  const out = new Map<number, Pick<RingCompare, "socket" | "build" | "character">>();
  for (const r of rings) {
    const top = outer(r);
    if (top.match !== "different") continue;
    const entry = out.get(top.socket) ?? { socket: top.socket, build: [], character: [] };
    entry.build.push(...r.build);
    entry.character.push(...r.character);
    out.set(top.socket, entry);
  }
  return [...out.values()].filter((e) => e.build.length || e.character.length);
}
