import { describe, expect, it } from "vitest";
import { pixelScale, VIEW } from "../camera";
import { TreeController } from "../controller";
import { allocationStates, NodeState } from "../states";
import { tinyModel } from "./testModel";

function setup() {
  const model = tinyModel();
  const { states } = allocationStates(model, { classId: 1, ascendancyId: 1, nodes: [11, 21] });
  let now = 0;
  const ctl = new TreeController(model, states, () => now);
  ctl.setViewport(1000, 1000);
  return { model, ctl, advance: (ms: number) => { now += ms; ctl.tick(); } };
}

describe("tree controller", () => {
  it("hovers the node under the pointer and marks it Hovered", () => {
    const { ctl } = setup();
    const [sx, sy] = ctl.project(300, 500);
    ctl.pointerMove(1, sx, sy);
    expect(ctl.hovered?.id).toBe(11);
    expect(ctl.states.has(1, NodeState.Hovered)).toBe(true);
    ctl.pointerLeave();
    expect(ctl.hovered).toBeNull();
    expect(ctl.states.has(1, NodeState.Hovered)).toBe(false);
  });

  it("drags to pan; a press that does not travel is a click that animates 800 ms to the node at 8x", () => {
    const { ctl, advance } = setup();
    const before = { ...ctl.camera };
    ctl.pointerDown(1, 500, 500);
    ctl.pointerMove(1, 560, 500);
    ctl.pointerUp(1, 560, 500);
    expect(ctl.camera.x).toBeLessThan(before.x);
    expect(ctl.busy).toBe(false);

    const [sx, sy] = ctl.project(500, 500);
    ctl.pointerDown(2, sx, sy);
    expect(ctl.pointerUp(2, sx + 2, sy)?.id).toBe(12);
    expect(ctl.busy).toBe(true);
    expect(ctl.lastTransitionMs).toBe(800);
    advance(400);
    expect(ctl.busy).toBe(true);
    advance(400);
    expect(ctl.busy).toBe(false);
    expect(ctl.camera).toEqual({ x: 500, y: 500, zoom: VIEW.initialZoom * 8 });
  });

  it("ignores input during a transition", () => {
    const { ctl, advance } = setup();
    const [sx, sy] = ctl.project(700, 500);
    ctl.click(sx, sy);
    advance(100);
    const during = { ...ctl.camera };
    ctl.wheel(-300, 10, 10);
    ctl.pointerDown(3, 10, 10);
    ctl.pointerMove(3, 200, 200);
    ctl.reset();
    expect(ctl.camera).toEqual(during);
    advance(800);
    expect(ctl.camera.x).toBe(700);
  });

  it("right-click toggles Desired, which survives new states", () => {
    const { ctl, model } = setup();
    const [sx, sy] = ctl.project(700, 500);
    expect(ctl.toggleDesired(sx, sy)?.id).toBe(13);
    expect(ctl.states.has(3, NodeState.Desired)).toBe(true);
    ctl.setStates(allocationStates(model, { classId: 1, ascendancyId: 1, nodes: [12] }).states);
    expect(ctl.states.has(3, NodeState.Desired)).toBe(true);
    // The view was not moved: it refits to the new allocation (fit.ts), so the node is projected again.
    expect(ctl.camera).toEqual(ctl.home());
    ctl.toggleDesired(...ctl.project(700, 500));
    expect(ctl.states.has(3, NodeState.Desired)).toBe(false);
    expect(ctl.toggleDesired(1, 1)).toBeNull();
  });

  it("highlights search matches and keeps them across new states", () => {
    const { ctl, model } = setup();
    ctl.setHighlighted([2, 3]);
    expect([2, 3].map((i) => ctl.states.has(i, NodeState.Highlighted))).toEqual([true, true]);
    ctl.setStates(allocationStates(model, { classId: 1, ascendancyId: 1, nodes: [] }).states);
    expect(ctl.states.has(3, NodeState.Highlighted)).toBe(true);
    ctl.setHighlighted([]);
    expect(ctl.states.has(3, NodeState.Highlighted)).toBe(false);
  });

  it("pinch-zooms with two pointers", () => {
    const { ctl } = setup();
    const z0 = ctl.camera.zoom;
    ctl.pointerDown(1, 400, 500);
    ctl.pointerDown(2, 600, 500);
    ctl.pointerMove(2, 800, 500);
    expect(ctl.camera.zoom).toBeCloseTo(z0 * 2);
  });

  it("goes to the ascendancy in 1000 ms and back to the saved view; reset leaves it", () => {
    const { ctl, advance, model } = setup();
    ctl.wheel(-100, 500, 500);
    const saved = { ...ctl.camera };
    const target = { minX: 200, minY: 150, maxX: 260, maxY: 150 };
    ctl.toggleAscendancy(target);
    expect(ctl.inAscendancy).toBe(true);
    expect(ctl.lastTransitionMs).toBe(1000);
    advance(999);
    expect(ctl.busy).toBe(true);
    advance(1);
    expect(ctl.camera.x).toBe(230);
    // Padding 200 each side, then zoom factor 1.3: (60 + 400) px wide at scale 1000/460 * 1.3.
    expect(pixelScale(ctl.camera, model.bounds, ctl.viewport)).toBeCloseTo((1000 / 460) * 1.3, 5);
    ctl.toggleAscendancy(target);
    advance(1000);
    expect(ctl.inAscendancy).toBe(false);
    expect(ctl.camera).toEqual(saved);

    ctl.toggleAscendancy(target);
    advance(1000);
    ctl.reset();
    expect(ctl.inAscendancy).toBe(false);
    expect(ctl.camera).toEqual(ctl.home());
  });
});
