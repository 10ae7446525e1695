import { describe, expect, it } from "vitest";
import type { OutboxEntry } from "./db";
import { effectiveLike, expiredOverrides, formatLikes, LIKE_OVERRIDE_TTL_MS, mergeOverrides, pendingLikes } from "./likes";
import { attachIntent, likeIntent } from "./outbox";

const entry = (intent: ReturnType<typeof likeIntent>, createdAt: number): OutboxEntry => ({ ...intent, method: "POST", idempotencyKey: "k", createdAt, attempts: 0 });

const now = 1_700_000_000_000;

describe("like overrides", () => {
  it("adds one when the user liked a build the server shows unliked", () => {
    expect(effectiveLike({ likes: 41, isLiked: false }, { buildId: "b", liked: true, at: now - 1000 }, now)).toEqual({ likes: 42, isLiked: true });
  });

  it("subtracts one when the user unliked a build the server shows liked", () => {
    expect(effectiveLike({ likes: 42, isLiked: true }, { buildId: "b", liked: false, at: now }, now)).toEqual({ likes: 41, isLiked: false });
  });

  it("keeps the server count when the override agrees with it", () => {
    expect(effectiveLike({ likes: 42, isLiked: true }, { buildId: "b", liked: true, at: now }, now)).toEqual({ likes: 42, isLiked: true });
  });

  it("ignores an override older than 24 h", () => {
    const old = { buildId: "b", liked: true, at: now - LIKE_OVERRIDE_TTL_MS };
    expect(effectiveLike({ likes: 7, isLiked: false }, old, now)).toEqual({ likes: 7, isLiked: false });
    const fresh = { buildId: "c", liked: true, at: now - LIKE_OVERRIDE_TTL_MS + 1 };
    expect(effectiveLike({ likes: 7, isLiked: false }, fresh, now)).toEqual({ likes: 8, isLiked: true });
    expect(expiredOverrides([old, fresh], now)).toEqual(["b"]);
  });

  it("never shows a negative count", () => {
    expect(effectiveLike({ likes: 0, isLiked: true }, { buildId: "b", liked: false, at: now }, now).likes).toBe(0);
  });

  it("formats counts en-US", () => {
    expect(formatLikes(1234567)).toBe("1,234,567");
  });

  it("shows a pending like over the accepted override of its build, and nothing for other intents", () => {
    const pending = pendingLikes([entry(likeIntent("b/1", false), now), entry(attachIntent("c1", "b/1"), now)]);
    expect(pending).toEqual([{ buildId: "b/1", liked: false, at: now }]);
    const merged = mergeOverrides([{ buildId: "b/1", liked: true, at: now - 5000 }, { buildId: "x", liked: true, at: now }], pending);
    expect(effectiveLike({ likes: 10, isLiked: true }, merged.get("b/1"), now)).toEqual({ likes: 9, isLiked: false });
    expect(merged.get("x")).toMatchObject({ liked: true });
  });
});
