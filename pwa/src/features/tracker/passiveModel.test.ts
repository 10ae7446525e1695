/**
 * One passive-point model in the editor, the guide and the tracker: for each of
 * the four bandit choices, as each surface spells it, the points each one counts
 * are the same at every level, and the guide's note is the campaign total.
 */
import { describe, expect, it } from "vitest";
import { buildBanditFlag } from "@workers/guide/build";
import { loadActs, loadCampaign } from "@workers/guide/campaignFiles";
import { parseGuide } from "@workers/guide/parser";
import { passivesNote } from "@workers/guide/rewards";
import type { PlannerBuild, PlannerTree } from "@workers/planner/types";
import { treeLevel } from "../build-editor/approximateLevel";
import { characterPassives } from "./characterPassives";

const data = loadCampaign();
const acts = loadActs();

const tree = (n: number): PlannerTree => ({
  id: "t", title: "t", treeVersion: "3_25", classId: 1, ascendancyId: 0, alternateAscendancyId: 0,
  nodes: Array.from({ length: n }, (_, i) => i + 1), masteryEffects: {}, jewels: {}, overrides: [], url: "",
});

/** The editor's count at a level: the most nodes its estimate still places at or below that level. */
function editorPoints(level: number, bandit: string): number {
  let n = 0;
  while (treeLevel(tree(n + 1), bandit) <= level) n++;
  return n;
}

// [planner export's bandit (editor, guide), official API's banditChoice (tracker), campaign total]
const CHOICES = [
  ["None", "Eramir", 24],
  ["Alira", "Alira", 23],
  ["Kraityn", "Kraityn", 23],
  ["Oak", "Oak", 23],
] as const;

describe("the passive-point model is one in the editor, the guide and the tracker", () => {
  it.each(CHOICES.map((c) => [...c]))("bandit %s (API %s): %i points from the campaign everywhere", (planner, api, total) => {
    const flag = buildBanditFlag({ bandit: planner } as PlannerBuild);
    const guide = parseGuide(acts, data, { flags: [flag] });
    expect(guide.errors).toEqual([]);
    expect(guide.passivePoints).toBe(total);
    expect(passivesNote(flag, guide.passivePoints)).toContain(`${total} passive points`);
    for (let level = 1; level <= 99; level++) {
      const tracker = characterPassives({ level, passives: { banditChoice: api } as never });
      expect(tracker.flag).toBe(flag);
      expect(editorPoints(level, planner)).toBe(tracker.total);
    }
    // Past the last quest both count every campaign point the guide hands in.
    expect(characterPassives({ level: 99, passives: { banditChoice: api } as never }).quests).toBe(guide.passivePoints);
    expect(editorPoints(99, planner) - 98).toBe(guide.passivePoints);
  });
});
