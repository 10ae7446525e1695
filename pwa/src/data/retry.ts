/**
 * The request retry schedule from spec §9: up to 3 retries, never after a 401
 * or a cancellation; the delay starts at 1 s, doubles per try, is capped at
 * 30 s, and gets up to 300 ms of jitter so many tabs do not retry in step.
 */

export const MAX_RETRIES = 3;
export const BASE_DELAY_MS = 1000;
export const MAX_DELAY_MS = 30_000;
export const MAX_JITTER_MS = 300;

/** Delay before retry number `retry` (0 = the first retry). `random` is in [0, 1). */
export function retryDelay(retry: number, random: () => number = Math.random): number {
  const base = Math.min(BASE_DELAY_MS * 2 ** retry, MAX_DELAY_MS);
  return base + Math.floor(random() * MAX_JITTER_MS);
}

export type FailureKind = "network" | "timeout" | "cancelled" | "http";

export interface Failure {
  kind: FailureKind;
  /** HTTP status for kind "http". */
  status?: number;
  /** The Retry-After header of a 429/503, as sent (seconds or an HTTP date). */
  retryAfter?: string;
}

/**
 * Whether a failed attempt may be retried. `retriesDone` counts retries already made.
 * Client errors other than 408/429 are answers, not glitches: asking again gives the same answer.
 */
export function shouldRetry(retriesDone: number, failure: Failure): boolean {
  if (retriesDone >= MAX_RETRIES) return false;
  if (failure.kind === "cancelled") return false;
  if (failure.kind !== "http") return true;
  const status = failure.status ?? 0;
  if (status === 401) return false;
  if (status === 408 || status === 429) return true;
  return status >= 500;
}

/** The full schedule of delays a request that keeps failing would wait through. */
export function retrySchedule(failure: Failure, random: () => number = Math.random): number[] {
  const delays: number[] = [];
  while (shouldRetry(delays.length, failure)) delays.push(retryDelay(delays.length, random));
  return delays;
}
