/**
 * Game names for the ids the planner and the official character API give for a build's choices:
 * pantheon gods ("TheBrineKing" -> "Soul of the Brine King"), bandits ("Eramir" -> "Kill All",
 * "Alira" -> "Help Alira", spec §2 Choices) and alternate ascendancies ("Farrul" -> "Farrul
 * Bloodline", from the classes bundle). Every place that shows a choice goes through here, so a
 * raw id never reaches the page. Pure.
 */
import type { ClassTable } from "./classes";

/**
 * Pantheon ids -> the name of the god's first soul, as the game's pantheon panel names the power
 * (the planner's Data/Pantheons.lua keys and soul names; the official API uses the same ids).
 */
export const PANTHEON_SOULS: Readonly<Record<string, string>> = {
  TheBrineKing: "Soul of the Brine King",
  Arakaali: "Soul of Arakaali",
  Solaris: "Soul of Solaris",
  Lunaris: "Soul of Lunaris",
  Abberath: "Soul of Abberath",
  Gruthkul: "Soul of Gruthkul",
  Yugul: "Soul of Yugul",
  Shakari: "Soul of Shakari",
  Tukohama: "Soul of Tukohama",
  Ralakesh: "Soul of Ralakesh",
  Garukhan: "Soul of Garukhan",
  Ryslatha: "Soul of Ryslatha",
};

/** A pantheon slot left empty (the planner's "None", the official API's absent field). */
export const NO_PANTHEON = "None chosen";

/** Spec §2: the bandit is shown as 'Kill All' or 'Help {name}'. */
export const KILL_ALL = "Kill All";
const BANDITS: Readonly<Record<string, string>> = { alira: "Alira", kraityn: "Kraityn", oak: "Oak" };
/** The official API names the kill-all reward after its giver, Eramir; the planner says "None". */
const KILL_ALL_IDS = new Set(["", "none", "eramir", "killall"]);

/** Case, spaces, apostrophes and a leading "The" do not tell two ids apart. */
const squash = (s: string) => s.replace(/[\s'_-]+/g, "").toLowerCase().replace(/^the/, "");

/** An id we have no name for, in words ("NewGodName" -> "New God Name"); never the id glued together. */
export function words(id: string): string {
  return id.trim().replace(/([a-z])([A-Z])/g, "$1 $2").replace(/\s+/g, " ");
}

const SOUL_BY_KEY = new Map<string, string>(
  Object.entries(PANTHEON_SOULS).flatMap(([id, soul]) => [
    [squash(id), soul],
    [squash(soul), soul],
    [squash(soul.replace(/^Soul of /, "")), soul],
  ]),
);

/** "TheBrineKing", "the brine king", "Soul of the Brine King" -> "Soul of the Brine King"; "", "None" -> "None chosen". */
export function pantheonName(id: string | null | undefined): string {
  const raw = (id ?? "").trim();
  if (!raw || squash(raw) === "none") return NO_PANTHEON;
  return SOUL_BY_KEY.get(squash(raw)) ?? words(raw);
}

/** "Eramir", "None", "" -> "Kill All"; "alira", "Help Alira" -> "Help Alira". */
export function banditName(choice: string | null | undefined): string {
  const raw = (choice ?? "").trim().replace(/^help\s+/i, "");
  const key = squash(raw);
  if (KILL_ALL_IDS.has(key)) return KILL_ALL;
  return `Help ${BANDITS[key] ?? words(raw)}`;
}

/** An alternate ascendancy's game name ("Farrul" -> "Farrul Bloodline"); "" when none; a class ascendancy's name as it is. */
export function alternateAscendancyName(table: ClassTable | null, id: string | null | undefined): string {
  const raw = (id ?? "").trim();
  if (!raw) return "";
  const key = squash(raw);
  const alt = table?.alternateAscendancies.find((a) => squash(a.id) === key || squash(a.name) === key);
  return alt?.name ?? words(raw);
}
