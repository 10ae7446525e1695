import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { VitePWA } from "vite-plugin-pwa";
import { fileURLToPath } from "node:url";

import { answerFromPinnedTree, isTreeBundle, TREE_CACHE, TREE_CACHE_ENTRIES } from "./src/app/cacheBudget";

export { TREE_CACHE_ENTRIES };

const workers = fileURLToPath(new URL("../workers", import.meta.url));

export default defineConfig({
  resolve: { alias: { "@workers": workers } },
  worker: { format: "es" },
  server: { proxy: { "/api": "http://127.0.0.1:8000", "/game-data": "http://127.0.0.1:8000" } },
  build: { target: "es2022", sourcemap: false, chunkSizeWarningLimit: 800 },
  plugins: [
    react(),
    VitePWA({
      registerType: "autoUpdate",
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
        icons: [
          { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" },
          { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png" },
          { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
        ],
      },
      workbox: {
        globPatterns: ["**/*.{js,css,html,svg,png,woff2,webmanifest}"],
        navigateFallback: "/index.html",
        navigateFallbackDenylist: [/^\/api\//, /^\/game-data\//, /^\/schema/],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
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
