import { describe, expect, it } from "vitest";
import { EMPTY_FILTERS, filtersFromUrl, filtersToUrl, listKey, orderFirstPage, searchQuery, sortsByLikes } from "./filters";

describe("build filters", () => {
  it("reads URL presets and writes them back", () => {
    const f = filtersFromUrl(new URLSearchParams("ClassFilters=Witch&ClassFilters=Slayer&SkillFilters=Cyclone&CreatorFilter=%20bob%20"));
    expect(f).toEqual({ classes: ["Witch", "Slayer"], skills: ["Cyclone"], creator: "bob" });
    expect(filtersToUrl(f).toString()).toBe("ClassFilters=Witch&ClassFilters=Slayer&SkillFilters=Cyclone&CreatorFilter=bob");
  });

  it("keeps at most 8 skills and drops empties and repeats", () => {
    const skills = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "a", " "];
    const q = searchQuery("explore", { classes: [], skills, creator: "  " });
    expect(q.SkillFilters).toEqual(["a", "b", "c", "d", "e", "f", "g", "h"]);
    expect(q.ClassFilters).toBeUndefined();
    expect(q.CreatorFilter).toBeUndefined();
  });

  it("ignores the creator on the Created tab", () => {
    expect(searchQuery("created", { classes: [], skills: [], creator: "bob" }).CreatorFilter).toBeUndefined();
    expect(listKey("created", { classes: [], skills: [], creator: "bob" })).toBe(listKey("created", { classes: [], skills: [], creator: "" }));
  });

  it("orders the first page by projected likes, ties in server order", () => {
    const b = (id: string, likes: number) => ({ buildId: id, slug: id, skills: [], baseClass: "", ascendancy: "", steps: 1, creatorName: "", likes, isLiked: false });
    const page = [b("x", 5), b("y", 5), b("z", 4)];
    const order = orderFirstPage(page, (s) => (s.buildId === "z" ? s.likes + 1 : s.likes)).map((s) => s.buildId);
    expect(order).toEqual(["x", "y", "z"]);
    const order2 = orderFirstPage(page, (s) => (s.buildId === "y" ? s.likes + 1 : s.likes)).map((s) => s.buildId);
    expect(order2).toEqual(["y", "x", "z"]);
  });

  it("carries a stat sort and minimums through the URL, the query and the list key (issue 35)", () => {
    const f = filtersFromUrl(new URLSearchParams("SortBy=dps&MinLife=4000&MinEs=0&MinDps=abc"));
    expect(f).toEqual({ classes: [], skills: [], creator: "", sortBy: "dps", minLife: 4000, minEs: 0 });
    expect(filtersToUrl(f).toString()).toBe("SortBy=dps&MinLife=4000&MinEs=0");
    expect(searchQuery("explore", f)).toMatchObject({ SortBy: "dps", MinLife: 4000, MinEs: 0, MinDps: undefined });
    expect(sortsByLikes(f)).toBe(false);
    // Each sort and minimum is a list of its own; the default list keeps its old key.
    expect(listKey("explore", f)).not.toBe(listKey("explore", { ...f, sortBy: "life" }));
    expect(listKey("explore", f)).not.toBe(listKey("explore", { ...f, minLife: 4001 }));
    expect(listKey("explore", EMPTY_FILTERS)).toBe(JSON.stringify(["explore", [], [], ""]));
    expect(listKey("explore", { ...EMPTY_FILTERS, sortBy: "likes" })).toBe(listKey("explore", EMPTY_FILTERS));
  });

  it("drops unknown sorts and minimums the server would refuse", () => {
    const f = filtersFromUrl(new URLSearchParams("SortBy=power&MinDps=-5&MinLife=Infinity&MinEs=1e16"));
    expect(f).toEqual(EMPTY_FILTERS);
    expect(sortsByLikes(f)).toBe(true);
    expect(searchQuery("liked", { ...EMPTY_FILTERS, sortBy: "es", minDps: 1e6 })).toMatchObject({ SortBy: "es", MinDps: 1e6 });
  });
});
