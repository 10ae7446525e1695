// Game-data loader: fetches /game-data/manifest.json (revalidated) and the
// content-hashed bundles it names (immutable; the service worker caches them).
// Each bundle is fetched once per page and kept in memory; a failed fetch is
// forgotten so the next call retries.

import type { CampaignBundle, ClassesBundle, ClustersBundle, GameDataManifest, GemsBundle, ItemsBundle, TreeBundle } from "./gameDataTypes";
import { NEWEST_TREE_CACHE } from "../app/cacheBudget";
import {
  alternateKeyOf,
  closestTreeVersion,
  heldByVersion,
  NODE_INDEX_BUNDLE,
  pickTreeBundle,
  prefersAlternate,
  shipsOwnVersion,
  treeBundleName,
  treeKeyOf,
  treeVersionsOf,
  type NodeIndexBundle,
} from "./treeVersions";

export * from "./gameDataTypes";
export { closestTreeVersion, pickTreeBundle, prefersAlternate, treeKeyOf, treeVersionsOf, versionHoldingMost, type TreeKey } from "./treeVersions";
export { findGem, type FoundGem } from "./gemLookup";

export class GameDataError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "GameDataError";
  }
}

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

export class GameDataClient {
  private manifest: Promise<GameDataManifest> | null = null;
  private readonly bundles = new Map<string, Promise<unknown>>();

  constructor(
    private readonly base: string = "/game-data/",
    private readonly fetchImpl: Fetch = (input, init) => fetch(input, init),
  ) {
    if (!this.base.endsWith("/")) this.base += "/";
  }

  getManifest(): Promise<GameDataManifest> {
    if (!this.manifest) {
      this.manifest = this.getJson<GameDataManifest>("manifest.json", { cache: "no-cache" }).then((m) => {
        if (m?.version !== 1 || typeof m.files !== "object") {
          throw new GameDataError("The game-data manifest has an unknown format");
        }
        return m;
      });
      this.manifest.catch(() => (this.manifest = null));
    }
    return this.manifest;
  }

  /** A bundle by logical name ("gems", "items", "campaign", "tree/3.25"). */
  async getBundle<T>(name: string): Promise<T> {
    const manifest = await this.getManifest();
    const file = manifest.files[name];
    if (!file) throw new GameDataError(`The game data has no "${name}" bundle`);
    let p = this.bundles.get(file);
    if (!p) {
      p = this.getJson<T>(file);
      this.bundles.set(file, p);
      p.catch(() => this.bundles.delete(file));
    }
    return p as Promise<T>;
  }

  async treeVersions(): Promise<string[]> {
    return treeVersionsOf((await this.getManifest()).files);
  }

  /**
   * The raw tree bundle of `wantedVersion` (e.g. a build's "3_28") when we ship it. Otherwise (none, garbage,
   * a version we lack) the version whose tree holds the most of the build's allocated `nodes`, read from the
   * small node index rather than from every tree (pickTreeBundle); without `nodes`, the nearest (newest when
   * omitted). Read it with tree/adapter.ts treeModelFromBundle (tree/useTreeModel.ts keeps one model per bundle).
   */
  async getTreeBundle(wantedVersion?: string | null, nodes?: readonly number[]): Promise<TreeBundle> {
    // The tree key (alternate, ruthless, ruthless-alternate) comes from the export's treeVersion suffix;
    // without one, the build's allocated `nodes` may show it was made on the alternate-ascendancy tree.
    const files = (await this.getManifest()).files;
    const held =
      nodes?.length && !shipsOwnVersion(files, wantedVersion) && files[NODE_INDEX_BUNDLE]
        ? heldByVersion(await this.getBundle<NodeIndexBundle>(NODE_INDEX_BUNDLE), nodes)
        : undefined;
    const picked = pickTreeBundle(files, wantedVersion, held);
    if (!picked) throw new GameDataError("The game data has no passive tree");
    const bundle = await this.getBundle<TreeBundle>(picked.name);
    const alternate = alternateKeyOf(picked.key);
    const alternateName = alternate && treeBundleName(picked.version, alternate);
    // The alternate tree is looked at only for a build on its own shipped version: one drawn on another
    // version (none, garbage, one we lack) misses passives because of the version, and the alternate tree
    // of a version it was not made on is not its tree either (it was fetched, never drawn, and offline
    // its failed fetch failed the whole view).
    if (!nodes?.length || !alternateName || !files[alternateName] || picked.key !== treeKeyOf(wantedVersion)) return bundle;
    if (!shipsOwnVersion(files, wantedVersion)) return bundle;
    const plain = new Set(bundle.nodes.id);
    // Only a build with passives the plain tree lacks costs the alternate tree's fetch.
    if (nodes.every((id) => id > 65535 || plain.has(id))) return bundle;
    // Not at hand (offline, never fetched): the plain tree is drawn, with the passives it lacks named.
    const other = await this.getBundle<TreeBundle>(alternateName).catch(() => null);
    return other && prefersAlternate(nodes, plain, new Set(other.nodes.id)) ? other : bundle;
  }

