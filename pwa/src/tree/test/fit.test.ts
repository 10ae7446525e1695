import { describe, expect, it } from "vitest";
import { ascendancyCamera, fitScale, initialCamera, pixelScale, worldToScreen, type Viewport } from "../camera";
import { TreeController } from "../controller";
import { allocatedBounds, ascendancyFitCamera, FIT, fitCamera, fitMargin, frameMaxHeight } from "../fit";
import { ascendancyBounds, type TreeModel } from "../model";
import { allocationStates } from "../states";
import { realTree } from "./testModel";

// Canvas sizes of the build view: wide desktop, a 412 px phone, a square, a low wide frame.
const VIEWPORTS: Viewport[] = [
  { width: 1400 * 0.6, height: 630 },
  { width: 380, height: 640 },
  { width: 800, height: 800 },
  { width: 1200, height: 320 },
];

/** A build's shape: the class start and the `count` main-tree nodes nearest to it, plus one far node of its side. */
function pathFrom(model: TreeModel, classId: number, count: number): number[] {
  const start = model.nodes[model.classes[classId].startNode];
  const main = model.nodes.filter((n) => !n.ascendancyName && !n.proxy && n.kind !== "classStart");
  const d = (n: { x: number; y: number }) => Math.hypot(n.x - start.x, n.y - start.y);
  const near = [...main].sort((a, b) => d(a) - d(b)).slice(0, count);
  const outward = main.filter((n) => n.x * start.x + n.y * start.y > 0).sort((a, b) => d(b) - d(a))[0];
  return [start.id, ...near.map((n) => n.id), outward.id];
}

function insideWithMargin(model: TreeModel, ids: number[], cam: ReturnType<typeof fitCamera>, vp: Viewport) {
  const m = fitMargin(vp) - 0.5;
  const pad = FIT.nodePad * pixelScale(cam, model.bounds, vp) - 0.5;
  return ids.filter((id) => {
    const n = model.byId.get(id)!;
    const [x, y] = worldToScreen(cam, model.bounds, vp, n.x, n.y);
    return !(x - pad >= m && x + pad <= vp.width - m && y - pad >= m && y + pad <= vp.height - m);
  });
}

