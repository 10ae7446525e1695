/**
 * Follows and updates (issue 36), as the app knows them: which builds the player follows (from the
 * server's answers, the Following list and the follows waiting in the outbox) and the followed
 * builds with a revision the player has not seen (asked of /Build/updates after each sync).
 * A small store read with useSyncExternalStore; nothing here is React.
 */
import { request } from "./api";
import type { OutboxEntry } from "./db";
import { getSession, subscribeSession } from "./session";
import type { BuildUpdate, BuildUpdates, FollowRequest, FollowState } from "./types";

export interface FollowSnapshot {
  /** buildId -> following, for the builds the app has an answer or an intent for. */
  following: Readonly<Record<string, boolean>>;
  /** buildId -> follower count last answered by the server (an own pending change applied). */
  followers: Readonly<Record<string, number>>;
  /** Followed builds with an unseen revision; null until the first answer. */
  updates: readonly BuildUpdate[] | null;
}

let snap: FollowSnapshot = { following: {}, followers: {}, updates: null };
const listeners = new Set<() => void>();

function set(next: Partial<FollowSnapshot>) {
  snap = { ...snap, ...next };
  for (const l of listeners) l();
}

export const getFollowSnapshot = (): FollowSnapshot => snap;
export function subscribeFollows(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Forget everything (logout, tests). */
export function resetFollows(): void {
  set({ following: {}, followers: {}, updates: null });
}

/** The server's answer for one build (GET or POST .../follow). */
export function applyFollowState(s: FollowState): void {
  set({ following: { ...snap.following, [s.buildId]: s.isFollowing }, followers: { ...snap.followers, [s.buildId]: s.followers } });
}

/** The player asked to follow or unfollow: shown at once, the count moved by one when it changes. */
export function applyFollowIntent(buildId: string, follow: boolean): void {
  const was = snap.following[buildId];
  const count = snap.followers[buildId];
  const followers = count === undefined || was === undefined || was === follow ? snap.followers
    : { ...snap.followers, [buildId]: Math.max(0, count + (follow ? 1 : -1)) };
  set({ following: { ...snap.following, [buildId]: follow }, followers });
}

/** Builds listed in the Following tab are followed (unless the player just asked otherwise). */
export function markFollowed(buildIds: readonly string[]): void {
  const following = { ...snap.following };
  let changed = false;
  for (const id of buildIds) if (following[id] === undefined) { following[id] = true; changed = true; }
  if (changed) set({ following });
}

/** Follow intents still waiting in the outbox (they are the state until the server has them). */
export function followIntentsOf(entries: readonly OutboxEntry[]): Record<string, boolean> {
  const out: Record<string, boolean> = {};
  for (const e of entries) if (e.kind === "follow") out[e.key.slice("follow:".length)] = (e.body as FollowRequest).follow;
  return out;
}

export function seedPendingFollows(entries: readonly OutboxEntry[]): void {
  const pending = followIntentsOf(entries);
  if (Object.keys(pending).length) set({ following: { ...snap.following, ...pending } });
}

/** Updates that count: one per build, and none for a build the player has just unfollowed. */
export function visibleUpdates(updates: readonly BuildUpdate[] | null, following: Readonly<Record<string, boolean>>): BuildUpdate[] {
  if (!updates) return [];
  const seen = new Set<string>();
  return updates.filter((u) => {
    if (following[u.buildId] === false || seen.has(u.buildId)) return false;
    seen.add(u.buildId);
    return u.revision > u.seenRevision;
  });
}

let asking: Promise<void> | null = null;

/** Ask the server which followed builds have unseen revisions (signed in and online only). */
export function refreshUpdates(): Promise<void> {
  if (!getSession().identity || (typeof navigator !== "undefined" && navigator.onLine === false)) return Promise.resolve();
  asking ??= request<BuildUpdates>("GET", "/Build/updates", { retries: 0, background: true })
    .then((r) => {
      const following = { ...snap.following };
      for (const u of r.updates) following[u.buildId] ??= true;
      set({ updates: r.updates, following });
    }, (err) => console.warn("updates could not be read", err))
    .finally(() => { asking = null; });
  return asking;
}

/** The player has seen a build's revision: gone from the updates at once, then told to the server. */
export async function markSeen(buildId: string, revision: number): Promise<void> {
  const state = await request<FollowState>("POST", `/Build/${encodeURIComponent(buildId)}/seen`, { body: { revision } });
  applyFollowState(state);
  set({ updates: (snap.updates ?? []).filter((u) => u.buildId !== buildId || u.revision > revision) });
}

// Another account (or none) signed in: what the app knew belongs to the one before.
let account: string | null | undefined;
function sessionChanged() {
  const id = getSession().identity;
  const key = id ? JSON.stringify(id) : null;
  if (account !== undefined && key !== account) {
    resetFollows();
    if (key) void refreshUpdates();
  }
  account = key;
}
if (typeof localStorage !== "undefined") {
  sessionChanged();
  subscribeSession(sessionChanged);
}
