/**
 * Imported by the Workbox service worker (vite.config.ts: built on its own by esbuild into
 * /sw-updates.js, named in workbox.importScripts). Periodic background sync (installed Chromium):
 * the same check as the page's on start (features/follow/notifyCheck.ts), with the session cookie.
 * A click on a notification opens the updates list, in the app's window when one is open.
 */
import { openDb } from "../data/db";
import { fetchUnseenUpdates, notifyUpdates, showWith, UPDATES_SYNC_TAG } from "../features/follow/notifyCheck";

declare const self: ServiceWorkerGlobalScope;
/** Defined by the build (vite.config.ts): true in the e2e harness's build (VITE_DEV_PAGES=1). */
declare const __WAYPOINT_TEST_HOOKS__: boolean;

interface PeriodicSyncEvent extends ExtendableEvent {
  readonly tag: string;
}

export async function checkInWorker(): Promise<number> {
  if (typeof Notification === "undefined" || Notification.permission !== "granted") return 0;
  const db = openDb();
  try {
    const updates = await fetchUnseenUpdates();
    return updates ? await notifyUpdates(db, updates, showWith(self.registration)) : 0;
  } finally {
    db.close();
  }
}

self.addEventListener("periodicsync", ((event: PeriodicSyncEvent) => {
  if (event.tag !== UPDATES_SYNC_TAG) return;
  event.waitUntil(
    checkInWorker().then(async (shown) => {
      // e2e: the pages hear when a periodic check has run and how many it showed.
      if (__WAYPOINT_TEST_HOOKS__) for (const c of await self.clients.matchAll({ type: "window" })) c.postMessage({ type: "waypoint:periodic-check", shown });
    }),
  );
}) as EventListener);

/** The app's window on `url`: an open one focused and moved there, else a new one. */
async function openApp(url: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
  if (open) {
    await open.focus().catch(() => undefined);
    await open.navigate(url).catch(() => undefined);
  } else {
    await self.clients.openWindow(url);
  }
}

const clickTarget = (n: Notification) => new URL((n.data as { url?: string } | null)?.url ?? "/build/updates", self.location.origin).href;

self.addEventListener("notificationclick", (event: NotificationEvent) => {
  event.notification.close();
  event.waitUntil(openApp(clickTarget(event.notification)));
});

// e2e: no browser clicks a notification for a test; this does what a click on the tag's notification does.
if (__WAYPOINT_TEST_HOOKS__) {
  self.addEventListener("message", (event: ExtendableMessageEvent) => {
    const data = event.data as { type?: string; tag?: string } | null;
    if (data?.type !== "waypoint:test:notification-click") return;
    event.waitUntil(
      self.registration.getNotifications({ tag: data.tag }).then(async ([n]) => {
        if (!n) return;
        n.close();
        await openApp(clickTarget(n));
      }),
    );
  });
}
