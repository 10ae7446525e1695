/** One look at the log file and the guide moved by what it told (the follower's two pure steps). */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { loadActs, loadCampaign } from "@workers/guide/campaignFiles";
import { parseGuide } from "@workers/guide/parser";
import { emptyFollowState, entriesAfter, followFile } from "./follow";
import { followProgress } from "./followProgress";
import { actTimes, characterLine, formatDuration, logLevelOf, shownCharacter } from "./logView";
import { routeAreas } from "./routeAreas";

const data = loadCampaign();
const FIXTURE = readFileSync(new URL("./test/client-acts-1-3.txt", import.meta.url));
const { sections } = parseGuide(loadActs(), data, { flags: ["BANDIT_KILL"] });
const route = routeAreas(sections, data.areas);

describe("a look at the log file", () => {
  it("reads a log in pieces, as the game writes it, to the same state as at once", async () => {
    const whole = await followFile(new Blob([FIXTURE]), 0, emptyFollowState(), data.areas);
    let offset: number | null = 0;
    let mark: string | null = null;
    let state = emptyFollowState();
    for (const end of [1000, 1001, 9000, 20_000, FIXTURE.length]) {
      const look = await followFile(new Blob([FIXTURE.subarray(0, end)]), offset, state, data.areas, mark);
      expect(look.bytesRead).toBe(end - (offset ?? 0));
      expect(look.restarted).toBe(false); // the same file grown: its bytes before the offset are the ones read
      ({ offset, mark, state } = look);
    }
    expect(state).toEqual(whole.state);
    expect(offset).toBe(FIXTURE.length);
  });

  it("leaves the state it was given alone", async () => {
    const before = emptyFollowState();
    await followFile(new Blob([FIXTURE]), 0, before, data.areas);
    expect(before).toEqual(emptyFollowState());
  });

  it("reads a log that shrank from its start, keeping the characters and numbering on", async () => {
    const first = await followFile(new Blob([FIXTURE]), 0, emptyFollowState(), data.areas);
    const fresh = "2024/07/28 10:00:00 1 a [DEBUG Client 1] Generating level 45 area \"2_6_town\" with seed 1\n";
    const again = await followFile(new Blob([fresh]), first.offset, first.state, data.areas);
    expect(again.restarted).toBe(true);
    expect(again.offset).toBe(fresh.length);
    expect(again.state.characters.Wanderer.deaths).toBe(2);
    expect(entriesAfter(again.state, first.state.seq, null)).toEqual([
      { seq: first.state.seq + 1, areaId: "2_6_town", character: "Wanderer", time: Date.UTC(2024, 6, 28, 10) },
    ]);
  });

  it("reads a new log that grew past where the last look stopped from its start, by the bytes before that offset", async () => {
    const first = await followFile(new Blob([FIXTURE]), 0, emptyFollowState(), data.areas);
    // The player deleted Client.txt; the game's new log is longer than the old one before the next look.
    const area = (time: string, id: string) => `2024/07/28 ${time} 1 a [DEBUG Client 1] Generating level 45 area "${id}" with seed 1\n`;
    const chat = "2024/07/28 10:00:30 1 a [INFO Client 1] #Chatter_42: anyone for act 6?\n";
    let fresh = "2024/07/28 10:00:00 ***** LOG FILE OPENING *****\n" + area("10:00:01", "2_6_1");
    while (fresh.length <= FIXTURE.length) fresh += chat;
    fresh += area("10:05:00", "2_6_town");
    const again = await followFile(new Blob([fresh]), first.offset, first.state, data.areas, first.mark);
    expect(again.restarted).toBe(true);
    expect(again.offset).toBe(fresh.length);
    expect(entriesAfter(again.state, first.state.seq, null).map((e) => e.areaId)).toEqual(["2_6_1", "2_6_town"]);
    // A row kept before marks were (null) is read on from its offset as before.
    expect((await followFile(new Blob([fresh]), first.offset, first.state, data.areas, null)).restarted).toBe(false);
  });
});

describe("the guide moved by the log", () => {
  it("walks a fresh guide to the act 3 boss, and a second look adds nothing", async () => {
    const { state } = await followFile(new Blob([FIXTURE]), 0, emptyFollowState(), data.areas);
    const start = { act: 0, steps: sections.map(() => 0) };
    const moved = followProgress(route, start, entriesAfter(state, 0, "Wanderer"));
    expect(moved.act).toBe(2);
    expect(sections[2].steps[moved.steps[2]].parts.some((p) => p.type === "kill" && p.value === "Dominus, High Templar")).toBe(true);
    expect(followProgress(route, moved, entriesAfter(state, state.seq, null))).toBe(moved);
    // Bound to someone else: nothing moves.
    expect(followProgress(route, start, entriesAfter(state, 0, "Other"))).toBe(start);
  });
});

describe("the panel's words", () => {
  it("writes durations, the character and the acts played", async () => {
    expect(formatDuration(3_381_000)).toBe("56:21");
    expect(formatDuration(3_630_000)).toBe("1:00:30");
    expect(formatDuration(0)).toBe("0:00");
    const { state } = await followFile(new Blob([FIXTURE]), 0, emptyFollowState(), data.areas);
    const c = shownCharacter(state, null)!;
    expect(characterLine(c)).toBe("Wanderer, Deadeye, level 33");
    expect(actTimes(c).map((a) => a.act)).toEqual([1, 2, 3]);
    expect(shownCharacter(state, "Nobody")).toBeNull();
    // The tracker's level beside its character: by the character's name only.
    expect(logLevelOf(state, "Wanderer")).toBe(33);
    expect(logLevelOf(state, "wanderer")).toBeNull();
    expect(logLevelOf(null, "Wanderer")).toBeNull();
  });
});
