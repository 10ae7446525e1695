// The largest texture the GPU allows, and sprite sheets split to fit it: on the real 3.28 art (game-data/dist)
// and hand-made sheets. Every sprite must sit wholly inside one piece no larger than the limit.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { Rect } from "../art/artQuads";
import type { BackdropArt } from "../art/backdropQuads";
import { FALLBACK_TEXTURE_SIZE, gpuTextureLimit, planSheet, splitAxis, textureLimit, uvInPiece, type SheetPlan } from "../art/sheetSplit";
import { distManifest } from "./testModel";

const DIST = fileURLToPath(new URL("../../../../game-data/dist/", import.meta.url));
const art = JSON.parse(readFileSync(DIST + distManifest().files["art/3.28"], "utf8")) as BackdropArt;

function checkPlan(plan: SheetPlan, size: [number, number], rects: Rect[], limit: number): void {
  expect(plan.pieceOf.length).toBe(rects.length);
  for (const p of plan.pieces) {
    expect(p.w).toBeLessThanOrEqual(limit);
    expect(p.h).toBeLessThanOrEqual(limit);
    expect(p.x).toBeGreaterThanOrEqual(0);
    expect(p.y).toBeGreaterThanOrEqual(0);
    expect(p.x + p.w).toBeLessThanOrEqual(size[0]);
    expect(p.y + p.h).toBeLessThanOrEqual(size[1]);
  }
  rects.forEach((r, i) => {
    const p = plan.pieces[plan.pieceOf[i]];
    expect(r[0] >= p.x && r[1] >= p.y && r[0] + r[2] <= p.x + p.w && r[1] + r[3] <= p.y + p.h, `rect ${r} in piece ${JSON.stringify(p)}`).toBe(true);
  });
}

describe("the texture limit", () => {
  it("is the GPU's MAX_TEXTURE_SIZE, or 4096 when it answers nothing usable", () => {
    expect(FALLBACK_TEXTURE_SIZE).toBe(4096);
    expect(textureLimit(16384)).toBe(16384);
    expect(textureLimit(8192)).toBe(8192);
    // A GPU allowing less is honoured: a larger texture would not upload there.
    expect(textureLimit(2048)).toBe(2048);
    for (const bad of [null, undefined, 0, -1, NaN, Infinity, "8192", {}]) expect(textureLimit(bad)).toBe(4096);
    const gl = (answer: () => unknown) => ({ MAX_TEXTURE_SIZE: 0x0d33 as const, getParameter: (p: number) => (p === 0x0d33 ? answer() : null) });
    expect(gpuTextureLimit(gl(() => 8192))).toBe(8192);
    expect(gpuTextureLimit(gl(() => null))).toBe(4096); // a lost context answers null
    expect(gpuTextureLimit(gl(() => { throw new Error("lost"); }))).toBe(4096);
  });
});

describe("splitting a sheet", () => {
  it("keeps a sheet that fits as one piece, whatever its sprites", () => {
    const plan = planSheet([2668, 2579], [[0, 0, 587, 587], [2551, 1992, 31, 31]], 4096);
    expect(plan).toEqual({ pieces: [{ x: 0, y: 0, w: 2668, h: 2579 }], pieceOf: [0, 0] });
  });

  it("cuts the real ascendancy and bloodline sheets so every sprite lies in one piece, at limits down to 600 px", () => {
    for (const sheet of ["ascendancy", "bloodline"] as const) {
      const size = art.sheets[sheet].size;
      const rects: Rect[] = [
        ...Object.values(art.backdrops.ascendancies).filter((r) => r[0] === sheet).map((r) => r.slice(1) as Rect),
        ...Object.values(art.backdrops.ascendancyStarts ?? {}).filter((r) => r[0] === sheet).map((r) => r.slice(1) as Rect),
      ];
      expect(rects.length).toBeGreaterThan(10);
      for (const limit of [4096, 2668, 2048, 1500, 1024, 600]) {
        const plan = planSheet(size, rects, limit);
        checkPlan(plan, size, rects, limit);
        if (Math.max(...size) <= limit) expect(plan.pieces.length).toBe(1);
        else expect(plan.pieces.length).toBeGreaterThan(1);
      }
    }
  });

  it("moves a sprite's uv into its piece: the same texels", () => {
    const size: [number, number] = [5000, 3000];
    const rects: Rect[] = [[10, 20, 500, 400], [4200, 2700, 300, 250], [3900, 100, 200, 200]];
    const plan = planSheet(size, rects, 4096);
    checkPlan(plan, size, rects, 4096);
    rects.forEach((r, i) => {
      const p = plan.pieces[plan.pieceOf[i]];
      const uv: Rect = [r[0] / size[0], r[1] / size[1], r[2] / size[0], r[3] / size[1]];
      const t = uvInPiece(uv, size, p);
      // Back to sheet pixels: the piece's origin plus the uv over the piece.
      expect(p.x + t[0] * p.w).toBeCloseTo(r[0], 6);
      expect(p.y + t[1] * p.h).toBeCloseTo(r[1], 6);
      expect(t[2] * p.w).toBeCloseTo(r[2], 6);
      expect(t[3] * p.h).toBeCloseTo(r[3], 6);
      expect(t[0] >= 0 && t[1] >= 0 && t[0] + t[2] <= 1 + 1e-9 && t[1] + t[3] <= 1 + 1e-9).toBe(true);
    });
  });

  it("splits one axis greedily: spans of at most the limit, overlapping where a sprite crosses a cut", () => {
    const intervals: [number, number][] = [[0, 300], [250, 300], [700, 100], [950, 50]];
    const { spans, spanOf } = splitAxis(intervals, 1000, 600);
    expect(spans).toEqual([[0, 600], [400, 600]]);
    expect(spanOf).toEqual([0, 0, 1, 1]);
    expect(splitAxis([[0, 10]], 500, 600)).toEqual({ spans: [[0, 500]], spanOf: [0] });
    // A sprite larger than the limit cannot be drawn from one texture: said, not drawn torn.
    expect(() => splitAxis([[0, 700]], 1000, 600)).toThrow(/does not fit/);
  });

  it("holds random sprite layouts at random limits", () => {
    let seed = 7;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    for (let trial = 0; trial < 200; trial++) {
      const size: [number, number] = [500 + Math.floor(rnd() * 6000), 500 + Math.floor(rnd() * 6000)];
      const limit = 300 + Math.floor(rnd() * 5000);
      const rects: Rect[] = [];
      for (let k = 0; k < 30; k++) {
        const w = 1 + Math.floor(rnd() * Math.min(280, size[0] - 1)), h = 1 + Math.floor(rnd() * Math.min(280, size[1] - 1));
        rects.push([Math.floor(rnd() * (size[0] - w)), Math.floor(rnd() * (size[1] - h)), w, h]);
      }
      checkPlan(planSheet(size, rects, limit), size, rects, limit);
    }
  });
});
