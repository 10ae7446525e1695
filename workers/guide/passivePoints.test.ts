/**
 * The one passive-point model against the route facts and the spec's schedule,
 * and the guide's passives note counted with it over the real route.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { specText } from "../planner/test/corpus";
import { loadActs, loadCampaign } from "./campaignFiles";
import { parseGuide } from "./parser";
import {
  BANDIT_FLAGS,
  banditFlag,
  banditPassivePoints,
  campaignPassivePoints,
  characterPassivesText,
  levelForPoints,
  passivePointsAt,
  passivesNote,
  QUEST_POINT_LEVELS,
  questPointsAt,
  ROUTE_QUESTS,
} from "./passivePoints";

const data = loadCampaign();
const acts = loadActs();
// Read here independently of the module's own import.
const facts = JSON.parse(readFileSync(new URL("../../game-data/route-facts.json", import.meta.url), "utf8")) as {
  quests: Record<string, { passivePoints?: number; bandit?: string }>;
};

describe("passive points from the route facts", () => {
  it("kill all gives the bandits' point, helping a lord none; 24 and 23 over the campaign", () => {
    const own = (flag: string) => Object.values(facts.quests).filter((q) => q.bandit === flag).reduce((s, q) => s + (q.passivePoints ?? 0), 0);
    for (const flag of BANDIT_FLAGS) expect(banditPassivePoints(flag)).toBe(own(flag));
    expect(banditPassivePoints("BANDIT_KILL")).toBe(1);
    for (const flag of ["BANDIT_ALIRA", "BANDIT_KRAITYN", "BANDIT_OAK"] as const) expect(banditPassivePoints(flag)).toBe(0);
    expect(BANDIT_FLAGS.map((f) => campaignPassivePoints(f))).toEqual([24, 23, 23, 23]);
  });

  it("the bundle's route facts (what the PWA's guide reads) agree with the model's table", () => {
    for (const flag of BANDIT_FLAGS) expect(campaignPassivePoints(flag, data.routeFacts!.quests)).toBe(campaignPassivePoints(flag));
    expect(Object.keys(ROUTE_QUESTS).every((id) => data.routeFacts!.quests[id]?.passivePoints === ROUTE_QUESTS[id].passivePoints)).toBe(true);
  });

  it("the spec's level schedule holds exactly the bandit-independent quests' points", () => {
    const independent = Object.values(facts.quests).filter((q) => !q.bandit).reduce((s, q) => s + (q.passivePoints ?? 0), 0);
    expect(QUEST_POINT_LEVELS.reduce((s, [, n]) => s + n, 0)).toBe(independent);
    // The spec's text, read from the spec itself.
    const line = specText("builds-browser-and-tracker.md").split("\n").find((l) => l.includes("Passive point estimate"))!;
    const ones = line.match(/quest points of 1 at levels ([\d, and]+?) and 2 at (\d+)/)!;
    expect(QUEST_POINT_LEVELS.filter(([, n]) => n === 1).map(([l]) => l)).toEqual(ones[1].split(/,\s*/).map(Number));
    expect(QUEST_POINT_LEVELS.filter(([, n]) => n === 2).map(([l]) => l)).toEqual([Number(ones[2])]);
  });

  it("by level: one per level after the first plus the quests', the bandits' point from level 13", () => {
    expect(questPointsAt(4, "BANDIT_KILL")).toBe(0);
    expect(questPointsAt(12, "BANDIT_KILL")).toBe(2);
    expect(questPointsAt(13, "BANDIT_KILL")).toBe(3);
    expect(questPointsAt(13, "BANDIT_OAK")).toBe(2);
    expect(passivePointsAt(1, "BANDIT_KILL").total).toBe(0);
    expect(passivePointsAt(100, "BANDIT_KILL")).toEqual({ levels: 99, quests: 24, total: 123 });
    expect(passivePointsAt(100, "BANDIT_ALIRA")).toEqual({ levels: 99, quests: 23, total: 122 });
  });

  it("gives the spec's levels: its bandit point deducted from 15 nodes on, for every node count", () => {
    const specLevel = (nodes: number, kill: boolean) => {
      const needed = nodes - (kill && nodes >= 15 ? 1 : 0);
      for (let level = 1; level <= 100; level++) {
        const quests = QUEST_POINT_LEVELS.filter(([l]) => l <= level).reduce((s, [, n]) => s + n, 0);
        if (level - 1 + quests >= needed) return level;
      }
      return 100;
    };
    for (let nodes = 1; nodes <= 200; nodes++) {
      expect(levelForPoints(nodes, "BANDIT_KILL")).toBe(specLevel(nodes, true));
      for (const flag of ["BANDIT_ALIRA", "BANDIT_KRAITYN", "BANDIT_OAK"] as const) expect(levelForPoints(nodes, flag)).toBe(specLevel(nodes, false));
    }
  });

  it("reads every spelling of the choice", () => {
    for (const t of ["None", "", null, "Kill all", "Kill All", "Eramir"]) expect(banditFlag(t)).toBe("BANDIT_KILL");
    expect(banditFlag("Alira")).toBe("BANDIT_ALIRA");
    expect(banditFlag("Help Kraityn")).toBe("BANDIT_KRAITYN");
    expect(banditFlag("oak")).toBe("BANDIT_OAK");
  });
});

describe("the guide's passives note counts with the model", () => {
  it.each(BANDIT_FLAGS.map((f) => [f]))("%s: the route's hand-ins give the campaign total", (flag) => {
    const { passivePoints, errors } = parseGuide(acts, data, { flags: [flag] });
    expect(errors).toEqual([]);
    expect(passivePoints).toBe(campaignPassivePoints(flag));
    expect(passivePoints).toBe(passivePointsAt(100, flag).quests);
    expect(passivesNote(flag, passivePoints)).toBe(
      flag === "BANDIT_KILL" ? "Kill all bandits: 24 passive points from the campaign" : `Help ${flag.slice(7, 8)}${flag.slice(8).toLowerCase()}: 23 passive points from the campaign`,
    );
  });

  it("the tracker's text", () => {
    expect(characterPassivesText(45, "BANDIT_KILL")).toBe("54 passive points at level 45 (44 from levels, 10 from quests; Kill all bandits)");
    expect(characterPassivesText(45, "BANDIT_OAK")).toBe("53 passive points at level 45 (44 from levels, 9 from quests; Help Oak)");
  });
});
