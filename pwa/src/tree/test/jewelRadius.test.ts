import { describe, expect, it } from "vitest";
import { BASE_RADIUS, jewelCircles, jewelRadius, nodesInRadius, radiusListItems, treeScale } from "../jewelRadius";
import { realTree } from "./testModel";

const item = (name: string, mods: string[] = []) => ({ name, explicitMods: mods.map((text) => ({ text })) });
// Image zoom levels of the trees before 3.16 (their export's imageZoomLevels).
const ZOOMS = [0.1246, 0.2109, 0.2972, 0.3835];

describe("jewel radius", () => {
  it("matches the spec's circle widths at each image zoom level (Small 199/337/476/614, Medium 299-920, Large 374-1151)", () => {
    expect(ZOOMS.map((z) => Math.round(2 * BASE_RADIUS.Small * z))).toEqual([199, 337, 476, 614]);
    expect([ZOOMS[0], ZOOMS[3]].map((z) => Math.round(2 * BASE_RADIUS.Medium * z))).toEqual([299, 920]);
    expect([ZOOMS[0], ZOOMS[3]].map((z) => Math.round(2 * BASE_RADIUS.Large * z))).toEqual([374, 1151]);
  });

  it("scales with the tree's layout per version: the class starts moved out by the same factor", () => {
    const witch = (v: string) => {
      const { model } = realTree(v);
      const n = model.nodes.find((x) => x.kind === "classStart" && model.classes[x.classStartIndex!]?.name.toUpperCase() === "WITCH")!;
      return Math.hypot(n.x, n.y);
    };
    expect(witch("3.25") / witch("3.15")).toBeCloseTo(treeScale("3.25") / treeScale("3.15"), 1);
    expect(treeScale("3.15")).toBe(1);
    expect(treeScale("3_16")).toBe(1.2);
    expect(jewelRadius(item("Lethal Pride"), "3.10")?.outer).toBe(1500);
    expect(jewelRadius(item("Lethal Pride"), "3.28")?.outer).toBe(1800);
    expect(jewelRadius(item("Intuitive Leap"), "3.28")).toEqual({ inner: 0, outer: 960, size: "Small" });
  });

  it("reads timeless, radius uniques, prefixed names and Thread of Hope's ring; others have none", () => {
    for (const n of ["Glorious Vanity", "Elegant Hubris", "Militant Faith", "Brutal Restraint"]) expect(jewelRadius(item(n), "3.28")?.size).toBe("Large");
    for (const n of ["Unnatural Instinct", "Impossible Escape"]) expect(jewelRadius(item(n), "3.28")?.size).toBe("Small");
    expect(jewelRadius(item("Foulborn The Green Nightmare"), "3.28")?.outer).toBe(1800);
    expect(jewelRadius(item("Thread of Hope", ["Only affects Passives in Large Ring", "-15% to all Elemental Resistances"]), "3.28"))
      .toEqual({ inner: 1680, outer: 2040, size: "Large" });
    expect(jewelRadius(item("Thread of Hope", ["Only affects Passives in Small Ring"]), "3.12")).toEqual({ inner: 800, outer: 1100, size: "Small" });
    expect(jewelRadius(item("Watcher's Eye"), "3.28")).toBeNull();
    expect(jewelRadius(item("Crimson Jewel", ["+10 to maximum Life"]), "3.28")).toBeNull();
  });

  it("finds the passives inside a circle and inside a ring only", () => {
    const nodes = [0, 500, 959, 961, 1500].map((x, index) => ({ index, x, y: 0 }));
    nodes.push({ index: 5, x: 0, y: 0 });
    expect(nodesInRadius(nodes, 0, 0, { inner: 0, outer: 960, size: "Small" })).toEqual([1, 2]);
    expect(nodesInRadius(nodes, 0, 0, { inner: 960, outer: 1320, size: "Small" })).toEqual([3]);
  });
});

