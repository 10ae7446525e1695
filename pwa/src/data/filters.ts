/**
 * Build browser filters (spec §2, §4, §5): edited vs applied filters, the URL
 * presets, the query the server gets, and the cache key of a list.
 */
import type { BrowseSource, BuildSummary } from "./types";

export const MAX_SKILL_FILTERS = 8;

/**
 * Browse orders (issue 35): by likes (the default), or by one of the planner's saved figures,
 * highest first, builds without it last. The server's `SortBy` values.
 */
export type SortBy = "likes" | "dps" | "life" | "es";

export const SORT_OPTIONS: { value: SortBy; label: string }[] = [
  { value: "likes", label: "Most liked" },
  { value: "dps", label: "Highest DPS" },
  { value: "life", label: "Most life" },
  { value: "es", label: "Most energy shield" },
];

/** Minimum filters: the planner's saved figure must be at least this (builds without it never match). */
export type MinimumKey = "minDps" | "minLife" | "minEs";

export const MINIMUMS: { key: MinimumKey; param: string; label: string }[] = [
  { key: "minDps", param: "MinDps", label: "Min DPS" },
  { key: "minLife", param: "MinLife", label: "Min life" },
  { key: "minEs", param: "MinEs", label: "Min energy shield" },
];

/** The server refuses larger minimums (server/api/builds.py MAX_STAT_VALUE). */
export const MAX_MINIMUM = 1e15;

export interface BuildFilters {
  classes: string[];
  skills: string[];
  creator: string;
  /** Absent: by likes. */
  sortBy?: SortBy;
  minDps?: number | null;
  minLife?: number | null;
  minEs?: number | null;
}

export const EMPTY_FILTERS: BuildFilters = { classes: [], skills: [], creator: "" };

const SORT_VALUES: readonly string[] = SORT_OPTIONS.map((o) => o.value);

/** A minimum as the server takes it: a finite number from 0 to MAX_MINIMUM, else none. */
export function cleanMinimum(value: unknown): number | null {
  if (value === null || value === undefined || value === "") return null;
  const n = typeof value === "number" ? value : Number(String(value).trim());
  return Number.isFinite(n) && n >= 0 && n <= MAX_MINIMUM ? n : null;
}

export function filtersFromUrl(params: URLSearchParams): BuildFilters {
  const f: BuildFilters = {
    classes: params.getAll("ClassFilters"),
    skills: params.getAll("SkillFilters"),
    creator: params.getAll("CreatorFilter")[0] ?? "",
    sortBy: (params.get("SortBy") ?? undefined) as SortBy | undefined,
  };
  for (const m of MINIMUMS) f[m.key] = cleanMinimum(params.get(m.param));
  return normalizeFilters(f);
}

export function filtersToUrl(f: BuildFilters): URLSearchParams {
  const n = normalizeFilters(f);
  const p = new URLSearchParams();
  for (const c of n.classes) p.append("ClassFilters", c);
  for (const s of n.skills) p.append("SkillFilters", s);
  if (n.creator) p.set("CreatorFilter", n.creator);
  if (n.sortBy) p.set("SortBy", n.sortBy);
  for (const m of MINIMUMS) if (n[m.key] != null) p.set(m.param, String(n[m.key]));
  return p;
}

/** Trimmed, de-duplicated filters; a likes sort and empty minimums are left out (the defaults). */
export function normalizeFilters(f: BuildFilters): BuildFilters {
  const uniq = (xs: string[]) => [...new Set(xs.map((x) => x.trim()).filter(Boolean))];
  const out: BuildFilters = { classes: uniq(f.classes), skills: uniq(f.skills).slice(0, MAX_SKILL_FILTERS), creator: f.creator.trim() };
  const sort = f.sortBy?.toLowerCase();
  if (sort && sort !== "likes" && SORT_VALUES.includes(sort)) out.sortBy = sort as SortBy;
  for (const m of MINIMUMS) {
    const v = cleanMinimum(f[m.key]);
    if (v !== null) out[m.key] = v;
  }
  return out;
}

/** Whether the list is in likes order (the first page is then shown in projected-likes order). */
export function sortsByLikes(f: BuildFilters): boolean {
  return !normalizeFilters(f).sortBy;
}

/** The list query: classes and skills only when non-empty; creator trimmed, ignored when empty or on Created; the sort and minimums when set. */
export function searchQuery(source: BrowseSource, f: BuildFilters) {
  const n = normalizeFilters(f);
  return {
    ClassFilters: n.classes.length ? n.classes : undefined,
    SkillFilters: n.skills.length ? n.skills : undefined,
    CreatorFilter: source === "created" ? undefined : n.creator || undefined,
    SortBy: n.sortBy,
    MinDps: n.minDps ?? undefined,
    MinLife: n.minLife ?? undefined,
    MinEs: n.minEs ?? undefined,
  };
}

export const SEARCH_PATH: Record<BrowseSource, string> = {
  explore: "/Build/search",
  liked: "/Build/liked-search",
  created: "/Build/created-search",
  following: "/Build/following-search",
};

export function listKey(source: BrowseSource, f: BuildFilters): string {
  const q = searchQuery(source, f);
  const key: unknown[] = [source, [...(q.ClassFilters ?? [])].sort(), [...(q.SkillFilters ?? [])].sort(), q.CreatorFilter ?? ""];
  // Lists in likes order without minimums keep the key they always had (cached pages stay valid).
  if (q.SortBy || q.MinDps !== undefined || q.MinLife !== undefined || q.MinEs !== undefined) {
    key.push(q.SortBy ?? "likes", q.MinDps ?? null, q.MinLife ?? null, q.MinEs ?? null);
  }
  return JSON.stringify(key);
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
