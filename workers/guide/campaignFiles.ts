/**
 * Node-only: reads the campaign facts from ../shared/game-data/campaign for
 * tests and the benchmark (the PWA gets them from the game-data bundle).
 */
import { readFileSync } from "node:fs";
import { CAMPAIGN_DIR, REPO_DIR } from "../sharedDir";
import type { CampaignData, GuideScript, RouteFacts } from "./types";

export const campaignDir = process.env.WAYPOINT_CAMPAIGN_DIR ?? CAMPAIGN_DIR;
export const guideDir = `${REPO_DIR}/guide`;
/** The route facts' own part (passive points per quest, game version); the bundle carries the joined table. */
export const routeFactsPath = `${REPO_DIR}/game-data/route-facts.json`;

function readJson<T>(name: string): T {
  return JSON.parse(readFileSync(`${campaignDir}/${name}`, "utf8")) as T;
}

export function loadCampaign(): CampaignData {
  return {
    areas: readJson("areas.json"),
    quests: readJson("quests.json"),
    gems: readJson("gems.json"),
    characters: readJson("characters.json"),
    vaalGemLookup: readJson("vaal-gem-lookup.json"),
    awakenedGemLookup: readJson("awakened-gem-lookup.json"),
    routeFacts: JSON.parse(readFileSync(routeFactsPath, "utf8")) as RouteFacts,
  };
}

export const ACT_FILES = Array.from({ length: 10 }, (_, i) => `act-${i + 1}.txt`);

export function loadActs(): GuideScript[] {
  return ACT_FILES.map((file) => ({ file, text: readFileSync(`${guideDir}/${file}`, "utf8") }));
}
