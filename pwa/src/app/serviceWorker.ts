import { registerSW } from "virtual:pwa-register";
import { gameData } from "../data/gameData";
import { whenIdle } from "../ui/idle";

/**
 * Registers the Workbox service worker; it precaches the shell so reloads work offline.
 * Once it controls the page (and the first screen is shown), the newest tree bundle is
 * fetched through it, so the tree works offline after one visit even before a build was opened.
 */
export function registerServiceWorker(): void {
  if (!("serviceWorker" in navigator)) return;
  registerSW({
    immediate: true,
    onRegisteredSW: () => {
      // After the first screen: streaming ~0.5 MB through the worker would hold up its chunks and data.
      // Offline there is nothing to fetch; the bundle is either cached already or cannot be.
      whenIdle(() => {
        if (navigator.onLine === false) return;
        void navigator.serviceWorker.ready.then(() => gameData.warmNewestTree()).catch(() => undefined);
      });
    },
  });
}
