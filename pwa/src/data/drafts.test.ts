import "fake-indexeddb/auto";
import { afterEach, describe, expect, it } from "vitest";
import { configureApi, request } from "./api";
import { openDb, type BuildDraft, type WaypointDb } from "./db";
import { currentDraft, queuePublish, saveDraft, settlePublishes } from "./drafts";
import { Outbox } from "./outbox";
import { startTestServer } from "./test/scriptedServer";
import type { PublishRequest } from "./types";

let dbs: WaypointDb[] = [];
afterEach(() => {
  for (const d of dbs) d.close();
  dbs = [];
});
function db() {
  const d = openDb(`drafts-test-${Math.random()}`);
  dbs.push(d);
  return d;
}

const draft = (buildId: string, updatedAt = 1): BuildDraft => ({
  buildId, source: "code", code: "eN...", steps: [{ key: "a", title: "Step 1", equipmentSetId: "x", passiveTreeId: "x", skillSetId: "x" }],
  active: 0, skills: [null, null, null], status: "editing", updatedAt,
});
const payload = (buildId: string): PublishRequest => ({
  buildId, ascendancy: "", baseClass: "Witch", treeVersion: "3_25", steps: [{ title: "Step 1", equipmentSetId: "x", skillSetId: "x", passiveTreeId: "x" }], pobCod: "eN", skills: ["Arc"],
});

describe("drafts", () => {
  it("opens the newest unpublished draft", async () => {
    const d = db();
    await saveDraft(d, draft("old"), 1);
    await saveDraft(d, { ...draft("published"), status: "published" }, 3);
    await saveDraft(d, draft("new"), 2);
    expect((await currentDraft(d))?.buildId).toBe("new");
  });

  it("publishes through the outbox once: offline it waits, on reconnect it is sent with its key and learns its slug", async () => {
    let up = false;
    const posts: string[] = [];
    const srv = await startTestServer((req) => {
      if (!up) return { status: 503 };
      if (req.method === "POST") {
        posts.push(String(req.headers["idempotency-key"]));
        return { status: 201, body: { data: { slug: "abc123", buildId: "b1" } } };
      }
      return { status: 200, body: { data: { buildInfo: { buildId: "b1", slug: "abc123" } } } };
    });
    configureApi(srv.base);
    try {
      const d = db();
      const box = new Outbox(d, (e) => request(e.method, e.path, { body: e.body, idempotencyKey: e.idempotencyKey, retries: 0 }));
      await queuePublish(d, box, draft("b1"), payload("b1"));
      // A second Complete of the same build does not queue it twice.
      await queuePublish(d, box, draft("b1"), payload("b1"));
      let result = await box.flush();
      await settlePublishes(d, result);
      expect((await d.drafts.get("b1"))?.status).toBe("waiting");
      up = true;
      result = await box.flush();
      await settlePublishes(d, result);
      const after = await d.drafts.get("b1");
      expect(after?.status).toBe("published");
      expect(after?.slug).toBe("abc123");
      expect(posts).toHaveLength(1);
      expect(await currentDraft(d)).toBeUndefined();
    } finally {
      await srv.close();
    }
  });

  it("goes back to editing with the server's message when the publish is refused (422)", async () => {
    const srv = await startTestServer(() => ({ status: 422, body: { error: { code: "unprocessable", message: "Step 1: equipmentSetId 'x' is not a set in the planner code" } } }));
    configureApi(srv.base);
    try {
      const d = db();
      const box = new Outbox(d, (e) => request(e.method, e.path, { body: e.body, idempotencyKey: e.idempotencyKey, retries: 0 }));
      await queuePublish(d, box, draft("b2"), payload("b2"));
      await settlePublishes(d, await box.flush());
      const after = await d.drafts.get("b2");
      expect(after?.status).toBe("editing");
      expect(after?.errors).toEqual(["Step 1: equipmentSetId 'x' is not a set in the planner code"]);
      expect(after?.steps).toHaveLength(1);
      expect(await box.count()).toBe(0);
    } finally {
      await srv.close();
    }
  });
});
