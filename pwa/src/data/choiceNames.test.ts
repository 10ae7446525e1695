import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { tryDecodePlanner } from "@workers/planner/index";
import { corpusFiles, CORPUS_DIR } from "@workers/planner/test/corpus";
import { realClassTable } from "../features/tracker/test/testClasses";
import { alternateAscendancyName, banditName, NO_PANTHEON, PANTHEON_SOULS, pantheonName } from "./choiceNames";

/** The ids as the planner and the official API spell them (the planner's Pantheons.lua keys). */
const GODS = ["TheBrineKing", "Arakaali", "Lunaris", "Solaris", "Abberath", "Gruthkul", "Yugul", "Shakari", "Tukohama", "Ralakesh", "Garukhan", "Ryslatha"];

/** Every pantheon and bandit value the corpus builds hold. */
const corpusChoices = (() => {
  const gods = new Set<string>(), bandits = new Set<string>();
  for (const f of corpusFiles()) {
    const r = tryDecodePlanner(readFileSync(CORPUS_DIR + f, "utf8").trim());
    if (!r.ok) continue;
    gods.add(r.build.pantheonMajor).add(r.build.pantheonMinor);
    bandits.add(r.build.bandit);
  }
  return { gods: [...gods], bandits: [...bandits] };
})();

describe("pantheon names", () => {
  it("names every god by its soul, as the game does", () => {
    expect(GODS.map(pantheonName)).toEqual([
      "Soul of the Brine King", "Soul of Arakaali", "Soul of Lunaris", "Soul of Solaris", "Soul of Abberath", "Soul of Gruthkul",
      "Soul of Yugul", "Soul of Shakari", "Soul of Tukohama", "Soul of Ralakesh", "Soul of Garukhan", "Soul of Ryslatha",
    ]);
    expect(Object.keys(PANTHEON_SOULS).sort()).toEqual([...GODS].sort());
  });

  it("reads other spellings of the same god and an empty slot", () => {
    for (const id of ["thebrineking", "The Brine King", "Brine King", "Soul of the Brine King"]) expect(pantheonName(id)).toBe("Soul of the Brine King");
    for (const none of ["None", "none", "", "  ", undefined, null]) expect(pantheonName(none)).toBe(NO_PANTHEON);
    // A god we have no name for yet is shown in words, never as a glued id.
    expect(pantheonName("SomeNewGod")).toBe("Some New God");
  });

  it("knows every pantheon value in the corpus builds", () => {
    expect(corpusChoices.gods).toContain("TheBrineKing");
    for (const g of corpusChoices.gods) {
      const name = pantheonName(g);
      expect(name === NO_PANTHEON || Object.values(PANTHEON_SOULS).includes(name), `${g} -> ${name}`).toBe(true);
    }
  });
});

describe("bandit names", () => {
  it("shows Kill All or Help {name} (spec §2 Choices)", () => {
    for (const kill of ["Eramir", "None", "", undefined, "Kill all", "KillAll"]) expect(banditName(kill)).toBe("Kill All");
    expect(["Alira", "alira", "KRAITYN", "Oak", "Help Oak"].map(banditName)).toEqual(["Help Alira", "Help Alira", "Help Kraityn", "Help Oak", "Help Oak"]);
    for (const b of corpusChoices.bandits) expect(banditName(b)).toMatch(/^(Kill All|Help (Alira|Kraityn|Oak))$/);
  });
});

describe("alternate ascendancy names", () => {
  it("names the official API's alternate ascendancy ids from the classes bundle", () => {
    const table = realClassTable();
    // The official sample's alternate_ascendancy.
    const raw = JSON.parse(readFileSync(`${CORPUS_DIR}../ggg-api/PathOfBuildingCommunity__PathOfBuilding/character_detail_SampleCharacter.json`, "utf8"));
    expect(raw.character.passives.alternate_ascendancy).toBe("Farrul");
    expect(alternateAscendancyName(table, "Farrul")).toBe("Farrul Bloodline");
    expect(alternateAscendancyName(table, "KingInTheMists")).toBe("Nameless Bloodline");
    expect(alternateAscendancyName(table, "")).toBe("");
  });
});
