/**
 * The service worker's cache budgets (used by vite.config.ts, tested in cacheBudget.test.ts).
 *
 * Tree bundles kept for offline use: the newest plus the five most recently used versions
 * or variants (each 72-138 KB gzipped, so at most ~0.8 MB on the wire, ~3 MB stored).
 * Workbox's expiration evicts the least recently used entry past this count.
 */
export const TREE_CACHE = "game-data-trees";
export const TREE_CACHE_ENTRIES = 6;

/** Every tree bundle, plain ("tree-3.28.<hash>.json") or a variant ("tree-ruthless-alternate-3.25.<hash>.json"). */
export const TREE_BUNDLE_PATH = /^\/game-data\/tree-[^/]+\.json$/;

// The service worker's functions below: generateSW (vite-plugin-pwa) copies a runtimeCaching function's source
// text into sw.js, so each must close over nothing, not even the constants above; it names them literally
// (cacheBudget.test.ts runs each from its source text alone and checks it against them).

/** The tree route's match: TREE_BUNDLE_PATH. */
export const isTreeBundle = ({ url }: { url: URL }): boolean => /^\/game-data\/tree-[^/]+\.json$/.test(url.pathname);
