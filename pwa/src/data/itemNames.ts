/**
 * Item name lists the item cards read (spec §7 static content and §9): the ten catalysts, each mapped to
 * the modifier category its quality raises, and the talisman names. Plain data, no imports.
 *
 * A catalyst's quality shows on the item as "Quality (<category> Modifiers): +N%", the game's own
 * wording, which the official API also uses as the property's name.
 */

/** Catalyst name (without " Catalyst") -> the modifiers its quality raises. */
export const CATALYST_CATEGORIES: Readonly<Record<string, string>> = {
  Abrasive: "Attack",
  Accelerating: "Speed",
  Fertile: "Life and Mana",
  Imbued: "Caster",
  Intrinsic: "Attribute",
  Noxious: "Physical and Chaos Damage",
  Prismatic: "Resistance",
  Tempering: "Defence",
  Turbulent: "Elemental Damage",
  Unstable: "Critical",
};

/** The talismans (amulet bases of the Talisman league and their later drops). */
export const TALISMAN_NAMES: readonly string[] = [
  "Ashscale Talisman", "Avian Twins Talisman", "Black Maw Talisman", "Bonespire Talisman", "Breakrib Talisman",
  "Chrysalis Talisman", "Clutching Talisman", "Deadhand Talisman", "Deep One Talisman", "Fangjaw Talisman",
  "Greatwolf Talisman", "Hexclaw Talisman", "Horned Talisman", "Lone Antler Talisman", "Longtooth Talisman",
  "Mandible Talisman", "Monkey Paw Talisman", "Monkey Twins Talisman", "Primal Skull Talisman", "Rot Head Talisman",
  "Rotfeather Talisman", "Spinefuse Talisman", "Splitnewt Talisman", "Three Hands Talisman", "Three Rat Talisman",
  "Undying Flesh Talisman", "Wereclaw Talisman", "Writhing Talisman",
];

const TALISMANS = new Set(TALISMAN_NAMES);

/** "Intrinsic" or "Intrinsic Catalyst" -> "Attribute"; undefined for a name that is not one of the ten. */
export function catalystCategory(name: string): string | undefined {
  const key = name.trim().replace(/ Catalyst$/, "");
  return Object.hasOwn(CATALYST_CATEGORIES, key) ? CATALYST_CATEGORIES[key] : undefined;
}

/** "Attribute" or "Attribute Modifiers" (the official API's wording) -> "Intrinsic". */
export function catalystOfCategory(category: string): string | undefined {
  const wanted = category.trim().replace(/ Modifiers$/, "").toLowerCase();
  return Object.keys(CATALYST_CATEGORIES).find((k) => CATALYST_CATEGORIES[k].toLowerCase() === wanted);
}

/** The item's quality line for a catalyst's quality: "Quality (Attribute Modifiers): +20%". */
export function catalystQualityLine(catalyst: string, quality: number): string | undefined {
  const category = catalystCategory(catalyst);
  return category ? `Quality (${category} Modifiers): +${quality}%` : undefined;
}

export function isTalisman(baseType: string): boolean {
  return TALISMANS.has(baseType.trim());
}
