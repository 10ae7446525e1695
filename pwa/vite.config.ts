import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import { VitePWA } from "vite-plugin-pwa";
import { fileURLToPath } from "node:url";

import { answerFromPinnedTree, isTreeBundle, TREE_CACHE, TREE_CACHE_ENTRIES } from "./src/app/cacheBudget";
import { isItemArt, ITEM_ART_CACHE, ITEM_ART_ENTRIES, ITEM_ART_MAX_AGE_S } from "./src/app/itemArtCache";

export { TREE_CACHE_ENTRIES };

const workers = fileURLToPath(new URL("../workers", import.meta.url));

/**
 * The service worker's own code (periodic sync and notification clicks, src/sw/updates.ts), bundled
 * with Dexie into one classic script that the generated Workbox worker loads with importScripts.
 */
function updatesWorker(): Plugin {
  return {
    name: "waypoint-sw-updates",
    apply: "build",
    async generateBundle() {
      const { build } = await import("esbuild");
      const out = await build({
        entryPoints: [fileURLToPath(new URL("./src/sw/updates.ts", import.meta.url))],
        bundle: true,
        format: "iife",
        target: "es2022",
        minify: true,
        write: false,
        logLevel: "error",
        define: { __WAYPOINT_TEST_HOOKS__: JSON.stringify(process.env.VITE_DEV_PAGES === "1") },
      });
      this.emitFile({ type: "asset", fileName: "sw-updates.js", source: out.outputFiles[0].text });
    },
  };
}

export default defineConfig({
  resolve: { alias: { "@workers": workers } },
  worker: { format: "es" },
  server: { proxy: { "/api": "http://127.0.0.1:8000", "/game-data": "http://127.0.0.1:8000" } },
  build: { target: "es2022", sourcemap: false, chunkSizeWarningLimit: 800 },
  plugins: [
    react(),
    updatesWorker(),
    VitePWA({
      // A new version waits for the player's Reload ("Update ready", src/app/UpdatePrompt.tsx).
      registerType: "prompt",
      injectRegister: null,
      includeAssets: ["favicon.svg", "icons/*.png"],
      manifest: {
        name: "Waypoint",
        short_name: "Waypoint",
        description: "Path of Exile builds, passive trees, character tracking and a campaign guide, offline.",
        theme_color: "#1a1b1e",
        background_color: "#1a1b1e",
        display: "standalone",
        start_url: "/",
        scope: "/",
        // Installed: a paste-site link or planner code shared from another app, and a planner XML
        // file opened with the app, land in the build editor's import box (src/features/share).
        share_target: { action: "/build/share", method: "GET", params: { title: "title", text: "text", url: "url" } },
        file_handlers: [{ action: "/build/share", accept: { "application/xml": [".xml"], "text/xml": [".xml"] } }],
        launch_handler: { client_mode: "focus-existing" },
        icons: [
          { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" },
          { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png" },
          { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
        ],
      },
      workbox: {
        globPatterns: ["**/*.{js,css,html,svg,png,woff2,webmanifest}"],
        globIgnores: ["sw-updates.js"],
        // Periodic background sync and notification clicks (issue 36): updatesWorker() above.
        importScripts: ["/sw-updates.js"],
        navigateFallback: "/index.html",
        navigateFallbackDenylist: [/^\/api\//, /^\/game-data\//, /^\/schema/],
        cleanupOutdatedCaches: true,
        // The first install controls the page at once; a later one waits (no skipWaiting) until the
        // player's Reload sends it SKIP_WAITING, so a page is never swapped under a draft.
        clientsClaim: true,
        // No /api/ route: Dexie is the one read cache for builds (src/data/builds.ts). A
        // service-worker copy would answer a stale, per-user isLiked as if it were fresh.
        runtimeCaching: [
          {
            // The manifest names the current bundles: fresh when online, cached for offline starts.
            urlPattern: ({ url }) => url.pathname === "/game-data/manifest.json",
            handler: "NetworkFirst",
            options: { cacheName: "game-data-manifest", networkTimeoutSeconds: 5 },
          },
          {
            // Tree bundles (one per game version, ~80-140 KB gz each): content-hashed, cached on first use,
            // least recently used evicted past TREE_CACHE_ENTRIES. The newest is also pinned at start
            // (warmNewestTree) in a cache of its own, which answers when this one has evicted it (cacheBudget.ts).
            urlPattern: isTreeBundle, // self-contained: this file's imports are not in sw.js
            handler: "CacheFirst",
            options: {
              cacheName: TREE_CACHE,
              expiration: { maxEntries: TREE_CACHE_ENTRIES },
              plugins: [{ cachedResponseWillBeUsed: answerFromPinnedTree }],
            },
          },
          {
            // Character items' own art from the official image host (src/app/itemArtCache.ts): cached
            // for offline, opaque answers included (the host sends no CORS headers).
            urlPattern: isItemArt,
            handler: "CacheFirst",
            options: {
              cacheName: ITEM_ART_CACHE,
              expiration: { maxEntries: ITEM_ART_ENTRIES, maxAgeSeconds: ITEM_ART_MAX_AGE_S, purgeOnQuotaError: true },
              cacheableResponse: { statuses: [0, 200] },
            },
          },
          {
            // Content-hashed game-data bundles never change.
            urlPattern: ({ url }) => url.pathname.startsWith("/game-data/"),
            handler: "CacheFirst",
            options: { cacheName: "game-data", expiration: { maxEntries: 64 } },
          },
        ],
      },
    }),
  ],
});
