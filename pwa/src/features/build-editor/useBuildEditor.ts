/**
 * The editor's state: the draft (saved to Dexie on every change, restored on
 * the next visit) and its decoded planner build. The pure rules live in
 * steps.ts, loader.ts and autoSteps.ts; this hook only wires them to React,
 * Dexie, the planner worker and the outbox.
 */
import { useLiveQuery } from "dexie-react-hooks";
import { useCallback, useEffect, useRef, useState } from "react";
import type { PlannerBuild } from "@workers/planner/types";
import { getDb, type BuildDraft } from "../../data/db";
import { currentDraft, discardDraft, newBuildId, queuePublish, queueRevision, rebaseDraft, resolveSlug, saveDraft } from "../../data/drafts";
import { api } from "../../data/api";
import type { BuildInfo, RevisionRequest } from "../../data/types";
import { decodePlannerCached, decodePlannerFresh, plannerCodeOf, warmPlannerWorker } from "../../data/planner";
import { loadClasses } from "../../data/gameData";
import { getOutbox, syncNow } from "../../data/sync";
import { loadBuild } from "../../data/builds";
import type { PublishRequest } from "../../data/types";
import { fetchPasteCode, LOAD_ERRORS, LOAD_MARK, loadErrorFor, loadInput, readLoaderInput, type LoadError } from "./loader";
import { suggestSteps } from "./autoSteps";
import { loadSummary } from "./importInput";
import { keepLoadableSteps, toBuildSteps, type EditorStep } from "./steps";
import { offeredTrees } from "./classCheck";

export interface EditorState {
  /** restoring: reading a saved draft; empty: nothing loaded yet. */
  phase: "restoring" | "empty" | "ready";
  loading: boolean;
  draft?: BuildDraft;
  build?: PlannerBuild;
  loadError?: LoadError;
  /** The spec's link message, shown on the field. */
  fieldError?: string;
  /** One note per tree of the export left out of the step pickers (another class or ascendancy). */
  notes?: string[];
  /** 'failed to load one of the build steps' after a restore or Change Build skipped steps. */
  warning?: string;
  /** Why each step was skipped ("'Act 1' uses skill tree 'Act 1', which this build does not have."). */
  warningReasons?: string[];
  /** While loading: what the field holds ("pobb.in link"); after a load: what was loaded. */
  loadingLabel?: string;
  /** After a load: what was loaded and what it holds ("planner code: Slayer (Duelist), version 3.28: 3 passive trees, ..."). */
  loaded?: { label: string; summary: string };
  /** Set right after a fresh Load that filled in suggested steps, so the page can offer to keep or clear them. */
  fresh: boolean;
}

/** A Load decodes at once in the worker (no cache lookup first); a restored draft reads the cache. */
const deps = {
  fetchCode: fetchPasteCode,
  toCode: plannerCodeOf,
  decode: (code: string) => decodePlannerFresh(getDb(), code),
  classes: loadClasses,
  fetchBuild: async (slug: string) => (await loadBuild(getDb(), slug)).value,
};

