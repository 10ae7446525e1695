import { useSyncExternalStore } from "react";
import { getFollowSnapshot, subscribeFollows, visibleUpdates } from "../../data/follows";

export const useFollows = () => useSyncExternalStore(subscribeFollows, getFollowSnapshot);

/** The followed builds with a revision the player has not seen. */
export function useUpdates() {
  const s = useFollows();
  return { updates: visibleUpdates(s.updates, s.following), loaded: s.updates !== null };
}
