/** Decodes a planner code for the guide (dev page) in the planner worker; no code means no build. */
import { useEffect, useState } from "react";
import type { PlannerBuild } from "@workers/planner/types";
import { getDb } from "../../data/db";
import { decodePlannerCached } from "../../data/planner";

export type PlannerLoad =
  | { status: "none" }
  | { status: "loading" }
  | { status: "ready"; build: PlannerBuild }
  | { status: "error"; message: string };

export function usePlannerBuild(code: string): PlannerLoad {
  const [load, setLoad] = useState<PlannerLoad>({ status: code ? "loading" : "none" });
  useEffect(() => {
    if (!code) {
      setLoad({ status: "none" });
      return;
    }
    let live = true;
    setLoad({ status: "loading" });
    // Cached by code in Dexie, so the guide for a build opens offline without decoding again.
    decodePlannerCached(getDb(), code)
      .then((build) => live && setLoad({ status: "ready", build }))
      .catch((e: unknown) => live && setLoad({ status: "error", message: e instanceof Error ? e.message : String(e) }));
    return () => {
      live = false;
    };
  }, [code]);
  return load;
}
