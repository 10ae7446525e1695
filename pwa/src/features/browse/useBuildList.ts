import { useCallback, useEffect, useRef, useState } from "react";
import type { ApiRequestError } from "../../data/api";
import { loadListPage } from "../../data/builds";
import { getDb } from "../../data/db";
import { listKey, orderFirstPage, type BuildFilters } from "../../data/filters";
import { effectiveLike, readLikeOverrides } from "../../data/likes";
import type { BrowseSource, BuildSummary, Cursor } from "../../data/types";

export interface BuildListState {
  builds: BuildSummary[];
  cursor: Cursor | null;
  /** First page loading. */
  loading: boolean;
  loadingMore: boolean;
  /** Showing cached pages because the server could not be reached. */
  fromCache: boolean;
  error: ApiRequestError | null;
}

const INITIAL: BuildListState = { builds: [], cursor: null, loading: true, loadingMore: false, fromCache: false, error: null };

/** The pages of one list; starts over when the source or the applied filters change. */
export function useBuildList(source: BrowseSource, filters: BuildFilters, enabled: boolean) {
  const [state, setState] = useState<BuildListState>(INITIAL);
  const key = listKey(source, filters);
  const gen = useRef(0);
  const pageIndex = useRef(0);
  const busy = useRef(false);

  useEffect(() => {
    const my = ++gen.current;
    pageIndex.current = 0;
    if (!enabled) {
      setState({ ...INITIAL, loading: false });
      return;
    }
    setState(INITIAL);
    const ctl = new AbortController();
    busy.current = true;
    (async () => {
      try {
        const page = await loadListPage(getDb(), source, filters, null, 0, { signal: ctl.signal });
        const overrides = await readLikeOverrides(getDb());
        const now = Date.now();
        const builds = orderFirstPage(page.value.builds, (b) => effectiveLike(b, overrides.get(b.buildId), now).likes);
        if (gen.current !== my) return;
        setState({ builds, cursor: page.value.cursor, loading: false, loadingMore: false, fromCache: page.fromCache, error: null });
      } catch (err) {
        if (gen.current !== my || (err as ApiRequestError)?.failure?.kind === "cancelled") return;
        setState({ ...INITIAL, loading: false, error: err as ApiRequestError });
      } finally {
        if (gen.current === my) busy.current = false;
      }
    })();
    return () => ctl.abort();
  }, [key, enabled]); // eslint-disable-line react-hooks/exhaustive-deps

  const loadMore = useCallback(async () => {
    if (busy.current || !state.cursor) return;
    const my = gen.current;
    busy.current = true;
    setState((s) => ({ ...s, loadingMore: true }));
    try {
      const next = pageIndex.current + 1;
      const page = await loadListPage(getDb(), source, filters, state.cursor, next);
      if (gen.current !== my) return;
      pageIndex.current = next;
      setState((s) => {
        const seen = new Set(s.builds.map((b) => b.buildId));
        return {
          ...s,
          builds: [...s.builds, ...page.value.builds.filter((b) => !seen.has(b.buildId))],
          cursor: page.value.cursor,
          loadingMore: false,
          fromCache: s.fromCache || page.fromCache,
        };
      });
    } catch (err) {
      if (gen.current !== my) return;
      // The end of what we have: offline with no cached next page.
      setState((s) => ({ ...s, loadingMore: false, cursor: null, error: err as ApiRequestError }));
    } finally {
      if (gen.current === my) busy.current = false;
    }
  }, [state.cursor, source, key]); // eslint-disable-line react-hooks/exhaustive-deps

  return { ...state, loadMore };
}
