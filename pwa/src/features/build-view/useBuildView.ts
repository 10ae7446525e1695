import { useEffect, useState } from "react";
import type { PlannerBuild } from "@workers/planner/types";
import type { ApiRequestError } from "../../data/api";
import { loadBuild } from "../../data/builds";
import { getDb } from "../../data/db";
import { decodePlannerCached } from "../../data/planner";
import type { BuildInfo } from "../../data/types";

export interface BuildViewState {
  info?: BuildInfo;
  planner?: PlannerBuild;
  fromCache: boolean;
  loading: boolean;
  error?: Error;
}

/** Loads buildInfo (server, else Dexie) and decodes its planner code (worker, cached). */
export function useBuildView(slug: string): BuildViewState {
  const [state, setState] = useState<BuildViewState>({ fromCache: false, loading: true });
  useEffect(() => {
    const ctl = new AbortController();
    let live = true;
    setState({ fromCache: false, loading: true });
    (async () => {
      try {
        const loaded = await loadBuild(getDb(), slug, { signal: ctl.signal });
        const planner = await decodePlannerCached(getDb(), loaded.value.pobCode);
        if (live) setState({ info: loaded.value, planner, fromCache: loaded.fromCache, loading: false });
      } catch (err) {
        if (!live || (err as ApiRequestError)?.failure?.kind === "cancelled") return;
        console.error("build view failed to load", err);
        setState({ fromCache: false, loading: false, error: err as Error });
      }
    })();
    return () => {
      live = false;
      ctl.abort();
    };
  }, [slug]);
  return state;
}
