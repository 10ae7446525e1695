import { describe, expect, it } from "vitest";
import { NOTE_COLORS } from "@workers/planner/notes";
import { contrast, MIN_CONTRAST, PAGE_BACKGROUND, readableOn } from "./noteColor";

describe("note colours on the dark page", () => {
  it("keeps colours that already read well", () => {
    expect(readableOn("#FFFF00")).toBe("#FFFF00");
    expect(readableOn("#FFFFFF")).toBe("#FFFFFF");
  });

  it("lightens every planner colour code just enough for 4.5:1", () => {
    for (const c of [...NOTE_COLORS, "#E05030", "#123456"]) {
      const out = readableOn(c);
      expect(contrast(out, PAGE_BACKGROUND)).toBeGreaterThanOrEqual(MIN_CONTRAST);
    }
    // Pure blue becomes a light blue, not white.
    const blue = readableOn("#0000FF");
    expect(blue).not.toBe("#ffffff");
    expect(parseInt(blue.slice(5, 7), 16)).toBe(255);
  });

  it("computes WCAG contrast", () => {
    expect(contrast("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrast("#828282", "#242424")).toBeCloseTo(4.03, 1);
  });
});
