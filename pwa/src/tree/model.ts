/**
 * TreeModel: the one reading of a passive tree version. The game-data bundle is
 * adapted into this shape once (see adapter.ts), so the renderer, the hit grid,
 * the compare and the pathing (graph.ts) never depend on the bundle's wire format.
 */

export type NodeKind =
  | "normal"
  | "notable"
  | "keystone"
  | "mastery"
  | "jewel"
  | "classStart"
  | "ascendancyStart"
  | "ascendancy"
  | "multipleChoice"
  | "blighted";

export interface MasteryEffect {
  effect: number;
  stats: string[];
}

/** A cluster-jewel socket (`expansionJewel` in the export). */
export interface ExpansionJewel {
  /** 0 small, 1 medium, 2 large. */
  size: number;
  index: number;
  /** Node id of the proxy node that anchors the jewel's subgraph, or null. */
  proxy: number | null;
  /** Node id of the socket this one is nested in, or null. */
  parent: number | null;
}

/** Attributes and points a node grants when allocated (only nodes that grant something have one). */
export interface Granted {
  strength: number;
  dexterity: number;
  intelligence: number;
  passivePoints: number;
}

export interface TreeNode {
  id: number;
  /** Position in TreeModel.nodes; the GPU state buffer is indexed by it. */
  index: number;
  name: string;
  kind: NodeKind;
  /** Ascendancy nodes that are notables draw larger. */
  notable: boolean;
  /**
   * Cluster jewel proxies and the sockets nested in them: they only mean
   * something once a cluster jewel fills them, so the renderer hides them.
   */
  proxy: boolean;
  x: number;
  y: number;
  stats: string[];
  flavourText: string[];
  reminderText: string[];
  /** Ascendancy id (TreeModel.ascendancies[].id) of an ascendancy node, else null. */
  ascendancyName: string | null;
  classStartIndex: number | null;
  masteryEffects: MasteryEffect[];
  /** Group index and orbit slot, as in the export (cluster-jewel layout reads them). */
  group: number;
  orbit: number;
  orbitIndex: number;
  granted: Granted | null;
  expansionJewel: ExpansionJewel | null;
}

export interface TreeArc {
  cx: number;
  cy: number;
  r: number;
  /** Tree angles in radians (0 up, clockwise); the arc runs the short way from a0 to a1. */
  a0: number;
  a1: number;
}

export interface TreeEdge {
  /** Node indices. */
  a: number;
  b: number;
  arc: TreeArc | null;
}

export interface TreeGroup {
  x: number;
  y: number;
  radius: number;
  ascendancyName: string | null;
}

/** Every placed group as the export has it: what the tree art chooses a group background from (art/decoQuads.ts). */
export interface GroupSlot {
  x: number;
  y: number;
  orbits: number[];
  /** The export's `background` image: PSGroupBackground 1-3, 0 when the export names none (all trees before 3.16). */
  background: number;
  proxy: boolean;
  ascendancyName: string | null;
}

export interface Bounds {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export interface TreeClass {
  name: string;
  /** Ascendancy ids, in the planner's 1-based ascendClassId order. */
  ascendancies: string[];
  baseStr: number;
  baseDex: number;
  baseInt: number;
  /** Node index of the class start. */
  startNode: number;
}

export interface TreeAscendancy {
  /** The id nodes carry (`ascendancyName`); can differ from the name shown (Raider is shown as Warden). */
  id: string;
  name: string;
  /** Owning class index; -1 for an alternate (class-less) ascendancy. */
  classIndex: number;
  alternate: boolean;
}

export interface TreeModel {
  version: string;
  /** The spec's tree key of the bundle ("data", "alternate", "ruthless", "ruthless-alternate"). */
  key?: string;
  nodes: TreeNode[];
  edges: TreeEdge[];
  groups: TreeGroup[];
  /** All groups (the art's backgrounds); absent in hand-made models. */
  groupSlots?: GroupSlot[];
  /** Bounds of the main tree (ascendancy trees included as placed by the pipeline). */
  bounds: Bounds;
  classes: TreeClass[];
  ascendancies: TreeAscendancy[];
  /** Ids of the alternate ascendancies, in the planner's 1-based secondaryAscendClassId order. */
  alternateAscendancies: string[];
  points: { totalPoints: number; ascendancyPoints: number };
  orbitRadii: number[];
  skillsPerOrbit: number[];
  /** Jewel socket node ids in the export's order: the official character API's jewel `x` indexes it. */
  jewelSlots: number[];
  byId: Map<number, TreeNode>;
}

export function emptyBounds(): Bounds {
  return { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
}

export function growBounds(b: Bounds, x: number, y: number, pad = 0): void {
  b.minX = Math.min(b.minX, x - pad);
  b.minY = Math.min(b.minY, y - pad);
  b.maxX = Math.max(b.maxX, x + pad);
  b.maxY = Math.max(b.maxY, y + pad);
}

/** Ascendancy names an allocation shows: its class's chosen ascendancy and the alternate one. */
export function visibleAscendancies(
  model: TreeModel,
  alloc: { classId: number; ascendancyId: number; alternateAscendancyId?: number },
): Set<string> {
  const out = new Set<string>();
  const cls = model.classes[alloc.classId];
  const main = cls?.ascendancies[alloc.ascendancyId - 1];
  if (main) out.add(main);
  const alt = alloc.alternateAscendancyId ? model.alternateAscendancies[alloc.alternateAscendancyId - 1] : undefined;
  if (alt) out.add(alt);
  return out;
}

/** Bounds of the nodes of the given ascendancies, or null when none is placed. */
export function ascendancyBounds(model: TreeModel, names: Set<string>): Bounds | null {
  const b = emptyBounds();
  const { nodes } = model;
  // An indexed loop: it runs over every node before the first frame, in V8's interpreter (see fit.ts allocatedBounds).
  for (let i = 0; i < nodes.length; i++) {
    const n = nodes[i];
    if (n.ascendancyName !== null && names.has(n.ascendancyName)) growBounds(b, n.x, n.y);
  }
  return Number.isFinite(b.minX) ? b : null;
}

type AscendancyAllocation = { classId: number; ascendancyId: number; alternateAscendancyId?: number; nodes: number[] };

/**
 * Where 'Go To Ascendancy' goes: null (no toggle) unless ascendancy nodes beyond
 * the start are allocated; the build's own ascendancy when it has nodes, else
 * the alternate (or the other allocation's) one.
 */
export function ascendancyTarget(model: TreeModel, build: AscendancyAllocation, other?: AscendancyAllocation): Bounds | null {
  const shown = visibleAscendancies(model, build);
  if (other) for (const a of visibleAscendancies(model, other)) shown.add(a);
  const allocated = new Set<string>();
  for (const id of [...build.nodes, ...(other?.nodes ?? [])]) {
    const n = model.byId.get(id);
    if (n?.ascendancyName && n.kind !== "ascendancyStart" && shown.has(n.ascendancyName)) allocated.add(n.ascendancyName);
  }
  const main = model.classes[build.classId]?.ascendancies[build.ascendancyId - 1];
  const target = main && allocated.has(main) ? main : [...allocated][0];
  return target ? ascendancyBounds(model, new Set([target])) : null;
}
