/**
 * Guide language types: campaign facts in, sections of fragment steps out.
 * The campaign facts are the shapes of ../shared/game-data/campaign/*.json
 * (the game-data bundle carries the same records).
 */

export type ClassName = "Witch" | "Templar" | "Marauder" | "Duelist" | "Ranger" | "Shadow" | "Scion";

export interface Area {
  id: string;
  name: string;
  map_name?: string | null;
  act: number;
  level?: number;
  has_waypoint: boolean;
  is_town_area: boolean;
  parent_town_area_id?: string | null;
  connection_ids?: string[];
  crafting_recipes: string[];
}

export interface RewardOffer {
  quest_npc: string;
  /** Item metadata path -> classes it is offered to ([] = every class). */
  quest: Record<string, { classes: string[] }>;
  /** npc is the vendor; when missing, the quest giver sells it. */
  vendor: Record<string, { classes: string[]; npc?: string }>;
}

export interface Quest {
  id: string;
  name: string;
  act: string;
  reward_offers: Record<string, RewardOffer>;
}

export interface Gem {
  id: string;
  name: string;
  primary_attribute: string;
  required_level: number;
  is_support: boolean;
}

/**
 * The route facts (game-data/route_facts.py; FORMAT.md "Route facts"): what the
 * campaign facts lack, for the game version the route targets. The guide only
 * reads the passive points per quest, to compute the passives note from the route.
 */
export interface RouteFacts {
  gameVersion: string;
  quests: Record<string, { passivePoints?: number; refundPoints?: number; bandit?: BanditFlag | null }>;
}

export interface CampaignData {
  areas: Record<string, Area>;
  quests: Record<string, Quest>;
  gems: Record<string, Gem>;
  /** class -> gems a new character already owns. */
  characters: Record<string, { start_gem_id: string; chest_gem_id: string }>;
  vaalGemLookup: Record<string, string>;
  awakenedGemLookup: Record<string, string>;
  /** Absent from older bundles: then the route's passive points count as 0. */
  routeFacts?: RouteFacts;
}

export const BANDIT_FLAGS = ["BANDIT_KILL", "BANDIT_ALIRA", "BANDIT_KRAITYN", "BANDIT_OAK"] as const;
export type BanditFlag = (typeof BANDIT_FLAGS)[number];

export type Currency = "wisdom" | "transmutation" | "alteration" | "chance" | "alchemy";
export type AscendVersion = "normal" | "cruel" | "merciless";

export type Part =
  | { type: "text"; value: string }
  | { type: "kill"; value: string }
  | { type: "arena"; value: string }
  | { type: "area"; areaId: string }
  | { type: "enter"; areaId: string }
  | { type: "logout"; areaId: string }
  | { type: "waypoint" }
  | { type: "waypoint_use"; srcAreaId: string; dstAreaId: string }
  | { type: "waypoint_get" }
  | { type: "portal_set" }
  | { type: "portal_use"; dstAreaId: string }
  | { type: "quest"; questId: string; rewardOffers: string[] }
  | { type: "quest_name"; questId: string }
  | { type: "quest_text"; value: string }
  | { type: "generic"; value: string }
  | { type: "reward_quest"; item: string }
  | { type: "reward_vendor"; item: string; cost: string }
  | { type: "trial" }
  | { type: "ascend"; version: AscendVersion }
  | { type: "crafting"; areaId: string; recipes: string[] }
  | { type: "dir"; dirIndex: number }
  | { type: "copy"; value: string }
  /** A build gem taken as the quest reward. */
  | { type: "get_gem"; gemId: string; npc: string; questId: string }
  /** A build gem bought from the quest's vendor. */
  | { type: "buy_gem"; gemId: string; npc: string; questId: string; currency: Currency }
  /** Without a build: every gem the quest offers to the class. */
  | { type: "offer_list"; questId: string; quest: string[]; vendor: string[] };

export interface FragmentStep {
  type: "fragment_step";
  parts: Part[];
  subSteps: FragmentStep[];
}

export interface Section {
  name: string;
  steps: FragmentStep[];
}

export interface GuideError {
  /** Name of the script the line came from, e.g. "act-3.txt". */
  file: string;
  /** 1-based line number in that script. */
  line: number;
  reason: string;
  text: string;
}

export interface GuideScript {
  file: string;
  text: string;
}

/** What the guide needs to know about a build: its class and the gems it uses. */
export interface GuideBuild {
  className: string;
  /** Gem metadata ids in build order; a gem used twice appears twice. */
  gemIds: string[];
}

export interface GuideResult {
  sections: Section[];
  errors: GuideError[];
  /** Passive points from the quests the route hands in (under the enabled flags): the passives note. */
  passivePoints: number;
}
