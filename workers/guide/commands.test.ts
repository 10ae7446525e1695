import { describe, expect, it } from "vitest";
import { loadCampaign } from "./campaignFiles";
import { parseGuide } from "./parser";
import type { BanditFlag, Part } from "./types";

const data = loadCampaign();

function parse(text: string, flags: BanditFlag[] = ["BANDIT_KILL"]) {
  return parseGuide([{ file: "t.txt", text }], data, { flags });
}

/** Parts of the only step of a one-line script. */
function one(line: string): Part[] {
  const r = parse(`#section T\n${line}`);
  expect(r.errors).toEqual([]);
  expect(r.sections[0].steps).toHaveLength(1);
  return r.sections[0].steps[0].parts;
}

function reasonOf(line: string): string {
  const r = parse(line);
  expect(r.errors).toHaveLength(1);
  expect(r.errors[0].line).toBe(1);
  return r.errors[0].reason;
}

describe("text commands", () => {
  it.each(["kill", "arena", "quest_text", "generic", "copy"] as const)("%s takes exactly one argument", (cmd) => {
    expect(one(`{${cmd}|Hillock}`)).toEqual([{ type: cmd, value: "Hillock" }]);
    expect(reasonOf(`{${cmd}}`)).toBe(`${cmd} takes exactly 1 argument, got 0`);
    expect(reasonOf(`{${cmd}|a|b}`)).toBe(`${cmd} takes exactly 1 argument, got 2`);
  });

  it("keeps plain text around fragments", () => {
    expect(one("Kill {kill|Hillock} then go")).toEqual([
      { type: "text", value: "Kill " },
      { type: "kill", value: "Hillock" },
      { type: "text", value: " then go" },
    ]);
  });
});

describe("area and enter", () => {
  it("area shows an area without moving", () => {
    const r = parse("{area|1_1_2}");
    expect(r.sections[0].steps[0].parts).toEqual([{ type: "area", areaId: "1_1_2" }]);
    expect(r.state.currentAreaId).toBe("1_1_1");
  });
  it("area and enter take exactly one known area id", () => {
    expect(reasonOf("{area}")).toBe("area takes exactly 1 argument, got 0");
    expect(reasonOf("{enter|1_1_2|1_1_3}")).toBe("enter takes exactly 1 argument, got 2");
    expect(reasonOf("{enter|9_9_9}")).toBe("unknown area id '9_9_9'");
    expect(reasonOf("{area|nowhere}")).toBe("unknown area id 'nowhere'");
  });
  it("entering a plain area moves there and leaves the town alone", () => {
    const r = parse("{enter|1_1_2}");
    expect(r.state.currentAreaId).toBe("1_1_2");
    expect(r.state.lastTownAreaId).toBe("1_1_town");
    expect([...r.state.implicitWaypoints]).toEqual([]);
  });
  it("entering a town makes it the last town with an implicit waypoint", () => {
    const r = parse("{enter|1_2_town}");
    expect(r.state.currentAreaId).toBe("1_2_town");
    expect(r.state.lastTownAreaId).toBe("1_2_town");
    expect(r.state.implicitWaypoints.has("1_2_town")).toBe(true);
  });
});

describe("logout", () => {
  it("returns to the last town and clears the portal", () => {
    const r = parse("{enter|1_2_town}\n{enter|1_2_1}\n{portal|set}\n{logout}");
    expect(r.errors).toEqual([]);
    expect(r.sections[0].steps[3].parts).toEqual([{ type: "logout", areaId: "1_2_town" }]);
    expect(r.state.currentAreaId).toBe("1_2_town");
    expect(r.state.portalAreaId).toBeNull();
  });
  it("takes no argument", () => {
    expect(reasonOf("{logout|1_1_town}")).toBe("logout takes exactly 0 arguments, got 1");
  });
});

