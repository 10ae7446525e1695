/**
 * The step choice on the real route (guide/act-*.txt) and the real campaign
 * facts: the act 1-3 log walks the guide through three acts; repeated areas,
 * act 6's areas named like act 1's, towns visited off the route and the
 * labyrinth pick the steps a player following the guide expects.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { loadActs, loadCampaign } from "@workers/guide/campaignFiles";
import { parseGuide } from "@workers/guide/parser";
import type { Part } from "@workers/guide/types";
import { emptyFollowState, Follow } from "./follow";
import { chooseStep, flatIndex, LABYRINTH, LABYRINTH_PLAZA, placeOf, routeAreas } from "./routeAreas";

const data = loadCampaign();
const { sections } = parseGuide(loadActs(), data, { flags: ["BANDIT_KILL"] });
const route = routeAreas(sections, data.areas);
const FIXTURE = readFileSync(new URL("./test/client-acts-1-3.txt", import.meta.url), "utf8").split("\n");

/** The step's words with fragments as {type|area}, to find steps by what they say. */
function words(g: number): string {
  const [act, i] = route.positions[g];
  return sections[act].steps[i].parts
    .map((p: Part) => ("value" in p ? p.value : "areaId" in p ? `{${p.type}|${p.areaId}}` : "dstAreaId" in p ? `{${p.type}|${p.dstAreaId}}` : `{${p.type}}`))
    .join("");
}

/** The flat index of the only step in `act` (1-based) whose words include `text`. */
function stepSaying(act: number, text: string): number {
  const found = route.positions.flatMap(([a], g) => (a === act - 1 && words(g).includes(text) ? [g] : []));
  expect(found, text).toHaveLength(1);
  return found[0];
}

function walk(from: number, areaIds: readonly string[]): number[] {
  const shown: number[] = [];
  let g = from;
  for (const id of areaIds) shown.push((g = chooseStep(route, g, id)));
  return shown;
}

describe("the route's areas", () => {
  it("starts every act on its first step and knows where each step happens", () => {
    expect(route.actStart).toHaveLength(10);
    expect(flatIndex(route, 1, 0)).toBe(route.actStart[1]);
    expect(route.start[0]).toBe("1_1_1");
    expect(route.place[stepSaying(1, "Cross onto {enter|1_1_2a}")]).toBe("1_1_2a");
  });

  it("has every area it arrives in listed in the facts under the act of its section, but the labyrinth's", () => {
    for (const a of route.arrivals) {
      if (a.place === LABYRINTH || a.place === LABYRINTH_PLAZA) continue;
      const area = data.areas[a.place];
      const act = route.positions[a.step][0] + 1;
      // Act-crossing moves are the only way an earlier act's area shows up (act 2 pops to act 1's town);
      // the route ends by walking into the endgame's town (act 11).
      expect(area.act <= act || (area.act === 11 && act === 10), `${a.place} in act ${act}`).toBe(true);
    }
  });
});

