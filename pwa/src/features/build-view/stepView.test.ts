import { describe, expect, it } from "vitest";
import type { PlannerGem, PlannerSkillSet } from "@workers/planner/types";
import { gemGroups, grantedSkillName, linkify, swipeStep } from "./stepView";
import { pageCount, pageOf, stepsPerPage } from "../../ui/stepPaging";

const gem = (name: string, isSupport: boolean, enabled = true): PlannerGem => ({ name, gemId: "", skillId: "", level: 20, quality: 0, enabled, isSupport });

describe("gems per slot", () => {
  it("puts actives first, caps slot groups at 6 and unslotted at 20, skips disabled", () => {
    const set: PlannerSkillSet = {
      id: "default",
      title: "Default",
      groups: [
        { slot: "Body Armour", label: "", enabled: true, gems: [gem("S1", true), gem("Cyclone", false), gem("S2", true), gem("S3", true), gem("S4", true), gem("S5", true), gem("S6", true)] },
        { slot: "", label: "", enabled: true, gems: Array.from({ length: 23 }, (_, i) => gem(`G${i}`, i % 2 === 1)) },
        { slot: "Helmet", label: "", enabled: false, gems: [gem("Off", false)] },
        { slot: "Gloves", label: "", enabled: true, gems: [gem("Skip", false, false), gem("Keep", false)] },
      ],
    };
    const groups = gemGroups(set);
    expect(groups.map((g) => g.slot)).toEqual(["Body Armour", "Gloves", "Unslotted"]);
    expect(groups[0].gems.map((g) => g.name)).toEqual(["Cyclone", "S1", "S2", "S3", "S4", "S5"]);
    expect(groups[0].hidden).toBe(1);
    expect(groups[1].gems.map((g) => g.name)).toEqual(["Keep"]);
    expect(groups[2].gems).toHaveLength(20);
    expect(groups[2].gems.slice(0, 12).every((g) => !g.isSupport)).toBe(true);
    expect(groups[2].hidden).toBe(3);
  });
});

describe("skills granted by items and passives", () => {
  const granted = (skillId: string): PlannerGem => ({ name: "", gemId: "", skillId, level: 20, quality: 0, enabled: true, isSupport: false });

  it("names a granted skill from its id, small words in lower case", () => {
    expect(grantedSkillName(granted("SummonSentinelOfRadiance"))).toBe("Summon Sentinel of Radiance");
    expect(grantedSkillName(granted("SummonSpectralTiger"))).toBe("Summon Spectral Tiger");
    expect(grantedSkillName(granted("BloodOffering"))).toBe("Blood Offering");
    expect(grantedSkillName({ ...granted("Anything"), name: "Named Already" })).toBe("Named Already");
    expect(grantedSkillName(granted(""))).toBe("Granted skill");
    // A hostile export's huge id is cut before the word split (whose second pattern backtracks on capital runs).
    expect(grantedSkillName(granted("A".repeat(200_000))).length).toBeLessThanOrEqual(100);
  });

  it("lists them last, under what grants them, never as unslotted gems", () => {
    const set: PlannerSkillSet = {
      id: "default",
      title: "Default",
      groups: [
        { slot: "", label: "", enabled: true, source: "Tree:35011", gems: [granted("SummonSpectralTiger")] },
        { slot: "", label: "", enabled: true, gems: [gem("Clarity", false)] },
        { slot: "Boots", label: "", enabled: true, source: "Item:5:Kraken Spur, Zealot Boots", gems: [granted("KrakenSpurSlam")] },
        { slot: "Body Armour", label: "", enabled: true, gems: [gem("Cyclone", false)] },
        { slot: "", label: "", enabled: true, source: "Tree:19641", gems: [granted("SummonElementalRelic")] },
      ],
    };
    const groups = gemGroups(set);
    expect(groups.map((g) => [g.slot, !!g.granted])).toEqual([
      ["Body Armour", false], ["Unslotted", false], ["Granted by passives", true], ["Granted by Kraken Spur", true],
    ]);
    expect(groups[1].gems.map((g) => g.name)).toEqual(["Clarity"]);
    expect(groups[2].gems.map((g) => g.name)).toEqual(["Summon Spectral Tiger", "Summon Elemental Relic"]);
    expect(groups[3].gems.map((g) => g.name)).toEqual(["Kraken Spur Slam"]);
  });
});

describe("notes", () => {
  it("finds links in note text, leaving trailing punctuation out", () => {
    expect(linkify("see https://pobb.in/abc. and more")).toEqual([
      { text: "see " },
      { text: "https://pobb.in/abc", href: "https://pobb.in/abc" },
      { text: ". and more" },
    ]);
  });
});

describe("carousel and stepper", () => {
  it("moves only on swipes of 30 px or more", () => {
    expect(swipeStep(-29)).toBe(0);
    expect(swipeStep(-30)).toBe(1);
    expect(swipeStep(45)).toBe(-1);
  });

  it("shows 4 steps per page, fewer when narrow", () => {
    expect(stepsPerPage(1400)).toBe(4);
    expect(stepsPerPage(700)).toBe(2);
    expect(stepsPerPage(300)).toBe(1);
    expect(pageOf(5, 4)).toBe(1);
    expect(pageCount(9, 4)).toBe(3);
    expect(pageCount(0, 4)).toBe(1);
  });
});
