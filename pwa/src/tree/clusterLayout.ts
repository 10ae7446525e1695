/**
 * Cluster jewel subgraphs, laid out as the planner (Path of Building) lays them
 * out, and a TreeModel with them added. Pure: no React, no GPU.
 *
 * For each large socket of the tree that holds a cluster jewel (then, recursively,
 * each of the new ring's sockets that holds one):
 * - the ring sits on the socket's proxy group, on orbit sizeIndex + 1;
 * - sockets take the size's socket slots first (a large jewel's single socket
 *   always slot 6), then notables the notable slots (sorted), in the data's
 *   notable sort order, then small passives the remaining small slots; medium
 *   jewels move some slots for 4- and 5-passive rings and for two notables;
 * - slots are turned by the proxy's orbit offset and translated from the data's
 *   12 slots to the tree's 16 where the orbit has 16 (the 3.17+ trees);
 * - ids: bit 16 set, large socket index << 6, medium socket index << 9, the
 *   jewel's size << 4, plus the slot; the nested sockets keep their tree ids;
 * - the ring is linked slot to slot (closed unless small), and slot 0 to the
 *   socket the jewel sits in.
 */
import type { ClustersBundle } from "../data/gameDataTypes";
import type { ClusterJewelSpec } from "./clusterJewel";
import type { TreeEdge, TreeGroup, TreeModel, TreeNode } from "./model";

export const CLUSTER_ID_BASE = 0x10000;

/** The game's fixed angles (degrees) for 16- and 40-slot orbits; others are evenly spaced. */
const ANGLES_16 = [0, 30, 45, 60, 90, 120, 135, 150, 180, 210, 225, 240, 270, 300, 315, 330];
const ANGLES_40 = [...new Set([...Array.from({ length: 36 }, (_, i) => i * 10), 45, 135, 225, 315])].sort((a, b) => a - b);

export function orbitAngle(skillsOnOrbit: number, slot: number): number {
  const deg =
    skillsOnOrbit === 16 ? ANGLES_16[slot % 16] : skillsOnOrbit === 40 ? ANGLES_40[slot % 40] : (360 * slot) / skillsOnOrbit;
  return (deg * Math.PI) / 180;
}

/** Cluster slot (of `from` per ring) -> tree orbit slot (of `to`): the planner's 12 <-> 16 tables. */
export function translateSlot(slot: number, from: number, to: number): number {
  if (from === to) return slot;
  if (from === 12 && to === 16) return [0, 1, 3, 4, 5, 7, 8, 9, 11, 12, 13, 15][slot];
  if (from === 16 && to === 12) return [0, 1, 1, 2, 3, 4, 4, 5, 6, 7, 7, 8, 9, 10, 10, 11][slot];
  return Math.floor((slot * to) / from);
}

export type ClusterNodeKind = "socket" | "notable" | "small" | "keystone";

export interface ClusterNode {
  id: number;
  kind: ClusterNodeKind;
  name: string;
  stats: string[];
  x: number;
  y: number;
  orbit: number;
  /** Slot on the tree's orbit (after the offset and the 12 -> 16 translation). */
  orbitIndex: number;
  /** The socket (tree node id) the ring hangs from. */
  parentSocket: number;
  /** Ring centre. */
  cx: number;
  cy: number;
}

export interface ClusterLink {
  a: number;
  b: number;
  /** Both ends on the same ring: drawn as an arc around the ring centre. */
  ring: { cx: number; cy: number; r: number } | null;
}

export interface ClusterLayout {
  nodes: ClusterNode[];
  links: ClusterLink[];
  /** Ring centres and radii, for the group discs. */
  rings: { cx: number; cy: number; r: number }[];
}

/** The jewel in a socket (tree node id), or null. */
export type ClusterJewelAt = (socketId: number) => ClusterJewelSpec | null;

interface Ctx {
  model: TreeModel;
  bundle: ClustersBundle;
  jewelAt: ClusterJewelAt;
  byGroup: Map<number, TreeNode[]>;
  out: ClusterLayout;
}

