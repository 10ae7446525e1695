// Which tree bundle a build's version is drawn on. Pure: no fetch, no React.
// The bundle itself is read only by tree/adapter.ts.

function parseVersion(v: string): [number, number] | null {
  const m = /^\s*(\d+)[._](\d+)/.exec(v);
  return m ? [Number(m[1]), Number(m[2])] : null;
}

/** "3_18", "3.18.2" -> "3.18"; null when unreadable. */
export function treeVersionName(v: string | null | undefined): string | null {
  const p = v ? parseVersion(v) : null;
  return p ? `${p[0]}.${p[1]}` : null;
}

/** Numeric order of two version names (3.9 < 3.10); unreadable ones sort first. */
export function compareVersions(a: string, b: string): number {
  const pa = parseVersion(a) ?? [0, 0], pb = parseVersion(b) ?? [0, 0];
  return pa[0] - pb[0] || pa[1] - pb[1];
}

/**
 * The available tree version closest to `wanted` ("3_28", "3.28", "3.28.1").
 * An exact match wins; on a tie the newer tree wins (it knows more nodes);
 * an unreadable `wanted` gets the newest. Null when nothing is available.
 */
export function closestTreeVersion(available: string[], wanted: string | null | undefined): string | null {
  const parsed = available
    .map((v) => ({ v, p: parseVersion(v) }))
    .filter((e): e is { v: string; p: [number, number] } => e.p !== null)
    .sort((x, y) => x.p[0] - y.p[0] || x.p[1] - y.p[1]);
  if (parsed.length === 0) return null;
  const want = wanted ? parseVersion(wanted) : null;
  if (!want) return parsed[parsed.length - 1].v;
  const key = (p: [number, number]) => p[0] * 1000 + p[1];
  let best = parsed[0];
  for (const e of parsed) {
    const d = Math.abs(key(e.p) - key(want));
    const bd = Math.abs(key(best.p) - key(want));
    if (d < bd || (d === bd && key(e.p) > key(best.p))) best = e;
  }
  return best.v;
}

/** The spec's tree keys: the plain tree and its variants. */
export type TreeKey = "data" | "alternate" | "ruthless" | "ruthless-alternate";

/**
 * The tree key a build's export asks for. The planner writes the variant into the
 * spec's treeVersion ("3_25_alternate", "3_26_ruthless", "3_27_ruthless_alternate");
 * a plain version is `data`.
 */
export function treeKeyOf(treeVersion: string | null | undefined): TreeKey {
  const v = (treeVersion ?? "").toLowerCase();
  const ruthless = /(^|[^a-z])ruthless([^a-z]|$)/.test(v);
  const alternate = /(^|[^a-z])alternate([^a-z]|$)/.test(v);
  return ruthless ? (alternate ? "ruthless-alternate" : "ruthless") : alternate ? "alternate" : "data";
}

/** Manifest name of a tree: "tree/3.28" for `data`, "tree-ruthless/3.28" for a variant. */
export function treeBundleName(version: string, key: TreeKey = "data"): string {
  return key === "data" ? `tree/${version}` : `tree-${key}/${version}`;
}

/** Whether the manifest ships the plain tree of a build's own version ("3_18_ruthless" -> tree/3.18). */
export function shipsOwnVersion(files: Record<string, string>, wanted: string | null | undefined): boolean {
  const own = treeVersionName(wanted);
  return own !== null && files[treeBundleName(own)] !== undefined;
}

/** Manifest name of the node index bundle (game-data/node_index.py): which plain versions hold each node id. */
export const NODE_INDEX_BUNDLE = "node-index";

/**
 * The node index as the pipeline writes it: `ids` is the sorted union of every plain tree's node ids,
 * the first one then the gap to each next; `versions[v]` is a base64 bitmap over that list, bit k
 * (byte k >> 3, bit k & 7) set when tree v holds ids[k].
 */
export interface NodeIndexBundle {
  format: 1;
  ids: number[];
  versions: Record<string, string>;
}

/** Cluster jewel passives (ids above 65535) are laid out from the jewel: no tree holds them. */
const isTreeNode = (id: number) => id >= 0 && id <= 65535;

