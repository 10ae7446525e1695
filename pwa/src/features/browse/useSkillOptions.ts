import { useEffect, useState } from "react";
import type { WaypointDb } from "../../data/db";
import { useLazyLiveQuery } from "../../data/useLazyLiveQuery";
import { whenIdle } from "../../ui/idle";

/** Active skill gem names from the game-data gems bundle (supports are not build skills). */
async function loadGemNames(): Promise<string[]> {
  try {
    const bundle = await (await import("../../data/gameData")).loadGems();
    return Object.values(bundle.gems).filter((g) => !g.isSupport).map((g) => g.name);
  } catch (err) {
    console.warn("gem names unavailable; skill options come from cached builds", err);
    return [];
  }
}

/** Every skill named by a cached build. */
async function seenSkills(db: WaypointDb): Promise<string[]> {
  const names = new Set<string>();
  await db.builds.each((b) => {
    for (const s of b.summary?.skills ?? b.info?.skills ?? []) names.add(s);
  });
  return [...names];
}

const NO_SKILLS: string[] = [];

/** Skill filter options: game-data gems plus every skill seen in cached builds, alphabetical. */
export function useSkillOptions(): string[] {
  const [gems, setGems] = useState<string[]>(NO_SKILLS);
  useEffect(() => {
    let live = true;
    // The options matter once the filter opens; the gems bundle is parsed after the first cards.
    const cancel = whenIdle(() => void loadGemNames().then((g) => live && setGems(g)));
    return () => {
      live = false;
      cancel();
    };
  }, []);
  // Reading every cached build for its skills waits too: offline it shared Dexie with the first page.
  const seen = useLazyLiveQuery(seenSkills, [], NO_SKILLS, whenIdle);
  return [...new Set([...gems, ...seen])].sort((a, b) => a.localeCompare(b));
}