  /**
   * Fetches the newest tree bundle (and its prebuilt geometry) without parsing it and pins it for offline use from the first visit:
   * it is kept in its own cache (NEWEST_TREE_CACHE, the current newest only), which the service worker's
   * tree route answers from when its least-recently-used tree cache has evicted it (app/cacheBudget.ts).
   * Older versions are cached when first drawn. Without Cache Storage it is only fetched.
   */
  async warmNewestTree(): Promise<void> {
    const manifest = await this.getManifest();
    const version = closestTreeVersion(treeVersionsOf(manifest.files), null);
    if (!version) return;
    // The bundle and its prebuilt geometry (tree/prebuiltGeometry.ts), when the manifest names one.
    const names = [treeBundleName(version), `geometry/${treeBundleName(version)}`].filter((name) => manifest.files[name]);
    const urls = names.map((name) => new URL(this.base + manifest.files[name], globalThis.location?.href).href);
    if (typeof caches === "undefined") {
      for (const url of urls) await this.fetchImpl(url).then((r) => r.arrayBuffer());
      return;
    }
    const pinned = await caches.open(NEWEST_TREE_CACHE);
    for (const url of urls) {
      if (await pinned.match(url)) continue;
      const res = await this.fetchImpl(url);
      if (!res.ok) throw new GameDataError(`Could not load ${url}: HTTP ${res.status}`, res.status);
      await pinned.put(url, res);
    }
    for (const old of await pinned.keys()) if (!urls.includes(old.url)) await pinned.delete(old);
  }

  /** Cluster jewel layout data and notable texts (loaded only for builds with a cluster jewel). */
  getClusters(): Promise<ClustersBundle> {
    return this.getBundle<ClustersBundle>("clusters");
  }

  getClasses(): Promise<ClassesBundle> {
    return this.getBundle<ClassesBundle>("classes");
  }

  getGems(): Promise<GemsBundle> {
    return this.getBundle<GemsBundle>("gems");
  }

  getItems(): Promise<ItemsBundle> {
    return this.getBundle<ItemsBundle>("items");
  }

  getCampaign(): Promise<CampaignBundle> {
    return this.getBundle<CampaignBundle>("campaign");
  }

  private async getJson<T>(file: string, init?: RequestInit): Promise<T> {
    const url = this.base + file;
    let res: Response;
    try {
      res = await this.fetchImpl(url, init);
    } catch (e) {
      throw new GameDataError(`Could not load ${url}: ${e instanceof Error ? e.message : String(e)}`);
    }
    if (!res.ok) throw new GameDataError(`Could not load ${url}: HTTP ${res.status}`, res.status);
    try {
      return (await res.json()) as T;
    } catch {
      throw new GameDataError(`${url} is not valid JSON`);
    }
  }
}

/** The app-wide loader; its in-memory cache lives as long as the page. */
export const gameData = new GameDataClient();

export const loadTreeBundle = (wantedVersion?: string | null, nodes?: readonly number[]) => gameData.getTreeBundle(wantedVersion, nodes);
export const loadClasses = () => gameData.getClasses();
export const loadClusters = () => gameData.getClusters();
export const loadGems = () => gameData.getGems();
export const loadItems = () => gameData.getItems();
export const loadCampaign = () => gameData.getCampaign();
