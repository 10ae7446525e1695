/**
 * The guide's side of following the log: the follower's snapshot, this guide's
 * tie to a log character, and the area entries not yet applied moved into the
 * guide's progress (followProgress), each applied once.
 */
import { useCallback, useEffect, useMemo, useState } from "react";
import type { CampaignData, Section } from "@workers/guide/types";
import type { CampaignProgress, GameLogBindingRow } from "../../../data/guideProgress";
import { entriesAfter } from "./follow";
import { followProgress } from "./followProgress";
import { gameLogFollower, type LogSnapshot } from "./logFollower";
import { loadBinding, saveBinding } from "./logStore";
import { useFollowedLog } from "./useFollowedLog";
import { routeAreas } from "./routeAreas";

export interface GameLogView {
  log: LogSnapshot;
  /** The log character this guide follows; null: whoever is playing. */
  boundTo: string | null;
  bind(character: string | null): void;
  pick(): void;
  resume(): void;
  stop(): void;
}

export function useGameLog(
  characterId: string,
  data: CampaignData,
  sections: Section[],
  progress: CampaignProgress | null,
  setProgress: (p: CampaignProgress) => void,
): GameLogView {
  const follower = gameLogFollower();
  const log = useFollowedLog(data.areas);
  const route = useMemo(() => routeAreas(sections, data.areas), [sections, data]);

  const [binding, setBinding] = useState<GameLogBindingRow | null>(null);
  useEffect(() => {
    let live = true;
    setBinding(null);
    loadBinding(characterId)
      .catch(() => ({ key: characterId, character: null, seq: 0 }))
      .then((b) => live && setBinding(b));
    return () => {
      live = false;
    };
  }, [characterId]);

  const keep = useCallback((b: GameLogBindingRow) => {
    setBinding(b);
    saveBinding(b).catch((e: unknown) => console.warn("guide: could not save the log binding", e));
  }, []);

  // New entries move the guide; the binding remembers the last one so none is applied twice.
  const state = log.state;
  useEffect(() => {
    if (!state || !binding || !progress || binding.seq === state.seq) return;
    const entries = binding.seq > state.seq ? [] : entriesAfter(state, binding.seq, binding.character);
    keep({ ...binding, seq: state.seq });
    const next = followProgress(route, progress, entries);
    if (next !== progress) setProgress(next);
  }, [state, binding, progress, route, keep, setProgress]);

  return {
    log,
    boundTo: binding?.character ?? null,
    bind: (character) => binding && keep({ ...binding, character }),
    pick: () => void follower.pick(),
    resume: () => void follower.resume(),
    stop: () => void follower.stop(),
  };
}
