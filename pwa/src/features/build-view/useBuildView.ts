import { useEffect, useState } from "react";
import type { PlannerBuild } from "@workers/planner/types";
import { api, type ApiRequestError } from "../../data/api";
import { loadBuild } from "../../data/builds";
import { getDb } from "../../data/db";
import { decodePlannerCached } from "../../data/planner";
import type { BuildInfo, RevisionInfo } from "../../data/types";

export interface BuildViewState {
  info?: BuildInfo;
  /** The revision shown (an earlier one when the link names it); the newest is info.revision. */
  shownRevision?: number;
  /** The newest revision's number. */
  newestRevision?: number;
  planner?: PlannerBuild;
  fromCache: boolean;
  loading: boolean;
  error?: Error;
}

/** Loads buildInfo (server, else Dexie) and decodes its planner code (worker, cached). */
export function useBuildView(slug: string, revision: number | null = null): BuildViewState {
  const [state, setState] = useState<BuildViewState>({ fromCache: false, loading: true });
  useEffect(() => {
    const ctl = new AbortController();
    let live = true;
    setState({ fromCache: false, loading: true });
    (async () => {
      try {
        const loaded = await loadBuild(getDb(), slug, { signal: ctl.signal });
        const newest = loaded.value.revision ?? 1;
        let info = loaded.value;
        // An earlier revision's link: that revision's steps and code over the build's info.
        if (revision !== null && revision !== newest) {
          const r = await api.get<RevisionInfo>(`/Build/${encodeURIComponent(info.buildId)}/revision/${revision}`, { signal: ctl.signal });
          info = { ...info, steps: r.steps, pobCode: r.pobCode, treeVersion: r.treeVersion, skills: r.skills, baseClass: r.baseClass, ascendancy: r.ascendancy };
        }
        const planner = await decodePlannerCached(getDb(), info.pobCode);
        if (live) {
          setState({ info, planner, fromCache: loaded.fromCache, loading: false, shownRevision: revision ?? newest, newestRevision: newest });
        }
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
  }, [slug, revision]);
  return state;
}
