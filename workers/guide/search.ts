/**
 * Guide search: trimmed, case-insensitive, over a step's text, the names of
 * its areas and quests, and its rewards (sub-steps included).
 */
import type { CampaignData, FragmentStep, Part, Section } from "./types";
import { directionArrow } from "./direction";

/** Words a part shows; the panel renders the same strings, so search and display agree. */
export function partText(part: Part, data: CampaignData): string {
  switch (part.type) {
    case "text":
    case "kill":
    case "arena":
    case "quest_text":
    case "generic":
    case "copy":
      return part.value;
    case "area":
    case "enter":
      return areaName(data, part.areaId);
    case "logout":
      return `Logout to ${areaName(data, part.areaId)}`;
    case "waypoint":
      return "Waypoint";
    case "waypoint_use":
      return `Waypoint to ${areaName(data, part.dstAreaId)}`;
    case "waypoint_get":
      return "Waypoint";
    case "portal_set":
      return "Place a portal";
    case "portal_use":
      return `Portal to ${areaName(data, part.dstAreaId)}`;
    case "quest":
    case "quest_name":
      return data.quests[part.questId]?.name ?? "";
    case "reward_quest":
      return part.item;
    case "reward_vendor":
      return `${part.item} (${part.cost})`;
    case "trial":
      return "Trial of Ascendancy";
    case "ascend":
      return `${capitalise(part.version)} Labyrinth`;
    case "crafting":
      return part.recipes.length ? `Crafting: ${part.recipes.join(", ")}` : "Crafting";
    case "dir":
      return directionArrow(part.dirIndex);
    case "get_gem":
      return `Take ${gemName(data, part.gemId)} from ${part.npc}`;
    case "buy_gem":
      return `Buy ${gemName(data, part.gemId)} from ${part.npc} (${part.currency})`;
    case "offer_list":
      return [
        part.quest.length ? `Rewards: ${part.quest.map((id) => gemName(data, id)).join(", ")}` : "",
        part.vendor.length ? `Vendor: ${part.vendor.map((id) => gemName(data, id)).join(", ")}` : "",
      ]
        .filter(Boolean)
        .join(" · ");
  }
}

export function areaName(data: CampaignData, areaId: string): string {
  return data.areas[areaId]?.name ?? areaId;
}

export function gemName(data: CampaignData, gemId: string): string {
  return data.gems[gemId]?.name ?? gemId.split("/").pop() ?? gemId;
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** A quest step whose quest is unknown renders blank, and so never matches. */
export function isBlankStep(step: FragmentStep, data: CampaignData): boolean {
  return step.parts.some((p) => (p.type === "quest" || p.type === "quest_name") && !data.quests[p.questId]);
}

export function stepSearchText(step: FragmentStep, data: CampaignData): string {
  if (isBlankStep(step, data)) return "";
  const own = step.parts.map((p) => partText(p, data)).join(" ");
  const subs = step.subSteps.map((s) => stepSearchText(s, data)).join(" ");
  return `${own} ${subs}`.toLowerCase();
}

export function normaliseQuery(query: string): string {
  return query.trim().toLowerCase();
}

/** Step indices per section that match the query; empty query matches nothing. */
export function searchSections(sections: readonly Section[], data: CampaignData, query: string): number[][] {
  const q = normaliseQuery(query);
  return sections.map((section) => {
    if (!q) return [];
    const hits: number[] = [];
    section.steps.forEach((s, i) => {
      if (stepSearchText(s, data).includes(q)) hits.push(i);
    });
    return hits;
  });
}

/** Next (or previous) match from the current step, wrapping around inside the act. */
export function stepToMatch(matches: readonly number[], current: number, direction: 1 | -1): number | null {
  if (matches.length === 0) return null;
  if (direction === 1) return matches.find((i) => i > current) ?? matches[0];
  for (let k = matches.length - 1; k >= 0; k--) if (matches[k] < current) return matches[k];
  return matches[matches.length - 1];
}

/** Splits text into plain and highlighted runs of the query. */
export function highlightRuns(text: string, query: string): { text: string; match: boolean }[] {
  const q = normaliseQuery(query);
  if (!q) return [{ text, match: false }];
  const lower = text.toLowerCase();
  const runs: { text: string; match: boolean }[] = [];
  let i = 0;
  for (let at = lower.indexOf(q); at !== -1; at = lower.indexOf(q, at + q.length)) {
    if (at > i) runs.push({ text: text.slice(i, at), match: false });
    runs.push({ text: text.slice(at, at + q.length), match: true });
    i = at + q.length;
  }
  if (i < text.length) runs.push({ text: text.slice(i), match: false });
  return runs;
}

/** Steps where the build gets, buys or should link a gem (the "gems only" view). */
export function isGemStep(step: FragmentStep, data: CampaignData, buildGemNames: readonly string[]): boolean {
  const all = [step, ...step.subSteps];
  if (all.some((s) => s.parts.some((p) => p.type === "get_gem" || p.type === "buy_gem"))) return true;
  const text = stepSearchText(step, data);
  if (/\blink\b/.test(text)) return true;
  return buildGemNames.some((n) => n && text.includes(n.toLowerCase()));
}

