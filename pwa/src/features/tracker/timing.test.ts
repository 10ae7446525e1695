import { describe, expect, it } from "vitest";
import { parseRetryAfter, timeAgo, updatedLabel } from "./timing";

const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe("time-ago wording", () => {
  const now = Date.UTC(2026, 0, 10, 12);
  it.each([
    [0, "recently"],
    [59 * S, "recently"],
    [M, "1 minute ago"],
    [2 * M - 1, "1 minute ago"],
    [2 * M, "2 minutes ago"],
    [H - 1, "59 minutes ago"],
    [H, "1 hour ago"],
    [2 * H, "2 hours ago"],
    [D - 1, "23 hours ago"],
    [D, "1 day ago"],
    [2 * D, "2 days ago"],
    [400 * D, "400 days ago"],
  ])("%i ms ago reads '%s'", (ago, want) => {
    expect(timeAgo(now - ago, now)).toBe(want);
  });

  it("a clock that went backwards still reads recently", () => {
    expect(timeAgo(now + 5 * S, now)).toBe("recently");
  });

  it("labels the Refresh button", () => {
    expect(updatedLabel(null, now)).toBe("Never");
    expect(updatedLabel(now - 3 * H, now)).toBe("Updated 3 hours ago");
  });
});

describe("Retry-After", () => {
  const now = Date.parse("Wed, 21 Oct 2026 07:28:00 GMT");
  it("reads seconds and HTTP dates", () => {
    expect(parseRetryAfter("7", now)).toBe(7);
    expect(parseRetryAfter(" 120 ", now)).toBe(120);
    expect(parseRetryAfter("Wed, 21 Oct 2026 07:28:30 GMT", now)).toBe(30);
    expect(parseRetryAfter("Wed, 21 Oct 2026 07:27:00 GMT", now)).toBe(0);
  });
  it("gives null for a missing or unreadable header", () => {
    expect(parseRetryAfter(null, now)).toBeNull();
    expect(parseRetryAfter("", now)).toBeNull();
    expect(parseRetryAfter("soon", now)).toBeNull();
    expect(parseRetryAfter("-3", now)).toBeNull();
  });
});
