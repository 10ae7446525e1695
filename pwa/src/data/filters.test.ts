import { describe, expect, it } from "vitest";
import { filtersFromUrl, filtersToUrl, listKey, orderFirstPage, searchQuery } from "./filters";

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
});
