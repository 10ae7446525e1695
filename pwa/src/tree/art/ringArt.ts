/**
 * The jewel radius ring art (issue 34): the art bundle's `rings` sheet and `jewelRadius` sprites, for the tree's
 * nearest art version (as loadArt.ts picks it). Null when the art is off or the bundle has no ring art:
 * the plain rings stay. The sheet is drawn as an image in the circles' SVG (TreeCanvas), which the
 * service worker's game-data cache keeps for offline use like the other sheets.
 */
import { gameData } from "../../data/gameData";
import { closestTreeVersion } from "../../data/treeVersions";
import type { Rect } from "./artQuads";
import { treeArtEnabled } from "./loadArt";

export interface RingArt {
  /** The sheet's URL and size in pixels. */
  url: string;
  size: [number, number];
  /** Sprite name -> its rectangle on the sheet (the whole circle). */
  rects: Record<string, Rect>;
}

interface RingBundle {
  sheets: Record<string, { file: string; size: [number, number] } | undefined>;
  jewelRadius?: Record<string, Rect>;
}

const loaded = new Map<string, Promise<RingArt | null>>();

export function loadRingArt(treeVersion: string): Promise<RingArt | null> {
  if (!treeArtEnabled()) return Promise.resolve(null);
  let p = loaded.get(treeVersion);
  if (!p) {
    p = (async () => {
      const files = (await gameData.getManifest()).files;
      const versions = Object.keys(files).filter((k) => k.startsWith("art/")).map((k) => k.slice(4));
      const version = closestTreeVersion(versions, treeVersion);
      if (!version) return null;
      const bundle = await gameData.getBundle<RingBundle>(`art/${version}`);
      const sheet = bundle.sheets.rings;
      if (!sheet || !bundle.jewelRadius) return null;
      return { url: `/game-data/${sheet.file}`, size: sheet.size, rects: bundle.jewelRadius };
    })();
    loaded.set(treeVersion, p);
    p.catch(() => loaded.delete(treeVersion));
  }
  return p;
}