describe("waypoint", () => {
  it("with no argument is just the waypoint here", () => {
    const r = parse("{enter|1_1_2}\nTake the {waypoint}");
    expect(r.sections[0].steps[1].parts[1]).toEqual({ type: "waypoint" });
    expect(r.state.currentAreaId).toBe("1_1_2");
    expect(r.state.usedWaypoints.size).toBe(0);
  });
  it("with a destination records source and destination and moves", () => {
    const r = parse("{enter|1_1_2}\n{waypoint|1_1_town}");
    expect(r.sections[0].steps[1].parts).toEqual([{ type: "waypoint_use", srcAreaId: "1_1_2", dstAreaId: "1_1_town" }]);
    expect(r.state.implicitWaypoints.has("1_1_2")).toBe(true);
    expect(r.state.usedWaypoints.has("1_1_town")).toBe(true);
    expect(r.state.currentAreaId).toBe("1_1_town");
    expect(r.state.lastTownAreaId).toBe("1_1_town");
  });
  it("rejects two arguments, unknown areas and areas without a waypoint", () => {
    expect(reasonOf("{waypoint|1_1_2|1_1_town}")).toBe("waypoint takes 0 to 1 arguments, got 2");
    expect(reasonOf("{waypoint|x_1}")).toBe("unknown area id 'x_1'");
    expect(reasonOf("{waypoint|1_1_3}")).toBe("area '1_1_3' has no waypoint");
  });
  it("waypoint_get adds the current area to the explicit waypoints", () => {
    const r = parse("{enter|1_1_2}\n{waypoint_get}");
    expect(r.sections[0].steps[1].parts).toEqual([{ type: "waypoint_get" }]);
    expect([...r.state.explicitWaypoints]).toEqual(["1_1_2"]);
  });
  it("waypoint_get takes no argument and needs a waypoint here", () => {
    expect(reasonOf("{waypoint_get|1_1_2}")).toBe("waypoint_get takes exactly 0 arguments, got 1");
    expect(reasonOf("{waypoint_get}")).toBe("area '1_1_1' has no waypoint to take");
  });
});

describe("portal", () => {
  it("set records the current area", () => {
    const r = parse("{enter|1_1_3}\n{portal|set}");
    expect(r.sections[0].steps[1].parts).toEqual([{ type: "portal_set" }]);
    expect(r.state.portalAreaId).toBe("1_1_3");
  });
  it("use at the portal area goes to the last town and keeps the portal", () => {
    const r = parse("{enter|1_1_3}\n{portal|set}\n{portal|use}");
    expect(r.sections[0].steps[2].parts).toEqual([{ type: "portal_use", dstAreaId: "1_1_town" }]);
    expect(r.state.currentAreaId).toBe("1_1_town");
    expect(r.state.portalAreaId).toBe("1_1_3");
  });
  it("use elsewhere goes back through the portal and clears it", () => {
    const r = parse("{enter|1_1_3}\n{portal|set}\n{portal|use}\n{portal|back}");
    expect(r.errors).toEqual([]);
    expect(r.sections[0].steps[3].parts).toEqual([{ type: "portal_use", dstAreaId: "1_1_3" }]);
    expect(r.state.currentAreaId).toBe("1_1_3");
    expect(r.state.portalAreaId).toBeNull();
  });
  it("use with no portal set is invalid and changes nothing", () => {
    const r = parse("{enter|1_1_3}\nGo {enter|1_1_2} then {portal|use}\n{kill|Hillock}");
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toMatchObject({ file: "t.txt", line: 2, reason: "portal use without a portal set" });
    // The bad line's enter is rolled back with it.
    expect(r.state.currentAreaId).toBe("1_1_3");
    expect(r.sections[0].steps).toHaveLength(2);
  });
  it("after logout the portal is gone", () => {
    const r = parse("{enter|1_1_3}\n{portal|set}\n{logout}\n{portal|use}");
    expect(r.errors.map((e) => [e.line, e.reason])).toEqual([[4, "portal use without a portal set"]]);
  });
  it("needs exactly one argument", () => {
    expect(reasonOf("{portal}")).toBe("portal takes exactly 1 argument, got 0");
    expect(reasonOf("{portal|set|now}")).toBe("portal takes exactly 1 argument, got 2");
  });
});

describe("quest commands", () => {
  it("quest defaults to the offer named like the quest", () => {
    const parts = one("{quest|a1q1}");
    expect(parts[0]).toEqual({ type: "quest", questId: "a1q1", rewardOffers: ["a1q1"] });
  });
  it("quest has no default offer when none is named like it", () => {
    expect(one("{quest|a2q9}")[0]).toEqual({ type: "quest", questId: "a2q9", rewardOffers: [] });
  });
  it("quest takes explicit offer ids and rejects unknown ones", () => {
    expect(one("{quest|a1q2|a1q2b}")[0]).toEqual({ type: "quest", questId: "a1q2", rewardOffers: ["a1q2b"] });
    expect(reasonOf("{quest|a1q2|nope}")).toBe("quest 'a1q2' has no reward offer 'nope'");
    expect(reasonOf("{quest}")).toBe("quest takes at least 1 argument, got 0");
  });
  it("an unknown quest id still parses (the panel shows it blank)", () => {
    expect(one("{quest|zz_unknown}")[0]).toEqual({ type: "quest", questId: "zz_unknown", rewardOffers: [] });
  });
  it("quest_name needs at least the quest id", () => {
    expect(one("{quest_name|a1q1}")).toEqual([{ type: "quest_name", questId: "a1q1" }]);
    expect(reasonOf("{quest_name}")).toBe("quest_name takes at least 1 argument, got 0");
  });
});

