/**
 * The fragment commands: a table from command name to a small evaluator.
 * An evaluator checks its arguments, reads and changes the line's draft
 * state, and returns the part to show, or a reason string when invalid.
 */
import { directionIndex } from "./direction";
import { defaultOfferIds } from "./rewards";
import type { Draft } from "./state";
import type { AscendVersion, CampaignData, Part } from "./types";

export type Evaluation = Part | string;
export type Evaluator = (args: string[], draft: Draft, data: CampaignData) => Evaluation;

function arity(name: string, args: string[], min: number, max: number): string | null {
  if (args.length >= min && args.length <= max) return null;
  const want =
    min === max ? `exactly ${min} argument${min === 1 ? "" : "s"}` : max === Infinity ? `at least ${min} argument${min === 1 ? "" : "s"}` : `${min} to ${max} arguments`;
  return `${name} takes ${want}, got ${args.length}`;
}

function knownArea(data: CampaignData, areaId: string): string | null {
  return data.areas[areaId] ? null : `unknown area id '${areaId}'`;
}

/** Moving into a town makes it the last town; its waypoint is known without taking it. */
function moveTo(draft: Draft, data: CampaignData, areaId: string): void {
  draft.next.currentAreaId = areaId;
  if (data.areas[areaId]?.is_town_area) {
    draft.next.lastTownAreaId = areaId;
    draft.add("implicitWaypoints", areaId);
  }
}

const textCommand =
  (type: "kill" | "arena" | "quest_text" | "generic" | "copy"): Evaluator =>
  (args) =>
    arity(type, args, 1, 1) ?? { type, value: args[0] };

const ASCEND_VERSIONS: readonly AscendVersion[] = ["normal", "cruel", "merciless"];

export const COMMANDS: Readonly<Record<string, Evaluator>> = {
  kill: textCommand("kill"),
  arena: textCommand("arena"),
  quest_text: textCommand("quest_text"),
  generic: textCommand("generic"),
  copy: textCommand("copy"),

  area: (args, _draft, data) => arity("area", args, 1, 1) ?? knownArea(data, args[0]) ?? { type: "area", areaId: args[0] },

  enter: (args, draft, data) => {
    const bad = arity("enter", args, 1, 1) ?? knownArea(data, args[0]);
    if (bad) return bad;
    moveTo(draft, data, args[0]);
    return { type: "enter", areaId: args[0] };
  },

  logout: (args, draft, data) => {
    const bad = arity("logout", args, 0, 0);
    if (bad) return bad;
    const town = draft.next.lastTownAreaId;
    moveTo(draft, data, town);
    draft.next.portalAreaId = null;
    return { type: "logout", areaId: town };
  },

  waypoint: (args, draft, data) => {
    const bad = arity("waypoint", args, 0, 1);
    if (bad) return bad;
    if (args.length === 0) return { type: "waypoint" };
    const dst = args[0];
    const unknown = knownArea(data, dst);
    if (unknown) return unknown;
    if (!data.areas[dst].has_waypoint) return `area '${dst}' has no waypoint`;
    const src = draft.next.currentAreaId;
    draft.add("implicitWaypoints", src);
    draft.add("usedWaypoints", dst);
    moveTo(draft, data, dst);
    return { type: "waypoint_use", srcAreaId: src, dstAreaId: dst };
  },

  waypoint_get: (args, draft, data) => {
    const bad = arity("waypoint_get", args, 0, 0);
    if (bad) return bad;
    const here = draft.next.currentAreaId;
    if (data.areas[here] && !data.areas[here].has_waypoint) return `area '${here}' has no waypoint to take`;
    draft.add("explicitWaypoints", here);
    return { type: "waypoint_get" };
  },

  portal: (args, draft, data) => {
    const bad = arity("portal", args, 1, 1);
    if (bad) return bad;
    if (args[0] === "set") {
      draft.next.portalAreaId = draft.next.currentAreaId;
      return { type: "portal_set" };
    }
    const portal = draft.next.portalAreaId;
    if (portal === null) return "portal use without a portal set";
    if (draft.next.currentAreaId === portal) {
      const town = draft.next.lastTownAreaId;
      moveTo(draft, data, town);
      return { type: "portal_use", dstAreaId: town };
    }
    moveTo(draft, data, portal);
    draft.next.portalAreaId = null;
    return { type: "portal_use", dstAreaId: portal };
  },

  quest: (args, _draft, data) => {
    const bad = arity("quest", args, 1, Infinity);
    if (bad) return bad;
    const [questId, ...offerIds] = args;
    const quest = data.quests[questId];
    if (quest) {
      const missing = offerIds.find((id) => !quest.reward_offers[id]);
      if (missing !== undefined) return `quest '${questId}' has no reward offer '${missing}'`;
    }
    // An unknown quest id still parses: the panel renders such a step blank.
    return { type: "quest", questId, rewardOffers: offerIds.length > 0 ? offerIds : defaultOfferIds(quest, questId) };
  },

  quest_name: (args) => arity("quest_name", args, 1, Infinity) ?? { type: "quest_name", questId: args[0] },

  reward_quest: (args) => arity("reward_quest", args, 1, 1) ?? { type: "reward_quest", item: args[0] },

  reward_vendor: (args) => arity("reward_vendor", args, 2, 2) ?? { type: "reward_vendor", item: args[0], cost: args[1] },

  trial: (args) => arity("trial", args, 0, 0) ?? { type: "trial" },

  ascend: (args, draft, data) => {
    const bad = arity("ascend", args, 1, 1);
    if (bad) return bad;
    const version = args[0] as AscendVersion;
    if (!ASCEND_VERSIONS.includes(version)) return `ascend version must be normal, cruel or merciless, got '${args[0]}'`;
    moveTo(draft, data, draft.next.lastTownAreaId);
    return { type: "ascend", version };
  },

  crafting: (args, draft, data) => {
    const bad = arity("crafting", args, 0, 1);
    if (bad) return bad;
    const areaId = args[0] ?? draft.next.currentAreaId;
    const unknown = knownArea(data, areaId);
    if (unknown) return unknown;
    draft.add("craftingAreas", areaId);
    return { type: "crafting", areaId, recipes: data.areas[areaId].crafting_recipes };
  },

  dir: (args) => {
    const bad = arity("dir", args, 1, 1);
    if (bad) return bad;
    const raw = args[0].trim();
    const angle = Number(raw);
    if (raw === "" || !Number.isFinite(angle)) return `dir needs a number of degrees, got '${args[0]}'`;
    return { type: "dir", dirIndex: directionIndex(angle) };
  },
};
