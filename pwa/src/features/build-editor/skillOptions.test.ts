import { describe, expect, it } from "vitest";
import { decodePlanner } from "@workers/planner/index";
import { corpusText } from "@workers/planner/test/corpus";
import { buildGemNames, chosenSkills, MAIN_SKILL_REQUIRED, skillOptions } from "./skillOptions";

describe("finalize skill options", () => {
  const build = decodePlanner(corpusText("sanavixx_cyclone_shockwave_slayer_328.code.txt"));
  const names = buildGemNames(build);

  it("lists every enabled gem of every skill set once, alphabetically", () => {
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
    expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(names.length);
    const everyGem = build.skillSets.flatMap((s) => s.groups.filter((g) => g.enabled).flatMap((g) => g.gems.filter((x) => x.enabled).map((x) => x.name)));
    expect(new Set(names)).toEqual(new Set(everyGem.filter(Boolean)));
    expect(names).toContain("Cyclone");
  });

  it("leaves out what the other two selects hold, never the select's own choice", () => {
    const chosen = ["Cyclone", null, names[0]];
    const main = skillOptions(names, chosen, 0);
    expect(main).toContain("Cyclone");
    expect(main).not.toContain(names[0]);
    const second = skillOptions(names, chosen, 1);
    expect(second).not.toContain("Cyclone");
    expect(second).not.toContain(names[0]);
    expect(second.length).toBe(names.length - 2);
  });

  it("sends the chosen ones in order; the main skill is required with the spec's texts", () => {
    expect(chosenSkills(["Cyclone", null, "Shockwave"])).toEqual(["Cyclone", "Shockwave"]);
    expect(MAIN_SKILL_REQUIRED).toEqual({ title: "Select Main Skill", message: "Please choose a main skill." });
  });
});
