/**
 * One character in detail, from the server or else from Dexie with its age
 * (spec §8: a failed fetch returns cached data if present), with the spec's
 * toasts for a 429 and other failures. Shared by the tracker and the build view.
 */
import { useCallback, useEffect, useState } from "react";
import type { ApiRequestError } from "../../data/api";
import type { Character } from "../../data/character";
import { loadCharacterDetail } from "../../data/characters";
import { getDb } from "../../data/db";
import type { CharacterSummary, Realm } from "../../data/types";
import { characterFailure, toastCharacterFailure, type CharacterFailure } from "./characterErrors";

export interface DetailState {
  loading: boolean;
  character: Character | null;
  savedAt: number | null;
  fromCache: boolean;
  failure: CharacterFailure | null;
}

export interface CharacterDetail {
  detail: DetailState;
  /** Fetch again (Try again, Refresh). */
  reload: () => void;
}

export function useCharacterDetail(realm: Realm, summary: Pick<CharacterSummary, "id" | "name"> | null): CharacterDetail {
  const [detail, setDetail] = useState<DetailState>({ loading: true, character: null, savedAt: null, fromCache: false, failure: null });
  const [tick, setTick] = useState(0);
  const id = summary?.id;
  const name = summary?.name;
  useEffect(() => {
    if (!id || !name) return;
    let live = true;
    setDetail((d) => ({ ...d, loading: true }));
    loadCharacterDetail(getDb(), realm, id, name).then(
      (r) => {
        if (!live) return;
        if (r.error) toastCharacterFailure(characterFailure(r.error));
        setDetail({ loading: false, character: r.value, savedAt: r.savedAt, fromCache: r.fromCache, failure: r.error ? characterFailure(r.error) : null });
      },
      (err: ApiRequestError) => {
        if (!live) return;
        const f = characterFailure(err);
        toastCharacterFailure(f);
        setDetail({ loading: false, character: null, savedAt: null, fromCache: false, failure: f });
      },
    );
    return () => void (live = false);
  }, [realm, id, name, tick]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { detail, reload };
}
