// Game-data bundle types: the wire shapes written by game-data/pipeline.py
// (see game-data/FORMAT.md). The tree is read only through tree/adapter.ts.

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
  x: number[];
  y: number[];
  orbits: number[][];
  /** PSGroupBackground size 1..3, 0 for none. */
  background: number[];
  /** 1 for cluster-jewel proxy groups (drawn only when a jewel fills them). */
  proxy: number[];
}

export interface TreeClass {
  name: string;
  baseStr: number;
  baseDex: number;
  baseInt: number;
  /** Node index of the class start. */
  startNode: number;
  /** Indexes into TreeBundle.ascendancies. */
  ascendancies: number[];
}

export interface TreeAscendancy {
  id: string;
  name: string;
  /** Owning class index; -1 for an alternate (class-less) ascendancy. */
  classIndex: number;
  alternate: boolean;
}

export interface TreeBundle {
  format: 2;
  version: string;
  /** The spec's tree key of this bundle ("data" when absent: bundles built before variants shipped). */
  key?: "data" | "alternate" | "ruthless" | "ruthless-alternate";
  kinds: NodeKind[];
  flagBits: Record<NodeFlag, number>;
  constants: {
    orbitRadii: number[];
    skillsPerOrbit: number[];
  };
  points: { totalPoints: number; ascendancyPoints: number };
  bounds: Box;
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
  /** Jewel socket node ids in the export's order (the official API's jewel `x`); absent in older bundles. */
  jewelSlots?: number[];
}

// ---------------------------------------------------------------- classes

/** The class table of every shipped tree version (game-data/classes_bundle.py). */
export interface ClassesBundle {
  format: 1;
  /** Base classes in class-id order; ascendancy names newest version first, older names after. */
  classes: { name: string; attribute: string; ascendancies: string[] }[];
  alternateAscendancies: { id: string; name: string }[];
  /** Per tree version ("3.28", variants "3.25/alternate"): ascendancy names by class id, and the alternate ones. */
  versions: Record<string, { ascendancies: string[][]; alternate: string[] }>;
  /** A class ascendancy's id where its shown name differs ({"Warden": "Raider"}): the tree art is named by id. */
  ascendancyIds?: Record<string, string>;
}

/** One cluster jewel size of the planner's data (game-data/clusters_bundle.py). */
export interface ClusterJewelData {
  baseType: string;
  /** 0 small, 1 medium, 2 large: the orbit its passives take is sizeIndex + 1. */
  sizeIndex: number;
  totalIndicies: number;
  minNodes: number;
  maxNodes: number;
  notableIndicies: number[];
  smallIndicies: number[];
  socketIndicies: number[];
  /** Small passive kinds by tag ("affliction_fire_damage"): name, stats and the enchant that names it. */
  skills: Record<string, { name: string; stats: string[]; enchant: string[]; mastery: boolean }>;
}

export interface ClustersBundle {
  format: 1;
  jewels: Record<"Small" | "Medium" | "Large", ClusterJewelData>;
  notableSortOrder: Record<string, number>;
  keystones: string[];
  /** Proxy node id -> jewel sizeIndex -> the orbit slot the subgraph starts at. */
  orbitOffsets: Record<string, Record<string, number>>;
  /** Notables and keystones a cluster jewel can add, by name. */
  notables: Record<string, { stats: string[]; reminder: string[]; keystone: boolean }>;
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
  /** A transfigured gem (planner list: variant id ending AltX/AltY/AltZ). */
  transfigured?: boolean;
  /** The tooltip's text, rendered by the pipeline (game-data/FORMAT.md "Gem text"). */
  text?: GemText;
}

/** header/stats: one list for all levels, or one per level (index = level - 1). */
export interface GemText {
  tags: string;
  header?: string[][];
  stats?: string[][];
  quality?: string[];
  /** A transfigured gem: the lines are its base gem's (this id), named basedOn. */
  from?: string;
  basedOn?: string;
  /** The 3.25 game data has no stat text for this gem. */
  missing?: boolean;
}

export interface GemsBundle {
  format: 1 | 2;
  /** Keyed by metadata id, e.g. "Metadata/Items/Gems/SkillGemFireball". */
  gems: Record<string, GemInfo>;
  /** Display name (also without " Support") -> metadata id. */
  byName: Record<string, string>;
  /** Older planner spellings without the "SkillGem" prefix -> metadata id. */
  aliases?: Record<string, string>;
  /** The planner's skillId (a granted effect id, "ArcAltX") -> metadata id; bundles built before it have none. */
  bySkillId?: Record<string, string>;
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
