/**
 * Loads the tree art nearest to a tree version (only 3.28 art exists: every version
 * draws with it) after the tree's first frame: the art bundle through the game-data
 * loader, the sheets as image bitmaps. The service worker's game-data cache keeps
 * them for offline use. Null when the game data has no art (the shapes stay).
 */
import { gameData } from "../../data/gameData";
import { closestTreeVersion } from "../../data/treeVersions";
import type { ArtImages } from "./artLayer";
import type { ArtBundle } from "./artQuads";

export interface LoadedArt {
  bundle: ArtBundle;
  images: ArtImages;
}

/** localStorage key: "off" keeps the tree to its plain shapes (no art fetched); the geometry pixel tests set it. */
export const TREE_ART_KEY = "waypoint:tree-art";

export function treeArtEnabled(): boolean {
  try {
    return localStorage.getItem(TREE_ART_KEY) !== "off";
  } catch {
    return true;
  }
}

const loaded = new Map<string, Promise<LoadedArt | null>>();

async function bitmap(url: string): Promise<ImageBitmap> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`Could not load ${url}: HTTP ${res.status}`);
  return createImageBitmap(await res.blob());
}

export function loadTreeArt(treeVersion: string): Promise<LoadedArt | null> {
  const run = async (): Promise<LoadedArt | null> => {
    const files = (await gameData.getManifest()).files;
    const versions = Object.keys(files).filter((k) => k.startsWith("art/")).map((k) => k.slice(4));
    const version = closestTreeVersion(versions, treeVersion);
    if (!version) return null;
    const bundle = await gameData.getBundle<ArtBundle>(`art/${version}`);
    const [active, inactive, frame] = await Promise.all(
      (["active", "inactive", "frame"] as const).map((role) => bitmap(`/game-data/${bundle.sheets[role].file}`)),
    );
    return { bundle, images: { active, inactive, frame } };
  };
  let p = loaded.get(treeVersion);
  if (!p) {
    p = run();
    loaded.set(treeVersion, p);
    p.catch(() => loaded.delete(treeVersion));
  }
  return p;
}
