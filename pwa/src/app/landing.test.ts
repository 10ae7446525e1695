// @vitest-environment happy-dom
import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { getDb } from "../data/db";
import { EMPTY_FILTERS, listKey } from "../data/filters";
import { peekAhead, takeAhead } from "../data/firstPage";
import type { BuildPage, BuildSummary } from "../data/types";
import { landingList, startLanding } from "./landing";

describe("landing route", () => {
  it("knows the URLs that show the build browser and their list", () => {
    expect(landingList("/", "")).toEqual({ source: "explore", filters: EMPTY_FILTERS });
    expect(landingList("/build/browse", "")?.source).toBe("explore");
    expect(landingList("/build/browse/", "")?.source).toBe("explore");
    expect(landingList("/build/browse/liked", "")?.source).toBe("liked");
    expect(landingList("/build/browse/explore", "?ClassFilters=Witch&SkillFilters=Arc&CreatorFilter=%20Me%20")?.filters).toEqual({
      classes: ["Witch"],
      skills: ["Arc"],
      creator: "Me",
    });
    for (const other of ["/build/browse/nope", "/build/create", "/no-such-page", "/build/browse/explore/x", "/privacy"]) {
      expect(landingList(other, "")).toBeNull();
    }
  });

  it("offline, reads the landing list's first page from what Dexie cached before the page asks for it", async () => {
    const builds = [{ buildId: "w1", likes: 3, isLiked: false }, { buildId: "w2", likes: 9, isLiked: false }] as BuildSummary[];
    const page: BuildPage = { builds, pageSize: 20, cursor: null };
    const filters = { ...EMPTY_FILTERS, classes: ["Witch"] };
    const key = listKey("explore", filters);
    await getDb().lists.put({ key, pages: [page], savedAt: 1 });
    getDb().close();

    const online = startLanding("/build/browse/explore", "?ClassFilters=Witch", true);
    await online?.firstPage;
    expect(peekAhead(key)).toBeUndefined(); // online the network answers first

    const offline = startLanding("/build/browse/explore", "?ClassFilters=Witch", false);
    await offline?.firstPage;
    const first = peekAhead(key);
    expect(first?.builds.map((b) => b.buildId)).toEqual(["w2", "w1"]);
    expect(first?.fromCache).toBe(true);
    await takeAhead(key);

    expect(startLanding("/no-such-page", "", false)).toBeNull();
  });
});
