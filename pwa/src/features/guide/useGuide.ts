/** Loads the campaign facts, then parses the route for a build in the guide worker. */
import { useEffect, useMemo, useState } from "react";
import { loadCampaign } from "../../data/gameData";
import type { PlannerBuild } from "@workers/planner/types";
import { buildBanditFlag, guideBuildFrom } from "@workers/guide/build";
import { formatError } from "@workers/guide/parser";
import type { BanditFlag, CampaignData, GuideBuild, Section } from "@workers/guide/types";
import { ROUTE_SCRIPTS } from "./routeScripts";
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
    (async () => {
      const data: CampaignData = await loadCampaign();
      const guideBuild = build ? guideBuildFrom(build, data) : null;
      const result = await guideWorker().parseGuide(ROUTE_SCRIPTS, data, { flags: [flag], build: guideBuild });
      // The spec keeps parser errors away from players; authors see them here.
      for (const e of result.errors) console.warn(`guide: ${formatError(e)}`);
      if (live) setLoad({ status: "ready", data, sections: result.sections, flag, guideBuild, passivePoints: result.passivePoints });
    })().catch((e: unknown) => {
      if (live) setLoad({ status: "error", message: e instanceof Error ? e.message : String(e) });
    });
    return () => {
      live = false;
    };
  }, [build, flag]);

  return load;
}
