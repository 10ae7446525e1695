/**
 * The service worker's cache budgets (used by vite.config.ts, tested in cacheBudget.test.ts).
 *
 * Tree bundles kept for offline use: the newest plus the five most recently used versions
 * or variants (each 72-138 KB gzipped, so at most ~0.8 MB on the wire, ~3 MB stored).
 * Workbox's expiration evicts the least recently used entry past this count.
 */
export const TREE_CACHE_ENTRIES = 6;

/** Every tree bundle, plain ("tree-3.28.<hash>.json") or a variant ("tree-ruthless-alternate-3.25.<hash>.json"). */
export const TREE_BUNDLE_PATH = /^\/game-data\/tree-[^/]+\.json$/;