function groupCentre(model: TreeModel, n: TreeNode): { x: number; y: number } {
  const r = model.orbitRadii[n.orbit] ?? 0;
  const a = orbitAngle(model.skillsPerOrbit[n.orbit] ?? 1, n.orbitIndex);
  return { x: n.x - r * Math.sin(a), y: n.y + r * Math.cos(a) };
}

/** Every socketed cluster jewel's subgraph on this tree. */
export function layoutClusters(model: TreeModel, bundle: ClustersBundle, jewelAt: ClusterJewelAt): ClusterLayout {
  const byGroup = new Map<number, TreeNode[]>();
  for (const n of model.nodes) {
    if (!n.expansionJewel) continue;
    const list = byGroup.get(n.group) ?? [];
    list.push(n);
    byGroup.set(n.group, list);
  }
  const ctx: Ctx = { model, bundle, jewelAt, byGroup, out: { nodes: [], links: [], rings: [] } };
  for (const n of model.nodes) {
    // Rings start at the main tree's large sockets; the nested ones are reached through them.
    if (n.expansionJewel?.size === 2 && n.expansionJewel.parent === null) {
      const jewel = jewelAt(n.id);
      if (jewel) buildRing(ctx, n, jewel, CLUSTER_ID_BASE);
    }
  }
  return ctx.out;
}

