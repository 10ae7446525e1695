import { describe, expect, it } from "vitest";
import { cardWidth, pageCount, pageOf, stepsPerPage } from "./stepPaging";

describe("step navigator layout figures (spec §2, §9)", () => {
  it("fits up to 4 steps of about 300 px after the reserved 64 + 24 px", () => {
    expect(stepsPerPage(88 + 4 * 300)).toBe(4);
    expect(stepsPerPage(88 + 4 * 300 - 1)).toBe(3);
    expect(stepsPerPage(5000)).toBe(4);
    expect(stepsPerPage(88 + 300)).toBe(1);
    expect(stepsPerPage(200)).toBe(1);
    expect(pageOf(7, 3)).toBe(2);
    expect(pageCount(7, 3)).toBe(3);
  });

  it("gives a card a page's share, at most 300 and at least 200 px", () => {
    expect(cardWidth(1400)).toBe(300);
    expect(cardWidth(88 + 2 * 300 + 100)).toBe(300);
    expect(cardWidth(88 + 250)).toBe(250);
    expect(cardWidth(88 + 250, 10)).toBe(240);
    expect(cardWidth(320)).toBe(232);
    expect(cardWidth(240)).toBe(200);
  });
});
