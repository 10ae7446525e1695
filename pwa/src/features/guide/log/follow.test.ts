import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { loadCampaign } from "@workers/guide/campaignFiles";
import { lineTime } from "./clientLog";
import { emptyFollowState, entriesAfter, Follow, type FollowState } from "./follow";

const data = loadCampaign();
const FIXTURE = readFileSync(new URL("./test/client-acts-1-3.txt", import.meta.url), "utf8").split("\n");

function fold(lines: readonly string[], state: FollowState = emptyFollowState()): FollowState {
  const f = new Follow(state, data.areas);
  for (const l of lines) f.line(l);
  f.trim();
  return f.state;
}

/** The time of the first "Generating ... area "<id>"" line: an act's clock starts there. */
function generated(id: string): number {
  const line = FIXTURE.find((l) => l.includes(`area "${id}"`));
  return lineTime(line!)!;
}

describe("following the act 1-3 log", () => {
  const state = fold(FIXTURE);
  const wanderer = state.characters.Wanderer;

  it("knows the character by name, class and level, and counts the deaths", () => {
    expect(Object.keys(state.characters)).toEqual(["Wanderer"]);
    expect(state.current).toBe("Wanderer");
    // Ascended in act 3: the log then writes the ascendancy. The chat line claiming level 90 is not a level-up.
    expect(wanderer).toMatchObject({ className: "Deadeye", level: 33, deaths: 2, areaId: "1_3_18_2" });
  });

  it("times each act from its first area to the next act's, the labyrinth counting to the act it is run in", () => {
    const end = lineTime(FIXTURE.filter((l) => l !== "").at(-1)!)!;
    expect(wanderer.actMs.slice(0, 3)).toEqual([generated("1_2_1") - generated("1_1_1"), generated("1_3_1") - generated("1_2_1"), end - generated("1_3_1")]);
    expect(wanderer.actMs.slice(3).every((ms) => ms === 0)).toBe(true);
  });

  it("numbers the campaign areas entered, given to the character named after them", () => {
    const areaLines = FIXTURE.filter((l) => l.includes("] Generating level "));
    expect(state.entries).toHaveLength(areaLines.length); // every area of the fixture is a campaign or labyrinth area
    expect(state.entries.map((e) => e.seq)).toEqual(state.entries.map((_, i) => i + 1));
    // The first area was entered before the log named anyone: it goes to the first character named.
    expect(state.entries[0]).toMatchObject({ areaId: "1_1_1", character: "Wanderer" });
    expect(entriesAfter(state, state.seq - 2, "Wanderer").map((e) => e.areaId)).toEqual(["1_3_18_1", "1_3_18_2"]);
    expect(entriesAfter(state, 0, "Someone")).toEqual([]);
  });

  it("gives the same answer read in two halves as at once", () => {
    const half = Math.floor(FIXTURE.length / 2);
    const split = fold(FIXTURE.slice(half), structuredClone(fold(FIXTURE.slice(0, half))));
    expect(split).toEqual(state);
  });
});

describe("time and characters", () => {
  const at = (time: string, message: string) => `2024/07/27 ${time} 1 a [INFO Client 1] ${message}`;
  const area = (time: string, id: string) => `2024/07/27 ${time} 1 a [DEBUG Client 1] Generating level 1 area "${id}" with seed 1`;

  it("does not count the time the game was closed", () => {
    const s = fold([
      area("10:00:00", "1_1_1"),
      at("10:01:00", ": Wanderer (Ranger) is now level 2"),
      "2024/07/27 18:00:00 ***** LOG FILE OPENING *****",
      area("18:00:30", "1_1_town"),
      at("18:02:30", ": Wanderer (Ranger) is now level 3"),
    ]);
    expect(s.characters.Wanderer.actMs[0]).toBe(60_000 + 120_000);
  });

  it("keeps deaths and levels per character, and time in a hideout counts to the act being played", () => {
    const s = fold([
      area("10:00:00", "2_6_1"),
      at("10:00:10", ": Alpha (Witch) is now level 50"),
      at("10:00:20", ": Alpha has been slain."),
      area("10:05:00", "HideoutLuxurious"),
      area("10:06:00", "2_6_town"),
      at("10:07:00", ": Beta (Marauder) is now level 12"),
      at("10:07:30", ": Beta has been slain."),
      at("10:08:00", ": Beta has been slain."),
    ]);
    expect(s.characters.Alpha).toMatchObject({ level: 50, deaths: 1, className: "Witch", areaId: "2_6_town" });
    expect(s.characters.Beta).toMatchObject({ level: 12, deaths: 2, className: "Marauder" });
    expect(s.characters.Alpha.actMs[5]).toBe(7 * 60_000);
    expect(s.characters.Beta.actMs[5]).toBe(60_000);
    // The hideout is no campaign area: no entry for the guide.
    expect(s.entries.map((e) => e.areaId)).toEqual(["2_6_1", "2_6_town"]);
  });

  it("does not take a party member's level-up or death, written like the player's, for the player's", () => {
    const lines = [
      area("10:00:00", "1_1_1"),
      at("10:01:00", ": Wanderer (Ranger) is now level 2"),
      at("10:02:00", ": Helper has joined the area."),
      at("10:03:00", ": Helper (Witch) is now level 3"),
      at("10:04:00", ": Helper has been slain."),
      area("10:05:00", "1_1_town"),
      at("10:06:00", ": Wanderer (Ranger) is now level 3"),
      area("10:07:00", "1_1_2"),
    ];
    const s = fold(lines);
    expect(Object.keys(s.characters)).toEqual(["Wanderer"]);
    expect(s.current).toBe("Wanderer");
    expect(s.characters.Wanderer).toMatchObject({ level: 3, deaths: 0, areaId: "1_1_2" });
    expect(s.characters.Wanderer.actMs[0]).toBe(7 * 60_000);
    // Every area the player entered is the player's: a guide bound to Wanderer moves through all of them.
    expect(entriesAfter(s, 0, "Wanderer").map((e) => e.areaId)).toEqual(["1_1_1", "1_1_town", "1_1_2"]);
    // The same through the reader's byte scan, and across two reads.
    const scanned = new Follow(emptyFollowState(), data.areas);
    scanned.bytes(new TextEncoder().encode(lines.slice(0, 3).join("\n")));
    const kept = structuredClone(scanned.state);
    const next = new Follow(kept, data.areas);
    next.bytes(new TextEncoder().encode(lines.slice(3).join("\n")));
    expect(next.state).toEqual(s);
  });

  it("does not take the level-up of a party member who was there before the player, once seen leaving, for the player's", () => {
    const s = fold([
      area("10:00:00", "1_1_town"),
      at("10:01:00", ": Wanderer (Ranger) is now level 2"),
      at("10:02:00", ": Helper has left the area."),
      at("10:03:00", ": Helper (Witch) is now level 3"),
      area("10:04:00", "1_1_2"),
    ]);
    expect(Object.keys(s.characters)).toEqual(["Wanderer"]);
    expect(s.entries.map((e) => e.character)).toEqual(["Wanderer", "Wanderer"]);
  });

  it("keeps only the newest entries", () => {
    const lines = Array.from({ length: 600 }, (_, i) => area("10:00:00", i % 2 ? "1_1_1" : "1_1_town"));
    const s = fold(lines);
    expect(s.entries).toHaveLength(500);
    expect(s.entries[0].seq).toBe(101);
    expect(s.seq).toBe(600);
  });
});
