/**
 * A list's first page as the build browser first shows it, and the first pages read before
 * the page mounted (the landing route's boot read, app/landing.ts), which the list's first
 * render takes instead of starting its own read.
 */
import type { LikeOverride } from "./db";
import { orderFirstPage } from "./filters";
import { effectiveLike } from "./likes";
import type { BuildPage, BuildSummary, Cursor } from "./types";

export interface FirstPage {
  builds: BuildSummary[];
  cursor: Cursor | null;
  /** Served from Dexie because the server could not be reached or failed. */
  fromCache: boolean;
  /** The like overrides the order was computed with; the cards show the same until the live ones arrive. */
  overrides: Map<string, LikeOverride>;
}

/**
 * The page in projected-likes order (a list sorted by a planner figure keeps the server's
 * order: `byLikes` false), with the overrides read along with it.
 */
export function toFirstPage(page: BuildPage, fromCache: boolean, overrides: Map<string, LikeOverride>, now = Date.now(), byLikes = true): FirstPage {
  const builds = byLikes ? orderFirstPage(page.builds, (b) => effectiveLike(b, overrides.get(b.buildId), now).likes) : page.builds;
  return { builds, cursor: page.cursor, fromCache, overrides };
}

interface Ahead {
  promise: Promise<FirstPage | undefined>;
  value?: FirstPage;
}

const ahead = new Map<string, Ahead>();

/** Starts (once per list key) a first page read ahead of the page; settles when the read does. */
export function readAhead(key: string, read: () => Promise<FirstPage | undefined>): Promise<FirstPage | undefined> {
  const known = ahead.get(key);
  if (known) return known.promise;
  const entry: Ahead = {
    promise: read().then(
      (v) => (entry.value = v),
      () => undefined,
    ),
  };
  ahead.set(key, entry);
  return entry.promise;
}

/** The read-ahead first page of the list, if it is already there. */
export function peekAhead(key: string): FirstPage | undefined {
  return ahead.get(key)?.value;
}

/** Takes the list's read-ahead (it serves one first load): its promise, undefined if none was started. */
export function takeAhead(key: string): Promise<FirstPage | undefined> | undefined {
  const entry = ahead.get(key);
  ahead.delete(key);
  return entry?.promise;
}
