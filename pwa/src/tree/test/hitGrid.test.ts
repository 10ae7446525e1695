import { describe, expect, it } from "vitest";
import { HitGrid } from "../hitGrid";
import { nodeRadius } from "../style";
import { realTree, tinyModel } from "./testModel";

describe("hit grid", () => {
  it("is 100 x 100 cells and finds the node under a point", () => {
    const m = tinyModel();
    const grid = new HitGrid(m.nodes, m.bounds);
    expect(grid.size).toBe(100);
    expect(grid.hit(303, 498)?.id).toBe(11);
    expect(grid.hit(400, 500)).toBeNull();
    // A minimum radius keeps small nodes hoverable when zoomed out.
    expect(grid.hit(340, 500, 45)?.id).toBe(11);
    expect(grid.hit(340, 500, 10)).toBeNull();
  });

  it("skips hidden nodes", () => {
    const m = tinyModel();
    const grid = new HitGrid(m.nodes, m.bounds);
    expect(grid.hit(800, 150)?.id).toBe(30);
    expect(grid.hit(800, 150, 0, (i) => i !== 7)).toBeNull();
  });

  it("finds every node of the real tree at its own position, and only looks at a few", () => {
    const { model } = realTree();
    const grid = new HitGrid(model.nodes, model.bounds);
    let biggestCell = 0;
    for (const n of model.nodes) {
      const hit = grid.hit(n.x, n.y);
      expect(hit).not.toBeNull();
      // Overlapping discs may return a neighbour, but never one farther than the node's radius.
      expect(Math.hypot(hit!.x - n.x, hit!.y - n.y)).toBeLessThanOrEqual(nodeRadius(hit!));
      biggestCell = Math.max(biggestCell, grid.cellAt(n.x, n.y).length);
    }
    expect(biggestCell).toBeLessThan(40);
  });
});
