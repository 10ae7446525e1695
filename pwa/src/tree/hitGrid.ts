/**
 * A uniform 100x100 grid over the tree bounds: hover and click look only at the
 * few nodes in nearby cells instead of all three thousand.
 */
import { VIEW } from "./camera";
import type { Bounds, TreeNode } from "./model";
import type { TreeModel } from "./model";
import { nodeRadius } from "./style";

/**
 * A hit grid as flat arrays (prebuiltGeometry.ts writes it into the tree's geometry file): cell c's
 * nodes are items[offsets[c]] up to items[offsets[c + 1]], row-major, size x size cells.
 */
export interface HitGridCells {
  size: number;
  maxRadius: number;
  offsets: Int32Array;
  items: Int32Array;
}

export class HitGrid {
  private readonly cells: number[][];
  private readonly cellW: number;
  private readonly cellH: number;
  private readonly maxRadius: number;

  constructor(
    private readonly nodes: TreeNode[],
    private readonly bounds: Bounds,
    readonly size: number = VIEW.hitGridCells,
    prebuilt?: HitGridCells,
  ) {
    this.cellW = Math.max(1e-6, (bounds.maxX - bounds.minX) / size);
    this.cellH = Math.max(1e-6, (bounds.maxY - bounds.minY) / size);
    if (prebuilt && prebuilt.size === size) {
      const { offsets, items } = prebuilt;
      this.cells = Array.from({ length: size * size }, (_, c) => Array.from(items.subarray(offsets[c], offsets[c + 1])));
      this.maxRadius = prebuilt.maxRadius;
      return;
    }
    this.cells = Array.from({ length: size * size }, () => []);
    let maxRadius = 0;
    for (const n of nodes) {
      const r = nodeRadius(n);
      maxRadius = Math.max(maxRadius, r);
      this.forCells(n.x - r, n.y - r, n.x + r, n.y + r, (c) => c.push(n.index));
    }
    this.maxRadius = maxRadius;
  }

  /** The grid as flat arrays (HitGridCells). */
  cellsOf(): HitGridCells {
    const offsets = new Int32Array(this.cells.length + 1);
    this.cells.forEach((c, k) => (offsets[k + 1] = offsets[k] + c.length));
    const items = new Int32Array(offsets[this.cells.length]);
    this.cells.forEach((c, k) => items.set(c, offsets[k]));
    return { size: this.size, maxRadius: this.maxRadius, offsets, items };
  }

  private forCells(x0: number, y0: number, x1: number, y1: number, fn: (cell: number[]) => void): void {
    const i0 = this.col(x0), i1 = this.col(x1), j0 = this.row(y0), j1 = this.row(y1);
    for (let j = j0; j <= j1; j++) for (let i = i0; i <= i1; i++) fn(this.cells[j * this.size + i]);
  }

  private col(x: number): number {
    return Math.min(this.size - 1, Math.max(0, Math.floor((x - this.bounds.minX) / this.cellW)));
  }

  private row(y: number): number {
    return Math.min(this.size - 1, Math.max(0, Math.floor((y - this.bounds.minY) / this.cellH)));
  }

  /** Indices of the nodes registered in the cell containing (x, y). */
  cellAt(x: number, y: number): readonly number[] {
    return this.cells[this.row(y) * this.size + this.col(x)];
  }

  /**
   * The closest visible node whose disc (at least `minRadius` world units, so
   * tiny nodes stay hoverable when zoomed out) contains (x, y).
   */
  hit(x: number, y: number, minRadius = 0, visible: (index: number) => boolean = () => true): TreeNode | null {
    // A node centre within minRadius lies in a scanned cell, and so does any disc covering (x, y).
    const reach = Math.max(minRadius, this.maxRadius);
    let best: TreeNode | null = null;
    let bestD = Infinity;
    const seen = new Set<number>();
    this.forCells(x - reach, y - reach, x + reach, y + reach, (cell) => {
      for (const i of cell) {
        if (seen.has(i)) continue;
        seen.add(i);
        const n = this.nodes[i];
        if (!visible(i)) continue;
        const d = Math.hypot(n.x - x, n.y - y);
        if (d <= Math.max(nodeRadius(n), minRadius) && d < bestD) {
          best = n;
          bestD = d;
        }
      }
    });
    return best;
  }
}

/** Hit grids read from a tree's geometry file, by the model they were built for (seedHitGrid). */
const seeded = new WeakMap<TreeModel, HitGridCells>();

/** Gives `model` the hit grid of its prebuilt geometry (geometryWorker.ts adoptSettled). */
export function seedHitGrid(model: TreeModel, cells: HitGridCells): void {
  seeded.set(model, cells);
}

/** The model's hit grid: the prebuilt one when seeded, else built from its nodes. */
export function hitGridFor(model: TreeModel): HitGrid {
  return new HitGrid(model.nodes, model.bounds, VIEW.hitGridCells, seeded.get(model));
}
