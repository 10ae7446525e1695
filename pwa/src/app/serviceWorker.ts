import { registerSW } from "virtual:pwa-register";
import { gameData } from "../data/gameData";

/**
 * Registers the Workbox service worker; it precaches the shell so reloads work offline.
 * Once it controls the page, the newest tree bundle is fetched through it, so the tree
 * works offline after one visit even before a build was opened.
 */
export function registerServiceWorker(): void {
  if (!("serviceWorker" in navigator)) return;
  registerSW({
    immediate: true,
    onRegisteredSW: () => {
      void navigator.serviceWorker.ready.then(() => gameData.warmNewestTree()).catch(() => undefined);
    },
  });
}
