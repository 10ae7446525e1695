/**
 * Character detail as the server sends it (spec §3 Character and Equipment
 * item; server/ggg/mapping.py): the official answer already mapped to our shape.
 */
import type { Realm } from "./types";

export interface EquipmentItem {
  /** Weapon, Weapon2, Offhand, Offhand2, BodyArmour, Helm, Gloves, Boots, Belt, Ring, Ring2, Amulet, Flask1-5, PassiveJewels. */
  slotType: string;
  name: string;
  baseType: string;
  rarity: string;
  itemLevel: number;
  requirements: { level: number; str: number; int: number; dex: number };
  properties: { quality: number; altQuality: number; armour: number; evasion: number; energyShield: number; ward: number };
  influence1: string;
  influence2: string;
  isCorrupted: boolean;
  isMirrored: boolean;
  isSplit: boolean;
  enchantMods: string[];
  implicitMods: string[];
  explicitMods: string[];
  craftedMods: string[];
  fracturedMods: string[];
  /** The item's own art on the official image host (the API's `icon`); "" or absent (older cached answers) when none. */
  icon?: string;
  /** What a catalyst's quality raises ("Attribute Modifiers"), "" or absent for plain quality; its value is properties.quality. */
  qualityModifiers?: string;
}

export interface CharacterSkill {
  identifyingName: string;
  level: number;
  quality: number;
  isCorrupted: boolean;
  equipmentSlotType: string;
  /** The linked socket group inside the item. */
  groupIndex: number;
  isSupport: boolean;
}

export interface SocketedJewel {
  /** The official jewel socket index (`x`): a position in the tree's jewel slot list. */
  socketNodeIndex: number;
  equipment: EquipmentItem;
  /** Cluster jewels: orbit slots of the allocated passives of the jewel's subgraph (absent in older caches). */
  allocatedOrbitIndices?: number[];
}

/** What a tattoo (or another override) puts in place of a passive node (official passives.skill_overrides). */
export interface SkillOverride {
  name: string;
  icon: string;
  activeEffectImage: string;
  isTattoo: boolean;
  stats: string[];
  reminderText: string[];
}

export interface CharacterPassives {
  hashes: number[];
  masteryEffects: Record<string, number>;
  banditChoice: string;
  majorPantheon: string;
  minorPantheon: string;
  jewels: SocketedJewel[];
  expansionJewels: SocketedJewel[];
  /** Node id (as a string) -> the tattoo on that node (absent in older caches). */
  skillOverrides?: Record<string, SkillOverride>;
  /** The Bloodline / Trial ascendancy beside the class's own, e.g. "Farrul"; "" when none (absent in older caches). */
  alternateAscendancy?: string;
}

export interface Character {
  id: string;
  name: string;
  level: number;
  class: string;
  realm: Realm;
  league: string;
  experience: number;
  equipment: EquipmentItem[];
  equipmentJewels: EquipmentItem[];
  skills: CharacterSkill[];
  passives: CharacterPassives | null;
  /** Game version of the official answer ("3.28.0g"); its tree's jewel slot list places the jewels. */
  version?: string;
  /** A Ruthless-mode character (absent in older caches: false). */
  ruthless?: boolean;
}
