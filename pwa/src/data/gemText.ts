// What a gem's tooltip shows at a level and quality, from the pipeline's rendered text
// (game-data/FORMAT.md "Gem text"), and the gem's kind and colour for its icon.

import type { GemInfo, GemsBundle } from "./gameDataTypes";

export interface GemTooltipText {
  tags: string;
  header: string[];
  stats: string[];
  /** The quality lines at 20% quality; empty when the gem has none or no quality. */
  quality: string[];
  /** A transfigured gem whose numbers are its base gem's. */
  basedOn?: string;
  /** No stat text in the game data (gems newer than 3.25). */
  missing: boolean;
}

function atLevel(rows: string[][] | undefined, level: number): string[] {
  if (!rows || !rows.length) return [];
  const i = Math.max(1, Math.min(Math.floor(level) || 1, rows.length)) - 1;
  return rows[i] ?? [];
}

/** The text at this level and quality; null when the bundle has none for the gem. */
export function gemTooltipText(bundle: GemsBundle, gem: GemInfo, level: number, quality: number): GemTooltipText | null {
  const own = gem.text;
  if (!own) return null;
  const lines = own.from ? bundle.gems[own.from]?.text ?? own : own;
  return {
    tags: own.tags,
    header: atLevel(lines.header, level),
    stats: atLevel(lines.stats, level),
    quality: quality > 0 ? lines.quality ?? [] : [],
    basedOn: own.from ? own.basedOn : undefined,
    missing: Boolean(lines.missing),
  };
}

export type GemKind = "active" | "support" | "vaal" | "awakened" | "transfigured";

export function gemKind(gem: Pick<GemInfo, "name" | "isSupport" | "vaal" | "transfigured">): GemKind {
  if (gem.name.startsWith("Awakened ")) return "awakened";
  if (gem.vaal || gem.name.startsWith("Vaal ")) return "vaal";
  if (gem.transfigured) return "transfigured";
  return gem.isSupport ? "support" : "active";
}

export const GEM_KIND_LABEL: Record<GemKind, string> = {
  active: "Active skill gem",
  support: "Support gem",
  vaal: "Vaal gem",
  awakened: "Awakened support gem",
  transfigured: "Transfigured gem",
};

/** The game's gem colours: red strength, green dexterity, blue intelligence, white for none. */
export const GEM_COLOUR: Record<GemInfo["attribute"], string> = {
  strength: "#d9413a",
  dexterity: "#4fb848",
  intelligence: "#4a7ee0",
  none: "#d8d8d8",
};