/** How many of a build's passives each indexed version's plain tree holds (cluster jewel passives count for none). */
export function heldByVersion(index: NodeIndexBundle, nodes: readonly number[]): Record<string, number> {
  const ids = new Array<number>(index.ids.length);
  let id = 0;
  index.ids.forEach((gap, k) => (ids[k] = id = k === 0 ? gap : id + gap));
  // Positions of the build's passives in the union (binary search: the union is sorted).
  const positions: number[] = [];
  for (const n of new Set(nodes)) {
    if (!isTreeNode(n)) continue;
    let lo = 0, hi = ids.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (ids[mid] === n) {
        positions.push(mid);
        break;
      }
      if (ids[mid] < n) lo = mid + 1;
      else hi = mid - 1;
    }
  }
  const held: Record<string, number> = {};
  for (const [version, b64] of Object.entries(index.versions)) {
    const bits = atob(b64);
    let count = 0;
    for (const k of positions) if ((bits.charCodeAt(k >> 3) >> (k & 7)) & 1) count++;
    held[version] = count;
  }
  return held;
}

/**
 * The version a build is drawn on when we lack its own (none, a garbage one, 3.29): the one whose tree
 * holds the most of its passives. Ties go to the version nearest `wanted` by number (closestTreeVersion:
 * an equal distance to the newer one), and without a readable `wanted` to the newest.
 */
export function versionHoldingMost(held: Record<string, number>, wanted: string | null | undefined): string | null {
  const counts = Object.entries(held).filter(([v]) => treeVersionName(v) !== null);
  if (!counts.length) return null;
  const most = Math.max(...counts.map(([, n]) => n));
  return closestTreeVersion(counts.filter(([, n]) => n === most).map(([v]) => v), wanted);
}

/**
 * The bundle a build's treeVersion is drawn on: its own plain version when we ship it; else, given
 * `held` (heldByVersion of its passives), the version holding the most of them (versionHoldingMost),
 * without it the nearest version (closestTreeVersion). Then the variant the export names when that
 * version has it, else the plain tree. Null when the manifest has no tree.
 */
export function pickTreeBundle(
  files: Record<string, string>,
  wanted: string | null | undefined,
  held?: Record<string, number>,
): { name: string; version: string; key: TreeKey } | null {
  const available = treeVersionsOf(files);
  const shipped = held && Object.fromEntries(Object.entries(held).filter(([v]) => available.includes(v)));
  const version = shipsOwnVersion(files, wanted)
    ? treeVersionName(wanted)
    : ((shipped && versionHoldingMost(shipped, wanted)) ?? closestTreeVersion(available, wanted));
  if (!version) return null;
  const want = treeKeyOf(wanted);
  const key = files[treeBundleName(version, want)] ? want : "data";
  return { name: treeBundleName(version, key), version, key };
}

/** The key of the same mode with the alternate ascendancies: data -> alternate, ruthless -> ruthless-alternate; null for those. */
export function alternateKeyOf(key: TreeKey): TreeKey | null {
  return key === "data" ? "alternate" : key === "ruthless" ? "ruthless-alternate" : null;
}

/**
 * Whether a build whose treeVersion names no variant was made on the version's
 * alternate-ascendancy tree, from what its export allocates: the alternate ascendancies
 * (Phrecia's Ancestral Commander, Scavenger, ...) keep the class ascendancies' ids but
 * have passives of their own, so such a build's ascendancy passives are missing from the
 * plain tree and found in the alternate one. The alternate tree wins only when it has
 * more of the build's passives (cluster jewel passives, ids above 65535, are in neither):
 * a build on a version we lack misses the same passives from both and stays plain.
 */
export function prefersAlternate(nodes: readonly number[], plain: ReadonlySet<number>, alternate: ReadonlySet<number>): boolean {
  let plainHas = 0, alternateHas = 0;
  for (const id of nodes) {
    if (id > 65535) continue;
    if (plain.has(id)) plainHas++;
    if (alternate.has(id)) alternateHas++;
  }
  return alternateHas > plainHas;
}

/** Tree versions named in a manifest ("tree/3.25" -> "3.25"); variants are "tree-<key>/..." and not listed. */
export function treeVersionsOf(files: Record<string, string>): string[] {
  return Object.keys(files)
    .filter((k) => k.startsWith("tree/"))
    .map((k) => k.slice("tree/".length));
}