function buildRing(ctx: Ctx, socket: TreeNode, jewel: ClusterJewelSpec, idIn: number, upSizeIn = 0): void {
  const { model, bundle } = ctx;
  const ej = socket.expansionJewel!;
  let id = idIn;
  if (ej.size === 2) id += ej.index << 6;
  else if (ej.size === 1) id += ej.index << 9;
  const data = jewel.data;
  const base = id + (data.sizeIndex << 4);
  const socketProxy = ej.proxy !== null ? model.byId.get(ej.proxy) : undefined;
  if (!socketProxy) return;
  let proxy: TreeNode = socketProxy;
  // A parent downsized (a medium jewel in a large socket): this ring moves inwards to where
  // the parent socket's own group is, as the game and the planner place it.
  const centre = upSizeIn > 0 ? groupCentre(model, socket) : groupCentre(model, socketProxy);
  // A smaller jewel in a bigger socket sits on the group of the socket's middle (index 1,
  // else 0) child socket, as in the game: its nested sockets are that child's.
  let groupSize = ej.size;
  let upSize = upSizeIn;
  while (data.sizeIndex < groupSize) {
    const inGroup: TreeNode[] = ctx.byGroup.get(proxy.group) ?? [];
    const child = inGroup.find((s) => s.expansionJewel!.index === 1) ?? inGroup.find((s) => s.expansionJewel!.index === 0);
    const next: TreeNode | undefined = child?.expansionJewel?.proxy != null ? model.byId.get(child.expansionJewel.proxy) : undefined;
    if (!child || !next) return;
    proxy = next;
    groupSize = child.expansionJewel!.size;
    upSize += 1;
  }
  const out = ctx.out;

  if (jewel.keystone) {
    const t = bundle.notables[jewel.keystone];
    out.nodes.push({
      id: base, kind: "keystone", name: jewel.keystone, stats: t?.stats ?? [], x: centre.x, y: centre.y, orbit: 0,
      orbitIndex: 0, parentSocket: socket.id, cx: centre.x, cy: centre.y,
    });
    out.links.push({ a: base, b: socket.id, ring: null });
    return;
  }

  const orbit = data.sizeIndex + 1;
  const slotsOnOrbit = model.skillsPerOrbit[orbit] ?? data.totalIndicies;
  const radius = model.orbitRadii[orbit] ?? 0;
  const socketsInGroup = ctx.byGroup.get(proxy.group) ?? [];
  const findSocket = (index: number) => socketsInGroup.find((s) => s.expansionJewel!.index === index && s.id !== socket.id);

  // Slot (in the data's ring of totalIndicies) -> what sits there.
  const slots = new Map<number, { kind: ClusterNodeKind; id: number; name: string; stats: string[]; socket?: TreeNode }>();
  const socketCount = jewel.socketCount;
  const notableCount = jewel.notables.length;
  const nodeCount = jewel.nodeCount;
  const smallCount = nodeCount - socketCount - notableCount;
  const addSocket = (slot: number, index: number) => {
    const s = findSocket(index);
    if (s) slots.set(slot, { kind: "socket", id: s.id, name: s.name || "Jewel Socket", stats: [], socket: s });
  };
  if (data.baseType.startsWith("Large") && socketCount === 1) addSocket(6, 1);
  else {
    const order = [0, 2, 1];
    for (let i = 0; i < Math.min(socketCount, data.socketIndicies.length); i++) addSocket(data.socketIndicies[i], order[i]);
  }

  const medium = data.sizeIndex === 1;
  const notableSlots: number[] = [];
  for (let slot of data.notableIndicies) {
    if (notableSlots.length === notableCount) break;
    if (medium) {
      if (socketCount === 0 && notableCount === 2) slot = slot === 6 ? 4 : slot === 10 ? 8 : slot;
      else if (nodeCount === 4) slot = slot === 10 ? 9 : slot === 2 ? 3 : slot;
    }
    if (!slots.has(slot)) notableSlots.push(slot);
  }
  notableSlots.sort((a, b) => a - b);
  jewel.notables.forEach((name, i) => {
    const slot = notableSlots[i];
    if (slot === undefined) return; // more notables than the ring holds: the planner drops them too
    slots.set(slot, { kind: "notable", id: base + slot, name, stats: bundle.notables[name]?.stats ?? [] });
  });

  const smallSlots: number[] = [];
  for (let slot of data.smallIndicies) {
    if (smallSlots.length === smallCount) break;
    if (medium) {
      if (nodeCount === 5 && slot === 4) slot = 3;
      else if (nodeCount === 4) slot = slot === 8 ? 9 : slot === 4 ? 3 : slot;
    }
    if (!slots.has(slot)) smallSlots.push(slot);
  }
  for (let i = 0; i < smallCount && i < smallSlots.length; i++) {
    const slot = smallSlots[i];
    slots.set(slot, { kind: "small", id: base + slot, name: jewel.smallName, stats: jewel.smallStats });
  }
  if (!slots.has(0)) return; // no entrance: the planner refuses such a ring

  // A small jewel in a medium socket is turned by that socket's own proxy (its size-0 offset), not
  // by the small socket's proxy the walk above reached: so the official answers place it (jewel_data
  // names the medium socket's proxy, and the allocated slots follow that offset, all 7 such rings of
  // a real character with Voices). The other walks keep the planner's proxy.
  const turnedBy = ej.size === 1 && data.sizeIndex === 0 ? socketProxy : proxy;
  const offset = ctx.bundle.orbitOffsets[String(turnedBy.id)]?.[String(data.sizeIndex)]
    ?? translateSlot(turnedBy.orbitIndex, slotsOnOrbit, data.totalIndicies);
  out.rings.push({ cx: centre.x, cy: centre.y, r: radius });
  const ring = { cx: centre.x, cy: centre.y, r: radius };
  const ordered = [...slots.keys()].sort((a, b) => a - b);
  for (const slot of ordered) {
    const s = slots.get(slot)!;
    const treeSlot = translateSlot((slot + offset) % data.totalIndicies, data.totalIndicies, slotsOnOrbit);
    const a = orbitAngle(slotsOnOrbit, treeSlot);
    out.nodes.push({
      id: s.id, kind: s.kind, name: s.name, stats: s.stats, x: centre.x + radius * Math.sin(a), y: centre.y - radius * Math.cos(a),
      orbit, orbitIndex: treeSlot, parentSocket: socket.id, cx: centre.x, cy: centre.y,
    });
  }
  for (let i = 1; i < ordered.length; i++) out.links.push({ a: slots.get(ordered[i - 1])!.id, b: slots.get(ordered[i])!.id, ring });
  if (ordered.length > 2 && data.sizeIndex > 0) {
    out.links.push({ a: slots.get(ordered[ordered.length - 1])!.id, b: slots.get(ordered[0])!.id, ring });
  }
  out.links.push({ a: slots.get(0)!.id, b: socket.id, ring: null });

  // Nested jewels hang from this ring's sockets.
  for (const slot of ordered) {
    const s = slots.get(slot)!;
    if (s.kind !== "socket" || !s.socket) continue;
    const inner = ctx.jewelAt(s.socket.id);
    if (inner) buildRing(ctx, s.socket, inner, id, upSize);
  }
}

