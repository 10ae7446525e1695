import type { CachedResponseWillBeUsedCallbackParam } from "workbox-core/types";

/**
 * The service worker's tree caches (used by vite.config.ts and data/gameData.ts, tested in
 * cacheBudget.test.ts and e2e/test_tree_versions.py).
 *
 * The newest tree is pinned: warmNewestTree (data/gameData.ts) stores its bundle in NEWEST_TREE_CACHE at
 * start, which holds the current newest only (the one it replaces is deleted), and no budget evicts it.
 * Every tree drawn (the newest too) is also cached in TREE_CACHE, which keeps the TREE_CACHE_ENTRIES most
 * recently used versions or variants and evicts the least recently used past that count (Workbox's
 * expiration). The tree route answers from the pinned cache when TREE_CACHE lacks the bundle
 * (answerFromPinnedTree), so the newest draws offline however many other trees were viewed.
 * At most 7 bundles are kept (each 72-138 KB gzipped: ~1 MB on the wire, ~3.5 MB stored).
 *
 * A tree's prebuilt geometry ("tree-3.28.<hash>.bin", tree/prebuiltGeometry.ts, 80-140 KB gzipped) goes
 * the same way beside its bundle: the same route and cache (two entries per tree drawn, hence 12), pinned
 * with the newest, never warmed at start. A geometry file evicted or missing offline is no failure: the
 * page then builds the geometry from the bundle.
 */
export const TREE_CACHE = "game-data-trees";
export const TREE_CACHE_ENTRIES = 12;
export const NEWEST_TREE_CACHE = "game-data-tree-newest";

/** Every tree bundle, plain ("tree-3.28.<hash>.json") or a variant ("tree-ruthless-alternate-3.25.<hash>.json"), and its geometry (".bin"). */
export const TREE_BUNDLE_PATH = /^\/game-data\/tree-[^/]+\.(json|bin)$/;

// The service worker's functions below: generateSW (vite-plugin-pwa) copies a runtimeCaching function's source
// text into sw.js, so each must close over nothing, not even the constants above; it names them literally
// (cacheBudget.test.ts runs each from its source text alone and checks it against them).

/**
 * The game-data files the start fetches once for offline use (data/sync.ts warmGameData): every one
 * but the tree bundles. Those are cached when first drawn, within TREE_CACHE_ENTRIES, and the newest
 * is pinned; fetched all at start, they evicted the trees the player had drawn and were fetched
 * again on every start (27 bundles, about 3 MB).
 */
export function filesToWarm(files: Record<string, string>): string[] {
  return Object.values(files).filter((file) => !TREE_BUNDLE_PATH.test(`/game-data/${file}`));
}

/** The tree route's match: TREE_BUNDLE_PATH. */
export const isTreeBundle = ({ url }: { url: URL }): boolean => /^\/game-data\/tree-[^/]+\.(json|bin)$/.test(url.pathname);

/**
 * The tree route's `cachedResponseWillBeUsed` (after the expiration plugin): what TREE_CACHE holds, else the
 * pinned newest bundle (NEWEST_TREE_CACHE) when that is the one asked for; undefined sends the request on to
 * the network.
 */
export const answerFromPinnedTree = async ({ cachedResponse, request }: CachedResponseWillBeUsedCallbackParam): Promise<Response | undefined> =>
  cachedResponse ?? (await (await caches.open("game-data-tree-newest")).match(request));
