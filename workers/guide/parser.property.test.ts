import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadCampaign } from "./campaignFiles";
import { directionIndex } from "./direction";
import { parseGuide } from "./parser";

const data = loadCampaign();

describe("parser properties", () => {
  it("never throws, and garbage lines never hide the good ones", () => {
    const garbage = fc.string({ maxLength: 40 }).map((s) => s.replace(/[\r\n]/g, " "));
    fc.assert(
      fc.property(fc.array(fc.tuple(garbage, fc.boolean()), { maxLength: 30 }), (rows) => {
        // Good lines are plain kills; garbage is anything that is not a directive.
        const lines = ["#section Act 1"];
        const good: number[] = [];
        rows.forEach(([junk, isGood], i) => {
          if (isGood) {
            good.push(i);
            lines.push(`{kill|Boss ${i}}`);
          } else lines.push(junk.trimStart().startsWith("#") ? `x${junk}` : junk);
        });
        const r = parseGuide([{ file: "fuzz", text: lines.join("\n") }], data, { flags: ["BANDIT_KILL"] });
        const kills = r.sections.flatMap((s) => s.steps.flatMap((st) => st.parts)).filter((p) => p.type === "kill" && p.value.startsWith("Boss "));
        for (const i of good) expect(kills.some((p) => p.type === "kill" && p.value === `Boss ${i}`)).toBe(true);
        for (const e of r.errors) {
          expect(e.line).toBeGreaterThanOrEqual(2);
          expect(e.line).toBeLessThanOrEqual(lines.length);
          expect(e.reason.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("direction index is 0..7 and periodic in 360 degrees", () => {
    fc.assert(
      fc.property(fc.integer({ min: -100_000, max: 100_000 }), fc.integer({ min: -5, max: 5 }), (angle, turns) => {
        const i = directionIndex(angle);
        expect(i).toBeGreaterThanOrEqual(0);
        expect(i).toBeLessThanOrEqual(7);
        expect(directionIndex(angle + 360 * turns)).toBe(i);
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: -50, max: 50 }), (k) => {
        expect(directionIndex(45 * k)).toBe(((k % 8) + 8) % 8);
      }),
    );
  });
});
