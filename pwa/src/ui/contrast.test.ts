import { describe, expect, it } from "vitest";
import { AA, contrastRatio, DARK_SURFACE, readable } from "./contrast";

describe("contrast", () => {
  it("computes WCAG ratios", () => {
    expect(contrastRatio("#ffffff", "#000000")).toBeCloseTo(21, 5);
    expect(contrastRatio("#828282", "#2e2e2e")).toBeCloseTo(3.53, 1);
  });

  it("keeps colours that pass and lightens the ones that do not, just past AA", () => {
    expect(readable("#ffff77")).toBe("#ffff77");
    const unique = readable("#af6025");
    expect(contrastRatio(unique, DARK_SURFACE)).toBeGreaterThanOrEqual(AA);
    expect(contrastRatio(unique, DARK_SURFACE)).toBeLessThan(6);
    expect(readable("not a colour")).toBe("not a colour");
  });
});
