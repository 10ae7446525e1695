/**
 * What the guide worker exposes over Comlink. The worker owns its inputs: it
 * carries the route scripts and loads the campaign facts once, through the
 * loader its shell gives it, so a parse request is only the build and its
 * bandit flag. Results are plain data (errors already formatted as text).
 */
import type { PlannerBuild } from "../planner/types";
import { guideBuildFrom } from "./build";
import { formatError, parseGuide } from "./parser";
import type { BanditFlag, CampaignData, GuideBuild, GuideScript, Section } from "./types";

export interface GuideParse {
  sections: Section[];
  /** Passive points the route hands in under the flag (the passives note). */
  passivePoints: number;
  /** The build as the guide reads it (class, gem ids); null without a build. */
  guideBuild: GuideBuild | null;
  /** Parser errors as "act-3.txt:12: reason", for route authors (players never see them). */
  errors: string[];
}

export function createGuideApi(scripts: readonly GuideScript[], loadCampaign: () => Promise<CampaignData>) {
  let campaign: Promise<CampaignData> | null = null;
  const data = (): Promise<CampaignData> => {
    if (!campaign) {
      campaign = loadCampaign();
      // A failed load is forgotten, so the next parse retries.
      campaign.catch(() => (campaign = null));
    }
    return campaign;
  };

  return {
    async parse(build: PlannerBuild | null, flag: BanditFlag): Promise<GuideParse> {
      const facts = await data();
      const guideBuild = build ? guideBuildFrom(build, facts) : null;
      const result = parseGuide(scripts, facts, { flags: [flag], build: guideBuild });
      return { sections: result.sections, passivePoints: result.passivePoints, guideBuild, errors: result.errors.map(formatError) };
    },
  };
}

export type GuideWorkerApi = ReturnType<typeof createGuideApi>;
