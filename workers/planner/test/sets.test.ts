import { describe, expect, it } from "vitest";
import { assignSetIds } from "../sets";

describe("assignSetIds", () => {
  it("numbers repeated titles in document order and skips ids a title already took", () => {
    const ids = assignSetIds(["Leveling", "x (2)", "X", "x", "x", " ", "!!", null]).map((s) => s?.id ?? null);
    expect(ids).toEqual(["leveling", "x (2)", "x", "x (3)", "x (4)", "default", null, "default (2)"]);
  });

  it("stays linear for many sets sharing one title (a quadratic probe would take minutes)", () => {
    const n = 50_000;
    const titles = Array.from({ length: n }, (_, i) => (i % 1000 === 0 ? `x (${i + 2})` : "x"));
    const ids = assignSetIds(titles).map((s) => s!.id);
    expect(new Set(ids).size).toBe(n);
    expect(ids[1]).toBe("x");
    expect(ids[2]).toBe("x (3)");
  });
});
