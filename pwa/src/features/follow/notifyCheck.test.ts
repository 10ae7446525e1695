import "fake-indexeddb/auto";
import { afterEach, describe, expect, it } from "vitest";
import { clearUserData, openDb, type WaypointDb } from "../../data/db";
import type { BuildUpdate } from "../../data/types";
import { NOTIFY_PREF, notifyUpdates, type ShowNotification } from "./notifyCheck";
import { NOTIFY_EVERY_MS } from "./notifyRule";

let dbs: WaypointDb[] = [];
afterEach(() => {
  for (const d of dbs) d.close();
  dbs = [];
});
async function db(optIn = true) {
  const d = openDb(`notify-test-${Math.random()}`);
  dbs.push(d);
  await d.prefs.put({ key: NOTIFY_PREF, value: optIn });
  return d;
}
const update = (buildId: string, revision: number): BuildUpdate => ({
  buildId, slug: buildId, creatorName: "Maker", revision, seenRevision: 1, note: "", updatedAt: "2026-11-28T10:00:00Z",
  skills: ["Arc"], baseClass: "Witch", ascendancy: "",
});
function recorder() {
  const shown: string[] = [];
  const show: ShowNotification = async (n) => void shown.push(`${n.tag} ${n.title}`);
  return { shown, show };
}
const NOW = Date.UTC(2026, 10, 28, 12);

describe("notifyUpdates", () => {
  it("shows nothing without the player's opt-in", async () => {
    const d = await db(false);
    const r = recorder();
    expect(await notifyUpdates(d, [update("a", 2)], r.show, NOW)).toBe(0);
    expect(r.shown).toEqual([]);
    expect(await d.notified.count()).toBe(0);
  });

  it("shows each build once and keeps its mark, so the same day's next check shows nothing", async () => {
    const d = await db();
    const r = recorder();
    expect(await notifyUpdates(d, [update("a", 2), update("b", 3)], r.show, NOW)).toBe(2);
    expect(r.shown).toEqual(["waypoint-update:a Revision 2 is out", "waypoint-update:b Revision 3 is out"]);
    expect(await d.notified.get("a")).toEqual({ buildId: "a", revision: 2, at: NOW });
    expect(await notifyUpdates(d, [update("a", 3), update("b", 3)], r.show, NOW + 60_000)).toBe(0);
    expect(await notifyUpdates(d, [update("a", 3), update("b", 3)], r.show, NOW + NOTIFY_EVERY_MS)).toBe(1);
    expect(r.shown.at(-1)).toBe("waypoint-update:a Revision 3 is out");
  });

  it("two checks at once (the worker's and a page's) show a build once", async () => {
    const d = await db();
    const r = recorder();
    const counts = await Promise.all([notifyUpdates(d, [update("a", 2)], r.show, NOW), notifyUpdates(d, [update("a", 2)], r.show, NOW)]);
    expect(counts.sort()).toEqual([0, 1]);
    expect(r.shown).toEqual(["waypoint-update:a Revision 2 is out"]);
  });

  it("the marks survive a session's expiry (401) and go at logout", async () => {
    const d = await db();
    await notifyUpdates(d, [update("a", 2)], recorder().show, NOW);
    await clearUserData(d, { keepOutbox: true });
    expect(await d.notified.count()).toBe(1);
    await clearUserData(d);
    expect(await d.notified.count()).toBe(0);
    expect((await d.prefs.get(NOTIFY_PREF))?.value).toBe(true);
  });
});
