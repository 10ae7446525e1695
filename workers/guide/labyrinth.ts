/**
 * Labyrinth help for the guide's ascend steps (spec builds-browser-and-tracker.md §9: "Eternal lab requires
 * level 68; each lab gives 2 ascendancy points; respec costs 5 refund points per node"). The labyrinths'
 * levels are the campaign facts' areas (the Aspirant's Trial of each: 33, 55, 68 and the Eternal's 75).
 */
import type { AscendVersion, CampaignData } from "./types";

export type LabyrinthVersion = AscendVersion | "eternal";

/** Each labyrinth's first completion gives this many ascendancy points (four labyrinths: the tree's 8). */
export const ASCENDANCY_POINTS_PER_LAB = 2;
/** The Eternal Labyrinth needs a character of this level. */
export const ETERNAL_REQUIRED_LEVEL = 68;
/** Refunding one ascendancy node costs this many passive refund points. */
export const ASCENDANCY_RESPEC_REFUND_POINTS = 5;

export const LABYRINTHS: readonly { version: LabyrinthVersion; name: string; areaId: string }[] = [
  { version: "normal", name: "Normal Labyrinth", areaId: "1_Labyrinth_boss_3" },
  { version: "cruel", name: "Cruel Labyrinth", areaId: "2_Labyrinth_boss_3" },
  { version: "merciless", name: "Merciless Labyrinth", areaId: "3_Labyrinth_boss_3" },
  { version: "eternal", name: "Eternal Labyrinth", areaId: "EndGame_Labyrinth_boss_3" },
];

/** The labyrinth's area level in the campaign facts; null when the facts lack it. */
export function labyrinthLevel(version: LabyrinthVersion, data: Pick<CampaignData, "areas">): number | null {
  const lab = LABYRINTHS.find((l) => l.version === version);
  const level = lab ? data.areas[lab.areaId]?.level : undefined;
  return typeof level === "number" ? level : null;
}

/**
 * The help under an ascend step: "area level 33; 2 ascendancy points (2 of 8)"; after the merciless one,
 * the Eternal Labyrinth's last 2; and what refunding a node costs.
 */
export function labyrinthHelp(version: AscendVersion, data: Pick<CampaignData, "areas">): string {
  const index = LABYRINTHS.findIndex((l) => l.version === version);
  const total = ASCENDANCY_POINTS_PER_LAB * LABYRINTHS.length;
  const level = labyrinthLevel(version, data);
  const parts = [`${level !== null ? `area level ${level}; ` : ""}${ASCENDANCY_POINTS_PER_LAB} ascendancy points (${ASCENDANCY_POINTS_PER_LAB * (index + 1)} of ${total})`];
  if (version === "merciless") {
    const eternal = labyrinthLevel("eternal", data);
    parts.push(`the Eternal Labyrinth (${eternal !== null ? `area level ${eternal}, ` : ""}from character level ${ETERNAL_REQUIRED_LEVEL}) gives the last ${ASCENDANCY_POINTS_PER_LAB}`);
  }
  parts.push(`refunding an ascendancy node costs ${ASCENDANCY_RESPEC_REFUND_POINTS} passive refund points`);
  return parts.join("; ");
}
