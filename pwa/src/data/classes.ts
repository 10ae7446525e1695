/**
 * Class data (spec §3): base classes, their ascendancies and colours by attribute.
 * The table is not restated here: it is the game-data `classes` bundle, derived by
 * the pipeline from the tree bundles of every shipped version (the server reads
 * the same one), so a newer ascendancy (Reliquarian, Warden) is known everywhere.
 */
import type { ClassesBundle } from "./gameDataTypes";

export type ClassTable = Pick<ClassesBundle, "classes" | "alternateAscendancies" | "ascendancyIds">;
export type Attribute = "Str" | "Dex" | "Int" | "StrDex" | "StrInt" | "DexInt" | "StrDexInt";

/** Mantine colour names: Str red, Dex green, Int blue, and their mixes; unknown names stay gray. */
export const ATTRIBUTE_COLOR: Record<Attribute, string> = {
  Str: "red",
  Dex: "green",
  Int: "blue",
  StrDex: "yellow",
  StrInt: "grape",
  DexInt: "cyan",
  StrDexInt: "orange",
};
/** Alternate ascendancies (Warden of the Maji, the bloodlines) belong to no class. */
export const ALTERNATE_COLOR = "violet";
export const UNKNOWN_COLOR = "gray";

export function baseClasses(table: ClassTable | null): string[] {
  return table?.classes.map((c) => c.name) ?? [];
}

/** Every class ascendancy, in class order (what a build's ascendancy can be). */
export function ascendancies(table: ClassTable | null): { name: string; baseClass: string }[] {
  return table?.classes.flatMap((c) => c.ascendancies.map((name) => ({ name, baseClass: c.name }))) ?? [];
}

export function baseClassOf(table: ClassTable | null, name: string): string | undefined {
  const lower = name.trim().toLowerCase();
  return table?.classes.find((c) => c.name.toLowerCase() === lower || c.ascendancies.some((a) => a.toLowerCase() === lower))?.name;
}

export function classColor(table: ClassTable | null, name: string): string {
  const base = baseClassOf(table, name);
  const cls = table?.classes.find((c) => c.name === base);
  if (cls) return ATTRIBUTE_COLOR[cls.attribute as Attribute] ?? UNKNOWN_COLOR;
  const lower = name.trim().toLowerCase();
  const alternate = table?.alternateAscendancies.some((a) => a.name.toLowerCase() === lower || a.id.toLowerCase() === lower);
  return alternate ? ALTERNATE_COLOR : UNKNOWN_COLOR;
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
