/**
 * Build reads: network first, Dexie as the fallback. Every answer is cached, so
 * a failed fetch answers the cached data when there is any (spec §8) and the
 * lists and viewed builds open offline.
 */
import { ApiRequestError, request, type RequestOptions } from "./api";
import type { CachedList, WaypointDb } from "./db";
import { listKey, searchQuery, SEARCH_PATH, type BuildFilters } from "./filters";
import type { BrowseSource, BuildInfo, BuildPage, Cursor } from "./types";

export interface Loaded<T> {
  value: T;
  /** Served from Dexie because the server could not be reached or failed. */
  fromCache: boolean;
  error?: ApiRequestError;
}

type Fetch = typeof request;

/** A server answer that is an answer, not a failure to get one (so the cache must not hide it). */
function isDefinitive(err: unknown): boolean {
  return err instanceof ApiRequestError && err.failure.kind === "http" && (err.status ?? 0) < 500 && err.status !== 408 && err.status !== 429;
}

/**
 * One page of a build list. `pageIndex` 0 with no cursor starts the list over;
 * later pages append to the cached list of the same filters.
 */
export async function loadListPage(
  db: WaypointDb,
  source: BrowseSource,
  filters: BuildFilters,
  cursor: Cursor | null,
  pageIndex: number,
  opts: RequestOptions = {},
  fetcher: Fetch = request,
): Promise<Loaded<BuildPage>> {
  const key = listKey(source, filters);
  const query = {
    ...searchQuery(source, filters),
    // The whole cursor goes back: its snapshot keeps this page in the first page's
    // order even when another server worker answers.
    lastGuid: cursor?.lastGuid,
    likeAmount: cursor?.likeAmount,
    snapshot: cursor?.snapshot,
    // Stat sorts (SortBy dps, life, es) page by the last build's figure.
    sortValue: cursor?.sortValue,
  };
  // Known offline: answer from the cache at once instead of waiting for the request to fail.
  if (typeof navigator !== "undefined" && navigator.onLine === false) {
    const page = (await db.lists.get(key))?.pages[pageIndex];
    if (page) return { value: page, fromCache: true, error: new ApiRequestError({ kind: "network" }, "network", "You are offline") };
  }
  try {
    const page = await fetcher<BuildPage>("GET", SEARCH_PATH[source], { ...opts, query });
    await db.transaction("rw", db.lists, db.builds, async () => {
      const cached = pageIndex === 0 ? undefined : await db.lists.get(key);
      const pages = [...(cached?.pages.slice(0, pageIndex) ?? []), page];
      await db.lists.put({ key, pages, savedAt: Date.now() } satisfies CachedList);
      for (const summary of page.builds) {
        const prev = await db.builds.get(summary.buildId);
        await db.builds.put({ ...prev, buildId: summary.buildId, slug: summary.slug, summary, savedAt: Date.now() });
      }
    });
    return { value: page, fromCache: false };
  } catch (err) {
    if (isDefinitive(err) || (err as ApiRequestError)?.failure?.kind === "cancelled") throw err;
    const cached = await db.lists.get(key);
    const page = cached?.pages[pageIndex];
    if (!page) throw err;
    return { value: page, fromCache: true, error: err as ApiRequestError };
  }
}

/** A build by id or slug; cached after every successful read. */
export async function loadBuild(db: WaypointDb, idOrSlug: string, opts: RequestOptions = {}, fetcher: Fetch = request): Promise<Loaded<BuildInfo>> {
  try {
    const { buildInfo } = await fetcher<{ buildInfo: BuildInfo }>("GET", `/Build/${encodeURIComponent(idOrSlug)}`, opts);
    const prev = await db.builds.get(buildInfo.buildId);
    await db.builds.put({ ...prev, buildId: buildInfo.buildId, slug: buildInfo.slug, info: buildInfo, savedAt: Date.now() });
    return { value: buildInfo, fromCache: false };
  } catch (err) {
    if (isDefinitive(err) || (err as ApiRequestError)?.failure?.kind === "cancelled") throw err;
    const cached = (await db.builds.get(idOrSlug)) ?? (await db.builds.where("slug").equals(idOrSlug).first());
    if (!cached?.info) throw err;
    return { value: cached.info, fromCache: true, error: err as ApiRequestError };
  }
}
