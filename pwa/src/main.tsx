import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App";
import { landingChunk } from "./app/routes";
import { registerServiceWorker } from "./app/serviceWorker";

/**
 * On the landing route the first render waits for the page's chunk, which started loading
 * with the app's code (routes.tsx): with it there, the page renders without suspending, so
 * React does not hold the first cards back behind a loader (lazyPage.ts). Offline the chunk
 * is there by now; on a slow network the shell and its loader show after this much.
 */
const LANDING_CHUNK_WAIT_MS = 300;

const root = createRoot(document.getElementById("root")!);
void Promise.race([landingChunk, new Promise((done) => setTimeout(done, LANDING_CHUNK_WAIT_MS))]).then(() =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
registerServiceWorker();
