// First: the landing route's loads start before the rest of the app evaluates.
import "./app/boot";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App";
import { landingReady } from "./app/routes";
import { registerServiceWorker } from "./app/serviceWorker";

/**
 * On the landing route the first render waits for the page's chunk and, offline, its first
 * page from IndexedDB, both started by the app's first module (app/boot.ts). With the chunk there the
 * page renders without suspending, so React does not hold the cards back behind a loader
 * (lazyPage.ts); with the list there, the page's first render has its cards. On a slow
 * network the shell and its loader show after this much.
 */
const LANDING_WAIT_MS = 300;

const root = createRoot(document.getElementById("root")!);
void Promise.race([landingReady, new Promise((done) => setTimeout(done, LANDING_WAIT_MS))]).then(() =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
registerServiceWorker();
// System notifications of followed builds' revisions, on start where the browser has no periodic sync (issue 36).
if (typeof Notification !== "undefined" && Notification.permission === "granted") {
  void import("./features/follow/systemNotify").then((m) => m.startNotifyCheck());
}
