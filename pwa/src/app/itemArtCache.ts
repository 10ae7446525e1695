/**
 * The service worker's item-art route (vite.config.ts): character items' own images, which the official
 * API links on its image host (web.poecdn.com; the server's CSP names which hosts may serve images,
 * settings.item_image_origins). Cache first, so they show offline; the host sends no CORS headers, so the
 * responses are opaque and are cached as such; expiration keeps the cache bounded.
 */
export const ITEM_ART_CACHE = "item-art";
/**
 * Kept low: browsers count each opaque answer at a padded size (Chrome about 7 MB of quota each), and a
 * character shows about 35 images (gear and jewels). A quota error empties this cache (purgeOnQuotaError).
 */
export const ITEM_ART_ENTRIES = 100;
export const ITEM_ART_MAX_AGE_S = 30 * 24 * 3600;

/**
 * The route's match: an image from another origin (our own images are precached or game data). The page's
 * CSP blocks any image host but the item image hosts before a request reaches the worker.
 * generateSW copies this function's source text into sw.js: it closes over nothing.
 */
export const isItemArt = ({ request, url }: { request: Request; url: URL }): boolean =>
  request.destination === "image" && url.origin !== self.location.origin;
