import { describe, expect, it } from "vitest";
import { ASCENDANCIES, baseClassOf, buildTitle, classBadge, classColor } from "../../data/classes";
import { emptyText } from "./emptyTexts";
import { classGroups } from "./FilterBar";

describe("build browser texts", () => {
  it("has the spec's empty texts and login variants", () => {
    expect(emptyText("explore", false).text).toBe("No builds found. Try different filters.");
    expect(emptyText("created", true).text).toBe("You haven't created any builds yet. Try creating your first build!");
    expect(emptyText("created", false)).toEqual({ text: "Log-in to create a build", login: true });
    expect(emptyText("liked", true).text).toBe("You haven't liked any builds yet. Explore builds and like your favorites!");
    expect(emptyText("liked", false)).toEqual({ text: "Log-in to like a build", login: true });
  });

  it("titles a card by first skill and class, badges base / ascendancy", () => {
    const b = { skills: ["Cyclone", "Blood Rage"], baseClass: "Duelist", ascendancy: "Slayer" };
    expect(buildTitle(b)).toBe("Cyclone Slayer");
    expect(classBadge(b)).toBe("Duelist / Slayer");
    expect(classBadge({ baseClass: "Witch", ascendancy: "" })).toBe("Witch");
    expect(buildTitle({ skills: ["Arc"], baseClass: "Witch", ascendancy: "" })).toBe("Arc Witch");
  });

  it("knows 19 ascendancies and colours classes by attribute", () => {
    expect(ASCENDANCIES).toHaveLength(19);
    expect(baseClassOf("hierophant")).toBe("Templar");
    expect(classColor("Juggernaut")).toBe("red");
    expect(classColor("Deadeye")).toBe("green");
    expect(classColor("Occultist")).toBe("blue");
  });

  it("groups class options Selected, Base classes, Ascendancies", () => {
    const g = classGroups(["Witch", "Slayer"]);
    expect(g.map((x) => x.group)).toEqual(["Selected", "Base classes", "Ascendancies"]);
    expect(g[1].items).not.toContain("Witch");
    expect(g[2].items).toHaveLength(18);
    expect(classGroups([]).map((x) => x.group)).toEqual(["Base classes", "Ascendancies"]);
  });
});
