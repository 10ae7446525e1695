// @vitest-environment happy-dom
/**
 * The page's one log follower with no guide on screen (the tracker's level):
 * started without the campaign facts, it loads them itself and reads the log as
 * it grows. The picker hands over a handle whose file grows between looks.
 */
import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { loadCampaign } from "@workers/guide/campaignFiles";
import { guideDb } from "../../../data/guideProgress";
import { GameLogFollower } from "./logFollower";
import { logLevelOf } from "./logView";
import { GrowingLog, area, line } from "./test/growingLog";

const areas = loadCampaign().areas;

const WAIT = { timeout: 20_000, interval: 20 };

let stop: (() => void) | null = null;
// Each test is a first visit: no file kept from an earlier one.
beforeEach(() => guideDb().gameLog.clear());
afterEach(() => {
  stop?.();
  stop = null;
  delete (window as { showOpenFilePicker?: unknown }).showOpenFilePicker;
});

function picked(log: GrowingLog) {
  (window as { showOpenFilePicker?: unknown }).showOpenFilePicker = async () => [log];
}

describe("the log follower without a guide", () => {
  it("loads the campaign's areas itself and follows the level as the log grows", async () => {
    const log = new GrowingLog();
    log.text = area("00:00", "1_1_1") + line("00:30", ": Wanderer (Witch) is now level 2");
    picked(log);
    let loads = 0;
    const follower = new GameLogFollower(async () => {
      loads++;
      return areas;
    });
    follower.start(); // as the tracker's level does: no facts given
    stop = follower.subscribe(() => {});
    await follower.pick();
    await vi.waitFor(() => expect(logLevelOf(follower.getSnapshot().state, "Wanderer")).toBe(2), WAIT);

    log.text += area("01:00", "1_1_town") + line("01:10", ": Wanderer (Witch) is now level 3");
    await vi.waitFor(() => expect(logLevelOf(follower.getSnapshot().state, "Wanderer")).toBe(3), WAIT);
    expect(follower.getSnapshot().phase).toBe("following");
    // The facts were there: the areas are numbered for guides that open later, and the act is timed.
    expect(follower.getSnapshot().state!.entries.map((e) => e.areaId)).toEqual(["1_1_1", "1_1_town"]);
    expect(follower.getSnapshot().state!.characters.Wanderer.act).toBe(1);
    follower.start();
    expect(loads).toBe(1);
  }, 60_000);

  it("tries loading the areas again at the next start after a failure, and a guide's facts serve at once", async () => {
    const log = new GrowingLog();
    log.text = line("00:30", ": Runner (Witch) is now level 5");
    picked(log);
    let loads = 0;
    const follower = new GameLogFollower(async () => {
      loads++;
      throw new Error("offline");
    });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    follower.start();
    stop = follower.subscribe(() => {});
    await follower.pick();
    await vi.waitFor(() => expect(warn).toHaveBeenCalled(), WAIT);
    follower.start();
    await vi.waitFor(() => expect(loads).toBe(2), WAIT);
    expect(logLevelOf(follower.getSnapshot().state, "Runner")).toBeNull(); // nothing read without the facts
    follower.start(areas); // a guide opens
    await vi.waitFor(() => expect(logLevelOf(follower.getSnapshot().state, "Runner")).toBe(5), WAIT);
    warn.mockRestore();
  }, 60_000);

  it("takes the file again when a read fails because the game wrote to it meanwhile", async () => {
    // Chromium's NotReadableError for a File whose file changed after getFile(); the next getFile() reads.
    class StaleOnce extends GrowingLog {
      stale = 1;
      override async getFile() {
        const file = await super.getFile();
        if (this.stale-- <= 0) return file;
        const failing = () => ({ arrayBuffer: () => Promise.reject(new DOMException("The file changed", "NotReadableError")) });
        return Object.assign(file, { slice: failing });
      }
    }
    const log = new StaleOnce();
    log.text = line("00:30", ": Stalwart (Duelist) is now level 7");
    picked(log);
    const follower = new GameLogFollower(async () => areas);
    follower.start();
    stop = follower.subscribe(() => {});
    await follower.pick();
    await vi.waitFor(() => expect(logLevelOf(follower.getSnapshot().state, "Stalwart")).toBe(7), WAIT);
    expect(log.stale).toBeLessThan(0); // the failing read did happen
    expect(follower.getSnapshot()).toMatchObject({ phase: "following", message: null });
  }, 60_000);

  it("reads a log the game began anew, grown past where the last look stopped, from its start", async () => {
    const log = new GrowingLog();
    log.text = area("00:00", "1_1_1") + line("00:30", ": Wanderer (Witch) is now level 2");
    picked(log);
    const follower = new GameLogFollower(async () => areas);
    follower.start();
    stop = follower.subscribe(() => {});
    await follower.pick();
    await vi.waitFor(() => expect(logLevelOf(follower.getSnapshot().state, "Wanderer")).toBe(2), WAIT);
    // The player deleted Client.txt; before the next look the game's new log is longer than the old.
    const old = log.text.length;
    let fresh = area("10:00", "1_1_town");
    while (fresh.length <= old) fresh += line("10:01", "#Chatter_42: anyone for the Coast?");
    log.text = fresh + line("10:30", ": Wanderer (Witch) is now level 3");
    await vi.waitFor(() => expect(logLevelOf(follower.getSnapshot().state, "Wanderer")).toBe(3), WAIT);
    expect(follower.getSnapshot().state!.entries.map((e) => e.areaId)).toEqual(["1_1_1", "1_1_town"]);
  }, 60_000);
});
