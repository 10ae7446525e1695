import { useLiveQuery } from "dexie-react-hooks";
import { getDb } from "../../data/db";

/**
 * Skill filter options: every skill seen in cached builds, alphabetical.
 * (The game-data gem list replaces this once its loader is available.)
 */
export function useSkillOptions(): string[] {
  return useLiveQuery(
    async () => {
      const names = new Set<string>();
      await getDb().builds.each((b) => {
        for (const s of b.summary?.skills ?? b.info?.skills ?? []) names.add(s);
      });
      return [...names].sort((a, b) => a.localeCompare(b));
    },
    [],
    [],
  );
}
