/** The realm's characters: cached list, throttled Refetch, the spec's error toasts. */
import { notifications } from "@mantine/notifications";
import { useEffect, useState, useSyncExternalStore } from "react";
import type { ApiRequestError } from "../../data/api";
import { loadCharacters, selectCharacter, selectedCharacterId, subscribeSelectedCharacter } from "../../data/characters";
import { getDb } from "../../data/db";
import type { CharacterSummary, Realm } from "../../data/types";
import { characterFailure, toastCharacterFailure, type CharacterFailure } from "./characterErrors";
import { BASE_INTERVAL_MS } from "./timing";
import { useCooldown } from "./useCooldown";

export interface CharactersState {
  loading: boolean;
  characters: CharacterSummary[];
  fromCache: boolean;
  savedAt: number | null;
  failure: CharacterFailure | null;
  refetch: () => void;
  /** True while Refetch is throttled. */
  cooling: boolean;
}

export function useCharacters(realm: Realm, enabled = true): CharactersState {
  const [state, setState] = useState<Omit<CharactersState, "refetch" | "cooling">>({ loading: true, characters: [], fromCache: false, savedAt: null, failure: null });
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (!enabled) return;
    const ctl = new AbortController();
    setState((s) => ({ ...s, loading: true }));
    loadCharacters(getDb(), realm, { signal: ctl.signal }).then(
      (r) => {
        if (r.error) toastCharacterFailure(characterFailure(r.error));
        setState({ loading: false, characters: r.value, fromCache: r.fromCache, savedAt: r.savedAt, failure: r.error ? characterFailure(r.error) : null });
      },
      (err: ApiRequestError) => {
        if (ctl.signal.aborted) return;
        const f = characterFailure(err);
        toastCharacterFailure(f);
        setState({ loading: false, characters: [], fromCache: false, savedAt: null, failure: f });
      },
    );
    return () => ctl.abort();
  }, [realm, enabled, tick]);
  const [refetch, cooling] = useCooldown(() => setTick((t) => t + 1));
  return { ...state, refetch, cooling };
}

export function useSelectedCharacterId(): [string | null, (id: string | null) => void] {
  const id = useSyncExternalStore(subscribeSelectedCharacter, selectedCharacterId, () => null);
  return [id, selectCharacter];
}

/** Spec doc 2 §8: 'Failed to refetch characterData', auto-closing after 4 base intervals. */
export const MISSING_CHARACTER_TOAST_MS = 4 * BASE_INTERVAL_MS;

/**
 * The selected character's list entry. A remembered character the realm no
 * longer lists is dropped with the spec's notice (doc 2 §5).
 */
export function useSelectedCharacter(chars: CharactersState): { summary: CharacterSummary | null; selectedId: string | null; select: (id: string | null) => void } {
  const [selectedId, select] = useSelectedCharacterId();
  const summary = chars.characters.find((c) => c.id === selectedId) ?? null;
  useEffect(() => {
    if (!chars.loading && !chars.failure && selectedId && !summary && chars.characters.length) {
      notifications.show({ color: "red", title: "Failed to refetch characterData", message: "failed to find character data", autoClose: MISSING_CHARACTER_TOAST_MS });
      select(null);
    }
  }, [chars.loading, chars.failure, chars.characters.length, selectedId, summary, select]);
  return { summary, selectedId, select };
}
