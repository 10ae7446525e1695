import { describe, expect, it } from "vitest";
import { specText } from "../planner/test/corpus";
import { loadCampaign } from "./campaignFiles";
import { ASCENDANCY_POINTS_PER_LAB, ASCENDANCY_RESPEC_REFUND_POINTS, ETERNAL_REQUIRED_LEVEL, LABYRINTHS, labyrinthHelp, labyrinthLevel } from "./labyrinth";

const data = loadCampaign();

describe("labyrinth help", () => {
  it("takes the labyrinths' levels from the campaign facts: 33, 55, 68 and the Eternal's 75", () => {
    expect(LABYRINTHS.map((l) => labyrinthLevel(l.version, data))).toEqual([33, 55, 68, 75]);
    for (const l of LABYRINTHS) expect(data.areas[l.areaId].name).toBe("Aspirant's Trial");
  });

  it("holds the spec's constants, and four labyrinths give the tree's 8 ascendancy points", () => {
    const line = specText("builds-browser-and-tracker.md").split("\n").find((l) => l.startsWith("- Labyrinth help:"))!;
    expect(line).toContain(`Eternal lab requires level ${ETERNAL_REQUIRED_LEVEL}`);
    expect(line).toContain(`each lab gives ${ASCENDANCY_POINTS_PER_LAB} ascendancy points`);
    expect(line).toContain(`respec costs ${ASCENDANCY_RESPEC_REFUND_POINTS} refund points per node`);
    expect(specText("passive-tree-and-campaign-guide.md")).toContain(`${ASCENDANCY_POINTS_PER_LAB * LABYRINTHS.length} ascendancy`);
  });

  it("says what each ascend step gives", () => {
    expect(labyrinthHelp("normal", data)).toBe("area level 33; 2 ascendancy points (2 of 8); refunding an ascendancy node costs 5 passive refund points");
    expect(labyrinthHelp("cruel", data)).toBe("area level 55; 2 ascendancy points (4 of 8); refunding an ascendancy node costs 5 passive refund points");
    expect(labyrinthHelp("merciless", data)).toBe(
      "area level 68; 2 ascendancy points (6 of 8); the Eternal Labyrinth (area level 75, from character level 68) gives the last 2; refunding an ascendancy node costs 5 passive refund points",
    );
    expect(labyrinthHelp("normal", { areas: {} })).toBe("2 ascendancy points (2 of 8); refunding an ascendancy node costs 5 passive refund points");
  });
});
