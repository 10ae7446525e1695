import { describe, expect, it } from "vitest";
import type { BuildUpdate } from "../../data/types";
import { buildsToNotify, notificationFor, NOTIFY_EVERY_MS, updateTitle, type NotifiedMark } from "./notifyRule";

const NOW = Date.UTC(2026, 10, 28, 12);
const update = (buildId: string, revision: number, seenRevision = 1, note = ""): BuildUpdate => ({
  buildId, slug: `slug-${buildId}`, creatorName: "Maker", revision, seenRevision, note, updatedAt: "2026-11-28T10:00:00Z",
  skills: ["Cyclone", "Blood and Sand"], baseClass: "Duelist", ascendancy: "Slayer",
});
const mark = (buildId: string, revision: number, ago: number): NotifiedMark => ({ buildId, revision, at: NOW - ago });
const ids = (us: BuildUpdate[]) => us.map((u) => `${u.buildId}@${u.revision}`);

describe("buildsToNotify", () => {
  it("tells of every unseen build never notified", () => {
    expect(ids(buildsToNotify([update("a", 2), update("b", 5, 3)], {}, NOW))).toEqual(["a@2", "b@5"]);
  });

  it("skips revisions already seen", () => {
    expect(buildsToNotify([update("a", 2, 2), update("b", 1, 3)], {}, NOW)).toEqual([]);
  });

  it("tells one notification a build, of its newest revision", () => {
    expect(ids(buildsToNotify([update("a", 2), update("a", 4), update("a", 3)], {}, NOW))).toEqual(["a@4"]);
  });

  it("never twice for the same revision, even days later", () => {
    expect(buildsToNotify([update("a", 2)], { a: mark("a", 2, 5 * NOTIFY_EVERY_MS) }, NOW)).toEqual([]);
  });

  it("holds a newer revision until the build's last notification is a day old", () => {
    const updates = [update("a", 3)];
    expect(buildsToNotify(updates, { a: mark("a", 2, NOTIFY_EVERY_MS - 1) }, NOW)).toEqual([]);
    expect(ids(buildsToNotify(updates, { a: mark("a", 2, NOTIFY_EVERY_MS) }, NOW))).toEqual(["a@3"]);
  });

  it("a mark of one build does not hold another", () => {
    const out = buildsToNotify([update("a", 3), update("b", 2)], { a: mark("a", 2, 60_000) }, NOW);
    expect(ids(out)).toEqual(["b@2"]);
  });
});

describe("notificationFor", () => {
  it("names the revision, the build, its creator and the note, and opens the updates", () => {
    const n = notificationFor(update("a", 3, 1, "  New endgame step  "));
    expect(n).toEqual({
      title: "Revision 3 is out",
      body: "Cyclone Slayer by Maker: New endgame step",
      tag: "waypoint-update:a",
      url: "/build/updates",
    });
  });

  it("titles the build as the app does: first skill and ascendancy, else the class, else the slug", () => {
    expect(updateTitle({ ...update("a", 2), skills: ["Arc"], baseClass: "Witch", ascendancy: "" })).toBe("Arc Witch");
    expect(updateTitle({ ...update("a", 2), skills: [], baseClass: "Witch", ascendancy: "Elementalist" })).toBe("Elementalist");
    expect(notificationFor({ ...update("a", 2), skills: [], baseClass: "Witch", ascendancy: "" }).body).toBe("Witch by Maker");
    // An answer without the title fields (an older server) still names the build, by its slug.
    const bare = { ...update("a", 2) } as Partial<BuildUpdate>;
    delete bare.skills;
    delete bare.baseClass;
    delete bare.ascendancy;
    expect(notificationFor(bare as BuildUpdate).body).toBe("slug-a by Maker");
    expect(updateTitle({ ...update("a", 2), skills: [], baseClass: "", ascendancy: "" })).toBe("slug-a");
  });

  it("cuts a long note", () => {
    const body = notificationFor(update("a", 2, 1, "x".repeat(300))).body;
    expect(body.endsWith("…")).toBe(true);
    expect(body.length).toBeLessThan(160);
  });
});
