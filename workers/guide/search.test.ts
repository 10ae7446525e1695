import { describe, expect, it } from "vitest";
import { loadCampaign } from "./campaignFiles";
import { parseGuide } from "./parser";
import { highlightRuns, isBlankStep, isGemStep, searchSections, stepSearchText, stepToMatch } from "./search";

const data = loadCampaign();
const G = (name: string) => `Metadata/Items/Gems/${name}`;

const scripts = [
  { file: "act-1.txt", text: "#section Act 1\n{enter|1_1_2} and {waypoint_get}\n{kill|Hillock}\n{quest|a1q1}\n{quest|zz_missing}\nLink {copy|Cleave} now" },
  { file: "act-2.txt", text: "#section Act 2\n{enter|1_2_town}\nTalk about {quest_name|a1q2}\n{reward_vendor|Iron Ring|alteration}" },
];

describe("search", () => {
  const { sections } = parseGuide(scripts, data, { flags: ["BANDIT_KILL"], build: { className: "Duelist", gemIds: [G("SkillGemCleave")] } });

  it("is trimmed and case-insensitive over step text, area names, quest names and rewards", () => {
    expect(searchSections(sections, data, "  hillock ")).toEqual([[1], []]);
    expect(searchSections(sections, data, "THE COAST")).toEqual([[0], []]); // area name of 1_1_2
    expect(searchSections(sections, data, "caged brute")).toEqual([[], [1]]); // quest name of a1q2
    expect(searchSections(sections, data, "enemy at the gate")).toEqual([[2], []]);
    expect(searchSections(sections, data, "iron ring")).toEqual([[], [2]]);
    expect(searchSections(sections, data, "cleave")).toEqual([[2, 4], []]); // gem reward sub-step + copy text
  });
  it("an empty search matches nothing", () => {
    expect(searchSections(sections, data, "   ")).toEqual([[], []]);
  });
  it("a quest step with an unknown quest id is blank and never matches", () => {
    expect(isBlankStep(sections[0].steps[3], data)).toBe(true);
    expect(stepSearchText(sections[0].steps[3], data)).toBe("");
    expect(searchSections(sections, data, "zz_missing")).toEqual([[], []]);
  });
  it("next and previous match wrap around", () => {
    const m = [2, 5, 9];
    expect(stepToMatch(m, 0, 1)).toBe(2);
    expect(stepToMatch(m, 5, 1)).toBe(9);
    expect(stepToMatch(m, 9, 1)).toBe(2);
    expect(stepToMatch(m, 5, -1)).toBe(2);
    expect(stepToMatch(m, 2, -1)).toBe(9);
    expect(stepToMatch(m, 0, -1)).toBe(9);
    expect(stepToMatch([], 3, 1)).toBeNull();
  });
  it("highlight runs split out every case-insensitive occurrence", () => {
    expect(highlightRuns("The Coast and the coast", " coast")).toEqual([
      { text: "The ", match: false },
      { text: "Coast", match: true },
      { text: " and the ", match: false },
      { text: "coast", match: true },
    ]);
    expect(highlightRuns("abc", "")).toEqual([{ text: "abc", match: false }]);
  });
  it("gems-only keeps steps that get, buy or link a build gem", () => {
    const flags = sections[0].steps.map((s) => isGemStep(s, data, ["Cleave"]));
    expect(flags).toEqual([false, false, true, false, true]);
    expect(sections[1].steps.map((s) => isGemStep(s, data, ["Cleave"]))).toEqual([false, false, false]);
  });
});
