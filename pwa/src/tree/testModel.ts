/**
 * Test helpers: the real 3.25 tree bundle from game-data/dist (built by the
 * pipeline in ./just setup) adapted into a TreeModel, and a tiny hand-made model.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { treeModelFromBundle, type TreeBundleLike } from "./adapter";
import type { TreeModel, TreeNode } from "./model";

const DIST = fileURLToPath(new URL("../../../game-data/dist/", import.meta.url));

let cached: { bundle: TreeBundleLike; model: TreeModel } | null = null;

export function realTree(): { bundle: TreeBundleLike; model: TreeModel } {
  if (!cached) {
    const manifest = JSON.parse(readFileSync(DIST + "manifest.json", "utf8")) as { files: Record<string, string> };
    const bundle = JSON.parse(readFileSync(DIST + manifest.files["tree/3.25"], "utf8")) as TreeBundleLike;
    cached = { bundle, model: treeModelFromBundle(bundle) };
  }
  return cached;
}

export function node(id: number, index: number, x: number, y: number, extra: Partial<TreeNode> = {}): TreeNode {
  return {
    id, index, x, y, name: `Node ${id}`, kind: "normal", notable: false, proxy: false, stats: [], flavourText: [], reminderText: [],
    ascendancyName: null, classStartIndex: null, masteryEffects: [], ...extra,
  };
}

/** Five nodes in a row plus an ascendancy pair; bounds 0..1000 x 0..1000. */
export function tinyModel(): TreeModel {
  const nodes = [
    node(10, 0, 100, 500, { kind: "classStart", classStartIndex: 1 }),
    node(11, 1, 300, 500),
    node(12, 2, 500, 500, { kind: "notable", notable: true }),
    node(13, 3, 700, 500, { kind: "keystone", name: "Resolute Technique" }),
    node(14, 4, 900, 500, {
      kind: "mastery", name: "Life Mastery",
      masteryEffects: [{ effect: 1, stats: ["+50 to maximum Life"] }, { effect: 2, stats: ["10% increased Life Recovery"] }],
    }),
    node(20, 5, 200, 150, { kind: "ascendancyStart", ascendancyName: "Juggernaut" }),
    node(21, 6, 260, 150, { kind: "ascendancy", ascendancyName: "Juggernaut", notable: true }),
    node(30, 7, 800, 150, { kind: "ascendancy", ascendancyName: "Berserker" }),
    node(40, 8, 600, 800, { kind: "jewel", name: "Medium Jewel Socket", proxy: true }),
  ];
  return {
    version: "test",
    nodes,
    edges: [
      { a: 0, b: 1, arc: null },
      { a: 1, b: 2, arc: { cx: 400, cy: 600, r: 141.42, a0: -Math.PI / 4, a1: Math.PI / 4 } },
      { a: 5, b: 6, arc: null },
    ],
    groups: [{ x: 500, y: 500, radius: 200, ascendancyName: null }],
    bounds: { minX: 0, minY: 0, maxX: 1000, maxY: 1000 },
    classes: [
      { name: "Scion", ascendancies: ["Ascendant"] },
      { name: "Marauder", ascendancies: ["Juggernaut", "Berserker", "Chieftain"] },
    ],
    alternateAscendancies: [],
    byId: new Map(nodes.map((n) => [n.id, n])),
  };
}
