import { registerSW } from "virtual:pwa-register";

/** Registers the Workbox service worker; it precaches the shell so reloads work offline. */
export function registerServiceWorker(): void {
  if (!("serviceWorker" in navigator)) return;
  registerSW({ immediate: true });
}
