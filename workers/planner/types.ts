/**
 * PlannerBuild: the typed form of a Path of Building ("planner") export.
 * This is the contract the PWA, the tree and the guide read; extend it, do not rename.
 *
 * Set ids: a set's id is its title trimmed and lower-cased ("Default" when the
 * title is missing). Sets whose title has no letter or digit are ignored. A
 * repeated id gets " (2)", " (3)", ... in document order. The server's
 * validator (server/planner) derives the same ids.
 */

import type { BuildStats } from "../../pwa/src/data/types";

/** poe2_build: a well-formed export of Path of Building 2, for Path of Exile 2 (other classes, trees and gems). */
export type PlannerErrorKind = "not_base64" | "not_zlib" | "too_large" | "not_planner_xml" | "invalid_item" | "poe2_build";

export class PlannerError extends Error {
  constructor(
    public readonly kind: PlannerErrorKind,
    message: string,
  ) {
    super(message);
    this.name = "PlannerError";
  }
}

export interface NoteSegment {
  text: string;
  /** CSS colour from ^0-^9 or ^xRRGGBB; null is the default colour. */
  color: string | null;
}

export interface PlannerOverride {
  nodeId: number;
  name: string;
  icon: string;
  effectText: string[];
}

export interface PlannerTree {
  id: string;
  title: string;
  /** e.g. "3_25"; the version prefix is its first 4 characters. "" when the spec names none. */
  treeVersion: string;
  classId: number;
  ascendancyId: number;
  alternateAscendancyId: number;
  /** Allocated node ids. */
  nodes: number[];
  /** Mastery node id -> chosen effect id. */
  masteryEffects: Record<number, number>;
  /** Jewel socket node id -> item id. */
  jewels: Record<number, string>;
  overrides: PlannerOverride[];
  url: string;
}

export interface Requirements {
  level: number;
  str: number;
  dex: number;
  int: number;
}

export interface ModLine {
  /** Modifier text with ranged values resolved at the line's roll, as the planner shows it. */
  text: string;
  crafted?: boolean;
  fractured?: boolean;
  /** Mod tags from {tags:...}. */
  tags?: string[];
  /** The roll in [0, 1] from {range:...}; absent means the planner default 0.5. */
  range?: number;
}

export type Rarity = "Normal" | "Magic" | "Rare" | "Unique" | "Relic";

export interface PlannerItem {
  id: string;
  rarity: Rarity;
  name: string;
  baseType: string;
  itemLevel: number;
  requirements: Requirements;
  quality: number;
  armour: number;
  evasion: number;
  energyShield: number;
  ward: number;
  influences: string[];
  corrupted: boolean;
  mirrored: boolean;
  split: boolean;
  enchantMods: ModLine[];
  implicitMods: ModLine[];
  explicitMods: ModLine[];
  craftedMods: ModLine[];
  fracturedMods: ModLine[];
  /** Character items only (official API): the URL of the item's own art. Planner items have none. */
  icon?: string;
  /** The catalyst applied (its name without " Catalyst", e.g. "Intrinsic") and the quality it gave. */
  catalyst?: string;
  catalystQuality?: number;
  /** Cluster jewels only. */
  clusterNodeCount?: number;
  clusterSkill?: string;
}

export interface InvalidItem {
  id: string;
  error: { kind: "invalid_item"; message: string };
}

export interface PlannerItemSet {
  id: string;
  title: string;
  /** Planner slot name ("Helmet", "Weapon 1", "Flask 1", "Ring 2", ...) -> item id. */
  slots: Record<string, string>;
  /** Socketed jewels that belong to this set's tree, when the planner records them here. */
  socketItems: Record<string, string>;
}

export interface PlannerGem {
  name: string;
  /** Metadata id, e.g. "Metadata/Items/Gems/SkillGemFireball"; "" if unknown. */
  gemId: string;
  skillId: string;
  level: number;
  quality: number;
  enabled: boolean;
  isSupport: boolean;
}

export interface PlannerSocketGroup {
  slot: string;
  label: string;
  enabled: boolean;
  /**
   * What grants the group's skills when the player does not socket them: the planner's source
   * ("Item:5:Kraken Spur, Zealot Boots", "Tree:2768"); "" for socketed gems. Absent in builds
   * decoded before it was read.
   */
  source?: string;
  gems: PlannerGem[];
}

export interface PlannerSkillSet {
  id: string;
  title: string;
  groups: PlannerSocketGroup[];
}

/** The wire type of the planner's saved figures (server/wire.py BuildStats); stats.ts reads them. */
export type { BuildStats };

/** Which DPS figure BuildStats.dps is: FullDPS, CombinedDPS, TotalDPS (hit) or TotalDotDPS (dot). */
export type DpsKind = "full" | "combined" | "hit" | "dot";

export interface PlannerBuild {
  className: string;
  /** "" when the build has no ascendancy. */
  ascendancyName: string;
  level: number;
  mainSocketGroup: number;
  /** As written by the planner; "None" when absent. Display default is "Kill all". */
  bandit: string;
  pantheonMajor: string;
  pantheonMinor: string;
  targetVersion: string;
  notes: string;
  noteSegments: NoteSegment[];
  trees: PlannerTree[];
  itemSets: PlannerItemSet[];
  items: Record<string, PlannerItem | InvalidItem>;
  skillSets: PlannerSkillSet[];
  /** Ids of the sets the planner had active. */
  activeTreeId: string;
  activeItemSetId: string;
  activeSkillSetId: string;
  /**
   * The planner's saved figures for its active sets (null when the export has
   * none); stepStats() gives them to the one step with those sets. Absent only
   * in builds decoded before the figures were read.
   */
  stats?: BuildStats | null;
}
