/**
 * Like overrides (spec §4, §9): once the server has accepted a like, the local
 * state is kept 24 h, so a cached or lagging server answer still shows what the
 * user chose. Until then the like waits in the outbox, and its pending entry is
 * the optimistic state; a like the server refuses leaves no override behind.
 * The effective count is the server count +1 or -1 when the override differs
 * from the server's liked flag.
 */
import type { LikeOverride, OutboxEntry, WaypointDb } from "./db";
import { OUTBOX_KIND_INDEX } from "./schema";
import type { LikeRequest } from "./types";

export const LIKE_KEY_PREFIX = "like:";

export const LIKE_OVERRIDE_TTL_MS = 24 * 60 * 60 * 1000;

export function isOverrideLive(override: LikeOverride | undefined, now: number): override is LikeOverride {
  return !!override && now - override.at < LIKE_OVERRIDE_TTL_MS;
}

export interface LikeState {
  likes: number;
  isLiked: boolean;
}

export function effectiveLike(server: LikeState, override: LikeOverride | undefined, now: number): LikeState {
  if (!isOverrideLive(override, now) || override.liked === server.isLiked) {
    return { likes: server.likes, isLiked: server.isLiked };
  }
  return { likes: Math.max(0, server.likes + (override.liked ? 1 : -1)), isLiked: override.liked };
}

/** Overrides past their 24 h, to be deleted. */
export function expiredOverrides(overrides: LikeOverride[], now: number): string[] {
  return overrides.filter((o) => now - o.at >= LIKE_OVERRIDE_TTL_MS).map((o) => o.buildId);
}

/** The optimistic state of the likes still waiting in the outbox. */
export function pendingLikes(entries: OutboxEntry[]): LikeOverride[] {
  return entries
    .filter((e) => e.kind === "like")
    .map((e) => ({ buildId: e.key.slice(LIKE_KEY_PREFIX.length), liked: (e.body as LikeRequest).like, at: e.createdAt }));
}

/** Accepted overrides, with a pending like (newer by construction) in place of its build's override. */
export function mergeOverrides(accepted: LikeOverride[], pending: LikeOverride[]): Map<string, LikeOverride> {
  const out = new Map(accepted.map((o) => [o.buildId, o]));
  for (const p of pending) out.set(p.buildId, p);
  return out;
}

/** What the UI shows over the server's counts: accepted overrides and pending likes (read in one transaction). */
export function readLikeOverrides(db: WaypointDb): Promise<Map<string, LikeOverride>> {
  return db.transaction("r", db.likeOverrides, db.outbox, async () =>
    mergeOverrides(await db.likeOverrides.toArray(), pendingLikes(await db.outbox.where(OUTBOX_KIND_INDEX).equals("like").toArray())),
  );
}

const likeFormat = new Intl.NumberFormat("en-US");
export const formatLikes = (n: number) => likeFormat.format(n);
