/**
 * Loads the tree art nearest to a tree version (only 3.28 art exists: every version
 * draws with it) after the tree's first frame: the art bundle through the game-data
 * loader, the sheets as image bitmaps. The service worker's game-data cache keeps
 * them for offline use. Null when the game data has no art (the shapes stay).
 */
import { gameData } from "../../data/gameData";
import { closestTreeVersion } from "../../data/treeVersions";
import type { TreeModel } from "../model";
import type { ArtImages } from "./artLayer";
import type { BackdropImages } from "./backdropLayer";
import { ascendancyBackdrops, hasBackdrops, type BackdropArt, type BackdropSheet } from "./backdropQuads";
import type { ArtBundle } from "./artQuads";
import type { DecoImages } from "./decoLayer";
import type { DecoArt } from "./decoQuads";

export interface LoadedArt {
  bundle: ArtBundle & Partial<DecoArt> & Partial<BackdropArt>;
  images: ArtImages;
  /** Group background and line sheets; null when the bundle has none. */
  deco: DecoImages | null;
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
    const bundle = await gameData.getBundle<LoadedArt["bundle"]>(`art/${version}`);
    const sheets = bundle.sheets as ArtBundle["sheets"] & Partial<DecoArt["sheets"]>;
    const hasDeco = !!(sheets.group && sheets.line);
    const roles = ["active", "inactive", "frame", ...(hasDeco ? (["group", "line"] as const) : [])] as const;
    const [active, inactive, frame, group, line] = await Promise.all(roles.map((role) => bitmap(`/game-data/${sheets[role]!.file}`)));
    return { bundle, images: { active, inactive, frame }, deco: hasDeco ? { group, line } : null };
  };
  let p = loaded.get(treeVersion);
  if (!p) {
    p = run();
    loaded.set(treeVersion, p);
    p.catch(() => loaded.delete(treeVersion));
  }
  return p;
}

/**
 * The backdrop sheets this tree draws with (asked for once the rest of the art is in: the
 * ascendancy sheets are the largest): the tile, the group sheet (class start art) and the
 * ascendancy sheets its ascendancies use. Null when the bundle predates the backdrops.
 */
export async function loadBackdrops(loaded: LoadedArt, model: TreeModel): Promise<{ art: BackdropArt; images: BackdropImages } | null> {
  const art = loaded.bundle;
  if (!hasBackdrops(art)) return null;
  const sheets = new Set<BackdropSheet>(["background", "group"]);
  for (const a of ascendancyBackdrops(model, art)) sheets.add(art.backdrops.ascendancies[a.ascendancy][0] as BackdropSheet);
  const images: BackdropImages = {};
  await Promise.all(
    [...sheets].map(async (s) => {
      images[s] = s === "group" && loaded.deco ? loaded.deco.group : await bitmap(`/game-data/${art.sheets[s].file}`);
    }),
  );
  return { art, images };
}
