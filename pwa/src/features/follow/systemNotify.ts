/**
 * System notifications of followed builds' revisions, the page's side (issue 36). What each browser gets:
 * - Chromium (Chrome, Edge, Android) with Waypoint installed: periodic background sync, registered here
 *   under UPDATES_SYNC_TAG; the browser wakes the service worker (src/sw/updates.ts) about twice a day at
 *   most, when it judges the site engaged enough. The page does not check on start there.
 * - Chromium in a tab, Firefox, desktop Safari: no background check; the same check runs when the app starts.
 * - iOS and iPadOS Safari (16.4+): only once Waypoint is added to the Home Screen (a tab has no
 *   Notification API); on start, like Safari.
 * In every case: only with the player's opt-in (Settings) and the browser's permission, at most one
 * notification a build a day (notifyRule.ts). The in-app badge and list work without any of it.
 */
import { TEST_HOOKS } from "../../app/testHooks";
import { loadDb } from "../../data/loadDb";
import { getFollowSnapshot, subscribeFollows } from "../../data/follows";
import { NOTIFY_PREF, notifyOptedIn, notifyUpdates, showWith, UPDATES_SYNC_TAG } from "./notifyCheck";

export type NotifyPermission = "unsupported" | NotificationPermission;
/** How this browser checks: in the background (periodic sync) or when the app starts. */
export type NotifyMode = "background" | "on-start";

/** Twelve hours: the browser may wait longer (it decides by the site's engagement), never less. */
const MIN_INTERVAL_MS = 12 * 60 * 60 * 1000;

interface PeriodicSyncManager {
  register(tag: string, options?: { minInterval: number }): Promise<void>;
  unregister(tag: string): Promise<void>;
  getTags(): Promise<string[]>;
}
const periodicSyncOf = (r: ServiceWorkerRegistration) => (r as ServiceWorkerRegistration & { periodicSync?: PeriodicSyncManager }).periodicSync;

export function notifyPermission(): NotifyPermission {
  if (typeof Notification === "undefined" || typeof navigator === "undefined" || !("serviceWorker" in navigator)) return "unsupported";
  return Notification.permission;
}

async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!("serviceWorker" in navigator)) return null;
  return (await navigator.serviceWorker.getRegistration()) ?? null;
}

/** Registers the periodic sync where the browser allows it (installed Chromium); else the app checks on start. */
export async function registerBackgroundCheck(): Promise<NotifyMode> {
  const reg = await registration();
  const sync = reg && periodicSyncOf(reg);
  if (!sync) return "on-start";
  try {
    const state = await navigator.permissions.query({ name: "periodic-background-sync" as PermissionName });
    if (state.state !== "granted") return "on-start";
    await sync.register(UPDATES_SYNC_TAG, { minInterval: MIN_INTERVAL_MS });
    return "background";
  } catch {
    return "on-start";
  }
}

export async function backgroundCheckRegistered(): Promise<boolean> {
  const reg = await registration();
  const sync = reg && periodicSyncOf(reg);
  return sync ? (await sync.getTags().catch((): string[] => [])).includes(UPDATES_SYNC_TAG) : false;
}

export async function getNotifyOptIn(): Promise<boolean> {
  return notifyOptedIn(await loadDb());
}

/**
 * The player turned notifications on: the browser's question first (still inside the click, which
 * Safari and Firefox require), then the opt-in and the background check. The permission it ended at.
 */
export async function enableNotifications(): Promise<{ permission: NotifyPermission; mode: NotifyMode | null }> {
  if (notifyPermission() === "unsupported") return { permission: "unsupported", mode: null };
  const permission = Notification.permission === "granted" ? "granted" : await Notification.requestPermission();
  if (permission !== "granted") return { permission, mode: null };
  const db = await loadDb();
  await db.prefs.put({ key: NOTIFY_PREF, value: true });
  return { permission, mode: await registerBackgroundCheck() };
}

export async function disableNotifications(): Promise<void> {
  const db = await loadDb();
  await db.prefs.put({ key: NOTIFY_PREF, value: false });
  const reg = await registration();
  await periodicSyncOf(reg as ServiceWorkerRegistration)?.unregister(UPDATES_SYNC_TAG).catch(() => undefined);
}

async function showFromPage(): Promise<(n: Parameters<ReturnType<typeof showWith>>[0]) => Promise<void>> {
  const reg = await registration();
  if (reg) return showWith(reg);
  return async (n) => void new Notification(n.title, { body: n.body, tag: n.tag, icon: "/icons/icon-192.png" });
}

let started = false;

/**
 * On start, with the opt-in and the permission: where periodic sync can be registered (installed Chromium)
 * that is all; elsewhere, once the app's first updates answer is in (after the first sync, data/follows.ts),
 * tell of them. Once a page load.
 */
export function startNotifyCheck(): void {
  if (started || notifyPermission() !== "granted") return;
  started = true;
  const run = async () => {
    const updates = getFollowSnapshot().updates ?? [];
    const db = await loadDb();
    if (!(await notifyOptedIn(db))) return;
    // Registered again on each start: the app may have been installed since the player opted in.
    const mode = await registerBackgroundCheck();
    const shown = mode === "background" ? -1 : await notifyUpdates(db, updates, await showFromPage());
    // e2e: the test waits for the check to have run (-1: left to the periodic sync).
    if (TEST_HOOKS) ((window as unknown as { __waypointNotifyChecks?: number[] }).__waypointNotifyChecks ??= []).push(shown);
  };
  let done = false;
  const once = () => {
    if (done || !getFollowSnapshot().updates) return;
    done = true;
    stop();
    void run().catch((err) => console.warn("update notifications", err));
  };
  const stop = subscribeFollows(once);
  once();
}
