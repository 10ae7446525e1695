/**
 * The game's icons for the side lists (Keystones, Masteries, Overrides), cut from the tree's sprite
 * sheets the pipeline ships (game-data/art_bundle.py): keystone and notable icons from the skills
 * sheet (`rects` by the node's icon), mastery icons from the mastery sheet (`masteryIcons` by node
 * id), a tattoo's icon by the icon path the planner export names. The lookup is pure (Vitest); the
 * DOM draws the rectangle as a CSS background of the sheet, scaled to the list's icon size.
 */
import type { TreeNode } from "./model";

type Rect = [number, number, number, number];

/** The parts of the art bundle (art/<version>) the side lists read. */
export interface SideIconArt {
  sheets: Record<string, { file: string; size: [number, number] }>;
  icons: string[];
  rects: Partial<Record<"normal" | "notable" | "keystone", Record<string, Rect>>>;
  nodeIcons: Record<string, number>;
  masteryIcons?: Record<string, Rect>;
  /** Every icon on the mastery sheet by path (runegrafts name theirs there). */
  masteryPaths?: Record<string, Rect>;
}

/** One icon: the sheet file (under /game-data/), the sheet's size and the icon's rectangle in it. */
export interface SideIcon {
  sheet: "active" | "mastery";
  file: string;
  sheetSize: [number, number];
  x: number;
  y: number;
  w: number;
  h: number;
}

function onSheet(art: SideIconArt, sheet: SideIcon["sheet"], r: Rect | undefined): SideIcon | null {
  const s = art.sheets[sheet];
  if (!r || !s) return null;
  const [x, y, w, h] = r;
  if (w <= 0 || h <= 0 || x < 0 || y < 0 || x + w > s.size[0] || y + h > s.size[1]) return null;
  return { sheet, file: s.file, sheetSize: s.size, x, y, w, h };
}

/** A keystone's, notable's or mastery's icon (allocated art); null when the art has none for it. */
export function nodeSideIcon(art: SideIconArt, node: Pick<TreeNode, "id" | "kind">): SideIcon | null {
  if (node.kind === "mastery") return onSheet(art, "mastery", art.masteryIcons?.[String(node.id)]);
  if (node.kind !== "keystone" && node.kind !== "notable" && node.kind !== "normal") return null;
  const index = art.nodeIcons[String(node.id)];
  return index === undefined ? null : onSheet(art, "active", art.rects[node.kind]?.[String(index)]);
}

/**
 * An override's icon by the path the export names: a tattoo's on the skills sheet
 * ("Art/2DArt/SkillIcons/TawhoaTribeSkill.png"), a runegraft's on the mastery sheet.
 */
export function pathSideIcon(art: SideIconArt, path: string | undefined): SideIcon | null {
  if (!path) return null;
  const index = art.icons.indexOf(path);
  if (index >= 0) {
    for (const kind of ["normal", "notable", "keystone"] as const) {
      const r = art.rects[kind]?.[String(index)];
      if (r) return onSheet(art, "active", r);
    }
  }
  return onSheet(art, "mastery", art.masteryPaths?.[path]);
}

/** CSS that draws `icon` filling a `px` square box (background of the sheet, scaled). */
export function spriteStyle(icon: Pick<SideIcon, "file" | "sheetSize" | "x" | "y" | "w" | "h">, px: number): Record<string, string> {
  const sx = px / icon.w, sy = px / icon.h;
  return {
    backgroundImage: `url("/game-data/${icon.file}")`,
    backgroundRepeat: "no-repeat",
    backgroundSize: `${icon.sheetSize[0] * sx}px ${icon.sheetSize[1] * sy}px`,
    backgroundPosition: `${-icon.x * sx}px ${-icon.y * sy}px`,
  };
}

/** The parts of the art bundle's backdrops a class icon reads (game-data/art_bundle.py `_backdrops`). */
export interface ClassIconArt {
  sheets: Record<string, { file: string; size: [number, number] }>;
  backdrops?: {
    /** Ascendancy id -> [sheet role, x, y, w, h]: the ascendancy's circular art. */
    ascendancies: Record<string, [string, number, number, number, number]>;
    /** "center<class>" -> [x, y, w, h] on the group sheet: the class start art. */
    classStarts: Record<string, [number, number, number, number]>;
  };
}

export interface ClassIcon {
  file: string;
  sheetSize: [number, number];
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Share of an ascendancy's circular art kept around its centre (its figure; the rim is cut). */
export const ASCENDANCY_CROP = 0.62;

/**
 * A class's or ascendancy's icon: a base class ("Witch") shows its start art from the group sheet;
 * an ascendancy ("Necromancer", or an alternate one by name, "Warden of the Maji", through its id)
 * the middle of its circular art. `alternates` maps alternate ascendancy names to their art ids, `ids`
 * class ascendancy names whose id differs (the classes bundle's `ascendancyIds`: Warden is "Raider").
 * Null when the art has none (an older ascendancy's name, an unknown one).
 */
export function classIcon(
  art: ClassIconArt,
  name: string,
  alternates: readonly { id: string; name: string }[] = [],
  ids: Readonly<Record<string, string>> = {},
): ClassIcon | null {
  const b = art.backdrops;
  if (!b) return null;
  const lower = name.trim().toLowerCase();
  const start = b.classStarts[`center${lower}`];
  const group = art.sheets.group;
  if (start && group) {
    const [x, y, w, h] = start;
    // The start art is a little wider than tall: the square around its middle.
    const side = Math.min(w, h);
    return { file: group.file, sheetSize: group.size, x: x + (w - side) / 2, y: y + (h - side) / 2, w: side, h: side };
  }
  const renamed = Object.entries(ids).find(([n]) => n.toLowerCase() === lower)?.[1];
  const id = renamed ?? alternates.find((a) => a.name.toLowerCase() === lower)?.id
    ?? Object.keys(b.ascendancies).find((k) => k.toLowerCase() === lower.replace(/\s+/g, ""));
  const entry = id !== undefined ? b.ascendancies[id] : undefined;
  const sheet = entry ? art.sheets[entry[0]] : undefined;
  if (!entry || !sheet) return null;
  const [, x, y, w, h] = entry;
  const side = Math.min(w, h) * ASCENDANCY_CROP;
  return { file: sheet.file, sheetSize: sheet.size, x: x + (w - side) / 2, y: y + (h - side) / 2, w: side, h: side };
}
