import "fake-indexeddb/auto";
import { afterEach, describe, expect, it } from "vitest";
import { ApiRequestError } from "./api";
import { openDb, type OutboxEntry, type WaypointDb } from "./db";
import { queueRevision, rebaseDraft, revisionDraft, revisionDraftId, settlePublishes } from "./drafts";
import { Outbox } from "./outbox";
import type { BuildInfo, RevisionRequest } from "./types";

let dbs: WaypointDb[] = [];
afterEach(() => {
  for (const d of dbs) d.close();
  dbs = [];
});
function db() {
  const d = openDb(`revision-drafts-test-${Math.random()}`);
  dbs.push(d);
  return d;
}

const info: BuildInfo = {
  buildId: "b-1234567890", slug: "cyclone-slayer", creatorName: "Maker", likes: 0, isLiked: false, baseClass: "Duelist",
  ascendancy: "Slayer", treeVersion: "3_28", skills: ["Cyclone", "Fortify"],
  steps: [{ title: "Act 1", equipmentSetId: "1", skillSetId: "1", passiveTreeId: "1" }, { title: "Maps", equipmentSetId: "2", skillSetId: "2", passiveTreeId: "2" }],
  pobCode: "eNcode", createdAt: "", updatedAt: "", revision: 3, followers: 2,
};
const body = (base: number): RevisionRequest => ({
  baseRevision: base, pobCod: "eNcode", baseClass: "Duelist", ascendancy: "Slayer", treeVersion: "3_28", steps: info.steps, skills: ["Cyclone"],
});

describe("revision drafts", () => {
  it("start from the newest revision's code, steps and skills, based on it", () => {
    let k = 0;
    const d = revisionDraft(info, () => `k${++k}`, 5);
    expect(d.buildId).toBe(revisionDraftId(info.buildId));
    expect(d.revisionOf).toEqual({ buildId: info.buildId, slug: "cyclone-slayer", base: 3 });
    expect(d.steps.map((s) => [s.key, s.title, s.passiveTreeId])).toEqual([["k1", "Act 1", "1"], ["k2", "Maps", "2"]]);
    expect(d.skills).toEqual(["Cyclone", "Fortify", null]);
    expect(d.code).toBe("eNcode");
    expect(d.status).toBe("editing");
  });

  it("rebase onto the newest keeps the player's edits", () => {
    const d = { ...revisionDraft(info, () => "k", 5), stale: true, errors: ["stale"], note: "mine", code: "eNmine" };
    const r = rebaseDraft(d, 5, 9);
    expect(r.revisionOf?.base).toBe(5);
    expect([r.stale, r.errors, r.note, r.code, r.status, r.updatedAt]).toEqual([false, undefined, "mine", "eNmine", "editing", 9]);
  });

  it("a 409 stale_revision sends the draft back to editing, marked stale; an accepted one is published at the build's link", async () => {
    const d = db();
    let answer: "stale" | "ok" = "stale";
    const sent: OutboxEntry[] = [];
    const box = new Outbox(d, async (e) => {
      sent.push(e);
      if (answer === "stale") throw new ApiRequestError({ kind: "http", status: 409 }, "stale_revision", "based on revision 3, newest is 4");
      return { buildId: info.buildId, slug: info.slug, revision: 5 };
    });
    const draft = revisionDraft(info, () => "k", 5);
    await queueRevision(d, box, draft, body(3));
    // A second queue of the same draft does not add another entry.
    await queueRevision(d, box, draft, body(3));
    expect(await box.count()).toBe(1);
    await settlePublishes(d, await box.flush());
    expect(sent[0].path).toBe(`/Build/${info.buildId}/revisions`);
    expect(sent[0].body).toEqual(body(3));
    let stored = await d.drafts.get(draft.buildId);
    expect([stored?.status, stored?.stale, stored?.errors]).toEqual(["editing", true, ["based on revision 3, newest is 4"]]);

    answer = "ok";
    await queueRevision(d, box, rebaseDraft(stored!, 4), body(4));
    await settlePublishes(d, await box.flush());
    stored = await d.drafts.get(draft.buildId);
    expect([stored?.status, stored?.slug, stored?.stale, stored?.revisionOf?.base]).toEqual(["published", "cyclone-slayer", false, 4]);
    expect((sent[1].body as RevisionRequest).baseRevision).toBe(4);
  });
});
