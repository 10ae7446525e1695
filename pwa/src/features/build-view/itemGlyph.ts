/**
 * Which glyph an item is drawn with when it has no art of its own (a build item from the planner, or a
 * character item whose image failed to load): its item class, from the items bundle (a base type's or a
 * unique's class), else from the slot it sits in. Pure: no React.
 */
import type { ItemsBundle } from "../../data/gameDataTypes";

export type GlyphKind =
  | "sword" | "axe" | "mace" | "bow" | "wand" | "staff" | "claw" | "dagger"
  | "shield" | "quiver" | "helmet" | "body" | "gloves" | "boots" | "belt" | "ring" | "amulet"
  | "flask" | "jewel" | "item";

/** The items bundle's item class (RePoE's names) -> glyph. */
const BY_CLASS: Record<string, GlyphKind> = {
  "One Hand Sword": "sword", "Two Hand Sword": "sword", "Thrusting One Hand Sword": "sword",
  "One Hand Axe": "axe", "Two Hand Axe": "axe",
  "One Hand Mace": "mace", "Two Hand Mace": "mace", Sceptre: "mace",
  Bow: "bow", Wand: "wand", Staff: "staff", Warstaff: "staff", FishingRod: "staff",
  Claw: "claw", Dagger: "dagger", "Rune Dagger": "dagger",
  Shield: "shield", Quiver: "quiver",
  Helmet: "helmet", "Body Armour": "body", Gloves: "gloves", Boots: "boots",
  Belt: "belt", Ring: "ring", Amulet: "amulet",
  LifeFlask: "flask", ManaFlask: "flask", HybridFlask: "flask", UtilityFlask: "flask", Tincture: "flask",
  Jewel: "jewel", AbyssJewel: "jewel",
};

/** Readable names of the glyphs (tooltips, test ids). */
export const GLYPH_LABEL: Record<GlyphKind, string> = {
  sword: "Sword", axe: "Axe", mace: "Mace", bow: "Bow", wand: "Wand", staff: "Staff", claw: "Claw", dagger: "Dagger",
  shield: "Shield", quiver: "Quiver", helmet: "Helmet", body: "Body armour", gloves: "Gloves", boots: "Boots",
  belt: "Belt", ring: "Ring", amulet: "Amulet", flask: "Flask", jewel: "Jewel", item: "Item",
};

/** By the planner slot name ("Helmet", "Ring 2", "Flask 3", "Weapon 1", a jewel socket id, ...). */
export function glyphOfSlot(slot: string): GlyphKind {
  const s = slot.toLowerCase();
  if (s.startsWith("flask")) return "flask";
  if (s.startsWith("ring")) return "ring";
  if (s.startsWith("weapon 2") || s.startsWith("offhand")) return "shield";
  if (s.startsWith("weapon")) return "sword";
  if (s === "helmet" || s === "helm") return "helmet";
  if (s === "body armour" || s === "bodyarmour") return "body";
  if (s === "gloves") return "gloves";
  if (s === "boots") return "boots";
  if (s === "belt") return "belt";
  if (s === "amulet") return "amulet";
  if (s.includes("jewel") || s.includes("socket") || /^\d+$/.test(s)) return "jewel";
  return "item";
}

/** The item's class from the bundle (its base type, then its name as a unique), else its slot's glyph. */
export function glyphOf(item: { name: string; baseType: string }, slot: string, bundle: ItemsBundle | null): GlyphKind {
  const cls = bundle?.bases[item.baseType]?.itemClass ?? bundle?.uniques[item.name]?.itemClass;
  return (cls && BY_CLASS[cls]) || glyphOfSlot(slot);
}
