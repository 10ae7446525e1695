/**
 * The tracker's data: the selected character's detail, its attached build and
 * that build decoded, each cached in Dexie so the page works offline. Attaching
 * is optimistic (the build shows at once) and reverted on a refusal.
 */
import { notifications } from "@mantine/notifications";
import { useCallback, useEffect, useState } from "react";
import type { PlannerBuild } from "@workers/planner/types";
import type { ApiRequestError } from "../../data/api";
import { loadBuild } from "../../data/builds";
import { loadRevision } from "../follow/loadDiff";
import { pinnedRevision, readPin } from "../follow/revisionPins";
import { attachBuild, loadAttachment } from "../../data/characters";
import { baseClassOf, type ClassTable } from "../../data/classes";
import { getDb } from "../../data/db";
import { decodePlannerCached } from "../../data/planner";
import { getOutbox, syncNow } from "../../data/sync";
import type { BuildInfo, CharacterSummary, Realm } from "../../data/types";
import { useCharacterDetail, type DetailState } from "./useCharacterDetail";
import { useCooldown } from "./useCooldown";

export interface TrackedBuild {
  info: BuildInfo;
  planner: PlannerBuild;
  fromCache: boolean;
}

export type { DetailState };

export interface TrackerState {
  detail: DetailState;
  /** undefined while loading; null when no build is attached (or it failed to load). */
  build: TrackedBuild | null | undefined;
  refresh: () => void;
  refreshing: boolean;
  retryDetail: () => void;
  attach: (info: BuildInfo) => Promise<boolean>;
  /** Load the attached build again (a revision chosen). */
  reloadBuild: () => void;
  /** The attached build's revision shown, and its newest. */
  revision?: { shown: number; newest: number };
  /** True while another character's (or a refreshed) build loads over the one shown: the overlay covers it (spec §4). */
  switching: boolean;
}

export const ATTACH_TEXTS = {
  pending: { title: "Build updated", message: "Attaching build to character..." },
  success: { title: "Build attached successfully", message: "Your build has been saved to your character" },
  failure: { title: "Failed to attach build", message: "Please try again. Your previous build has been restored." },
  noCharacter: { title: "No character selected", message: "Please select a character first" },
  queued: { title: "Build attached offline", message: "It reaches the server when you are back online." },
};

export function classMismatchText(buildClass: string, characterClass: string): string {
  return `This build is for ${buildClass}, but your selected character is ${characterClass}. Please select a different build`;
}

/** The build's base class differs from the character's: the spec's 'Class mismatch' message, else null. */
export function classMismatch(table: ClassTable | null, info: { baseClass: string }, characterClass: string): string | null {
  const mine = baseClassOf(table, characterClass) ?? characterClass;
  return info.baseClass.toLowerCase() === mine.toLowerCase() ? null : classMismatchText(info.baseClass, mine);
}

async function loadTrackedBuild(slug: string, characterId: string): Promise<TrackedBuild & { revision: number; newest: number }> {
  const loaded = await loadBuild(getDb(), slug);
  let info = loaded.value;
  const newest = info.revision ?? 1;
  // The player chose to stay on an earlier revision (issue 36): that revision's steps and code.
  const pinned = pinnedRevision(readPin(characterId), info.buildId, newest);
  if (pinned !== null) {
    try {
      const r = await loadRevision(info.buildId, pinned);
      info = { ...info, steps: r.steps, pobCode: r.pobCode, treeVersion: r.treeVersion, skills: r.skills };
    } catch (err) {
      console.warn("tracker: the pinned revision could not be loaded, showing the newest", err);
      const planner = await decodePlannerCached(getDb(), info.pobCode);
      return { info, planner, fromCache: loaded.fromCache, revision: newest, newest };
    }
  }
  const planner = await decodePlannerCached(getDb(), info.pobCode);
  return { info, planner, fromCache: loaded.fromCache, revision: pinned ?? newest, newest };
}

/**
 * Attach from anywhere (tracker chooser, build view dialog): optimistic, with
 * the spec's toasts. Resolves true when attached or queued.
 */
export async function attachWithToasts(
  table: ClassTable | null, realm: Realm, character: CharacterSummary | null, info: BuildInfo, onOptimistic?: () => void,
): Promise<boolean> {
  if (!character) {
    notifications.show({ color: "red", ...ATTACH_TEXTS.noCharacter });
    return false;
  }
  const mismatch = classMismatch(table, info, character.class);
  if (mismatch) {
    notifications.show({ color: "red", title: "Class mismatch", message: mismatch });
    return false;
  }
  onOptimistic?.();
  const id = notifications.show({ loading: true, autoClose: false, ...ATTACH_TEXTS.pending });
  try {
    const outcome = await attachBuild(getDb(), getOutbox(), realm, character.id, { buildId: info.buildId, slug: info.slug });
    notifications.update({ id, loading: false, autoClose: 4000, color: "green", ...(outcome === "queued" ? ATTACH_TEXTS.queued : ATTACH_TEXTS.success) });
    if (outcome === "queued") void syncNow();
    return true;
  } catch (err) {
    const e = err as ApiRequestError;
    const title = e.code === "class_mismatch" ? "Class mismatch" : ATTACH_TEXTS.failure.title;
    notifications.update({ id, loading: false, autoClose: 6000, color: "red", title, message: e.code === "class_mismatch" ? e.message.replace(/^Class mismatch: /, "") : ATTACH_TEXTS.failure.message });
    return false;
  }
}

export function useTracker(table: ClassTable | null, realm: Realm, summary: CharacterSummary | null): TrackerState {
  const { detail, reload: reloadDetail } = useCharacterDetail(realm, summary);
  const [build, setBuild] = useState<TrackedBuild | null | undefined>(undefined);
  const [buildTick, setBuildTick] = useState(0);
  const [switching, setSwitching] = useState(false);
  const [revision, setRevision] = useState<{ shown: number; newest: number } | undefined>(undefined);
  const id = summary?.id;

  useEffect(() => {
    if (!id) return;
    let live = true;
    // A build already shown stays, under the overlay, until the next one is known; the skeleton is for a first load.
    setSwitching(true);
    setBuild((b) => b || undefined);
    (async () => {
      try {
        const att = (await loadAttachment(getDb(), id)).value;
        // 204 or no pobUrl: no linked build, which leads to the chooser.
        if (!att?.slug || !att.pobUrl) return live && setBuild(null);
        const { revision: shown, newest, ...b } = await loadTrackedBuild(att.slug, id);
        if (live) {
          setBuild(b);
          setRevision({ shown, newest });
        }
      } catch (err) {
        console.error("tracker: the linked build could not be loaded", err);
        if (live) setBuild(null);
      } finally {
        if (live) setSwitching(false);
      }
    })();
    return () => void (live = false);
  }, [id, buildTick]);

  const [refresh, refreshing] = useCooldown(() => {
    reloadDetail();
    setBuildTick((t) => t + 1);
  });

  const attach = useCallback(
    async (info: BuildInfo) => {
      const previous = build;
      let failed = false;
      const ok = await attachWithToasts(table, realm, summary, info, () => {
        // Optimistic: show the chosen build at once (decoded from its cached code).
        void decodePlannerCached(getDb(), info.pobCode).then((planner) => !failed && setBuild({ info, planner, fromCache: false }));
      });
      if (!ok) {
        failed = true;
        setBuild(previous);
      }
      return ok;
    },
    [build, realm, summary, table],
  );

  const reloadBuild = useCallback(() => setBuildTick((t) => t + 1), []);
  return { detail, build, refresh, refreshing, retryDetail: reloadDetail, attach, switching, reloadBuild, revision };
}
