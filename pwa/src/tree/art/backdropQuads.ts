/**
 * The tree's backdrops as textured quads (pure: no GPU, no fetch), placed as Path of
 * Building draws them (PathOfBuildingCommunity/PathOfBuilding src/Classes/PassiveTreeView.lua):
 * - the main background: the `Background2` tile repeated from the tree's origin, one tile
 *   `tileUnits` tree units wide (PoB: `bg.width * scale * 1.33 * 2.5`);
 * - each ascendancy's circular art (`"Classes"..group.ascendancyName`) centred on its
 *   ascendancy start node's group, a quarter opaque unless the build has that ascendancy;
 * - each class start's art: the class's `center<class>` image while allocated, else the
 *   `PSStartNodeBackgroundInactive` ring;
 * - each ascendancy start node's `AscendancyMiddle` (of the sheet kind holding that ascendancy's art).
 * The class and ascendancy start art is those nodes' own drawing in PoB: it goes over their plain discs.
 * Sizes are the sprite's pixels over the sheets' zoom, as for the group backgrounds.
 */
import type { TreeModel } from "../model";
import type { Rect } from "./artQuads";

/** The backdrop sheets in texture-unit order. */
export const BACKDROP_SHEETS = ["background", "ascendancy", "bloodline", "group"] as const;
export type BackdropSheet = (typeof BACKDROP_SHEETS)[number];

/** The art bundle's backdrop fields (game-data/art_bundle.py). */
export interface BackdropArt {
  zoom: number;
  sheets: Record<BackdropSheet, { file: string; size: [number, number] }>;
  backdrops: {
    tile: Rect;
    tileUnits: number;
    /** Ascendancy id -> [sheet, x, y, w, h]. */
    ascendancies: Record<string, [string, number, number, number, number]>;
    /** Ascendancy id -> [sheet, x, y, w, h] of its start node's sprite (absent from bundles before it). */
    ascendancyStarts?: Record<string, [string, number, number, number, number]>;
    classStarts: Record<string, Rect>;
    classStartInactive: Rect;
  };
}

export const BACKDROP_KIND = { tile: 0, ascendancy: 1, classStart: 2 } as const;

export interface BackdropQuad {
  kind: 0 | 1 | 2;
  /** Index into BACKDROP_SHEETS. */
  sheet: number;
  /** Node whose visibility shows the quad (-1: always); `members`: any of them allocated makes it active. */
  node: number;
  members: number[];
  corners: [number, number][];
  /** Texture coordinate per corner: 0..1 over the sprite (the tile: tree units over the tile's size, repeated). */
  local: [number, number][];
  /** uv rectangles (0..1 of the sheet) when active / not. */
  on: Rect;
  off: Rect;
  /** The quad's extent over the active / inactive sprite's (x, y): the class start ring is smaller than its class art. */
  kOn: [number, number];
  kOff: [number, number];
  /** Opacity when not active. */
  alphaOff: number;
}

