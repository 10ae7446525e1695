/**
 * The landing route (the build browser) starts its work with the app's first module
 * (boot.ts), while the rest of the app evaluates: its page chunk and, offline, its first
 * page and the like overrides, read straight from IndexedDB (data/rawDb.ts) without waiting
 * for Dexie. The first render waits for both (main.tsx) and shows the cards at once.
 */
import { filtersFromUrl, listKey, sortsByLikes, type BuildFilters } from "../data/filters";
import { readAhead, toFirstPage } from "../data/firstPage";
import { loadDb } from "../data/loadDb";
import { readFirstPageRaw } from "../data/rawDb";
import type { BrowseSource } from "../data/types";

const SOURCES: readonly string[] = ["explore", "liked", "created", "following"] satisfies BrowseSource[];

/** The list a landing URL shows (/, /build/browse and /build/browse/:tab redirect or belong to it); null on other routes. */
export function landingList(pathname: string, search: string): { source: BrowseSource; filters: BuildFilters } | null {
  const m = /^\/(build\/browse(\/([^/]*))?)?$/.exec(pathname);
  if (!m) return null;
  const source = m[3] || "explore";
  if (!SOURCES.includes(source)) return null;
  return { source: source as BrowseSource, filters: filtersFromUrl(new URLSearchParams(search)) };
}

export interface Landing {
  /** Settles when the first page read ahead did (at once when there is none: online, the network answers). */
  firstPage: Promise<unknown>;
}

/** Starts the landing route's loads (its chunk and first page); null on other routes. */
export function startLanding(pathname: string, search: string, online: boolean): Landing | null {
  const list = landingList(pathname, search);
  if (!list) return null;
  const key = listKey(list.source, list.filters);
  // Offline, the read first: its open is the longer wait.
  const firstPage = online
    ? Promise.resolve()
    : readAhead(key, async () => {
        const read = await readFirstPageRaw(key);
        return read?.page && toFirstPage(read.page, true, read.overrides, Date.now(), sortsByLikes(list.filters));
      });
  // The page's own load (routes.tsx) joins this one.
  void import("../features/browse/BrowsePage").catch(() => undefined);
  // Online the first page is a request that waits for the page, which caches it through Dexie: load and open it meanwhile.
  if (online) void loadDb().then((db) => db.open()).catch(() => undefined);
  return { firstPage };
}
