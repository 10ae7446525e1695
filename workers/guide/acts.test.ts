/**
 * The real route: guide/act-1.txt ... act-10.txt parse with every bandit flag
 * with 0 errors, and every area and quest id they use exists in the campaign facts.
 */
import { describe, expect, it } from "vitest";
import { loadActs, loadCampaign } from "./campaignFiles";
import { formatError, parseGuide } from "./parser";
import { BANDIT_FLAGS, type FragmentStep, type Part } from "./types";

const data = loadCampaign();
const acts = loadActs();

function allParts(steps: FragmentStep[]): Part[] {
  return steps.flatMap((s) => [...s.parts, ...allParts(s.subSteps)]);
}

function areaIds(part: Part): string[] {
  switch (part.type) {
    case "area":
    case "enter":
    case "logout":
    case "crafting":
      return [part.areaId];
    case "waypoint_use":
      return [part.srcAreaId, part.dstAreaId];
    case "portal_use":
      return [part.dstAreaId];
    default:
      return [];
  }
}

describe.each(BANDIT_FLAGS)("the route with %s", (flag) => {
  const result = parseGuide(acts, data, { flags: [flag] });
  const parts = result.sections.flatMap((s) => allParts(s.steps));

  it("parses with 0 errors", () => {
    expect(result.errors.map(formatError)).toEqual([]);
  });

  it("has the ten acts as sections, each with steps", () => {
    expect(result.sections.map((s) => s.name)).toEqual(acts.map((_, i) => `Act ${i + 1}`));
    for (const s of result.sections) expect(s.steps.length).toBeGreaterThan(0);
  });

  it("uses only area ids from the campaign facts", () => {
    const unknown = parts.flatMap(areaIds).filter((id) => !data.areas[id]);
    expect(unknown).toEqual([]);
    expect(parts.filter((p) => p.type === "enter").length).toBeGreaterThan(50);
  });

  it("uses only quest ids and reward offers from the campaign facts", () => {
    const quests = parts.filter((p): p is Extract<Part, { type: "quest" | "quest_name" }> => p.type === "quest" || p.type === "quest_name");
    expect(quests.length).toBeGreaterThan(30);
    expect(quests.filter((p) => !data.quests[p.questId]).map((p) => p.questId)).toEqual([]);
    for (const p of quests) if (p.type === "quest") for (const o of p.rewardOffers) expect(data.quests[p.questId].reward_offers[o]).toBeDefined();
  });

  it("hands in every passive-point quest of the route facts for this flag: the passives note", () => {
    const facts = data.routeFacts!.quests;
    const expected = Object.values(facts)
      .filter((q) => (q.bandit ?? null) === null || q.bandit === flag)
      .reduce((sum, q) => sum + (q.passivePoints ?? 0), 0);
    expect(result.passivePoints).toBe(expected);
    expect(result.passivePoints).toBe(flag === "BANDIT_KILL" ? 24 : 23);
  });

  it("runs the six trials before the normal ascension, then cruel and merciless", () => {
    const kinds = parts.filter((p) => p.type === "trial" || p.type === "ascend").map((p) => (p.type === "ascend" ? p.version : "trial"));
    expect(kinds.slice(0, 7)).toEqual(["trial", "trial", "trial", "trial", "trial", "trial", "normal"]);
    expect(kinds.filter((k) => k !== "trial")).toEqual(["normal", "cruel", "merciless"]);
  });
});

describe("bandit blocks", () => {
  it("each flag yields its own act 2 route", () => {
    const act2 = (flag: (typeof BANDIT_FLAGS)[number]) =>
      JSON.stringify(parseGuide(acts, data, { flags: [flag] }).sections[1].steps);
    const routes = new Set(BANDIT_FLAGS.map(act2));
    expect(routes.size).toBe(BANDIT_FLAGS.length);
  });

  it("every quest and area id written in the scripts exists, disabled blocks included", () => {
    for (const { file, text } of acts) {
      for (const m of text.matchAll(/\{(quest|quest_name)\|([^|}]*)/g)) expect(data.quests[m[2]], `${file}: ${m[0]}`).toBeDefined();
      for (const m of text.matchAll(/\{(area|enter|waypoint|crafting)\|([^|}]*)/g)) expect(data.areas[m[2]], `${file}: ${m[0]}`).toBeDefined();
    }
  });
});
