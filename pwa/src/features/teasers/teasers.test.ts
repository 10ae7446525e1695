import { describe, expect, it } from "vitest";
import { rotatingIndex, TEASERS } from "./teasers";
import { parseTab } from "../privacy/policy";

describe("teaser lines", () => {
  it("rotate through every line and wrap", () => {
    const n = TEASERS.tradeHelper.lines.length;
    expect(n).toBe(4);
    const seen = new Set<number>();
    for (let t = 0; t < n * 3000; t += 3000) seen.add(rotatingIndex(t, n));
    expect(seen.size).toBe(n);
    expect(rotatingIndex(n * 3000, n)).toBe(0);
    expect(rotatingIndex(2999, n)).toBe(0);
    expect(rotatingIndex(3000, n)).toBe(1);
  });
  it("carry the spec's feature lines", () => {
    expect(TEASERS.craftingAssistant.lines.join(" ")).toMatch(/chromatic calculator/i);
    expect(TEASERS.wealthTracker.lines.join(" ")).toMatch(/net worth/i);
  });
});

describe("privacy tab", () => {
  it("defaults to privacy for missing or unknown values", () => {
    expect(parseTab(null)).toBe("privacy");
    expect(parseTab("bogus")).toBe("privacy");
    expect(parseTab("terms")).toBe("terms");
    expect(parseTab("cookies")).toBe("cookies");
  });
});
