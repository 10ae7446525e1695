import { describe, expect, it } from "vitest";
import { retryDelay, retrySchedule, shouldRetry } from "./retry";

describe("retry schedule", () => {
  it("waits 1 s, 2 s, 4 s for three retries without jitter", () => {
    expect(retrySchedule({ kind: "network" }, () => 0)).toEqual([1000, 2000, 4000]);
  });

  it("adds at most 300 ms of jitter", () => {
    const delays = retrySchedule({ kind: "http", status: 503 }, () => 0.9999);
    expect(delays).toEqual([1299, 2299, 4299]);
  });

  it("caps the doubled delay at 30 s", () => {
    // Spec §10 "Requests": backoff 1 s doubled per try, capped 30 s, plus up to 300 ms jitter.
    expect(retryDelay(4, () => 0)).toBe(16_000);
    expect(retryDelay(5, () => 0)).toBe(30_000);
    expect(retryDelay(10, () => 0.5)).toBe(30_150);
  });

  it("never retries a 401 or a cancellation", () => {
    expect(retrySchedule({ kind: "http", status: 401 })).toEqual([]);
    expect(retrySchedule({ kind: "cancelled" })).toEqual([]);
    expect(shouldRetry(0, { kind: "http", status: 401 })).toBe(false);
  });

  it("retries timeouts, server errors and 429, but not definitive client errors", () => {
    expect(shouldRetry(0, { kind: "timeout" })).toBe(true);
    expect(shouldRetry(2, { kind: "http", status: 500 })).toBe(true);
    expect(shouldRetry(3, { kind: "http", status: 500 })).toBe(false);
    expect(shouldRetry(0, { kind: "http", status: 429 })).toBe(true);
    expect(shouldRetry(0, { kind: "http", status: 404 })).toBe(false);
    expect(shouldRetry(0, { kind: "http", status: 422 })).toBe(false);
  });
});
