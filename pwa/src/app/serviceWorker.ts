import { registerSW } from "virtual:pwa-register";
import { gameData } from "../data/gameData";
import { whenIdle } from "../ui/idle";

/**
 * A new version waits until the player reloads ("Update ready", UpdatePrompt): the app never
 * reloads by itself, so a draft being edited is never reloaded away (drafts and the outbox live
 * in IndexedDB and are there after the reload). The first install still controls the page at
 * once (clientsClaim), so the shell works offline after one visit.
 */
let updateReady = false;
let applyUpdate: ((reload?: boolean) => Promise<void>) | null = null;
const listeners = new Set<() => void>();

export function subscribeUpdate(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function isUpdateReady(): boolean {
  return updateReady;
}

/** The player's Reload: the waiting worker takes over and the page reloads once it controls it. */
export async function reloadToUpdate(): Promise<void> {
  if (applyUpdate) await applyUpdate(true);
  else window.location.reload();
}

/**
 * Registers the Workbox service worker; it precaches the shell so reloads work offline.
 * Once it controls the page (and the first screen is shown), the newest tree bundle is
 * fetched through it, so the tree works offline after one visit even before a build was opened.
 */
export function registerServiceWorker(): void {
  if (!("serviceWorker" in navigator)) return;
  applyUpdate = registerSW({
    immediate: true,
    onNeedRefresh: () => {
      updateReady = true;
      for (const l of listeners) l();
    },
    onRegisteredSW: (_url, registration) => {
      // After the first screen: streaming ~0.5 MB through the worker would hold up its chunks and data.
      // Offline there is nothing to fetch; the bundle is either cached already or cannot be.
      whenIdle(() => {
        if (navigator.onLine === false) return;
        void navigator.serviceWorker.ready.then(() => gameData.warmNewestTree()).catch(() => undefined);
      });
      // An app left open for days still learns of a new version: look once an hour.
      if (registration) setInterval(() => void registration.update().catch(() => undefined), 60 * 60 * 1000);
    },
  });
}
