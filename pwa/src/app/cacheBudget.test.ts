// The tree cache's budget with Workbox's own expiration (the code the service worker runs),
// over IndexedDB (fake-indexeddb) and a Cache Storage that holds what the worker cached.
import "fake-indexeddb/auto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { readFileSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { CacheExpiration as CacheExpirationType } from "workbox-expiration";
import { answerFromPinnedTree, filesToWarm, isTreeBundle, NEWEST_TREE_CACHE, TREE_BUNDLE_PATH, TREE_CACHE, TREE_CACHE_ENTRIES } from "./cacheBudget";

/** The browser's Cache Storage, reduced to what the expiration and the pinned tree call: open(name).delete/put/match(url). */
class Caches {
  readonly stores = new Map<string, Set<string>>();
  async open(name: string) {
    const store = this.stores.get(name) ?? new Set<string>();
    this.stores.set(name, store);
    return {
      delete: async (url: string) => store.delete(url),
      put: async (url: string) => void store.add(url),
      match: async (req: string | { url: string }) => {
        const url = typeof req === "string" ? req : req.url;
        return store.has(url) ? new Response(`${name} ${url}`) : undefined;
      },
    };
  }
}

/** A service-worker function as generateSW writes it into sw.js: its source text alone, evaluated without this module. */
function asInWorker<F>(fn: F): F {
  return new Function(`return (${String(fn)});`)() as F;
}

const DIST = fileURLToPath(new URL("../../../game-data/dist/", import.meta.url));
const manifest = JSON.parse(readFileSync(DIST + "manifest.json", "utf8")) as { files: Record<string, string> };

describe("tree cache budget", () => {
  const caches = new Caches();
  let CacheExpiration: typeof CacheExpirationType;
  beforeAll(async () => {
    // Workbox reads the worker's global (self) when it loads.
    vi.stubGlobal("self", globalThis);
    vi.stubGlobal("caches", caches);
    vi.stubGlobal("location", new URL("http://127.0.0.1/sw.js"));
    vi.stubEnv("NODE_ENV", "production"); // as the built worker runs: no dev logging
    vi.useFakeTimers({ toFake: ["Date"] });
    ({ CacheExpiration } = await import("workbox-expiration"));
  });
  afterAll(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.unstubAllEnvs();
  });

  it("matches every tree bundle the pipeline writes, plain and variant, and nothing else", () => {
    const written = readdirSync(DIST).filter((f) => /\.(json|bin)$/.test(f) && f !== "manifest.json");
    // The tree bundles and their prebuilt geometry (tree/prebuiltGeometry.ts).
    const trees = Object.entries(manifest.files).filter(([name]) => /^(geometry\/)?tree/.test(name)).map(([, f]) => f);
    expect(trees.length).toBeGreaterThanOrEqual(27);
    // The worker's route, as sw.js has it, matches what TREE_BUNDLE_PATH does.
    const route = asInWorker(isTreeBundle);
    for (const f of [...written, ...readdirSync(DIST).filter((f) => /\.(jpg|png)$/.test(f)), "manifest.json"]) {
      const url = new URL(`http://127.0.0.1/game-data/${f}`);
      expect(TREE_BUNDLE_PATH.test(url.pathname), f).toBe(trees.includes(f));
      expect(route({ url }), f).toBe(trees.includes(f));
    }
  });

  it(`keeps the ${TREE_CACHE_ENTRIES} most recently used trees and evicts the least recently used`, async () => {
    const expiration = new CacheExpiration(TREE_CACHE, { maxEntries: TREE_CACHE_ENTRIES });
    const cache = await caches.open(TREE_CACHE);
    const url = (name: string) => `http://127.0.0.1/game-data/${manifest.files[name]}`;
    // A tree drawn caches its bundle and its prebuilt geometry.
    const use = async (name: string) => {
      for (const file of [url(name), url(`geometry/${name}`)]) {
        vi.setSystemTime(Date.now() + 1000);
        await cache.put(file);
        await expiration.updateTimestamp(file);
      }
      await expiration.expireEntries();
    };
    // The newest tree is warmed at start; then a player opens builds of other versions and variants.
    const opened = ["tree/3.28", "tree/3.12", "tree/3.13", "tree/3.27", "tree-alternate/3.25", "tree/3.6", "tree/3.28", "tree/3.15", "tree-ruthless/3.28"];
    for (const name of opened) await use(name);
    const kept = caches.stores.get(TREE_CACHE)!;
    expect(kept.size).toBe(TREE_CACHE_ENTRIES);
    // 3.28 was used again, so it stays; the two least recently used (3.12, 3.13) went.
    expect([...kept].sort()).toEqual(
      ["tree/3.27", "tree-alternate/3.25", "tree/3.6", "tree/3.28", "tree/3.15", "tree-ruthless/3.28"].flatMap((n) => [url(n), url(`geometry/${n}`)]).sort(),
    );
    await expiration.delete();
  });

  it("answers the pinned newest tree when the least-recently-used cache has evicted it, and only then", async () => {
    const answer = asInWorker(answerFromPinnedTree);
    expect(String(answerFromPinnedTree)).toContain(JSON.stringify(NEWEST_TREE_CACHE));
    const url = (name: string) => `http://127.0.0.1/game-data/${manifest.files[name]}`;
    const ask = async (name: string, cached: Response | null) => {
      const res = await answer({ cachedResponse: cached, request: new Request(url(name)) } as Parameters<typeof answerFromPinnedTree>[0]);
      return res ? await res.text() : null;
    };
    await (await caches.open(NEWEST_TREE_CACHE)).put(url("tree/3.28"));
    // What the tree cache holds wins; a miss on the newest is the pinned copy; a miss on another goes to the network.
    expect(await ask("tree/3.28", new Response("lru"))).toBe("lru");
    expect(await ask("tree/3.28", null)).toBe(`${NEWEST_TREE_CACHE} ${url("tree/3.28")}`);
    expect(await ask("tree/3.27", null)).toBeNull();
    caches.stores.delete(NEWEST_TREE_CACHE);
  });

  it("warms every game-data file at start but the tree bundles and their geometry, which would evict the trees drawn", () => {
    const warmed = filesToWarm(manifest.files);
    const trees = Object.entries(manifest.files).filter(([name]) => /^(geometry\/)?tree/.test(name));
    expect(trees.length).toBeGreaterThan(TREE_CACHE_ENTRIES);
    for (const [, file] of trees) expect(warmed).not.toContain(file);
    for (const name of ["gems", "campaign", "classes", "clusters", "items", "art/3.28"]) expect(warmed).toContain(manifest.files[name]);
    expect(warmed.length).toBe(Object.keys(manifest.files).length - trees.length);
  });
});