export function useBuildEditor() {
  const db = getDb();
  const [state, setState] = useState<EditorState>({ phase: "restoring", loading: false, fresh: false });
  const writes = useRef<Promise<void>>(Promise.resolve());

  // Restore the newest unpublished draft.
  useEffect(() => {
    // While the user pastes: the worker starts and warms its decoder, and the class table for the mismatch check loads.
    warmPlannerWorker();
    void loadClasses().catch(() => undefined);
    let live = true;
    (async () => {
      const draft = await currentDraft(db);
      if (!draft) return live && setState((s) => ({ ...s, phase: "empty" }));
      try {
        const classes = loadClasses().catch(() => null);
        const { build, notes } = offeredTrees(await decodePlannerCached(db, draft.code), await classes);
        const { steps, skipped, reasons } = keepLoadableSteps(draft.steps, build);
        if (live) setState((s) => ({ ...s, phase: "ready", draft: { ...draft, steps }, build, notes, warning: skipped ? LOAD_ERRORS.stepSkipped : undefined, warningReasons: reasons }));
        if (draft.status === "waiting" && !draft.revisionOf) void resolveSlug(db, draft.buildId);
      } catch (err) {
        if (live) setState((s) => ({ ...s, phase: "empty", loadError: loadErrorFor(err) }));
      }
    })();
    return () => {
      live = false;
    };
  }, [db]);

  // The sync engine changes a draft's status (published, refused) behind the editor's back.
  const stored = useLiveQuery(() => (state.draft ? db.drafts.get(state.draft.buildId) : undefined), [state.draft?.buildId]);
  useEffect(() => {
    if (stored && state.draft && stored.updatedAt > state.draft.updatedAt) setState((s) => ({ ...s, draft: stored }));
  }, [stored, state.draft]);

  const persist = useCallback(
    (draft: BuildDraft) => {
      writes.current = writes.current.then(() => saveDraft(db, draft, draft.updatedAt)).catch((err) => console.error("draft not saved", err));
    },
    [db],
  );

  /** Change the draft; every change is saved at once. */
  const update = useCallback(
    (change: (d: BuildDraft) => Partial<BuildDraft>) => {
      setState((s) => {
        if (!s.draft) return s;
        const draft = { ...s.draft, ...change(s.draft), updatedAt: Math.max(Date.now(), s.draft.updatedAt + 1) };
        persist(draft);
        return { ...s, draft };
      });
    },
    [persist],
  );

  /**
   * Load whatever the import box holds (importInput.ts), or a file's text (`fileName`). With `replace`, the
   * current draft keeps its id and the steps that still fit (Change Build); a build none of them fit starts
   * from its suggested steps, as a first load does.
   */
  const load = useCallback(
    async (text: string, source: string, replace = false, fileName?: string) => {
      const input = readLoaderInput(text, fileName);
      if (input.kind === "invalid") {
        setState((s) => ({ ...s, fieldError: input.message, loadError: undefined }));
        return false;
      }
      setState((s) => ({ ...s, loading: true, loadingLabel: input.label, fieldError: undefined, loadError: undefined }));
      performance.mark(LOAD_MARK);
      try {
        const loaded = await loadInput(input, source, deps);
        setState((s) => {
          const base = replace && s.draft ? s.draft : undefined;
          const kept = keepLoadableSteps(base?.steps ?? [], loaded.build);
          // Every load shows what it found: one suggested step per tree (a single tree too), unless
          // Change Build kept steps that still fit the new build.
          const suggest = !kept.steps.length && loaded.build.trees.length > 0;
          const steps = suggest ? suggestSteps(loaded.build) : kept.steps;
          const draft: BuildDraft = {
            buildId: base?.buildId ?? newBuildId(),
            source: loaded.source,
            code: loaded.code,
            steps,
            active: Math.min(base?.active ?? 0, Math.max(0, steps.length - 1)),
            skills: base?.skills ?? [null, null, null],
            status: "editing",
            ...(base?.revisionOf && { revisionOf: base.revisionOf, note: base.note }),
            updatedAt: Date.now(),
          };
          persist(draft);
          return {
            ...s, phase: "ready", loading: false, loadingLabel: undefined, draft, build: loaded.build, notes: loaded.notes, fresh: suggest,
            loaded: { label: loaded.label, summary: loadSummary(loaded.build) },
            warning: kept.skipped ? LOAD_ERRORS.stepSkipped : undefined, warningReasons: kept.reasons,
          };
        });
        return true;
      } catch (err) {
        setState((s) => ({ ...s, loading: false, loadingLabel: undefined, loadError: loadErrorFor(err, input.kind, input.kind === "waypoint" ? input.slug : "") }));
        return false;
      }
    },
    [persist],
  );

  const setSteps = useCallback((steps: EditorStep[], active: number) => update(() => ({ steps, active })), [update]);

  /** Queue the publish (outbox, Idempotency-Key) and try to send it now. */
  const publish = useCallback(
    async (skills: string[]) => {
      const { draft, build } = state;
      if (!draft || !build) return;
      const last = build.trees.find((t) => t.id === draft.steps[draft.steps.length - 1]?.passiveTreeId);
      const payload: PublishRequest = {
        buildId: draft.buildId,
        baseClass: build.className,
        ascendancy: build.ascendancyName,
        treeVersion: last?.treeVersion ?? "",
        steps: toBuildSteps(draft.steps),
        pobCod: draft.code,
        skills,
      };
      const next: BuildDraft = { ...draft, skills: [skills[0] ?? null, skills[1] ?? null, skills[2] ?? null], status: "waiting", errors: undefined, stale: false, updatedAt: Date.now() };
      setState((s) => ({ ...s, draft: next }));
      await writes.current;
      if (draft.revisionOf) {
        // A new revision of the player's published build: based on the revision the draft started from.
        const { buildId: _ignored, ...rest } = payload;
        const body: RevisionRequest = { ...rest, baseRevision: draft.revisionOf.base, note: (draft.note ?? "").trim() || undefined };
        await queueRevision(db, getOutbox(), next, body);
      } else {
        await queuePublish(db, getOutbox(), next, payload);
      }
      await syncNow();
      return db.drafts.get(draft.buildId);
    },
    [db, state],
  );

  /**
   * After a 409 stale_revision: read the build's newest revision number and base the draft on it,
   * keeping the player's edits (code, steps, skills, note). The player then publishes again.
   */
  const loadNewest = useCallback(async () => {
    const draft = state.draft;
    if (!draft?.revisionOf) return;
    const { buildInfo } = await api.get<{ buildInfo: BuildInfo }>(`/Build/${encodeURIComponent(draft.revisionOf.buildId)}`);
    const next = rebaseDraft(draft, buildInfo.revision ?? 1, Math.max(Date.now(), draft.updatedAt + 1));
    persist(next);
    setState((s) => ({ ...s, draft: next }));
    return buildInfo.revision ?? 1;
  }, [persist, state.draft]);

  /** Start over: the draft goes (after a publish, or on request). */
  const reset = useCallback(async () => {
    if (state.draft) await discardDraft(db, state.draft.buildId);
    setState({ phase: "empty", loading: false, fresh: false });
  }, [db, state.draft]);

  const dismissFresh = useCallback(() => setState((s) => ({ ...s, fresh: false })), []);
  const clearWarning = useCallback(() => setState((s) => ({ ...s, warning: undefined, warningReasons: undefined })), []);

  return { state, load, update, setSteps, publish, reset, dismissFresh, clearWarning, loadNewest };
}

export type BuildEditor = ReturnType<typeof useBuildEditor>;
