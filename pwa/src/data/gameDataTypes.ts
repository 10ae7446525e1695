// Game-data bundle types: the wire shapes written by game-data/pipeline.py
// (see game-data/FORMAT.md) and the decoded tree the renderer works with.

import type { CampaignData } from "@workers/guide/types";

export interface GameDataManifest {
  version: 1;
  /** Logical name ("tree/3.25", "gems", "items", "campaign") -> hashed file name. */
  files: Record<string, string>;
}

// ---------------------------------------------------------------- tree (wire)

export type NodeKind =
  | "normal"
  | "notable"
  | "keystone"
  | "mastery"
  | "jewelSocket"
  | "classStart"
  | "ascendancyStart"
  | "ascendancy"
  | "multipleChoice"
  | "blighted";

export type NodeFlag =
  | "notable"
  | "keystone"
  | "mastery"
  | "jewelSocket"
  | "classStart"
  | "ascendancyStart"
  | "ascendancy"
  | "multipleChoice"
  | "multipleChoiceOption"
  | "blighted"
  | "proxy";

/** [minX, minY, maxX, maxY] in tree units. */
export type Box = [number, number, number, number];

/** Columnar node table; index i of every array describes node i. */
export interface TreeNodeColumns {
  id: number[];
  x: number[];
  y: number[];
  /** Index into TreeBundle.kinds. */
  kind: number[];
  /** Bit set of TreeBundle.flagBits. */
  flags: number[];
  /** Index into the group columns. */
  group: number[];
  orbit: number[];
  orbitIndex: number[];
  /** Class index (Scion 0 ... Shadow 6) for class starts, else -1. */
  classStart: number[];
  /** Index into TreeBundle.ascendancies, else -1. */
  ascendancy: number[];
  /** String-table indexes. */
  name: number[];
  stats: number[][];
  flavour: number[];
  reminder: number[][];
}

/**
 * Columnar edge table between node indexes a < b (by node id). r == 0: straight.
 * r > 0: arc on a shared orbit around (cx, cy), swept clockwise from angle
 * `start` to `end` (radians, 0 = up, 0 < end - start <= PI); a point at angle t
 * is (cx + r*sin t, cy - r*cos t).
 */
export interface TreeEdgeColumns {
  a: number[];
  b: number[];
  r: number[];
  cx: number[];
  cy: number[];
  start: number[];
  end: number[];
}

export interface TreeGroupColumns {
  id: number[];
  x: number[];
  y: number[];
  orbits: number[][];
  /** PSGroupBackground size 1..3, 0 for none. */
  background: number[];
  halfImage: number[];
  /** 1 for cluster-jewel proxy groups (drawn only when a jewel fills them). */
  proxy: number[];
}

export interface TreeClass {
  index: number;
  name: string;
  baseStr: number;
  baseDex: number;
  baseInt: number;
  /** Node index of the class start. */
  startNode: number;
  x: number;
  y: number;
  /** Indexes into TreeBundle.ascendancies. */
  ascendancies: number[];
}

export interface TreeAscendancy {
  id: string;
  name: string;
  /** Owning class index; -1 for an alternate (class-less) ascendancy. */
  classIndex: number;
  alternate: boolean;
  /** Node index of the ascendancy start, -1 if none. */
  startNode: number;
  /** Where the ascendancy start sits after placement. */
  centre: [number, number];
  /** Radius around `centre` that holds every node (plus node padding). */
  radius: number;
  /** Bounds of the placed nodes, padded by 100 units. */
  bounds: Box;
  /** The hidden/collapsed view: the class start the tree folds into. */
  collapsed: [number, number];
  flavourText: string;
  flavourTextColour: string;
}

