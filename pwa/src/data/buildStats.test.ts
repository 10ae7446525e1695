import { describe, expect, it } from "vitest";
import { cardFigures, changeText, figureRows, formatFigure, leansOn, previousWithFigures } from "./buildStats";
import type { BuildStats } from "./types";

const text = (stats: BuildStats | null | undefined) => cardFigures(stats).map((f) => `${f.value} ${f.label}`);

describe("a card's figures", () => {
  it("shows nothing without figures", () => {
    expect(cardFigures(undefined)).toEqual([]);
    expect(cardFigures(null)).toEqual([]);
    expect(cardFigures({})).toEqual([]);
  });

  it("shows the main DPS with its kind, then life, then what the build leans on", () => {
    expect(text({ dps: 2867147.89, dpsKind: "full", life: 6148, energyShield: 120, block: 75, armour: 30000 })).toEqual([
      "2.9M full DPS",
      "6,148 life",
      "75% block",
    ]);
  });

  it("shows energy shield instead of life when it is the larger pool (a CI build's life is 1)", () => {
    expect(text({ dps: 88884.2, dpsKind: "combined", life: 1, energyShield: 9120 })).toEqual(["88.9K combined DPS", "9,120 energy shield"]);
    expect(text({ energyShield: 500 })).toEqual(["500 energy shield"]);
    expect(text({ life: 500, energyShield: 500 })).toEqual(["500 life"]);
  });

  it("leaves out a DPS of 0 and a pool of 0", () => {
    expect(text({ dps: 0, dpsKind: "full", life: 0, energyShield: 0 })).toEqual([]);
  });

  it("names each DPS kind", () => {
    expect(text({ dps: 1500, dpsKind: "hit" })).toEqual(["1.5K hit DPS"]);
    expect(text({ dps: 1500, dpsKind: "dot" })).toEqual(["1.5K DoT DPS"]);
    expect(text({ dps: 150, dpsKind: "something new" })).toEqual(["150 DPS"]);
  });
});

describe("what a build leans on", () => {
  it("is the defence furthest towards its strong value, if at least halfway", () => {
    expect(leansOn({ block: 40, spellSuppression: 100, armour: 12000, evasion: 3000 })?.label).toBe("suppression");
    expect(leansOn({ block: 75, spellSuppression: 100 })?.label).toBe("block"); // both full: block first
    expect(leansOn({ armour: 11000, evasion: 16000 })).toEqual({ key: "evasion", value: "16,000", label: "evasion" });
    expect(leansOn({ armour: 45000, evasion: 16000, block: 60 })).toEqual({ key: "armour", value: "45,000", label: "armour" });
    expect(leansOn({ spellSuppression: 54 })).toEqual({ key: "spellSuppression", value: "54%", label: "suppression" });
  });

  it("is nothing when no defence stands out", () => {
    expect(leansOn({ block: 24, spellSuppression: 16, armour: 9000, evasion: 9999 })).toBeNull();
    expect(leansOn({ life: 5000 })).toBeNull();
    expect(leansOn({ block: null, armour: null })).toBeNull();
  });

  it("takes the threshold at exactly half", () => {
    expect(leansOn({ spellSuppression: 50 })?.key).toBe("spellSuppression");
    expect(leansOn({ spellSuppression: 49.9 })).toBeNull();
    expect(leansOn({ armour: 10000 })?.key).toBe("armour");
  });
});

describe("the change from the previous step", () => {
  const before: BuildStats = { life: 3000, fireResist: 70, dps: 1_000_000, dpsKind: "combined", movementSpeed: 1.2, mana: 800 };
  const after: BuildStats = { life: 4240, fireResist: 75, dps: 2_250_000, dpsKind: "combined", movementSpeed: 1.25, mana: 500 };

  it("reads as a signed figure and its name", () => {
    expect(changeText("life", after, before)).toBe("+1,240 life");
    expect(changeText("mana", after, before)).toBe("-300 mana");
    expect(changeText("fireResist", after, before)).toBe("+5% fire resistance");
    expect(changeText("dps", after, before)).toBe("+1.3M combined DPS");
    expect(changeText("movementSpeed", after, before)).toBe("+5% movement speed");
    expect(changeText("fireResist", before, after)).toBe("-5% fire resistance");
  });

  it("is nothing when a step lacks the figure, nothing changed, or the DPS kinds differ", () => {
    expect(changeText("life", after, null)).toBeNull();
    expect(changeText("life", after, { mana: 1 })).toBeNull();
    expect(changeText("life", after, { life: 4240 })).toBeNull();
    expect(changeText("life", after, { life: 4239.8 })).toBeNull(); // rounds to nothing
    expect(changeText("dps", after, { dps: 5, dpsKind: "hit" })).toBeNull();
  });

  it("goes into the view's rows, with zero-only figures left out", () => {
    const rows = figureRows({ ...after, ward: 0, block: 0 }, before);
    expect(rows.map((r) => [r.label, r.value, r.change])).toEqual([
      ["Combined DPS", "2.3M", "+1.3M combined DPS"],
      ["Life", "4,240", "+1,240 life"],
      ["Mana", "500", "-300 mana"],
      ["Fire resistance", "75%", "+5% fire resistance"],
      ["Movement speed", "+25%", "+5% movement speed"],
    ]);
    // A block that drops to 0 from the step before is still listed, with its change.
    expect(figureRows({ block: 0 }, { block: 25 })).toEqual([{ key: "block", label: "Block chance", value: "0%", change: "-25% block chance" }]);
    expect(figureRows(null, before)).toEqual([]);
  });

  it("is taken from the last earlier step that has figures", () => {
    expect(previousWithFigures([null, { life: 1 }, null, { life: 2 }, { life: 3 }])).toEqual([-1, -1, 1, 1, 3]);
    expect(previousWithFigures([])).toEqual([]);
  });
});

describe("figure formats", () => {
  it("writes counts, large DPS, percentages and the speed multiplier", () => {
    expect(formatFigure("count", 12977.4)).toBe("12,977");
    expect(formatFigure("compact", 146628881.32)).toBe("146.6M");
    expect(formatFigure("compact", 104.6)).toBe("105");
    expect(formatFigure("percent", 37.5)).toBe("37.5%");
    expect(formatFigure("percent", -60)).toBe("-60%");
    expect(formatFigure("speed", 1.32)).toBe("+32%");
    expect(formatFigure("speed", 1)).toBe("0%");
    expect(formatFigure("speed", 0.9)).toBe("-10%");
  });
});
