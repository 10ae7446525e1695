import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { TREES_DIR } from "@workers/sharedDir";
import { TREE_FORMAT, treeModelFromBundle, TreeFormatError, upgradeTreeBundle } from "../adapter";
import { arcPoint } from "../geometry";
import { neighbours } from "../graph";
import { ascendancyBounds, visibleAscendancies } from "../model";
import { realTree } from "./testModel";

interface ExportNode {
  skill?: number;
  group?: number;
  name?: string;
  stats?: string[];
  ascendancyName?: string;
  isMastery?: boolean;
  isAscendancyStart?: boolean;
  classStartIndex?: number;
  grantedStrength?: number;
  grantedDexterity?: number;
  grantedIntelligence?: number;
  grantedPassivePoints?: number;
  expansionJewel?: { size: number; index: number; proxy?: string; parent?: string };
  in?: string[];
  out?: string[];
}
interface Export {
  nodes: Record<string, ExportNode>;
  classes: { name: string; base_str: number; ascendancies: { id: string; name: string }[] }[];
  alternate_ascendancies?: { id: string; name: string }[];
}

/** The official export the pipeline read, straight from ../shared: the independent side of these checks. */
function exportOf(version: string): Export {
  const file = resolve(TREES_DIR, `${version.replace(".", "_")}.json.gz`);
  return JSON.parse(gunzipSync(readFileSync(file)).toString()) as Export;
}

describe.each(["3.25", "3.28"])("the one tree model against the %s export", (version) => {
  const { model } = realTree(version);
  const ex = exportOf(version);
  const placed = Object.entries(ex.nodes).filter(([k, n]) => k !== "root" && n.group !== undefined && n.skill !== undefined);

  it("holds every placed node with its name, stats, ascendancy, granted attributes and cluster socket", () => {
    expect(model.nodes).toHaveLength(placed.length);
    for (const [key, n] of placed) {
      const node = model.byId.get(Number(key))!;
      expect(node.name).toBe(n.name ?? "");
      expect(node.stats).toEqual(n.stats ?? []);
      expect(node.ascendancyName).toBe(n.ascendancyName ?? null);
      const g = [n.grantedStrength ?? 0, n.grantedDexterity ?? 0, n.grantedIntelligence ?? 0, n.grantedPassivePoints ?? 0];
      expect(node.granted ? [node.granted.strength, node.granted.dexterity, node.granted.intelligence, node.granted.passivePoints] : [0, 0, 0, 0]).toEqual(g);
      const ej = n.expansionJewel;
      expect(node.expansionJewel).toEqual(
        ej ? { size: ej.size, index: ej.index, proxy: ej.proxy ? Number(ej.proxy) : null, parent: ej.parent ? Number(ej.parent) : null } : null,
      );
    }
    expect(model.nodes.some((n) => n.granted)).toBe(true);
    expect(model.nodes.some((n) => n.expansionJewel?.parent)).toBe(true);
  });

  it("joins exactly the export's links, minus masteries, start links and links between ascendancies", () => {
    const want = new Map<number, Set<number>>();
    const link = (a: number, b: number) => {
      if (!want.has(a)) want.set(a, new Set());
      want.get(a)!.add(b);
    };
    for (const [key, n] of placed) {
      for (const o of [...(n.in ?? []), ...(n.out ?? [])]) {
        const m = ex.nodes[o];
        if (!m || o === key || m.group === undefined || m.skill === undefined) continue;
        if (n.isMastery || m.isMastery) continue;
        if ((n.classStartIndex !== undefined && m.isAscendancyStart) || (m.classStartIndex !== undefined && n.isAscendancyStart)) continue;
        if ((n.ascendancyName ?? null) !== (m.ascendancyName ?? null)) continue;
        link(Number(key), Number(o));
        link(Number(o), Number(key));
      }
    }
    const adj = neighbours(model);
    for (const node of model.nodes) {
      expect(new Set(adj[node.index].map((i) => model.nodes[i].id))).toEqual(want.get(node.id) ?? new Set());
    }
  });

  it("names the classes, their ascendancies in planner order and the alternate ones", () => {
    expect(model.classes.map((c) => c.name)).toEqual(ex.classes.map((c) => c.name));
    expect(model.classes.map((c) => c.ascendancies)).toEqual(ex.classes.map((c) => c.ascendancies.map((a) => a.id)));
    expect(model.classes.map((c) => c.baseStr)).toEqual(ex.classes.map((c) => c.base_str));
    expect(model.alternateAscendancies).toEqual((ex.alternate_ascendancies ?? []).map((a) => a.id));
    for (const a of model.ascendancies) {
      const meta = [...ex.classes.flatMap((c) => c.ascendancies), ...(ex.alternate_ascendancies ?? [])].find((x) => x.id === a.id)!;
      expect(a.name).toBe(meta.name);
    }
    model.classes.forEach((c, i) => expect(model.nodes[c.startNode].classStartIndex).toBe(i));
  });

  it("keeps every node inside the bounds, and both ends of every arc on its orbit", () => {
    const { minX, minY, maxX, maxY } = model.bounds;
    for (const n of model.nodes) expect(n.x >= minX && n.x <= maxX && n.y >= minY && n.y <= maxY).toBe(true);
    for (const e of model.edges) {
      if (!e.arc) continue;
      const ends = [arcPoint(e.arc.cx, e.arc.cy, e.arc.r, e.arc.a0), arcPoint(e.arc.cx, e.arc.cy, e.arc.r, e.arc.a1)];
      for (const n of [model.nodes[e.a], model.nodes[e.b]]) {
        expect(Math.min(...ends.map(([x, y]) => Math.hypot(x - n.x, y - n.y)))).toBeLessThan(1);
      }
    }
  });
});

describe("bundle format", () => {
  it("reads the current format and upgrades format 1 step by step", () => {
    const { bundle } = realTree();
    expect(bundle.format).toBe(TREE_FORMAT);
    const v1 = { ...structuredClone(bundle), format: 1, imageZoomLevels: [0.1], jewelSlots: [] };
    expect(upgradeTreeBundle(v1).format).toBe(TREE_FORMAT);
    expect(treeModelFromBundle(v1).nodes).toHaveLength(bundle.nodes.id.length);
  });

  it("fails clearly on a format it does not know", () => {
    const { bundle } = realTree();
    expect(() => treeModelFromBundle({ ...bundle, format: TREE_FORMAT + 1 })).toThrow(TreeFormatError);
    expect(() => treeModelFromBundle({ ...bundle, format: TREE_FORMAT + 1 })).toThrow(
      `Unknown passive tree bundle format ${TREE_FORMAT + 1}: this app reads formats 1 to ${TREE_FORMAT}. Reload to update the app.`,
    );
    expect(() => treeModelFromBundle({ nodes: [] })).toThrow(/Unknown passive tree bundle format null/);
    expect(() => treeModelFromBundle(null)).toThrow(TreeFormatError);
  });
});

describe("placed ascendancy trees (real 3.25 tree)", () => {
  it("maps class and ascendancy ids to the placed ascendancy trees", () => {
    const { model } = realTree();
    const names = visibleAscendancies(model, { classId: 1, ascendancyId: 1 });
    expect([...names]).toEqual([model.classes[1].ascendancies[0]]);
    const b = ascendancyBounds(model, names)!;
    const start = model.nodes[model.classes[1].startNode];
    // Beside its class start: the ascendancy's centre is within ~2000 units of it.
    expect(Math.hypot((b.minX + b.maxX) / 2 - start.x, (b.minY + b.maxY) / 2 - start.y)).toBeLessThan(2200);
  });
});
