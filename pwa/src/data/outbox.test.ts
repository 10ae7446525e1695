// @vitest-environment happy-dom
import "fake-indexeddb/auto";
import { afterEach, describe, expect, it } from "vitest";
import { ApiRequestError, request } from "./api";
import { openDb, type OutboxEntry, type WaypointDb } from "./db";
import { attachIntent, likeIntent, Outbox, publishIntent } from "./outbox";
import { sendEntry } from "./sync";
import { openPageOn, serverForThisFile, serverUnreachable, signIn } from "./test/realServer";
import type { BuildInfo } from "./types";

let dbs: WaypointDb[] = [];
let n = 0;
const freshName = () => `outbox-test-${++n}-${Math.random()}`;

const server = serverForThisFile({ builds: 8 });
afterEach(() => {
  for (const db of dbs) db.close();
  dbs = [];
});
function db(name = freshName()) {
  const d = openDb(name);
  dbs.push(d);
  return d;
}

/** The app's sender, with a record of what it was asked to send. */
function recording(sent: OutboxEntry[]) {
  return (e: OutboxEntry) => {
    sent.push(e);
    return sendEntry(e);
  };
}
const likes = async (buildId: string) => (await request<{ buildInfo: BuildInfo }>("GET", `/Build/${buildId}`)).buildInfo;

describe("outbox against the real server", () => {
  it("replays in the order the intents were made, drops what the server refuses for good, and goes on", async () => {
    const [a, b] = server.current.buildIds;
    await signIn("Orderly");
    const sent: OutboxEntry[] = [];
    const box = new Outbox(db(), recording(sent));
    await box.enqueue(likeIntent(a, true));
    await box.enqueue(attachIntent("no-such-character", a));
    await box.enqueue(likeIntent(b, true));
    await box.enqueue(publishIntent({ buildId: "publish-without-a-code" }));
    const r = await box.flush();
    expect(sent.map((e) => e.key)).toEqual([`like:${a}`, "attach:no-such-character", `like:${b}`, "publish:publish-without-a-code"]);
    expect(r.sent.map((e) => e.key)).toEqual([`like:${a}`, `like:${b}`]);
    expect(r.dropped.map((d) => [d.entry.key, d.entry.kind])).toEqual([["attach:no-such-character", "attach"], ["publish:publish-without-a-code", "publish"]]);
    expect(r.remaining).toBe(0);
    expect(await box.count()).toBe(0);
    expect(await likes(a)).toMatchObject({ likes: 1, isLiked: true });
    expect(await likes(b)).toMatchObject({ likes: 1, isLiked: true });
  });

  it("keeps only a like's latest intent, placed where the latest was made", async () => {
    await serverUnreachable();
    const box = new Outbox(db(), sendEntry);
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
    const box = new Outbox(db(), sendEntry);
    await box.enqueue(publishIntent({ buildId: "p1" }));
    await box.enqueue(publishIntent({ buildId: "p1" }));
    expect(await box.count()).toBe(1);
  });

  it("stops while the server is unreachable, keeps order and the Idempotency-Key, and replays after a reload", async () => {
    const [, , c, d] = server.current.buildIds;
    await signIn("Patient");
    await serverUnreachable();
    const name = freshName();
    const d1 = db(name);
    const box1 = new Outbox(d1, sendEntry);
    const first = await box1.enqueue(likeIntent(c, true));
    await box1.enqueue(likeIntent(d, true));
    expect(await box1.flush()).toMatchObject({ remaining: 2, unauthorized: false, sent: [] });
    d1.close();

    // A new page: a fresh database handle over the same IndexedDB, the server reachable again.
    openPageOn(server.current);
    const sent: OutboxEntry[] = [];
    const box2 = new Outbox(db(name), recording(sent));
    const [waiting] = await box2.pending();
    expect(waiting).toMatchObject({ key: `like:${c}`, idempotencyKey: first.idempotencyKey, attempts: 1, lastError: expect.any(String) });
    await box2.flush();
    expect(sent.map((e) => e.key)).toEqual([`like:${c}`, `like:${d}`]);
    expect(sent[0].idempotencyKey).toBe(first.idempotencyKey);
    expect(await likes(c)).toMatchObject({ likes: 1 });
    expect(await likes(d)).toMatchObject({ likes: 1 });
  });

  it("stops on a 401 and keeps everything for after the next login", async () => {
    const e = server.current.buildIds[4];
    const box = new Outbox(db(), sendEntry);
    await box.enqueue(likeIntent(e, true));
    await box.enqueue(likeIntent(server.current.buildIds[5], true));
    expect(await box.flush()).toMatchObject({ unauthorized: true, remaining: 2, sent: [], dropped: [] });
    await signIn("Returning");
    expect(await box.flush()).toMatchObject({ unauthorized: false, remaining: 0 });
    expect(await likes(e)).toMatchObject({ likes: 1, isLiked: true });
  });

  it("shares one run between concurrent flushes, so nothing is sent twice", async () => {
    await signIn("Concurrent");
    const sent: OutboxEntry[] = [];
    const box = new Outbox(db(), recording(sent));
    await box.enqueue(likeIntent(server.current.buildIds[6], true));
    await Promise.all([box.flush(), box.flush(), box.flush()]);
    expect(sent).toHaveLength(1);
  });

  it("sends the stored Idempotency-Key, so the server holds the replayed intent to it", async () => {
    const f = server.current.buildIds[7];
    await signIn("Keyed");
    const box = new Outbox(db(), sendEntry);
    const entry = await box.enqueue(likeIntent(f, true));
    expect((await box.flush()).sent).toHaveLength(1);
    // The same entry again: the server replays its first answer.
    expect(await sendEntry(entry)).toEqual({ buildId: f, likes: 1, isLiked: true });
    // The same key with another request is refused: the server did see this key.
    const other = await sendEntry({ ...entry, body: { like: false } }).catch((err: unknown) => err);
    expect(other).toBeInstanceOf(ApiRequestError);
    expect(other).toMatchObject({ status: 422 });
    expect(await likes(f)).toMatchObject({ likes: 1 });
  });
});
