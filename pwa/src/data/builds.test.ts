// @vitest-environment happy-dom
import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { request } from "./api";
import { loadBuild, loadListPage } from "./builds";
import { openDb, type WaypointDb } from "./db";
import { EMPTY_FILTERS } from "./filters";
import { serverForThisFile, serverUnreachable, signIn } from "./test/realServer";
import type { BuildInfo, BuildPage } from "./types";

// Three pages of the server's default size (20) and a short fourth.
const BUILDS = 45;
let db: WaypointDb;
const noWait = { sleep: async () => {} };

const server = serverForThisFile({ builds: BUILDS });
beforeEach(() => {
  db = openDb(`builds-${Math.random()}`);
});
afterEach(() => {
  db.close();
  vi.restoreAllMocks();
});

/** The URLs the page fetches (passed through to the real fetch). */
function watchRequests(): string[] {
  const urls: string[] = [];
  const pageFetch = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
    urls.push(String(input instanceof Request ? input.url : input));
    return pageFetch(input, init);
  });
  return urls;
}

describe("build reads against the real server", () => {
  it("pages through explore with the whole cursor, so no build is skipped or repeated while likes change", async () => {
    await signIn("Pager");
    const first = await loadListPage(db, "explore", EMPTY_FILTERS, null, 0);
    expect(first.fromCache).toBe(false);
    expect(first.value.builds).toHaveLength(first.value.pageSize);
    const cursor = first.value.cursor!;
    expect(cursor.snapshot).toEqual(expect.any(Number));
    // A build from a later page gains a like between the pages: ordered by current
    // counts, page 2 would start over it and a build would repeat.
    const riser = server.current.buildIds.find((id) => !first.value.builds.some((b) => b.buildId === id))!;
    await request("POST", `/Build/${riser}/like`, { body: { like: true } });

    const urls = watchRequests();
    const seen = first.value.builds.map((b) => b.buildId);
    let page: BuildPage = first.value;
    for (let i = 1; page.cursor; i++) {
      page = (await loadListPage(db, "explore", EMPTY_FILTERS, page.cursor, i)).value;
      seen.push(...page.builds.map((b) => b.buildId));
    }
    // The snapshot went back: any server worker orders page 2 as page 1 was ordered.
    const second = new URL(urls[0], location.href).searchParams;
    expect(Object.fromEntries(second)).toMatchObject({ lastGuid: cursor.lastGuid, likeAmount: String(cursor.likeAmount), snapshot: String(cursor.snapshot) });
    expect(seen).toHaveLength(BUILDS);
    expect(new Set(seen)).toEqual(new Set(server.current.buildIds));
    // The counts shown are current ones.
    const { buildInfo } = await request<{ buildInfo: BuildInfo }>("GET", `/Build/${riser}`);
    expect(buildInfo).toMatchObject({ likes: 1, isLiked: true });
  });

  it("serves the cached pages of a list when the server is unreachable, and only those", async () => {
    const first = await loadListPage(db, "explore", EMPTY_FILTERS, null, 0);
    const second = await loadListPage(db, "explore", EMPTY_FILTERS, first.value.cursor, 1);
    expect(second.value.builds.map((b) => b.buildId)).not.toContain(first.value.builds[0].buildId);

    await serverUnreachable();
    const cached1 = await loadListPage(db, "explore", EMPTY_FILTERS, null, 0, noWait);
    expect(cached1).toMatchObject({ fromCache: true, error: { offline: true } });
    expect(cached1.value).toEqual(first.value);
    const cached2 = await loadListPage(db, "explore", EMPTY_FILTERS, cached1.value.cursor, 1, noWait);
    expect(cached2.value).toEqual(second.value);
    // The third page and another filter were never loaded: the failure shows.
    await expect(loadListPage(db, "explore", EMPTY_FILTERS, second.value.cursor, 2, noWait)).rejects.toMatchObject({ offline: true });
    await expect(loadListPage(db, "explore", { ...EMPTY_FILTERS, classes: ["Witch"] }, null, 0, noWait)).rejects.toMatchObject({ offline: true });
  });

  it("opens a viewed build by slug from the cache, but lets the server's 404 through", async () => {
    const { value: page } = await loadListPage(db, "explore", EMPTY_FILTERS, null, 0);
    const slug = page.builds[0].slug;
    const live = await loadBuild(db, slug);
    expect(live).toMatchObject({ fromCache: false, value: { slug, buildId: page.builds[0].buildId } });
    await expect(loadBuild(db, "no-such-build")).rejects.toMatchObject({ status: 404, message: "No build 'no-such-build'" });

    await serverUnreachable();
    const cached = await loadBuild(db, slug, noWait);
    expect(cached).toMatchObject({ fromCache: true });
    expect(cached.value).toEqual(live.value);
  });
});
