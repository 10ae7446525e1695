import { describe, expect, it } from "vitest";
import { encodePlannerXml } from "../exportStep";
import { decodePlannerAsync } from "../index";
import { warmUpDecoder, warmUpXml } from "../warmup";

describe("decoder warm-up sample", () => {
  it("goes through every part of a real decode: sets, items with mods, gems, notes", () => {
    const build = warmUpDecoder(2);
    expect(build.className).toBe("Duelist");
    expect(build.trees).toHaveLength(3);
    expect(build.trees[2].nodes.length).toBeGreaterThan(80);
    expect(build.itemSets).toHaveLength(3);
    expect(build.skillSets).toHaveLength(3);
    expect(build.skillSets[0].groups[0].gems).toHaveLength(6);
    const items = Object.values(build.items);
    expect(items).toHaveLength(36);
    expect(items.some((i) => "rarity" in i && i.rarity === "Unique")).toBe(true);
    expect(items.every((i) => !("error" in i))).toBe(true);
    expect(build.notes).toContain("Sample notes");
  });

  it("is the build its planner code decodes to", async () => {
    expect(warmUpDecoder(1)).toEqual(await decodePlannerAsync(encodePlannerXml(warmUpXml())));
  });
});