describe("jewel circles on a tree", () => {
  it("centres on the socket, or on the keystone Impossible Escape names, and lists the passives inside", () => {
    const { model } = realTree("3.28");
    const socket = model.nodes.find((n) => n.kind === "jewel" && !n.proxy && Math.hypot(n.x, n.y) > 3000)!;
    const keystone = model.nodes.find((n) => n.kind === "keystone" && n.name === "Resolute Technique")!;
    const items: Record<number, { name: string; explicitMods: { text: string }[] }> = {
      [socket.id]: item("Lethal Pride"),
    };
    const [circle] = jewelCircles(model, [socket.id], (id) => items[id] ?? null);
    expect([circle.x, circle.y, circle.radius.outer]).toEqual([socket.x, socket.y, 1800]);
    expect(circle.inside.length).toBeGreaterThan(20);
    for (const i of circle.inside) expect(Math.hypot(model.nodes[i].x - socket.x, model.nodes[i].y - socket.y)).toBeLessThanOrEqual(1800);
    items[socket.id] = item("Impossible Escape", ["Passives in Radius of Resolute Technique can be Allocated without being connected to your tree"]);
    const [escape] = jewelCircles(model, [socket.id], (id) => items[id] ?? null);
    expect([escape.x, escape.y, escape.radius.outer]).toEqual([keystone.x, keystone.y, 960]);
    items[socket.id] = item("Watcher's Eye");
    expect(jewelCircles(model, [socket.id], (id) => items[id] ?? null)).toEqual([]);
  });
});

describe("what a radius reaches", () => {
  it("the main tree's passives only: no ascendancy passive (the Scion's centre holds the Ascendant's and the bloodlines'), no class start", () => {
    const { model } = realTree("3.28");
    // The socket beside the Scion's start (Unnatural Instinct's in the corpus Flicker Strike build).
    const socket = model.byId.get(31683)!;
    expect(socket.kind).toBe("jewel");
    const near = model.nodes.filter((n) => n !== socket && Math.hypot(n.x - socket.x, n.y - socket.y) <= 960);
    expect(near.filter((n) => n.ascendancyName).length).toBeGreaterThan(20);
    const [circle] = jewelCircles(model, [socket.id], () => item("Unnatural Instinct"));
    const inside = circle.inside.map((i) => model.nodes[i]);
    expect(inside.length).toBeGreaterThan(20);
    expect(inside.filter((n) => n.ascendancyName || n.kind === "classStart" || n.proxy)).toEqual([]);
    expect(inside.length).toBe(near.filter((n) => !n.ascendancyName && n.kind !== "classStart" && !n.proxy).length);
  });
});

describe("the text list of radius jewels", () => {
  it("names each jewel, its size and how many passives are inside, per version (proxy sockets not counted)", () => {
    for (const [version, outer] of [["3.28", 1800], ["3.12", 1500]] as const) {
      const { model } = realTree(version);
      const socket = model.nodes.find((n) => n.kind === "jewel" && !n.proxy && Math.hypot(n.x, n.y) > 3000)!;
      const items: Record<number, { name: string; explicitMods: { text: string }[] }> = { [socket.id]: item("Glorious Vanity") };
      const [circle] = jewelCircles(model, [socket.id], (id) => items[id] ?? null);
      expect(circle.radius.outer).toBe(outer);
      const seen = circle.inside.filter((i) => !model.nodes[i].proxy).length;
      expect(seen).toBeGreaterThan(10);
      expect(radiusListItems([circle], model.nodes, () => "Glorious Vanity")).toEqual([
        { socketId: socket.id, label: `Glorious Vanity: Large radius, ${seen} passives inside` },
      ]);
    }
    const ring = { socketId: 7, x: 0, y: 0, radius: { inner: 1680, outer: 2040, size: "Large" as const }, inside: [0] };
    expect(radiusListItems([ring], [{ proxy: false }], () => null)).toEqual([{ socketId: 7, label: "Jewel: Large ring, 1 passive inside" }]);
  });
});
