/**
 * What the game's log tells, for any view: starts the page's one follower
 * (which follows a kept file once the browser lets it read it) and subscribes
 * to its snapshot; the follower reads while at least one view subscribes.
 * Guides pass their campaign facts; the tracker's level, with no guide on
 * screen, passes none (the follower loads them).
 */
import { useEffect, useSyncExternalStore } from "react";
import type { Area } from "@workers/guide/types";
import { gameLogFollower, type LogSnapshot } from "./logFollower";

export function useFollowedLog(areas?: Record<string, Area>): LogSnapshot {
  const follower = gameLogFollower();
  useEffect(() => follower.start(areas), [follower, areas]);
  return useSyncExternalStore(follower.subscribe, follower.getSnapshot);
}