describe("first view fit", () => {
  for (const version of ["3.28", "3.25", "3.10"]) {
    it(`fits every class's build with its margin at every size (${version})`, () => {
      const { model } = realTree(version);
      for (let classId = 0; classId < model.classes.length; classId++) {
        for (const count of [0, 30, 120]) {
          const nodes = pathFrom(model, classId, count);
          const { states } = allocationStates(model, { classId, ascendancyId: 0, nodes });
          const focus = allocatedBounds(model, states)!;
          for (const vp of VIEWPORTS) {
            const cam = fitCamera(focus, model.bounds, vp);
            expect(insideWithMargin(model, nodes, cam, vp), `${model.classes[classId].name} ${count} ${vp.width}x${vp.height}`).toEqual([]);
            // Tight: on one axis the focus fills the frame less its margin (or the minimum span does).
            const s = pixelScale(cam, model.bounds, vp);
            const w = Math.max(FIT.minSpan, focus.maxX - focus.minX) * s, h = Math.max(FIT.minSpan, focus.maxY - focus.minY) * s;
            const m = fitMargin(vp);
            expect(Math.max(w / (vp.width - 2 * m), h / (vp.height - 2 * m))).toBeCloseTo(1, 3);
          }
        }
      }
    });
  }

  it("opens a few passives with their neighbourhood, not at the maximum zoom", () => {
    const { model } = realTree("3.28");
    const { states } = allocationStates(model, { classId: 1, ascendancyId: 0, nodes: [] });
    const focus = allocatedBounds(model, states)!;
    expect(focus.maxX - focus.minX).toBe(2 * FIT.nodePad); // the class start alone
    const vp = { width: 800, height: 800 };
    const cam = fitCamera(focus, model.bounds, vp);
    expect(pixelScale(cam, model.bounds, vp)).toBeCloseTo((800 - 2 * fitMargin(vp)) / FIT.minSpan, 6);
  });

  it("falls back to the tree's centre at the initial zoom with nothing to fit", () => {
    const { model } = realTree("3.28");
    expect(fitCamera(null, model.bounds, { width: 500, height: 500 })).toEqual(initialCamera(model.bounds));
  });

  it("a compare fits the union of both sides", () => {
    const { model } = realTree("3.28");
    const build = { classId: 1, ascendancyId: 0, nodes: pathFrom(model, 1, 40) };
    const other = { classId: 3, ascendancyId: 0, nodes: pathFrom(model, 3, 40) };
    const { states } = allocationStates(model, build, other);
    const vp = { width: 900, height: 600 };
    const cam = fitCamera(allocatedBounds(model, states), model.bounds, vp);
    expect(insideWithMargin(model, [...build.nodes, ...other.nodes], cam, vp)).toEqual([]);
    // Not the one side's fit: that leaves the other side out.
    const one = fitCamera(allocatedBounds(model, allocationStates(model, build).states), model.bounds, vp);
    expect(insideWithMargin(model, other.nodes, one, vp).length).toBeGreaterThan(0);
  });

  it("the ascendancy view shows every node of every ascendancy, with the spec's view when it fits", () => {
    const { model } = realTree("3.28");
    let specKept = 0;
    for (const asc of model.ascendancies) {
      const target = ascendancyBounds(model, new Set([asc.id]));
      if (!target) continue;
      const ids = model.nodes.filter((n) => n.ascendancyName === asc.id).map((n) => n.id);
      for (const vp of VIEWPORTS) {
        const cam = ascendancyFitCamera(target, model.bounds, vp);
        expect(insideWithMargin(model, ids, cam, vp), `${asc.id} ${vp.width}x${vp.height}`).toEqual([]);
        const spec = ascendancyCamera(target, model.bounds, vp);
        expect(cam.zoom).toBeLessThanOrEqual(spec.zoom);
        if (cam.zoom === spec.zoom) specKept++;
      }
    }
    expect(specKept).toBeGreaterThan(0);
  });

  it("the controller opens on the fit, follows resizes until moved, and Reset returns to the fit", () => {
    const { model } = realTree("3.28");
    const nodes = pathFrom(model, 2, 60);
    const { states } = allocationStates(model, { classId: 2, ascendancyId: 0, nodes });
    const ctl = new TreeController(model, states, () => 0);
    ctl.setViewport(1000, 700);
    expect(ctl.camera).toEqual(fitCamera(allocatedBounds(model, states), model.bounds, { width: 1000, height: 700 }));
    ctl.setViewport(400, 700);
    expect(ctl.camera).toEqual(fitCamera(allocatedBounds(model, states), model.bounds, { width: 400, height: 700 }));
    const home = { ...ctl.camera };
    expect(home.zoom * fitScale(model.bounds, ctl.viewport)).not.toBeCloseTo(initialCamera(model.bounds).zoom * fitScale(model.bounds, ctl.viewport), 3);
    ctl.wheel(-300, 10, 10);
    ctl.setViewport(500, 700);
    expect(ctl.camera.zoom).not.toBeCloseTo(fitCamera(allocatedBounds(model, states), model.bounds, ctl.viewport).zoom, 3);
    ctl.reset();
    expect(ctl.camera).toEqual(fitCamera(allocatedBounds(model, states), model.bounds, { width: 500, height: 700 }));
  });
});

describe("canvas frame height", () => {
  it("keeps the frame above the fold when it starts on the first screen, else one screen tall", () => {
    expect(frameMaxHeight(300, 900)).toBe(588);
    expect(300 + frameMaxHeight(300, 900)).toBeLessThanOrEqual(900);
    expect(frameMaxHeight(1400, 915)).toBe(891);
    expect(frameMaxHeight(700, 915)).toBe(891); // 203 px left below: one screen instead
    expect(frameMaxHeight(0, 200)).toBe(320); // never below the frame's minimum
  });
});
