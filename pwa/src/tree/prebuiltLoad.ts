/**
 * The prebuilt geometry file of the tree a view draws (prebuiltGeometry.ts), fetched and read: by the
 * page (geometryWorker.ts, a tree without cluster jewels) and by the geometry worker (a tree with
 * cluster jewel rings: the base tree's edges are taken from the file, geometry.ts EdgeReuse).
 */
import { gameData, loadTreeBundle } from "../data/gameData";
import { pickTreeBundle, shipsOwnVersion, treeBundleName } from "../data/treeVersions";
import { decodeGeometry, geometryName, GeometryFileError, type PrebuiltGeometry } from "./prebuiltGeometry";

/**
 * localStorage switch (benches, tests): "build" makes the geometry worker build the geometry as if no
 * file were there; "page" makes the page build it in its first frame, no file and no worker.
 */
export const TREE_GEOMETRY_KEY = "waypoint:tree-geometry";

function geometrySwitch(): string | null {
  try {
    // No localStorage in a worker: the switch is read by the page, which then asks the worker for no file.
    return typeof localStorage === "undefined" ? null : localStorage.getItem(TREE_GEOMETRY_KEY);
  } catch {
    return null;
  }
}

export function prebuiltOff(): boolean {
  const on = geometrySwitch();
  return on === "build" || on === "page";
}
export const builtInPage = (): boolean => geometrySwitch() === "page";

/** A geometry file's bytes; rejects on a failed fetch. */
async function fetchGeometry(file: string): Promise<ArrayBuffer> {
  const res = await fetch(`/game-data/${file}`);
  if (!res.ok) throw new GeometryFileError(`HTTP ${res.status} for ${file}`);
  return res.arrayBuffer();
}

/**
 * The prebuilt geometry of the tree the page draws for (version, nodes): the bundle the page picks
 * (the same promise as the page's own load), then its geometry file from the manifest. For a build
 * of a version we ship, the file of that version's tree is asked for at once, beside the bundle
 * rather than after it (the bundle picked is that one unless the build turns out to be on the
 * alternate tree). Null when switched off, when the manifest names none, or when the file fails to
 * load or decode: the caller builds the geometry instead. `onRead` is called with each file as soon
 * as it is read, before the bundle is ready when the file came first (the page uploads it then, preupload.ts).
 */
export async function loadPrebuiltGeometry(
  version: string | null,
  nodes: readonly number[],
  onRead: (g: PrebuiltGeometry) => void = () => undefined,
): Promise<PrebuiltGeometry | null> {
  if (prebuiltOff()) return null;
  const readAhead = (buf: ArrayBuffer): PrebuiltGeometry => {
    const g = decodeGeometry(buf);
    onRead(g);
    return g;
  };
  try {
    const files = (await gameData.getManifest()).files;
    const guess = shipsOwnVersion(files, version) ? pickTreeBundle(files, version)?.name : undefined;
    // Read and uploaded as soon as it comes, while the bundle is still parsed and adapted.
    const guessed = guess && files[geometryName(guess)] ? fetchGeometry(files[geometryName(guess)]).then(readAhead) : null;
    guessed?.catch(() => undefined); // awaited below when it is the one; else dropped
    const bundle = await loadTreeBundle(version, nodes);
    const name = treeBundleName(bundle.version, bundle.key ?? "data");
    const file = files[geometryName(name)];
    if (!file) return null;
    // Signed for this bundle's model: adoptSettled uses it only for a model with the same signature.
    return await (name === guess && guessed ? guessed : fetchGeometry(file).then(readAhead));
  } catch (err) {
    console.warn("prebuilt tree geometry not used; the page builds it", err);
    return null;
  }
}
