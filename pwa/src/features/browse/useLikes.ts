import { useLiveQuery } from "dexie-react-hooks";
import { getDb, type LikeOverride } from "../../data/db";
import { effectiveLike, readLikeOverrides, type LikeState } from "../../data/likes";

const NONE = new Map<string, LikeOverride>();

/** Live like overrides (accepted and pending), so every card and the build view show the same effective count. */
export function useLikeOverrides(): Map<string, LikeOverride> {
  return useLiveQuery(() => readLikeOverrides(getDb()), [], NONE);
}

export function useEffectiveLike(buildId: string, server: LikeState): LikeState {
  const overrides = useLikeOverrides();
  return effectiveLike(server, overrides.get(buildId), Date.now());
}
