import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { configureApi } from "./api";
import { getDb } from "./db";
import { LIKE_OVERRIDE_TTL_MS } from "./likes";
import { getOutbox, pruneOverrides, setLike } from "./sync";
import { startTestServer } from "./testServer";

describe("setLike through the app's outbox", () => {
  it("keeps the intent while the server is down and sends the latest once it is back", async () => {
    let up = false;
    const srv = await startTestServer((req) => {
      if (!up) return { status: 503 };
      const like = JSON.parse(req.body).like;
      return { status: 200, body: { data: { buildId: "b1", likes: like ? 1 : 0, isLiked: like } } };
    });
    configureApi(srv.base);
    try {
      await setLike("b1", true);
      await setLike("b1", false);
      await setLike("b1", true);
      const db = getDb();
      expect(await db.likeOverrides.get("b1")).toMatchObject({ liked: true });
      const pending = await getOutbox().pending();
      expect(pending.map((e) => e.body)).toEqual([{ like: true }]);

      up = true;
      const before = srv.seen.length;
      const result = await getOutbox().flush();
      expect(result.sent).toHaveLength(1);
      const sent = srv.seen.slice(before);
      expect(sent).toHaveLength(1);
      expect(sent[0].headers["idempotency-key"]).toBe(pending[0].idempotencyKey);
      expect(JSON.parse(sent[0].body)).toEqual({ like: true });
      expect(await getOutbox().count()).toBe(0);
    } finally {
      await srv.close();
    }
  });

  it("prunes overrides older than 24 h", async () => {
    const db = getDb();
    const now = Date.now();
    await db.likeOverrides.bulkPut([
      { buildId: "old", liked: true, at: now - LIKE_OVERRIDE_TTL_MS - 1 },
      { buildId: "new", liked: true, at: now - 1000 },
    ]);
    await pruneOverrides(db, now);
    expect((await db.likeOverrides.toArray()).map((o) => o.buildId).sort()).toEqual(["b1", "new"].sort());
  });
});
