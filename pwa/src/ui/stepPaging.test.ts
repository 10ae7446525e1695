import { describe, expect, it } from "vitest";
import { cardWidth, pageCount, pageOf, stepNumber, stepsPerPage } from "./stepPaging";

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

describe("step numbers across pages", () => {
  it("are the step's own number on every page, at every width", () => {
    expect([0, 1, 2, 3].map((i) => stepNumber(1, 4, i))).toEqual([5, 6, 7, 8]);
    expect(stepNumber(2, 4, 2)).toBe(11);
    // A phone shows one step a page: the 11th step reads 11, not 1.
    expect(stepNumber(10, stepsPerPage(412), 0)).toBe(11);
    for (const width of [360, 412, 800, 1400]) {
      const per = stepsPerPage(width);
      const numbers = Array.from({ length: pageCount(11, per) }, (_, p) => Array.from({ length: per }, (_, i) => stepNumber(p, per, i))).flat().slice(0, 11);
      expect(numbers).toEqual(Array.from({ length: 11 }, (_, i) => i + 1));
    }
  });
});
