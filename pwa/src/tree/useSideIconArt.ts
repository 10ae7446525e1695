/**
 * The art bundle nearest to a tree version, for the side lists' icons, and which of its sheets have
 * loaded (an icon is drawn only once its sheet is in; until then, or when it fails, the letter circle
 * stays). The sheets come through the service worker's game-data cache like the tree's own art.
 */
import { useEffect, useState } from "react";
import { gameData } from "../data/gameData";
import { closestTreeVersion } from "../data/treeVersions";
import { whenIdle } from "../ui/idle";
import { treeArtEnabled } from "./art/loadArt";
import type { SideIconArt } from "./sideIcons";

const bundles = new Map<string, Promise<SideIconArt | null>>();
const sheets = new Map<string, Promise<void>>();

function artFor(treeVersion: string): Promise<SideIconArt | null> {
  let p = bundles.get(treeVersion);
  if (!p) {
    p = (async () => {
      const files = (await gameData.getManifest()).files;
      const versions = Object.keys(files).filter((k) => k.startsWith("art/")).map((k) => k.slice(4));
      const version = closestTreeVersion(versions, treeVersion);
      return version ? await gameData.getBundle<SideIconArt>(`art/${version}`) : null;
    })();
    bundles.set(treeVersion, p);
    p.catch(() => bundles.delete(treeVersion));
  }
  return p;
}

function sheetLoaded(file: string): Promise<void> {
  let p = sheets.get(file);
  if (!p) {
    p = new Promise<void>((resolve, reject) => {
      const img = new Image();
      img.onload = () => resolve();
      img.onerror = () => reject(new Error(`Could not load ${file}`));
      img.src = `/game-data/${file}`;
    });
    sheets.set(file, p);
    p.catch(() => sheets.delete(file));
  }
  return p;
}

/**
 * The art bundle nearest to the tree version; null until it is in, or when there is none (or art is off).
 * `deferred`: asked for only once the page's first content is shown and the browser is idle.
 */
export function useSideIconArt(treeVersion: string, { deferred = false }: { deferred?: boolean } = {}): SideIconArt | null {
  const [art, setArt] = useState<SideIconArt | null>(null);
  useEffect(() => {
    if (!treeArtEnabled()) return;
    let live = true;
    const load = () =>
      artFor(treeVersion).then(
        (a) => live && setArt(a),
        () => undefined, // the letter circles stay
      );
    // Deferred: after the page's first content, when the browser is idle (a card's badge never delays the first card).
    const cancel = deferred ? whenIdle(() => void load()) : (void load(), () => {});
    return () => {
      live = false;
      cancel();
    };
  }, [treeVersion, deferred]);
  return art;
}

/** Which of these sheet files (under /game-data/) have loaded. */
export function useSheetsReady(files: readonly string[]): ReadonlySet<string> {
  const [ready, setReady] = useState<ReadonlySet<string>>(new Set());
  const key = [...new Set(files)].sort().join("\n");
  useEffect(() => {
    let live = true;
    for (const file of key ? key.split("\n") : []) {
      sheetLoaded(file).then(
        () => live && setReady((r) => (r.has(file) ? r : new Set([...r, file]))),
        () => undefined, // the letter circles stay
      );
    }
    return () => {
      live = false;
    };
  }, [key]);
  return ready;
}
