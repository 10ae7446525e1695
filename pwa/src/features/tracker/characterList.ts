/** The character picker's options: filtered, searched and grouped by league, standard leagues last. */
import type { CharacterSummary } from "../../data/types";
import { baseClassOf, type ClassTable } from "../../data/classes";

export interface LeagueGroup {
  league: string;
  characters: CharacterSummary[];
}

/** Standard and Hardcore (and their SSF/Ruthless forms) are the permanent leagues. */
export function isStandardLeague(league: string): boolean {
  const l = league.toLowerCase().replace(/\s+/g, " ").trim();
  return /^(ssf )?(ruthless )?(standard|hardcore)( ruthless)?( ssf)?$/.test(l) || l === "";
}

export interface ListFilter {
  search?: string;
  /** Only characters of this base class (the attach dialog). */
  baseClass?: string;
}

export function groupCharacters(table: ClassTable | null, chars: CharacterSummary[], filter: ListFilter = {}): LeagueGroup[] {
  const q = filter.search?.trim().toLowerCase() ?? "";
  const want = filter.baseClass?.toLowerCase();
  const groups = new Map<string, CharacterSummary[]>();
  for (const c of chars) {
    if (want && baseClassOf(table, c.class)?.toLowerCase() !== want) continue;
    if (q && !`${c.name} ${c.class} ${c.league}`.toLowerCase().includes(q)) continue;
    const league = c.league || "Standard";
    groups.set(league, [...(groups.get(league) ?? []), c]);
  }
  return [...groups.entries()]
    .map(([league, characters]) => ({ league, characters: characters.sort((a, b) => b.level - a.level || a.name.localeCompare(b.name)) }))
    .sort((a, b) => Number(isStandardLeague(a.league)) - Number(isStandardLeague(b.league)) || a.league.localeCompare(b.league));
}
