/**
 * A jewel's art from the tree's jewel sheet (game-data/art_bundle.py `jewels`: the socket with its
 * jewel in, by the game's sprite names), chosen by the jewel's base type: the three colours, Prismatic,
 * the Abyss eyes, Timeless (Legion) and the three cluster sizes (the "Alt" sprites, as the planner draws
 * them: large red, medium blue, small purple). Pure: the DOM draws it with spriteStyle.
 */
import type { SideIcon } from "./sideIcons";

export interface JewelArtBundle {
  sheets: Record<string, { file: string; size: [number, number] }>;
  jewels?: Record<string, [number, number, number, number]>;
}

const BY_BASE: Record<string, string> = {
  "Crimson Jewel": "JewelSocketActiveRed",
  "Viridian Jewel": "JewelSocketActiveGreen",
  "Cobalt Jewel": "JewelSocketActiveBlue",
  "Prismatic Jewel": "JewelSocketActivePrismatic",
  "Timeless Jewel": "JewelSocketActiveLegion",
  "Large Cluster Jewel": "JewelSocketActiveAltRed",
  "Medium Cluster Jewel": "JewelSocketActiveAltBlue",
  "Small Cluster Jewel": "JewelSocketActiveAltPurple",
};

/** The sprite name for a jewel base ("Searching Eye Jewel" -> the Abyss socket); null for anything else. */
export function jewelSprite(baseType: string): string | null {
  const base = baseType.trim();
  if (Object.hasOwn(BY_BASE, base)) return BY_BASE[base];
  return / Eye Jewel$/.test(base) ? "JewelSocketActiveAbyss" : null;
}

/** The jewel's art on the jewel sheet; null when the base is no jewel or the bundle lacks the sprite. */
export function jewelArt(art: JewelArtBundle, baseType: string): Pick<SideIcon, "file" | "sheetSize" | "x" | "y" | "w" | "h"> | null {
  const sprite = jewelSprite(baseType);
  const r = sprite ? art.jewels?.[sprite] : undefined;
  const sheet = art.sheets.jewel;
  if (!r || !sheet) return null;
  const [x, y, w, h] = r;
  if (w <= 0 || h <= 0 || x < 0 || y < 0 || x + w > sheet.size[0] || y + h > sheet.size[1]) return null;
  return { file: sheet.file, sheetSize: sheet.size, x, y, w, h };
}
