// @vitest-environment happy-dom
import "fake-indexeddb/auto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { request } from "./api";
import { getDb, openDb } from "./db";
import { LIKE_OVERRIDE_TTL_MS, readLikeOverrides } from "./likes";
import { getSession, storeIdentity } from "./session";
import { getOutbox, pruneOverrides, setLike, syncNow } from "./sync";
import { openPageOn, serverForThisFile, serverUnreachable, signIn } from "./test/realServer";
import type { BuildInfo } from "./types";

const server = serverForThisFile({ builds: 4 });
afterEach(() => goOnline(true));

/** The browser's online flag: offline, the app waits for 'online' instead of retrying on a timer. */
function goOnline(online: boolean) {
  Object.defineProperty(navigator, "onLine", { value: online, configurable: true });
}

const serverState = async (buildId: string) => (await request<{ buildInfo: BuildInfo }>("GET", `/Build/${buildId}`)).buildInfo;
const pendingFor = async (buildId: string) => (await getOutbox().pending()).filter((e) => e.key === `like:${buildId}`);

describe("setLike through the app's outbox, against the real server", () => {
  it("keeps the latest intent while offline, shows it pending, and stores the override once the server accepts it", async () => {
    const [build] = server.current.buildIds;
    await signIn("Liker");
    goOnline(false);
    await serverUnreachable();
    await setLike(build, true);
    await setLike(build, false);
    await setLike(build, true);
    const pending = await pendingFor(build);
    expect(pending.map((e) => e.body)).toEqual([{ like: true }]);
    // The pending entry is the optimistic state; nothing is accepted yet.
    expect(await getDb().likeOverrides.get(build)).toBeUndefined();
    expect((await readLikeOverrides(getDb())).get(build)).toMatchObject({ liked: true });

    goOnline(true);
    openPageOn(server.current);
    const result = await getOutbox().flush();
    expect(result.sent.map((e) => e.idempotencyKey)).toEqual([pending[0].idempotencyKey]);
    expect(await pendingFor(build)).toEqual([]);
    expect(await getDb().likeOverrides.get(build)).toMatchObject({ liked: true });
    expect(await serverState(build)).toMatchObject({ likes: 1, isLiked: true });
  });

  it("forgets a like the server refuses, so no wrong count stays behind", async () => {
    await signIn("Refused");
    goOnline(false);
    await serverUnreachable();
    await setLike("no-such-build", true);
    expect((await readLikeOverrides(getDb())).get("no-such-build")).toMatchObject({ liked: true });

    goOnline(true);
    openPageOn(server.current);
    const result = await getOutbox().flush();
    expect(result.dropped.map((d) => [d.entry.key, d.error])).toEqual([["like:no-such-build", "No build 'no-such-build'"]]);
    expect((await readLikeOverrides(getDb())).has("no-such-build")).toBe(false);
  });

  it("on a 401 runs the logout handler: identity and caches go, the unsynced like stays queued", async () => {
    const build = server.current.buildIds[1];
    storeIdentity({ displayName: "Expired", expiresOn: "2099-01-01T00:00:00Z" }, "pc");
    await getDb().builds.put({ buildId: "cached", slug: "cached", savedAt: Date.now() });
    // No session cookie: the server answers the like with 401.
    await setLike(build, true);
    await vi.waitFor(() => expect(getSession()).toMatchObject({ identity: null, expired: true }));
    await vi.waitFor(async () => expect(await getDb().builds.count()).toBe(0));
    expect((await pendingFor(build)).map((e) => e.body)).toEqual([{ like: true }]);
    expect(await serverState(build)).toMatchObject({ likes: 0 });

    // After the next login the queued like goes through.
    await signIn("Expired");
    await syncNow();
    expect(await pendingFor(build)).toEqual([]);
    expect(await serverState(build)).toMatchObject({ likes: 1, isLiked: true });
  });
});

describe("override pruning", () => {
  it("prunes overrides older than 24 h and keeps the rest", async () => {
    const db = openDb(`prune-${Math.random()}`);
    const now = Date.now();
    await db.likeOverrides.bulkPut([
      { buildId: "old", liked: true, at: now - LIKE_OVERRIDE_TTL_MS - 1 },
      { buildId: "edge", liked: true, at: now - LIKE_OVERRIDE_TTL_MS + 1 },
      { buildId: "new", liked: false, at: now - 1000 },
    ]);
    await pruneOverrides(db, now);
    expect((await db.likeOverrides.toArray()).map((o) => o.buildId).sort()).toEqual(["edge", "new"]);
    db.close();
  });
});
