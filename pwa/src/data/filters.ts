/**
 * Build browser filters (spec §2, §4, §5): edited vs applied filters, the URL
 * presets, the query the server gets, and the cache key of a list.
 */
import type { BrowseSource, BuildSummary } from "./types";

export const MAX_SKILL_FILTERS = 8;

export interface BuildFilters {
  classes: string[];
  skills: string[];
  creator: string;
}

export const EMPTY_FILTERS: BuildFilters = { classes: [], skills: [], creator: "" };

export function filtersFromUrl(params: URLSearchParams): BuildFilters {
  return normalizeFilters({
    classes: params.getAll("ClassFilters"),
    skills: params.getAll("SkillFilters"),
    creator: params.getAll("CreatorFilter")[0] ?? "",
  });
}

export function filtersToUrl(f: BuildFilters): URLSearchParams {
  const p = new URLSearchParams();
  for (const c of f.classes) p.append("ClassFilters", c);
  for (const s of f.skills) p.append("SkillFilters", s);
  if (f.creator.trim()) p.set("CreatorFilter", f.creator.trim());
  return p;
}

export function normalizeFilters(f: BuildFilters): BuildFilters {
  const uniq = (xs: string[]) => [...new Set(xs.map((x) => x.trim()).filter(Boolean))];
  return { classes: uniq(f.classes), skills: uniq(f.skills).slice(0, MAX_SKILL_FILTERS), creator: f.creator.trim() };
}

/** The list query: classes and skills only when non-empty; creator trimmed, ignored when empty or on Created. */
export function searchQuery(source: BrowseSource, f: BuildFilters) {
  const n = normalizeFilters(f);
  return {
    ClassFilters: n.classes.length ? n.classes : undefined,
    SkillFilters: n.skills.length ? n.skills : undefined,
    CreatorFilter: source === "created" ? undefined : n.creator || undefined,
  };
}

export const SEARCH_PATH: Record<BrowseSource, string> = {
  explore: "/Build/search",
  liked: "/Build/liked-search",
  created: "/Build/created-search",
};

export function listKey(source: BrowseSource, f: BuildFilters): string {
  const q = searchQuery(source, f);
  return JSON.stringify([source, [...(q.ClassFilters ?? [])].sort(), [...(q.SkillFilters ?? [])].sort(), q.CreatorFilter ?? ""]);
}

/**
 * The first page shows in projected-likes order (the count the user sees,
 * overrides included); ties keep the server's order. Later pages append.
 */
export function orderFirstPage<T extends BuildSummary>(builds: T[], projected: (b: T) => number): T[] {
  return builds
    .map((b, i) => ({ b, i, likes: projected(b) }))
    .sort((x, y) => y.likes - x.likes || x.i - y.i)
    .map((x) => x.b);
}
