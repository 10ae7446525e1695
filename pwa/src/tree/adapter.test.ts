import { describe, expect, it } from "vitest";
import { arcPoint } from "./geometry";
import { ascendancyBounds, visibleAscendancies } from "./model";
import { realTree } from "./testModel";

describe("bundle adapter (real 3.25 tree)", () => {
  it("keeps every node with an index, a finite position inside the bounds and a kind", () => {
    const { bundle, model } = realTree();
    expect(model.nodes).toHaveLength(bundle.nodes.id.length);
    const { minX, minY, maxX, maxY } = model.bounds;
    model.nodes.forEach((n, i) => {
      expect(n.index).toBe(i);
      expect(Number.isFinite(n.x) && Number.isFinite(n.y)).toBe(true);
      expect(n.x >= minX && n.x <= maxX && n.y >= minY && n.y <= maxY).toBe(true);
    });
    const kinds = new Set(model.nodes.map((n) => n.kind));
    for (const k of ["normal", "notable", "keystone", "mastery", "jewel", "classStart", "ascendancyStart", "ascendancy"]) {
      expect(kinds.has(k as never)).toBe(true);
    }
  });

  it("reads names, stats, flavour and mastery effects of known nodes", () => {
    const { model } = realTree();
    const rt = model.nodes.find((n) => n.name === "Resolute Technique")!;
    expect(rt.kind).toBe("keystone");
    expect(rt.stats.join("\n")).toContain("Your hits can't be Evaded");
    expect(rt.flavourText.length).toBeGreaterThan(0);
    const masteries = model.nodes.filter((n) => n.kind === "mastery" && n.masteryEffects.length > 0);
    expect(masteries.length).toBeGreaterThan(50);
    expect(masteries[0].masteryEffects[0].stats.length).toBeGreaterThan(0);
    const proxies = model.nodes.filter((n) => n.proxy);
    expect(proxies.length).toBeGreaterThan(30);
    expect(proxies.some((n) => n.name === "Position Proxy")).toBe(true);
    expect(model.nodes.filter((n) => n.name === "Position Proxy").every((n) => n.proxy)).toBe(true);
    const starts = model.nodes.filter((n) => n.kind === "classStart").map((n) => n.classStartIndex).sort();
    expect(starts).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it("puts both ends of every arc edge on its orbit", () => {
    const { model } = realTree();
    let arcs = 0;
    for (const e of model.edges) {
      if (!e.arc) continue;
      arcs++;
      const ends = [arcPoint(e.arc.cx, e.arc.cy, e.arc.r, e.arc.a0), arcPoint(e.arc.cx, e.arc.cy, e.arc.r, e.arc.a1)];
      for (const n of [model.nodes[e.a], model.nodes[e.b]]) {
        const d = Math.min(...ends.map(([x, y]) => Math.hypot(x - n.x, y - n.y)));
        expect(d).toBeLessThan(1);
      }
    }
    expect(arcs).toBeGreaterThan(500);
  });

  it("maps class and ascendancy ids to the placed ascendancy trees", () => {
    const { model } = realTree();
    expect(model.classes.map((c) => c.name)).toEqual(["Scion", "Marauder", "Ranger", "Witch", "Duelist", "Templar", "Shadow"]);
    const names = visibleAscendancies(model, { classId: 1, ascendancyId: 1 });
    expect([...names]).toEqual(["Juggernaut"]);
    const b = ascendancyBounds(model, names)!;
    const start = model.nodes.find((n) => n.kind === "classStart" && n.classStartIndex === 1)!;
    // Beside its class start: the ascendancy's centre is within ~2000 units of it.
    expect(Math.hypot((b.minX + b.maxX) / 2 - start.x, (b.minY + b.maxY) / 2 - start.y)).toBeLessThan(2200);
    expect(model.alternateAscendancies.length).toBeGreaterThan(0);
  });
});
