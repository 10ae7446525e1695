import { describe, expect, it } from "vitest";
import {
  ascendancyCamera, clampCamera, fitScale, initialCamera, interpolate, nodeCamera, pan, pixelScale,
  screenToWorld, transitionAt, VIEW, wheelFactor, worldToScreen, zoomAt,
} from "../camera";

const bounds = { minX: -1000, minY: -500, maxX: 1000, maxY: 500 };
const vp = { width: 800, height: 600 };

describe("camera", () => {
  it("uses the spec numbers", () => {
    expect(VIEW.initialZoom).toBe(1.726);
    expect(VIEW.wheelPercent).toBeCloseTo(VIEW.zoomStep * 10);
    expect([VIEW.nodeAnimationMs, VIEW.ascendancyAnimationMs, VIEW.ascendancyPadding, VIEW.ascendancyZoomFactor]).toEqual([800, 1000, 200, 1.3]);
    expect(VIEW.maxPixelRatio).toBe(2);
    expect(VIEW.hitGridCells).toBe(100);
  });

  it("starts centred at the initial zoom, relative to the whole-tree fit", () => {
    const cam = initialCamera(bounds);
    expect(cam).toEqual({ x: 0, y: 0, zoom: 1.726 });
    expect(fitScale(bounds, vp)).toBeCloseTo(0.4); // 800 / 2000 beats 600 / 1000
    expect(pixelScale(cam, bounds, vp)).toBeCloseTo(0.4 * 1.726);
  });

  it("projects and unprojects consistently", () => {
    const cam = { x: 120, y: -40, zoom: 3 };
    const [sx, sy] = worldToScreen(cam, bounds, vp, 300, 100);
    expect(sx).toBeCloseTo(400 + 180 * 1.2);
    expect(sy).toBeCloseTo(300 + 140 * 1.2);
    const [wx, wy] = screenToWorld(cam, bounds, vp, sx, sy);
    expect(wx).toBeCloseTo(300);
    expect(wy).toBeCloseTo(100);
  });

  it("drags the world with the pointer and clamps the pan to 10% of the smaller side", () => {
    const cam = initialCamera(bounds);
    const moved = pan(cam, bounds, vp, 69.04, 0);
    expect(moved.x).toBeCloseTo(-100);
    const far = pan(cam, bounds, vp, 1e6, -1e6);
    expect(far.x).toBeCloseTo(-1100); // margin = 0.1 * 1000
    expect(far.y).toBeCloseTo(600);
  });

  it("zooms about the pointer and stays within min and max zoom", () => {
    const cam = { x: 0, y: 0, zoom: 2 };
    const z = zoomAt(cam, bounds, vp, 2, 600, 300);
    expect(z.zoom).toBe(4);
    // The world point under the pointer does not move.
    expect(worldToScreen(z, bounds, vp, ...screenToWorld(cam, bounds, vp, 600, 300))[0]).toBeCloseTo(600);
    expect(zoomAt(cam, bounds, vp, 1e9, 0, 0).zoom).toBe(VIEW.maxZoomFactor);
    expect(zoomAt(cam, bounds, vp, 1e-9, 0, 0).zoom).toBe(VIEW.minZoomFactor);
    expect(clampCamera({ x: 0, y: 0, zoom: -3 }, bounds).zoom).toBe(VIEW.minZoomFactor);
  });

  it("turns one wheel notch into ten zoom steps", () => {
    expect(wheelFactor(-100)).toBeCloseTo(1.1);
    expect(wheelFactor(100)).toBeCloseTo(1 / 1.1);
    expect(wheelFactor(0)).toBe(1);
  });

  it("targets 8x the initial zoom on a node", () => {
    expect(nodeCamera(5, 6)).toEqual({ x: 5, y: 6, zoom: 1.726 * 8 });
  });

  it("fits the ascendancy bounds with padding 200 and zoom factor 1.3", () => {
    const target = { minX: 100, minY: 100, maxX: 500, maxY: 300 };
    const cam = ascendancyCamera(target, bounds, vp);
    expect(cam.x).toBe(300);
    expect(cam.y).toBe(200);
    // Padded 800 x 600 fits 800 x 600 at scale 1, times 1.3.
    expect(pixelScale(cam, bounds, vp)).toBeCloseTo(1.3);
  });

  it("animates with easing and ends exactly on the target", () => {
    const from = { x: 0, y: 0, zoom: 1 };
    const to = { x: 100, y: 50, zoom: 4 };
    expect(interpolate(from, to, 0)).toEqual(from);
    expect(interpolate(from, to, 0.5).zoom).toBeCloseTo(2);
    expect(interpolate(from, to, 0.5).x).toBeCloseTo(50);
    expect(interpolate(from, to, 0.25).x).toBeLessThan(25); // eased, slow start
    const tr = { from, to, start: 1000, duration: 800 };
    expect(transitionAt(tr, 1400).done).toBe(false);
    expect(transitionAt(tr, 1800)).toEqual({ camera: to, done: true });
  });
});