describe("the guide follows the act 1-3 log", () => {
  const f = new Follow(emptyFollowState(), data.areas);
  for (const l of FIXTURE) f.line(l);
  const ids = f.state.entries.map((e) => e.areaId);
  const shown = walk(0, ids);
  /** The step shown after the n-th entry into `id` (1-based). */
  const after = (id: string, n = 1) => shown[ids.map((x, i) => (x === id ? i : -1)).filter((i) => i >= 0)[n - 1]];

  it("moves into town to the step after the one that walks there", () => {
    expect(after("1_1_town")).toBe(stepSaying(1, "Speak to Tarkleigh"));
  });

  it("stays on a step that still has work where it arrived", () => {
    expect(after("1_1_2")).toBe(stepSaying(1, "Head out to {enter|1_1_2}"));
    expect(after("1_1_2a")).toBe(stepSaying(1, "Cross onto {enter|1_1_2a}"));
  });

  it("after a death in town and the way back, is at the hand-in when the player logs out again", () => {
    // Died to Hailrake: town, the coast, the island again, then the {logout} the route asks for.
    expect(after("1_1_town", 2)).toBe(stepSaying(1, "Give Nessa the chest"));
    expect(after("1_1_2", 2)).toBe(stepSaying(1, "Travel {waypoint_use|1_1_2} and continue to {enter|1_1_3}"));
    expect(after("1_1_3")).toBe(stepSaying(1, "Find the three rhoa nests"));
  });

  it("picks the right one of an area the route enters twice", () => {
    expect(after("1_1_4_1", 1)).toBe(stepSaying(1, "go through into {enter|1_1_4_1}"));
    expect(after("1_1_4_0")).toBe(stepSaying(1, "Drop down into {enter|1_1_4_0}"));
    expect(after("1_1_4_1", 2)).toBe(stepSaying(1, "Walk back up to {enter|1_1_4_1}"));
    expect(after("1_1_9", 2)).toBe(stepSaying(1, "Come back out to {enter|1_1_9}"));
  });

  it("does not move on a relog into town or the way back", () => {
    const before = after("1_1_8", 2);
    expect(before).toBe(stepSaying(1, "Return {waypoint_use|1_1_8}"));
    expect(after("1_1_town", 6)).toBe(before); // the relog
    expect(after("1_1_8", 3)).toBe(before);
  });

  it("crosses into act 2 and act 3 on their first areas", () => {
    expect(after("1_2_1")).toBe(route.actStart[1]);
    expect(after("1_3_1")).toBe(route.actStart[2]);
  });

  it("runs the labyrinth on the ascend step and comes out after it", () => {
    expect(after(LABYRINTH_PLAZA)).toBe(stepSaying(3, "{enter|Labyrinth_Airlock}"));
    expect(after("1_Labyrinth_boss_3")).toBe(stepSaying(3, "run the Lord's Labyrinth"));
    expect(after("1_3_town", ids.filter((x) => x === "1_3_town").length)).toBe(stepSaying(3, "run the Lord's Labyrinth") + 1);
  });

  it("ends on the act 3 boss, never having gone back", () => {
    expect(shown.at(-1)).toBe(stepSaying(3, "kill Dominus"));
    shown.forEach((g, i) => expect(g, ids[i]).toBeGreaterThanOrEqual(i === 0 ? 0 : shown[i - 1]));
  });
});

describe("choosing among steps", () => {
  const actSix = route.actStart[5];

  it("tells act 6's Twilight Strand from act 1's by id, though the names are the same", () => {
    expect(data.areas["2_6_1"].name).toBe(data.areas["1_1_1"].name);
    const endOfFive = route.actStart[5] - 1;
    const [toTown, toStrand] = walk(endOfFive, ["2_6_town", "2_6_1"]);
    expect(route.positions[toTown][0]).toBe(5);
    expect(toStrand).toBe(stepSaying(6, "Walk out to {enter|2_6_1}"));
    // Act 1's strand (1_1_1) in act 6 is not on the route there: the guide stays.
    expect(chooseStep(route, toStrand, "1_1_1")).toBe(toStrand);
    // And act 6's strand seen from act 1 jumps to act 6 only as act 6's first areas (a player further on than the guide).
    expect(chooseStep(route, 0, "2_6_1")).toBe(toStrand);
    // Act 6's Coast is found under act 6, not act 1's Coast step.
    expect(route.positions[chooseStep(route, actSix, "2_6_2")][0]).toBe(5);
  });

  it("goes back one area when the player returns straight there, never two", () => {
    // Popped to town from the island before Hailrake died (the guide took it for the {logout}), then back.
    const handIn = stepSaying(1, "Give Nessa the chest");
    expect(chooseStep(route, handIn, "1_1_2a")).toBe(stepSaying(1, "Cross onto {enter|1_1_2a}"));
    // From the mud flats the island is two areas back (the coast between): the guide stays.
    const flats = stepSaying(1, "Find the three rhoa nests");
    expect(chooseStep(route, flats, "1_1_2a")).toBe(flats);
  });

  it("does not follow a trip to town to sell (the route goes there only later)", () => {
    const island = stepSaying(1, "Find the three rhoa nests");
    expect(chooseStep(route, island, "1_1_town")).toBe(island);
  });

  it("does not jump to act 7 when the labyrinth is run in act 4", () => {
    const act4 = route.actStart[3] + 3;
    expect(chooseStep(route, act4, LABYRINTH_PLAZA)).toBe(act4);
    expect(chooseStep(route, act4, "1_Labyrinth_boss_3")).toBe(act4);
  });

  it("ignores hideouts, maps and unknown ids", () => {
    for (const id of ["HideoutLuxurious", "MapWorldsStrand", "", "1_1_99"]) expect(chooseStep(route, 5, id)).toBe(5);
  });

  it("treats the labyrinth's rooms as one place but the plaza as its own", () => {
    expect(placeOf("2_Labyrinth_boss_3")).toBe(LABYRINTH);
    expect(placeOf(LABYRINTH_PLAZA)).toBe(LABYRINTH_PLAZA);
    expect(placeOf("1_1_1")).toBe("1_1_1");
  });
});