/** Where an ascendancy backdrop sits: its start node's group centre, and the art's size in tree units. */
export interface AscendancyBackdrop {
  ascendancy: string;
  startNode: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

export function hasBackdrops(art: Partial<BackdropArt>): art is BackdropArt {
  return !!(art.zoom && art.backdrops && BACKDROP_SHEETS.every((s) => art.sheets?.[s]));
}

/** The ascendancy backdrops of this tree (those whose art the bundle has). */
export function ascendancyBackdrops(model: TreeModel, art: BackdropArt): AscendancyBackdrop[] {
  const out: AscendancyBackdrop[] = [];
  for (const n of model.nodes) {
    if (n.kind !== "ascendancyStart" || !n.ascendancyName) continue;
    const sprite = art.backdrops.ascendancies[n.ascendancyName];
    const g = model.groupSlots?.[n.group];
    if (!sprite || !g) continue;
    out.push({ ascendancy: n.ascendancyName, startNode: n.index, x: g.x, y: g.y, width: sprite[3] / art.zoom, height: sprite[4] / art.zoom });
  }
  return out;
}

const uv = (r: Rect, size: [number, number]): Rect => [r[0] / size[0], r[1] / size[1], r[2] / size[0], r[3] / size[1]];

function box(x: number, y: number, w: number, h: number): [number, number][] {
  return [[x - w / 2, y - h / 2], [x + w / 2, y - h / 2], [x + w / 2, y + h / 2], [x - w / 2, y + h / 2]];
}
const UNIT: [number, number][] = [[0, 0], [1, 0], [1, 1], [0, 1]];

/** Under everything: the tile; over the group discs: ascendancy backdrops; over the nodes' plain discs: class and ascendancy start art. */
export function backdropQuads(model: TreeModel, art: BackdropArt): { tile: BackdropQuad[]; ascendancies: BackdropQuad[]; classStarts: BackdropQuad[]; ascendancyStarts: BackdropQuad[] } {
  const sheetIndex = (s: string) => BACKDROP_SHEETS.indexOf(s as BackdropSheet);
  const b = art.backdrops;
  // The tile covers the tree and as much again around it (the camera may pan past the tree's edge).
  const { minX, minY, maxX, maxY } = model.bounds;
  const w = maxX - minX, h = maxY - minY;
  const corners = box((minX + maxX) / 2, (minY + maxY) / 2, w * 3, h * 3);
  const tileUv = uv(b.tile, art.sheets.background.size);
  const tile: BackdropQuad[] = [{
    kind: BACKDROP_KIND.tile, sheet: sheetIndex("background"), node: -1, members: [],
    corners, local: corners.map(([x, y]) => [x / b.tileUnits, y / b.tileUnits]),
    on: tileUv, off: tileUv, kOn: [1, 1], kOff: [1, 1], alphaOff: 1,
  }];

  const members = new Map<string, number[]>();
  for (const n of model.nodes) if (n.ascendancyName) members.set(n.ascendancyName, [...(members.get(n.ascendancyName) ?? []), n.index]);
  const ascendancies = ascendancyBackdrops(model, art).map((a): BackdropQuad => {
    const [sheet, ...rect] = b.ascendancies[a.ascendancy];
    const t = uv(rect as Rect, art.sheets[sheet as BackdropSheet].size);
    return {
      kind: BACKDROP_KIND.ascendancy, sheet: sheetIndex(sheet), node: a.startNode, members: members.get(a.ascendancy) ?? [],
      corners: box(a.x, a.y, a.width, a.height), local: UNIT, on: t, off: t, kOn: [1, 1], kOff: [1, 1], alphaOff: 0.25,
    };
  });

  const classStarts: BackdropQuad[] = [];
  const size = art.sheets.group.size, ring = b.classStartInactive;
  for (const n of model.nodes) {
    if (n.kind !== "classStart" || n.classStartIndex === null) continue;
    const cls = model.classes[n.classStartIndex];
    const rect = cls && b.classStarts[`center${cls.name.toLowerCase()}`];
    if (!rect) continue;
    const qw = Math.max(rect[2], ring[2]), qh = Math.max(rect[3], ring[3]);
    // One quad sized to the larger sprite; each sprite is drawn at its own size inside it.
    classStarts.push({
      kind: BACKDROP_KIND.classStart, sheet: sheetIndex("group"), node: n.index, members: [n.index],
      corners: box(n.x, n.y, qw / art.zoom, qh / art.zoom), local: UNIT,
      on: uv(rect, size), off: uv(ring, size), kOn: [qw / rect[2], qh / rect[3]], kOff: [qw / ring[2], qh / ring[3]], alphaOff: 1,
    });
  }

  const ascendancyStarts: BackdropQuad[] = [];
  for (const n of model.nodes) {
    const sprite = n.kind === "ascendancyStart" && n.ascendancyName ? b.ascendancyStarts?.[n.ascendancyName] : undefined;
    if (!sprite) continue;
    const [sheet, ...rect] = sprite;
    const t = uv(rect as Rect, art.sheets[sheet as BackdropSheet].size);
    ascendancyStarts.push({
      kind: BACKDROP_KIND.classStart, sheet: sheetIndex(sheet), node: n.index, members: [],
      corners: box(n.x, n.y, rect[2] / art.zoom, rect[3] / art.zoom), local: UNIT, on: t, off: t, kOn: [1, 1], kOff: [1, 1], alphaOff: 1,
    });
  }
  return { tile, ascendancies, classStarts, ascendancyStarts };
}