const KIND: Record<ClusterNodeKind, TreeNode["kind"]> = { socket: "jewel", notable: "notable", small: "normal", keystone: "keystone" };
const RING_PAD = 60;

function angleOf(cx: number, cy: number, x: number, y: number): number {
  const a = Math.atan2(x - cx, -(y - cy));
  return a < 0 ? a + 2 * Math.PI : a;
}

/**
 * The tree with the subgraphs added: new nodes after the tree's own (the nested
 * sockets, which the tree hides as proxies, are moved onto their ring and shown),
 * their links as edges, and a disc per ring. The tree's model is left unchanged.
 */
export function withClusters(model: TreeModel, layout: ClusterLayout): TreeModel {
  if (layout.nodes.length === 0) return model;
  const moved = new Map(layout.nodes.filter((n) => model.byId.has(n.id)).map((n) => [n.id, n]));
  const nodes: TreeNode[] = model.nodes.map((n) => {
    const m = moved.get(n.id);
    return m ? { ...n, x: m.x, y: m.y, proxy: false, orbit: m.orbit, orbitIndex: m.orbitIndex } : n;
  });
  for (const c of layout.nodes) {
    if (moved.has(c.id)) continue;
    nodes.push({
      id: c.id, index: nodes.length, name: c.name, kind: KIND[c.kind], notable: c.kind === "notable", proxy: false, x: c.x, y: c.y,
      stats: c.stats, flavourText: [], reminderText: [], ascendancyName: null, classStartIndex: null, masteryEffects: [],
      group: -1, orbit: c.orbit, orbitIndex: c.orbitIndex, granted: null, expansionJewel: null,
    });
  }
  const byId = new Map(nodes.map((n) => [n.id, n]));
  // The tree's own links to a moved socket lead to the hidden proxies: they go.
  const edges: TreeEdge[] = model.edges.filter((e) => !moved.has(model.nodes[e.a].id) && !moved.has(model.nodes[e.b].id));
  for (const l of layout.links) {
    const a = byId.get(l.a), b = byId.get(l.b);
    if (!a || !b) continue;
    const [lo, hi] = a.id < b.id ? [a, b] : [b, a];
    let arc: TreeEdge["arc"] = null;
    if (l.ring) {
      let a0 = angleOf(l.ring.cx, l.ring.cy, lo.x, lo.y), a1 = angleOf(l.ring.cx, l.ring.cy, hi.x, hi.y);
      // The short way, clockwise from a0 to a1.
      let d = a1 - a0;
      while (d < 0) d += 2 * Math.PI;
      if (d > Math.PI) [a0, a1] = [a1, a0];
      if (a1 < a0) a1 += 2 * Math.PI;
      arc = { cx: l.ring.cx, cy: l.ring.cy, r: l.ring.r, a0, a1 };
    }
    edges.push({ a: lo.index, b: hi.index, arc });
  }
  const groups: TreeGroup[] = [
    ...model.groups,
    ...layout.rings.map((r) => ({ x: r.cx, y: r.cy, radius: r.r + RING_PAD, ascendancyName: null })),
  ];
  return { ...model, nodes, edges, groups, byId };
}
