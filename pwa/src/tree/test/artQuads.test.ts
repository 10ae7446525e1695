// Which sprite each node of the real 3.28 tree draws with the real art bundle (game-data/dist).
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { artQuads, FRAME_SCALE, type ArtBundle } from "../art/artQuads";
import { nodeRadius } from "../style";
import { distManifest, realTree } from "./testModel";

const DIST = fileURLToPath(new URL("../../../../game-data/dist/", import.meta.url));
const art = JSON.parse(readFileSync(DIST + distManifest().files["art/3.28"], "utf8")) as ArtBundle;

describe("art quads", () => {
  it("gives every main-tree passive its icon and frame, in the sheets' bounds", () => {
    const { model } = realTree("3.28");
    const quads = artQuads(model, art);
    const icons = new Map(quads.filter((q) => q.layer === 0).map((q) => [q.node, q]));
    const frames = new Map(quads.filter((q) => q.layer === 1).map((q) => [q.node, q]));
    const plain = model.nodes.filter((n) => n.ascendancyName === null && ["normal", "notable", "keystone"].includes(n.kind) && !n.proxy);
    expect(plain.length).toBeGreaterThan(1800);
    for (const n of plain) {
      expect(icons.get(n.index), n.name).toBeDefined();
      const f = frames.get(n.index)!;
      expect(f.half).toBeCloseTo(nodeRadius(n) * FRAME_SCALE);
      // Allocated and unallocated frames differ (the gold ring against the dim one).
      expect(f.on).not.toEqual(f.off);
    }
    for (const q of quads) for (const r of [q.on, q.off]) {
      expect(r[0] >= 0 && r[1] >= 0 && r[0] + r[2] <= 1 && r[1] + r[3] <= 1).toBe(true);
    }
    // Masteries and class starts keep their plain shapes.
    const masteries = model.nodes.filter((n) => n.kind === "mastery" || n.kind === "classStart");
    expect(masteries.some((n) => icons.has(n.index) || frames.has(n.index))).toBe(false);
  });

  it("draws an older tree with the nearest art: its nodes that 3.28 still has get icons", () => {
    const { model } = realTree("3.12");
    const icons = artQuads(model, art).filter((q) => q.layer === 0).length;
    const plain = model.nodes.filter((n) => ["normal", "notable", "keystone"].includes(n.kind)).length;
    expect(icons / plain).toBeGreaterThan(0.8);
  });
});