describe("rewards, trial, ascend, crafting, dir", () => {
  it("reward_quest takes one item, reward_vendor an item and a cost", () => {
    expect(one("{reward_quest|Quicksilver Flask}")).toEqual([{ type: "reward_quest", item: "Quicksilver Flask" }]);
    expect(one("{reward_vendor|Iron Ring|alteration}")).toEqual([{ type: "reward_vendor", item: "Iron Ring", cost: "alteration" }]);
    expect(reasonOf("{reward_quest}")).toBe("reward_quest takes exactly 1 argument, got 0");
    expect(reasonOf("{reward_vendor|Iron Ring}")).toBe("reward_vendor takes exactly 2 arguments, got 1");
  });
  it("trial takes no argument", () => {
    expect(one("{trial}")).toEqual([{ type: "trial" }]);
    expect(reasonOf("{trial|x}")).toBe("trial takes exactly 0 arguments, got 1");
  });
  it("ascend returns to the last town", () => {
    const r = parse("{enter|1_3_town}\n{enter|1_3_8_1}\n{ascend|normal}");
    expect(r.errors).toEqual([]);
    expect(r.sections[0].steps[2].parts).toEqual([{ type: "ascend", version: "normal" }]);
    expect(r.state.currentAreaId).toBe("1_3_town");
  });
  it("ascend accepts only normal, cruel and merciless", () => {
    for (const v of ["normal", "cruel", "merciless"]) expect(one(`{ascend|${v}}`)).toEqual([{ type: "ascend", version: v }]);
    expect(reasonOf("{ascend|eternal}")).toBe("ascend version must be normal, cruel or merciless, got 'eternal'");
    expect(reasonOf("{ascend}")).toBe("ascend takes exactly 1 argument, got 0");
  });
  it("crafting lists the recipes of the current or given area", () => {
    const r = parse("{enter|1_2_14_2}\n{crafting}\n{crafting|1_3_6}");
    expect(r.errors).toEqual([]);
    const [, here, given] = r.sections[0].steps.map((s) => s.parts[0]);
    expect(here).toEqual({ type: "crafting", areaId: "1_2_14_2", recipes: data.areas["1_2_14_2"].crafting_recipes });
    expect(given).toMatchObject({ type: "crafting", areaId: "1_3_6" });
    expect([...r.state.craftingAreas]).toEqual(["1_2_14_2", "1_3_6"]);
    expect(reasonOf("{crafting|a|b}")).toBe("crafting takes 0 to 1 arguments, got 2");
  });
  it("dir gives the slice index and needs a number", () => {
    expect(one("{dir|90}")).toEqual([{ type: "dir", dirIndex: 2 }]);
    expect(one("{dir|-45}")).toEqual([{ type: "dir", dirIndex: 7 }]);
    expect(reasonOf("{dir|north}")).toBe("dir needs a number of degrees, got 'north'");
    expect(reasonOf("{dir}")).toBe("dir takes exactly 1 argument, got 0");
  });
});

describe("invalid commands", () => {
  it("unknown commands are an error for that line only", () => {
    const r = parse("#section A\nfirst\n{teleport|1_2_town} now\n{kill|Hillock}\n{constructor}");
    expect(r.errors.map((e) => [e.line, e.reason])).toEqual([
      [3, "unknown command 'teleport'"],
      [5, "unknown command 'constructor'"],
    ]);
    expect(r.sections[0].steps.map((s) => s.parts[0])).toEqual([
      { type: "text", value: "first" },
      { type: "kill", value: "Hillock" },
    ]);
  });
  it("unbalanced braces name the column", () => {
    expect(reasonOf("go {kill|Hillock")).toBe("unclosed '{' at column 4");
    expect(reasonOf("go kill}")).toBe("unmatched '}' at column 8");
    expect(reasonOf("{kill|{x}}")).toBe("nested '{' at column 7");
  });
});
