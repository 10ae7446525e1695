/**
 * The route for a build, parsed in the guide worker (which holds the scripts
 * and the campaign facts); the page loads the campaign facts too, to render
 * the steps' parts.
 */
import { useEffect, useMemo, useState } from "react";
import { loadCampaign } from "../../data/gameData";
import type { PlannerBuild } from "@workers/planner/types";
import { buildBanditFlag } from "@workers/guide/build";
import type { BanditFlag, CampaignData, GuideBuild, Section } from "@workers/guide/types";
import { guideWorker } from "./guideWorker";

export type GuideLoad =
  | { status: "loading" }
  | { status: "error"; message: string }
  | {
      status: "ready";
      data: CampaignData;
      sections: Section[];
      flag: BanditFlag;
      guideBuild: GuideBuild | null;
      /** Computed from the route's hand-ins, for the passives note. */
      passivePoints: number;
    };

export function useGuide(build: PlannerBuild | null): GuideLoad {
  const [load, setLoad] = useState<GuideLoad>({ status: "loading" });
  const flag = useMemo(() => buildBanditFlag(build), [build]);

  useEffect(() => {
    let live = true;
    setLoad({ status: "loading" });
    Promise.all([loadCampaign(), guideWorker().parse(build, flag)])
      .then(([data, result]) => {
        // The spec keeps parser errors away from players; authors see them here.
        for (const e of result.errors) console.warn(`guide: ${e}`);
        if (live) setLoad({ status: "ready", data, sections: result.sections, flag, guideBuild: result.guideBuild, passivePoints: result.passivePoints });
      })
      .catch((e: unknown) => {
        if (live) setLoad({ status: "error", message: e instanceof Error ? e.message : String(e) });
      });
    return () => {
      live = false;
    };
  }, [build, flag]);

  return load;
}
