import "fake-indexeddb/auto";
import { afterEach, describe, expect, it } from "vitest";
import { GuideDatabase, clampProgress, loadProgress, progressKey, saveProgress } from "./guideProgress";

const dbs: GuideDatabase[] = [];
function freshDb() {
  const db = new GuideDatabase(`guide-test-${Math.random()}`);
  dbs.push(db);
  return db;
}
afterEach(async () => {
  for (const db of dbs.splice(0)) await db.delete();
});

describe("campaign progress", () => {
  it("is keyed per character the way the spec names it", () => {
    expect(progressKey("abc")).toBe("waypoint:campaign-progress:abc");
  });

  it("round-trips act and step per act, separately per character", async () => {
    const db = freshDb();
    await saveProgress("a", { act: 2, steps: [5, 0, 7] }, db);
    await saveProgress("b", { act: 1, steps: [1, 2, 3] }, db);
    expect(await loadProgress("a", [10, 10, 10], db)).toEqual({ act: 2, steps: [5, 0, 7] });
    expect(await loadProgress("b", [10, 10, 10], db)).toEqual({ act: 1, steps: [1, 2, 3] });
    expect(await loadProgress("nobody", [10, 10], db)).toEqual({ act: 0, steps: [0, 0] });
  });

  it("survives reopening the database", async () => {
    const name = `guide-test-reopen-${Math.random()}`;
    const first = new GuideDatabase(name);
    await saveProgress("c", { act: 1, steps: [3, 4] }, first);
    first.close();
    const second = new GuideDatabase(name);
    dbs.push(second);
    expect(await loadProgress("c", [5, 5], second)).toEqual({ act: 1, steps: [3, 4] });
  });

  it("is clamped to the guide as it is now", () => {
    expect(clampProgress({ act: 12, steps: [99, -3, 2.7] }, [10, 4, 3])).toEqual({ act: 2, steps: [9, 0, 2] });
    expect(clampProgress({ act: -1, steps: [1] }, [3, 3])).toEqual({ act: 0, steps: [1, 0] });
    expect(clampProgress({ act: "x", steps: "nope" }, [2])).toEqual({ act: 0, steps: [0] });
    expect(clampProgress(undefined, [2, 2])).toEqual({ act: 0, steps: [0, 0] });
    // An act with no steps still yields step 0.
    expect(clampProgress({ act: 0, steps: [4] }, [0])).toEqual({ act: 0, steps: [0] });
  });
});
