import "fake-indexeddb/auto";
import { afterEach, describe, expect, it } from "vitest";
import { ApiRequestError, configureApi } from "./api";
import { attachBuild, loadAttachment, loadCharacterDetail, loadCharacters } from "./characters";
import { openDb, type WaypointDb } from "./db";
import { Outbox } from "./outbox";
import { startTestServer, type Responder } from "./test/scriptedServer";

let n = 0;
const open: { db: WaypointDb; close: () => Promise<void> }[] = [];
afterEach(async () => {
  for (const o of open.splice(0)) {
    o.db.close();
    await o.close();
  }
  configureApi("/api");
});

async function setup(respond: Responder) {
  const server = await startTestServer(respond);
  configureApi(server.base);
  const db = openDb(`characters-test-${++n}-${Math.random()}`);
  open.push({ db, close: server.close });
  return { db, server };
}

const summary = { id: "c1", name: "Hiero", realm: "pc", class: "Hierophant", league: "Mirage", level: 90 };

describe("character reads", () => {
  it("caches the list and answers it offline with its age", async () => {
    let up = true;
    const { db } = await setup(() => (up ? { status: 200, body: { data: [summary] } } : { status: 503, body: {} }));
    const fresh = await loadCharacters(db, "pc");
    expect(fresh.fromCache).toBe(false);
    up = false;
    const stale = await loadCharacters(db, "pc");
    expect(stale).toMatchObject({ fromCache: true, savedAt: fresh.savedAt, value: [summary] });
    expect(stale.error?.status).toBe(503);
  });

  it("does not retry the list and carries a 429's Retry-After", async () => {
    const { db, server } = await setup(() => ({ status: 429, headers: { "Retry-After": "17" }, body: { error: { code: "rate_limited", message: "slow down" } } }));
    const err = (await loadCharacters(db, "pc").catch((e) => e)) as ApiRequestError;
    expect(err.status).toBe(429);
    expect(err.failure.retryAfter).toBe("17");
    expect(server.seen).toHaveLength(1);
  });

  it("keeps details and drops characters the realm no longer lists", async () => {
    let list = [summary, { ...summary, id: "c2", name: "Other" }];
    const { db } = await setup((req) =>
      req.url.endsWith("/Hiero") ? { status: 200, body: { data: { ...summary, equipment: [], skills: [], passives: null } } } : { status: 200, body: { data: list } },
    );
    await loadCharacters(db, "pc");
    await loadCharacterDetail(db, "pc", "c1", "Hiero");
    list = [summary];
    await loadCharacters(db, "pc");
    expect((await db.characters.toArray()).map((c) => [c.id, Boolean(c.detail)])).toEqual([["c1", true]]);
  });
});

describe("attach", () => {
  const build = { buildId: "b1", slug: "slug1" };

  it("stores the attachment and the server's answer", async () => {
    const { db, server } = await setup(() => ({ status: 200, body: { data: { buildId: "b1", slug: "slug1", pobUrl: "/api/Build/slug1" } } }));
    const box = new Outbox(db, () => Promise.resolve());
    expect(await attachBuild(db, box, "pc", "c1", build)).toBe("attached");
    expect(server.seen[0]).toMatchObject({ method: "POST", url: "/api/Character/c1/attached-build?realm=pc", body: '{"buildId":"b1"}' });
    expect((await loadAttachment(db, "c1")).value?.slug).toBe("slug1");
  });

  it("restores the previous build when the server refuses", async () => {
    const { db } = await setup(() => ({ status: 422, body: { error: { code: "class_mismatch", message: "Class mismatch: ..." } } }));
    await db.attachments.put({ characterId: "c1", buildId: "old", slug: "old-slug", pobUrl: "/api/Build/old-slug", savedAt: 1 });
    const err = (await attachBuild(db, new Outbox(db, () => Promise.resolve()), "pc", "c1", build).catch((e) => e)) as ApiRequestError;
    expect(err.code).toBe("class_mismatch");
    expect((await db.attachments.get("c1"))?.buildId).toBe("old");
  });

  it("queues the attach when the server cannot be reached, and the pending intent wins on reads", async () => {
    const { db, server } = await setup(() => ({ status: 204 }));
    await server.close();
    const sent: string[] = [];
    const box = new Outbox(db, async (e) => void sent.push(`${e.path} ${JSON.stringify(e.body)}`));
    expect(await attachBuild(db, box, "pc", "c1", build)).toBe("queued");
    expect(await box.count()).toBe(1);
    expect((await loadAttachment(db, "c1")).value?.buildId).toBe("b1");
    await box.flush();
    expect(sent).toEqual(['/Character/c1/attached-build?realm=pc {"buildId":"b1"}']);
  });

  it("reads 204 as no attached build", async () => {
    const { db } = await setup(() => ({ status: 204 }));
    expect((await loadAttachment(db, "c1")).value).toBeNull();
  });
});
