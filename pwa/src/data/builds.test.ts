import "fake-indexeddb/auto";
import { afterEach, describe, expect, it } from "vitest";
import { configureApi } from "./api";
import { loadBuild, loadListPage } from "./builds";
import { openDb, type WaypointDb } from "./db";
import { EMPTY_FILTERS } from "./filters";
import { startTestServer } from "./testServer";
import type { BuildInfo, BuildSummary } from "./types";

const summary = (id: string, likes: number): BuildSummary => ({
  buildId: id, slug: `slug-${id}`, skills: ["Cyclone"], baseClass: "Duelist", ascendancy: "Slayer", steps: 2, creatorName: "bob", likes, isLiked: false,
});
const info = (id: string): BuildInfo => ({
  ...summary(id, 3), treeVersion: "3_25", steps: [{ title: "A", equipmentSetId: "a", skillSetId: "a", passiveTreeId: "a" }], pobCode: "eNo", createdAt: "", updatedAt: "",
});

let db: WaypointDb;
let close: () => Promise<void> = async () => {};
afterEach(async () => {
  db?.close();
  await close();
});

describe("build reads", () => {
  it("serves the cached pages of a list when the server is unreachable", async () => {
    let up = true;
    const srv = await startTestServer((req) => {
      if (!up) return { status: 503 };
      const second = req.url.includes("lastGuid=a2");
      const builds = second ? [summary("a3", 1)] : [summary("a1", 9), summary("a2", 5)];
      return { status: 200, body: { data: { builds, pageSize: 2, cursor: second ? null : { lastGuid: "a2", likeAmount: 5 } } } };
    });
    close = srv.close;
    configureApi(srv.base);
    db = openDb(`builds-${Math.random()}`);
    const first = await loadListPage(db, "explore", EMPTY_FILTERS, null, 0);
    const second = await loadListPage(db, "explore", EMPTY_FILTERS, first.value.cursor, 1);
    expect(second.value.builds.map((b) => b.buildId)).toEqual(["a3"]);
    expect(srv.seen[1].url).toContain("lastGuid=a2&likeAmount=5");

    up = false;
    const noWait = { sleep: async () => {} };
    const cached1 = await loadListPage(db, "explore", EMPTY_FILTERS, null, 0, noWait);
    expect(cached1).toMatchObject({ fromCache: true });
    expect(cached1.value.builds.map((b) => b.buildId)).toEqual(["a1", "a2"]);
    const cached2 = await loadListPage(db, "explore", EMPTY_FILTERS, cached1.value.cursor, 1, noWait);
    expect(cached2.value.builds.map((b) => b.buildId)).toEqual(["a3"]);
    // Another filter was never loaded: the failure shows.
    await expect(loadListPage(db, "explore", { ...EMPTY_FILTERS, classes: ["Witch"] }, null, 0, noWait)).rejects.toMatchObject({ status: 503 });
  });

  it("opens a viewed build by slug from the cache, but lets a 404 through", async () => {
    let up = true;
    const srv = await startTestServer((req) => {
      if (req.url.endsWith("/missing")) return { status: 404, body: { error: { code: "not_found", message: "Build not found" } } };
      return up ? { status: 200, body: { data: { buildInfo: info("b1") } } } : { status: 502 };
    });
    close = srv.close;
    configureApi(srv.base);
    db = openDb(`builds-${Math.random()}`);
    expect((await loadBuild(db, "slug-b1")).fromCache).toBe(false);
    up = false;
    const cached = await loadBuild(db, "slug-b1", { sleep: async () => {} });
    expect(cached).toMatchObject({ fromCache: true, value: { buildId: "b1", pobCode: "eNo" } });
    await expect(loadBuild(db, "missing")).rejects.toMatchObject({ status: 404, message: "Build not found" });
  });
});
