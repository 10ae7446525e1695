import { useEffect, useState, type DependencyList } from "react";
import type { WaypointDb } from "./db";
import { lazyLiveQuery, type LazyLiveQueryOptions } from "./lazyLiveQuery";

/**
 * A live query (lazyLiveQuery.ts) for a component: `initial` until its first result, then
 * the live results. A null query subscribes to nothing.
 */
export function useLazyLiveQuery<T>(
  query: ((db: WaypointDb) => Promise<T> | T) | null,
  deps: DependencyList,
  initial: T,
  start?: LazyLiveQueryOptions["start"],
): T {
  const [live, setLive] = useState<{ value: T } | null>(null);
  useEffect(() => {
    if (!query) return;
    return lazyLiveQuery(query, (value) => setLive({ value }), { start });
  }, deps); // eslint-disable-line react-hooks/exhaustive-deps
  return live ? live.value : initial;
}
