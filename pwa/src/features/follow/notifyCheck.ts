/**
 * The check behind a system notification (issue 36), the same in the service worker's periodic sync
 * (src/sw/updates.ts) and in the page on start (systemNotify.ts): with the player's opt-in, ask the
 * server's unseen updates, choose with notifyRule.ts and show one notification a build. The marks are
 * read and written in one IndexedDB transaction, so the worker and a page checking at once never
 * both show the same build.
 */
import type { WaypointDb } from "../../data/db";
import type { BuildUpdate, BuildUpdates } from "../../data/types";
import { buildsToNotify, notificationFor, type NotifiedMark } from "./notifyRule";

/** The periodic background sync's tag (registered by the page, handled by the service worker). */
export const UPDATES_SYNC_TAG = "waypoint-updates";
export const NOTIFY_PREF = "notifyUpdates" as const;

export type ShowNotification = (n: ReturnType<typeof notificationFor>) => Promise<void>;

export async function notifyOptedIn(db: WaypointDb): Promise<boolean> {
  return (await db.prefs.get(NOTIFY_PREF))?.value === true;
}

/** The followed builds with unseen revisions, or null when the server cannot say (offline, signed out). */
export async function fetchUnseenUpdates(fetchFn: typeof fetch = fetch): Promise<BuildUpdate[] | null> {
  try {
    const res = await fetchFn("/api/Build/updates", { credentials: "include", headers: { Accept: "application/json" } });
    if (!res.ok) return null;
    const json = (await res.json()) as { data?: BuildUpdates };
    return json.data?.updates ?? null;
  } catch {
    return null;
  }
}

/** Marks the builds to tell of now and shows them; the number shown. */
export async function notifyUpdates(db: WaypointDb, updates: readonly BuildUpdate[], show: ShowNotification, now = Date.now()): Promise<number> {
  if (!(await notifyOptedIn(db))) return 0;
  const chosen = await db.transaction("rw", db.notified, async () => {
    const marks: Record<string, NotifiedMark> = {};
    for (const m of await db.notified.toArray()) marks[m.buildId] = m;
    const out = buildsToNotify(updates, marks, now);
    await db.notified.bulkPut(out.map((u) => ({ buildId: u.buildId, revision: u.revision, at: now })));
    return out;
  });
  for (const u of chosen) await show(notificationFor(u)).catch((err) => console.warn("notification not shown", err));
  return chosen.length;
}

/** Shows through a service worker registration (the one way on Android; works on desktop too). */
export function showWith(registration: ServiceWorkerRegistration): ShowNotification {
  return (n) => registration.showNotification(n.title, { body: n.body, tag: n.tag, icon: "/icons/icon-192.png", badge: "/icons/icon-192.png", data: { url: n.url } });
}
