/**
 * A Dexie live query that starts later (by default after the next paint). Subscribing runs the
 * query at once and needs Dexie loaded and open; on the build browser's first render that
 * was work for each list, in front of the first cards, whose data was already read
 * (app/landing.ts). Dexie and the database load here, when the query starts.
 */
import type { WaypointDb } from "./db";
import { afterNextPaint } from "../ui/afterNextPaint";
import { loadDb } from "./loadDb";

export interface LazyLiveQueryOptions {
  /** Calls its argument when the query may start; returns a cancel. */
  start?: (go: () => void) => () => void;
  onError?: (err: unknown) => void;
}

/** Subscribes `query` once `start` says so and reports every result to `onValue`; returns an unsubscribe. */
export function lazyLiveQuery<T>(
  query: (db: WaypointDb) => Promise<T> | T,
  onValue: (value: T) => void,
  { start = afterNextPaint, onError = (err) => console.warn("live query failed", err) }: LazyLiveQueryOptions = {},
): () => void {
  let stopped = false;
  let subscription: { unsubscribe(): void } | undefined;
  const cancelStart = start(() => {
    Promise.all([import("dexie"), loadDb()]).then(([{ liveQuery }, db]) => {
      if (stopped) return;
      subscription = liveQuery(() => query(db)).subscribe({ next: onValue, error: onError });
    }, onError);
  });
  return () => {
    stopped = true;
    cancelStart();
    subscription?.unsubscribe();
  };
}
