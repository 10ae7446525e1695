import { useLiveQuery } from "dexie-react-hooks";
import { createContext, createElement, useContext, type ReactNode } from "react";
import { getDb, type LikeOverride } from "../../data/db";
import { effectiveLike, readLikeOverrides, type LikeState } from "../../data/likes";

const NONE = new Map<string, LikeOverride>();

/** Live like overrides (accepted and pending), so every card and the build view show the same effective count. */
export function useLikeOverrides(): Map<string, LikeOverride> {
  return useLiveQuery(() => readLikeOverrides(getDb()), [], NONE);
}

const Shared = createContext<Map<string, LikeOverride> | null>(null);

/**
 * One live query for a whole list of cards: each card querying Dexie on its own
 * was a transaction and a re-render per card on the way to the first screen.
 */
export function LikeOverridesProvider({ children }: { children: ReactNode }) {
  return createElement(Shared.Provider, { value: useLikeOverrides() }, children);
}

export function useEffectiveLike(buildId: string, server: LikeState): LikeState {
  const shared = useContext(Shared);
  // Outside a provider (the build view), its own live query; inside, none.
  const own = useLiveQuery(() => (shared ? NONE : readLikeOverrides(getDb())), [shared === null], NONE);
  return effectiveLike(server, (shared ?? own).get(buildId), Date.now());
}