export interface TreeBundle {
  format: 1;
  version: string;
  tree: string;
  kinds: NodeKind[];
  flagBits: Record<NodeFlag, number>;
  constants: {
    orbitRadii: number[];
    skillsPerOrbit: number[];
    PSSCentreInnerRadius: number;
    classes: Record<string, number>;
    characterAttributes: Record<string, number>;
  };
  points: { totalPoints: number; ascendancyPoints: number };
  bounds: Box;
  imageZoomLevels: number[];
  /** Node indexes of the jewel sockets. */
  jewelSlots: number[];
  strings: string[];
  nodes: TreeNodeColumns;
  edges: TreeEdgeColumns;
  groups: TreeGroupColumns;
  classes: TreeClass[];
  ascendancies: TreeAscendancy[];
  /** Per mastery node index: [effect id, stat string indexes][]. */
  masteries: { node: number[]; effects: [number, number[]][][] };
  /** Cluster-jewel sockets: size 0 small, 1 medium, 2 large; proxy/parent are node indexes or -1. */
  expansionJewels: { node: number[]; size: number[]; index: number[]; proxy: number[]; parent: number[] };
  granted: { node: number[]; str: number[]; dex: number[]; int: number[]; points: number[] };
}

// ---------------------------------------------------------------- tree (decoded)

export interface MasteryEffect {
  effect: number;
  stats: string[];
}

export interface ExpansionJewel {
  size: number;
  index: number;
  /** Node id of the proxy node, or null. */
  proxy: number | null;
  /** Node id of the parent socket, or null. */
  parent: number | null;
}

export interface TreeNode {
  index: number;
  id: number;
  x: number;
  y: number;
  kind: NodeKind;
  flags: number;
  group: number;
  orbit: number;
  orbitIndex: number;
  /** Angle on its orbit, radians (0 up, clockwise). */
  angle: number;
  classStartIndex: number | null;
  ascendancyName: string | null;
  name: string;
  stats: string[];
  flavourText: string | null;
  reminderText: string[];
  isNotable: boolean;
  isKeystone: boolean;
  isMastery: boolean;
  isJewelSocket: boolean;
  isAscendancyStart: boolean;
  isMultipleChoice: boolean;
  isMultipleChoiceOption: boolean;
  isBlighted: boolean;
  isProxy: boolean;
  masteryEffects: MasteryEffect[];
  expansionJewel: ExpansionJewel | null;
  grantedStrength: number;
  grantedDexterity: number;
  grantedIntelligence: number;
  grantedPassivePoints: number;
  /** Indexes of neighbouring nodes (drawn edges only). */
  neighbours: number[];
}

export interface TreeArc {
  cx: number;
  cy: number;
  r: number;
  start: number;
  end: number;
}

export interface TreeEdge {
  a: number;
  b: number;
  arc: TreeArc | null;
}

export interface TreeGroup {
  index: number;
  id: number;
  x: number;
  y: number;
  orbits: number[];
  background: number;
  halfImage: boolean;
  proxy: boolean;
}

export interface DecodedTree {
  version: string;
  bundle: TreeBundle;
  nodes: TreeNode[];
  byId: Map<number, TreeNode>;
  edges: TreeEdge[];
  groups: TreeGroup[];
  classes: TreeClass[];
  ascendancies: TreeAscendancy[];
  bounds: { minX: number; minY: number; maxX: number; maxY: number };
}

// ---------------------------------------------------------------- gems, items, campaign

export interface GemInfo {
  name: string;
  isSupport: boolean;
  maxLevel: number;
  /** requiredLevel[i] is the character level gem level i + 1 needs. */
  requiredLevel: number[];
  attribute: "strength" | "dexterity" | "intelligence" | "none";
  vaal: boolean;
}

export interface GemsBundle {
  format: 1;
  /** Keyed by metadata id, e.g. "Metadata/Items/Gems/SkillGemFireball". */
  gems: Record<string, GemInfo>;
  /** Display name (also without " Support") -> metadata id. */
  byName: Record<string, string>;
  /** Older planner spellings without the "SkillGem" prefix -> metadata id. */
  aliases?: Record<string, string>;
}

/** [level, str, dex, int]. */
export type Requirements = [number, number, number, number];

export interface ItemsBundle {
  format: 1;
  fields: ["level", "str", "dex", "int"];
  bases: Record<string, { itemClass: string; req: Requirements }>;
  /** Uniques carry their base item's requirements (the export has none of its own). */
  uniques: Record<string, { base: string; itemClass: string; req: Requirements }>;
}

/** The campaign facts the guide reads (its record types are the single definition), plus what only the app uses. */
export interface CampaignBundle extends CampaignData {
  format: 1;
  killWaypoints: Record<string, string[]>;
  gemColours: Record<string, string>;
}
