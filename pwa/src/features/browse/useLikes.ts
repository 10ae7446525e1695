import { useLiveQuery } from "dexie-react-hooks";
import { getDb, type LikeOverride } from "../../data/db";
import { effectiveLike, type LikeState } from "../../data/likes";

/** Live like overrides, so every card and the build view show the same effective count. */
export function useLikeOverrides(): Map<string, LikeOverride> {
  const list = useLiveQuery(() => getDb().likeOverrides.toArray(), [], []);
  return new Map(list.map((o) => [o.buildId, o]));
}

export function useEffectiveLike(buildId: string, server: LikeState): LikeState {
  const override = useLiveQuery(() => getDb().likeOverrides.get(buildId), [buildId]);
  return effectiveLike(server, override, Date.now());
}
