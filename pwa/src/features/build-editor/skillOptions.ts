/** Finalize modal options (spec §5): all gem names of the build's skill sets, unique, alphabetical, without those already chosen elsewhere. */
import type { PlannerBuild } from "@workers/planner/types";

export const SKILL_SLOTS = ["Main Skill", "Secondary Skill", "Tertiary Skill"] as const;
export const MAIN_SKILL_REQUIRED = { title: "Select Main Skill", message: "Please choose a main skill." };
export const MAX_MAIN_SKILLS = 3;

export function buildGemNames(build: PlannerBuild): string[] {
  const names = new Map<string, string>();
  // Enabled gems of enabled groups only: the server accepts exactly those (server/planner extract).
  for (const set of build.skillSets) for (const group of set.groups) for (const gem of group.gems) {
    if (!group.enabled || !gem.enabled) continue;
    const name = gem.name.trim();
    if (name && !names.has(name.toLowerCase())) names.set(name.toLowerCase(), name);
  }
  return [...names.values()].sort((a, b) => a.localeCompare(b, "en"));
}

/** Options for one of the three selects: every name except those chosen in the other two. */
export function skillOptions(all: string[], chosen: (string | null)[], slot: number): string[] {
  const taken = new Set(chosen.filter((c, i): c is string => i !== slot && !!c).map((c) => c.toLowerCase()));
  return all.filter((n) => !taken.has(n.toLowerCase()));
}

/** The payload's skills: main first, then the optional ones that are set. */
export function chosenSkills(chosen: (string | null)[]): string[] {
  return chosen.filter((c): c is string => !!c).slice(0, MAX_MAIN_SKILLS);
}
