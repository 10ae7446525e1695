/**
 * The app's sync engine: one outbox over the shared database, sent through the
 * API client. It replays on start and whenever the browser comes back online.
 */
import { filesToWarm } from "../app/cacheBudget";
import { request } from "./api";
import { getDb, type WaypointDb } from "./db";
import { settlePublishes } from "./drafts";
import { expiredOverrides } from "./likes";
import { applyFollowIntent, refreshUpdates, seedPendingFollows } from "./follows";
import { followIntent, likeIntent, Outbox, type OutboxSender } from "./outbox";
import { setPendingCount } from "./pending";
import { requestPersistence } from "./persist";
import { retryDelay } from "./retry";
import { sessionExpired } from "./expiry";

let outbox: Outbox | undefined;

/** How the app sends an outbox entry: the outbox retries on its own schedule (reconnect, start), so one attempt per flush. */
export const sendEntry: OutboxSender = (e) => request(e.method, e.path, { body: e.body, idempotencyKey: e.idempotencyKey, retries: 0 });

export function getOutbox(): Outbox {
  outbox ??= new Outbox(getDb(), sendEntry);
  return outbox;
}

let started = false;
let failures = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * Replay the outbox now. While entries wait and the server fails (online but
 * 5xx), it tries again on the request backoff; offline it waits for 'online'.
 */
export function syncNow(): Promise<void> {
  return getOutbox()
    .flush()
    .then(async (r) => {
      clearTimeout(retryTimer);
      await settlePublishes(getDb(), r);
      if (r.unauthorized) void sessionExpired();
      // After each sync: which followed builds have a revision the player has not seen.
      else void refreshUpdates();
      failures = r.remaining > 0 && !r.unauthorized ? failures + 1 : 0;
      if (failures && typeof navigator !== "undefined" && navigator.onLine) retryTimer = setTimeout(syncNow, retryDelay(Math.min(failures - 1, 5)));
    }, () => undefined);
}

export function startSync(): void {
  if (started) return;
  started = true;
  const box = getOutbox();
  box.subscribe(() => void box.count().then(setPendingCount));
  void box.count().then(setPendingCount);
  const flush = () => void syncNow();
  window.addEventListener("online", flush);
  void pruneOverrides(getDb());
  void box.pending().then(seedPendingFollows);
  flush();
  // The first visit has no controlling service worker yet: warm once it takes over. Offline there is
  // nothing to fetch (and reading every cached bundle back would only slow the start).
  if (navigator.onLine === false) window.addEventListener("online", () => void warmGameData(), { once: true });
  else if (navigator.serviceWorker?.controller) void warmGameData();
  else navigator.serviceWorker?.addEventListener("controllerchange", () => void warmGameData(), { once: true });
}

/**
 * Fetch the game-data manifest and the bundles it names once (all but the trees:
 * app/cacheBudget.ts filesToWarm), so the service worker's cache holds them and
 * the gems and guide work offline.
 */
export async function warmGameData(): Promise<void> {
  if (!navigator.serviceWorker?.controller) return;
  try {
    const manifest = (await (await fetch("/game-data/manifest.json", { cache: "no-cache" })).json()) as { files?: Record<string, string> };
    for (const file of filesToWarm(manifest.files ?? {})) await fetch(`/game-data/${file}`).then((r) => r.arrayBuffer());
  } catch (err) {
    console.warn("game data could not be cached for offline use", err);
  }
}

export async function pruneOverrides(db: WaypointDb, now = Date.now()): Promise<void> {
  const stale = expiredOverrides(await db.likeOverrides.toArray(), now);
  if (stale.length) await db.likeOverrides.bulkDelete(stale);
}

/**
 * Like or unlike: the intent goes into the outbox, whose pending entry is the
 * optimistic state (it survives reloads); the outbox stores the override once
 * the server accepts it. A flush is attempted right away.
 */
export async function setLike(buildId: string, like: boolean): Promise<void> {
  await getOutbox().enqueue(likeIntent(buildId, like));
  void requestPersistence("like");
  await syncNow();
}

/**
 * Follow or unfollow: shown at once, the intent waits in the outbox (idempotent: the server
 * sets the state, so a replay changes nothing) and a flush is attempted right away.
 */
export async function setFollow(buildId: string, follow: boolean): Promise<void> {
  applyFollowIntent(buildId, follow);
  await getOutbox().enqueue(followIntent(buildId, follow));
  await syncNow();
}
