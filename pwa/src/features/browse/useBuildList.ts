import { useCallback, useEffect, useRef, useState } from "react";
import type { ApiRequestError } from "../../data/api";
import { loadListPage } from "../../data/builds";
import type { LikeOverride } from "../../data/db";
import { listKey, sortsByLikes, type BuildFilters } from "../../data/filters";
import { peekAhead, takeAhead, toFirstPage, type FirstPage } from "../../data/firstPage";
import { readLikeOverrides } from "../../data/likes";
import { loadDb } from "../../data/loadDb";
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
  /** The like overrides the first page was read with (null before it is). */
  overrides: Map<string, LikeOverride> | null;
}

const INITIAL: BuildListState = { builds: [], cursor: null, loading: true, loadingMore: false, fromCache: false, error: null, overrides: null };

/** The first page of a list with the like overrides applied, in projected-likes order. */
async function loadFirstPage(source: BrowseSource, filters: BuildFilters, signal?: AbortSignal): Promise<FirstPage> {
  const db = await loadDb();
  const [page, overrides] = await Promise.all([loadListPage(db, source, filters, null, 0, { signal }), readLikeOverrides(db)]);
  return toFirstPage(page.value, page.fromCache, overrides, Date.now(), sortsByLikes(filters));
}

const loaded = (p: FirstPage): BuildListState => ({ ...p, loading: false, loadingMore: false, error: null });

/** The pages of one list; starts over when the source or the applied filters change. */
export function useBuildList(source: BrowseSource, filters: BuildFilters, enabled: boolean) {
  const key = listKey(source, filters);
  // A first page read ahead (app/landing.ts) and already there is the first render's state.
  const shownAhead = useRef(false);
  const [state, setState] = useState<BuildListState>(() => {
    const hit = enabled ? peekAhead(key) : undefined;
    shownAhead.current = hit !== undefined;
    return hit ? loaded(hit) : INITIAL;
  });
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
    const early = takeAhead(key);
    if (shownAhead.current) {
      // The first render already showed it (see useState above).
      shownAhead.current = false;
      return;
    }
    setState(INITIAL);
    const ctl = new AbortController();
    busy.current = true;
    (async () => {
      try {
        // A read ahead that found nothing leaves the list to the usual read (and its error).
        const first = (await early) ?? (await loadFirstPage(source, filters, ctl.signal));
        if (gen.current !== my) return;
        setState(loaded(first));
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
      const page = await loadListPage(await loadDb(), source, filters, state.cursor, next);
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
