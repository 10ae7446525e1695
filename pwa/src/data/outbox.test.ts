import "fake-indexeddb/auto";
import { afterEach, describe, expect, it } from "vitest";
import { ApiRequestError, configureApi, request } from "./api";
import { openDb, type OutboxEntry, type WaypointDb } from "./db";
import { attachIntent, likeIntent, Outbox, publishIntent } from "./outbox";
import { startTestServer } from "./testServer";

let dbs: WaypointDb[] = [];
let n = 0;
const freshName = () => `outbox-test-${++n}-${Math.random()}`;
afterEach(async () => {
  for (const db of dbs) db.close();
  dbs = [];
});
function db(name: string) {
  const d = openDb(name);
  dbs.push(d);
  return d;
}

const offline = () => Promise.reject(new ApiRequestError({ kind: "network" }, "network", "offline"));

describe("outbox", () => {
  it("replays in the order the intents were made", async () => {
    const sent: string[] = [];
    const box = new Outbox(db(freshName()), async (e) => void sent.push(`${e.kind}:${JSON.stringify(e.body)}`));
    await box.enqueue(likeIntent("a", true));
    await box.enqueue(attachIntent("char1", "a"));
    await box.enqueue(likeIntent("b", true));
    await box.enqueue(publishIntent({ buildId: "new" }));
    const r = await box.flush();
    expect(sent).toEqual(['like:{"like":true}', 'attach:{"buildId":"a"}', 'like:{"like":true}', 'publish:{"buildId":"new"}']);
    expect(r.remaining).toBe(0);
    expect(await box.count()).toBe(0);
  });

  it("keeps only a like's latest intent, placed where the latest was made", async () => {
    const d = db(freshName());
    const box = new Outbox(d, offline);
    await box.enqueue(likeIntent("a", true));
    await box.enqueue(likeIntent("b", true));
    await box.enqueue(likeIntent("a", false));
    await box.enqueue(attachIntent("c1", "x"));
    await box.enqueue(attachIntent("c1", "y"));
    const pending = await box.pending();
    expect(pending.map((e) => [e.key, e.body])).toEqual([
      ["like:b", { like: true }],
      ["like:a", { like: false }],
      ["attach:c1", { buildId: "y" }],
    ]);
  });

  it("never queues a publish of the same client id twice", async () => {
    const box = new Outbox(db(freshName()), offline);
    await box.enqueue(publishIntent({ buildId: "p1" }));
    await box.enqueue(publishIntent({ buildId: "p1" }));
    expect(await box.count()).toBe(1);
  });

  it("stops at a transient failure, keeps order and the same Idempotency-Key, survives a reload", async () => {
    const name = freshName();
    const d1 = db(name);
    const box1 = new Outbox(d1, offline);
    const first = await box1.enqueue(likeIntent("a", true));
    await box1.enqueue(likeIntent("b", true));
    const r = await box1.flush();
    expect(r).toMatchObject({ remaining: 2, unauthorized: false });
    d1.close();

    // A new page: a fresh database handle over the same IndexedDB.
    const sent: OutboxEntry[] = [];
    const box2 = new Outbox(db(name), async (e) => void sent.push(e));
    const pending = await box2.pending();
    expect(pending[0]).toMatchObject({ key: "like:a", idempotencyKey: first.idempotencyKey, attempts: 1, lastError: "offline" });
    await box2.flush();
    expect(sent.map((e) => e.key)).toEqual(["like:a", "like:b"]);
    expect(sent[0].idempotencyKey).toBe(first.idempotencyKey);
  });

  it("drops an entry the server rejects for good and goes on", async () => {
    const sent: string[] = [];
    const box = new Outbox(db(freshName()), async (e) => {
      if (e.key === "like:gone") throw new ApiRequestError({ kind: "http", status: 404 }, "not_found", "Build not found");
      sent.push(e.key);
    });
    await box.enqueue(likeIntent("gone", true));
    await box.enqueue(likeIntent("b", true));
    const r = await box.flush();
    expect(r.dropped.map((d) => [d.entry.key, d.error])).toEqual([["like:gone", "Build not found"]]);
    expect(sent).toEqual(["like:b"]);
  });

  it("stops on a 401 and keeps everything for after the next login", async () => {
    const box = new Outbox(db(freshName()), () => Promise.reject(new ApiRequestError({ kind: "http", status: 401 }, "unauthorized", "no")));
    await box.enqueue(likeIntent("a", true));
    const r = await box.flush();
    expect(r).toMatchObject({ unauthorized: true, remaining: 1 });
  });

  it("shares one run between concurrent flushes, so nothing is sent twice", async () => {
    let calls = 0;
    const box = new Outbox(db(freshName()), async () => {
      calls++;
      await new Promise((r) => setTimeout(r, 20));
    });
    await box.enqueue(likeIntent("a", true));
    await Promise.all([box.flush(), box.flush(), box.flush()]);
    expect(calls).toBe(1);
  });

  it("replays through the real client with the stored key, so a server sees one key per intent", async () => {
    const keys: string[] = [];
    let fail = true;
    const srv = await startTestServer((req) => {
      keys.push(String(req.headers["idempotency-key"]));
      if (fail) return { status: 503 };
      return { status: 200, body: { data: { buildId: "a", likes: 1, isLiked: true } } };
    });
    configureApi(srv.base);
    try {
      const box = new Outbox(db(freshName()), (e) => request(e.method, e.path, { body: e.body, idempotencyKey: e.idempotencyKey, retries: 0 }));
      const entry = await box.enqueue(likeIntent("a", true));
      expect((await box.flush()).remaining).toBe(1);
      fail = false;
      expect((await box.flush()).sent).toHaveLength(1);
      expect(keys).toEqual([entry.idempotencyKey, entry.idempotencyKey]);
      expect(srv.seen[1].url).toBe("/api/Build/a/like");
    } finally {
      await srv.close();
    }
  });
});
