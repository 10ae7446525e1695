/** Class data (spec §3): 7 base classes, 19 ascendancies, colours by attribute. */

export type Attribute = "Str" | "Dex" | "Int" | "StrDex" | "StrInt" | "DexInt" | "StrDexInt";

export const BASE_CLASSES: { name: string; attribute: Attribute; ascendancies: string[] }[] = [
  { name: "Marauder", attribute: "Str", ascendancies: ["Juggernaut", "Berserker", "Chieftain"] },
  { name: "Ranger", attribute: "Dex", ascendancies: ["Deadeye", "Raider", "Pathfinder"] },
  { name: "Witch", attribute: "Int", ascendancies: ["Necromancer", "Elementalist", "Occultist"] },
  { name: "Duelist", attribute: "StrDex", ascendancies: ["Champion", "Gladiator", "Slayer"] },
  { name: "Templar", attribute: "StrInt", ascendancies: ["Inquisitor", "Hierophant", "Guardian"] },
  { name: "Shadow", attribute: "DexInt", ascendancies: ["Assassin", "Saboteur", "Trickster"] },
  { name: "Scion", attribute: "StrDexInt", ascendancies: ["Ascendant"] },
];

export const ASCENDANCIES = BASE_CLASSES.flatMap((c) => c.ascendancies.map((a) => ({ name: a, baseClass: c.name, attribute: c.attribute })));

/** Mantine colour names: Str red, Dex green, Int blue, and their mixes. */
export const ATTRIBUTE_COLOR: Record<Attribute, string> = {
  Str: "red",
  Dex: "green",
  Int: "blue",
  StrDex: "yellow",
  StrInt: "grape",
  DexInt: "cyan",
  StrDexInt: "gray",
};

export function baseClassOf(name: string): string | undefined {
  const lower = name.toLowerCase();
  return BASE_CLASSES.find((c) => c.name.toLowerCase() === lower)?.name ?? ASCENDANCIES.find((a) => a.name.toLowerCase() === lower)?.baseClass;
}

export function classColor(name: string): string {
  const base = BASE_CLASSES.find((c) => c.name === baseClassOf(name));
  return base ? ATTRIBUTE_COLOR[base.attribute] : "gray";
}

/** Card title: the first skill plus the ascendancy, or the base class without one. */
export function buildTitle(b: { skills: string[]; baseClass: string; ascendancy: string }): string {
  const cls = b.ascendancy || b.baseClass;
  return b.skills[0] ? `${b.skills[0]} ${cls}` : cls;
}

/** The class badge: base class, plus ' / ascendancy' if one exists. */
export function classBadge(b: { baseClass: string; ascendancy: string }): string {
  return b.ascendancy ? `${b.baseClass} / ${b.ascendancy}` : b.baseClass;
}
