/**
 * Like overrides (spec §4, §9): after a toggle the local intent is kept 24 h, so
 * a cached or lagging server answer still shows what the user chose. The
 * effective count is the server count +1 or -1 when the override differs from
 * the server's liked flag.
 */
import type { LikeOverride } from "./db";

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

const likeFormat = new Intl.NumberFormat("en-US");
export const formatLikes = (n: number) => likeFormat.format(n);
