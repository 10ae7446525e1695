/** The character error paths of spec §8: what the UI says and which toast goes with it. */
import { notifications } from "@mantine/notifications";
import type { ApiRequestError } from "../../data/api";
import { DEFAULT_RETRY_AFTER_S, FAILURE_TOAST_MS, parseRetryAfter } from "./timing";

export interface CharacterFailure {
  kind: "rateLimited" | "failed";
  /** Seconds to wait (429 only). */
  retryIn?: number;
  message: string;
}

/** A 429's wait: its Retry-After (seconds or a date), else the default and an error report. */
export function retryAfterOf(err: ApiRequestError, now = Date.now()): number {
  const s = parseRetryAfter(err.failure.retryAfter, now);
  if (s === null) {
    console.error("character request limit reached without a usable Retry-After header", err.failure.retryAfter);
    return DEFAULT_RETRY_AFTER_S;
  }
  return s;
}

export function characterFailure(err: ApiRequestError): CharacterFailure {
  if (err.status === 429) return { kind: "rateLimited", retryIn: retryAfterOf(err), message: err.message };
  return { kind: "failed", message: err.message };
}

/**
 * The toasts: 'character request limit reached' for a 429, 'Failed to fetch' for the rest (the spec's
 * 'failed To fetch' read as a typo to players; issue 33 asked for it fixed).
 */
export function characterFailureToast(f: CharacterFailure) {
  return f.kind === "rateLimited"
    ? {
        id: "character-rate-limit",
        color: "red",
        title: "character request limit reached",
        message: `Data might be stale, please wait ${f.retryIn} seconds before trying to fetch again`,
      }
    : {
        id: "character-fetch-failed",
        color: "red",
        title: "Failed to fetch",
        message: "Data might be stale, please try again later",
        autoClose: FAILURE_TOAST_MS,
      };
}

export function toastCharacterFailure(f: CharacterFailure): void {
  notifications.show(characterFailureToast(f));
}
