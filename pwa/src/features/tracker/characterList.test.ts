import { describe, expect, it } from "vitest";
import type { CharacterSummary } from "../../data/types";
import { groupCharacters, isStandardLeague } from "./characterList";
import { realClassTable } from "./test/testClasses";

const table = realClassTable();

const ch = (name: string, cls: string, league: string, level = 50): CharacterSummary => ({ id: name, name, class: cls, league, level, realm: "pc", experience: 0 });
const chars = [
  ch("OldGuard", "Guardian", "Standard", 95),
  ch("HcHero", "Juggernaut", "Hardcore", 80),
  ch("Leaguer", "Hierophant", "Mirage", 90),
  ch("Starter", "Templar", "Mirage", 12),
  ch("Ruthie", "Slayer", "Ruthless Mirage", 40),
  ch("SsfStd", "Inquisitor", "SSF Standard", 70),
];

describe("character picker groups", () => {
  it("groups by league, challenge leagues first and standard leagues last", () => {
    const groups = groupCharacters(table, chars);
    expect(groups.map((g) => g.league)).toEqual(["Mirage", "Ruthless Mirage", "Hardcore", "SSF Standard", "Standard"]);
    expect(groups[0].characters.map((c) => c.name)).toEqual(["Leaguer", "Starter"]);
  });

  it("keeps only the build's base class (ascendancies included)", () => {
    const groups = groupCharacters(table, chars, { baseClass: "Templar" });
    expect(groups.flatMap((g) => g.characters.map((c) => c.name))).toEqual(["Leaguer", "Starter", "SsfStd", "OldGuard"]);
  });

  it("searches name, class and league case-insensitively", () => {
    expect(groupCharacters(table, chars, { search: "  hero " }).flatMap((g) => g.characters.map((c) => c.name))).toEqual(["HcHero"]);
    expect(groupCharacters(table, chars, { search: "SLAYER" })).toHaveLength(1);
    expect(groupCharacters(table, chars, { search: "nobody" })).toEqual([]);
  });

  it("knows the permanent leagues", () => {
    for (const l of ["Standard", "Hardcore", "SSF Standard", "SSF Hardcore", "Ruthless Standard"]) expect(isStandardLeague(l)).toBe(true);
    for (const l of ["Mirage", "Hardcore Mirage", "Standard Event"]) expect(isStandardLeague(l)).toBe(false);
  });
});
