/**
 * The tracker's clocks (spec §4, §8, §9): the time-ago wording, the base
 * interval its cooldowns are multiples of, and the Retry-After of a 429.
 */

/**
 * The spec states its timers as multiples of one base interval and never names
 * its value (builds spec §4, §8, §9; tree spec §8 calls it "the default delay").
 * 1000 ms is the one reading that fits the figures it does give: the tree spec's
 * 'Failed to refetch characterData' closes after 4 default delays, and §9 lists
 * the toast durations as 3 s, 4 s and 6 s.
 */
export const BASE_INTERVAL_MS = 1000;
/** Refetch of the character list and the Refresh button are throttled to this. */
export const REFETCH_COOLDOWN_MS = 1.2 * BASE_INTERVAL_MS;
export const OVERLAY_TIMEOUT_MS = 1.5 * BASE_INTERVAL_MS;
export const FAILURE_TOAST_MS = 5 * BASE_INTERVAL_MS;
/** On wide screens the 'Updated ...' label is redrawn this often. */
export const TIME_AGO_TICK_MS = 30 * BASE_INTERVAL_MS;
export const DEFAULT_RETRY_AFTER_S = 5;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"} ago`;

/** 'recently' under one minute, then whole minutes, hours, days. */
export function timeAgo(thenMs: number, nowMs: number): string {
  const d = Math.max(0, nowMs - thenMs);
  if (d < MINUTE) return "recently";
  if (d < HOUR) return plural(Math.floor(d / MINUTE), "minute");
  if (d < DAY) return plural(Math.floor(d / HOUR), "hour");
  return plural(Math.floor(d / DAY), "day");
}

/** The Refresh button's label. */
export function updatedLabel(thenMs: number | null | undefined, nowMs: number): string {
  return thenMs ? `Updated ${timeAgo(thenMs, nowMs)}` : "Never";
}

/**
 * Seconds to wait from a Retry-After header: delta-seconds or an HTTP date.
 * Missing or unreadable gives null (the caller reports it and waits the default).
 */
export function parseRetryAfter(header: string | null | undefined, nowMs: number): number | null {
  const h = header?.trim();
  if (!h) return null;
  if (/^\d+$/.test(h)) return Number(h);
  // An HTTP date names its weekday and month; "-3" would parse as a year.
  const at = /[a-z]{3}/i.test(h) ? Date.parse(h) : NaN;
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.ceil((at - nowMs) / 1000));
}
