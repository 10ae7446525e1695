/**
 * Test helpers: a real tree bundle from game-data/dist (built by the pipeline in
 * ./just setup) adapted into a TreeModel, and a tiny hand-made model.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { TreeBundle } from "../../data/gameDataTypes";
import { treeModelFromBundle } from "../adapter";
import type { TreeModel, TreeNode } from "../model";

const DIST = fileURLToPath(new URL("../../../../game-data/dist/", import.meta.url));

const cached = new Map<string, { bundle: TreeBundle; model: TreeModel }>();

export function distManifest(): { files: Record<string, string> } {
  return JSON.parse(readFileSync(DIST + "manifest.json", "utf8")) as { files: Record<string, string> };
}

/** The bundle of one tree version ("3.25") as the pipeline wrote it, and its model. */
export function realTree(version = "3.25"): { bundle: TreeBundle; model: TreeModel } {
  let hit = cached.get(version);
  if (!hit) {
    const bundle = JSON.parse(readFileSync(DIST + distManifest().files[`tree/${version}`], "utf8")) as TreeBundle;
    hit = { bundle, model: treeModelFromBundle(bundle) };
    cached.set(version, hit);
  }
  return hit;
}

export function node(id: number, index: number, x: number, y: number, extra: Partial<TreeNode> = {}): TreeNode {
  return {
    id, index, x, y, name: `Node ${id}`, kind: "normal", notable: false, proxy: false, stats: [], flavourText: [], reminderText: [],
    ascendancyName: null, classStartIndex: null, masteryEffects: [], group: 0, orbit: 0, orbitIndex: 0, granted: null,
    expansionJewel: null, ...extra,
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
      { name: "Scion", ascendancies: ["Ascendant"], baseStr: 20, baseDex: 20, baseInt: 20, startNode: -1 },
      { name: "Marauder", ascendancies: ["Juggernaut", "Berserker", "Chieftain"], baseStr: 32, baseDex: 14, baseInt: 14, startNode: 0 },
    ],
    ascendancies: ["Ascendant", "Juggernaut", "Berserker", "Chieftain"].map((id, i) => ({
      id, name: id, classIndex: i === 0 ? 0 : 1, alternate: false,
    })),
    alternateAscendancies: [],
    points: { totalPoints: 123, ascendancyPoints: 8 },
    orbitRadii: [0, 82, 162, 335, 493, 662, 846],
    skillsPerOrbit: [1, 6, 16, 16, 40, 72, 72],
    jewelSlots: [],
    byId: new Map(nodes.map((n) => [n.id, n])),
  };
}
