// Which group background and which line sprite the tree art draws, on the real 3.28, 3.12 and 3.6 trees
// with the real art bundle (game-data/dist), checked against an independent reading of the export.
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { TREES_DIR } from "@workers/sharedDir";
import type { ArtBundle } from "../art/artQuads";
import { decoQuads, DECO_MODE, groupBackground, lineActive, type DecoArt } from "../art/decoQuads";
import type { GroupSlot } from "../model";
import { distManifest, realTree } from "./testModel";

const DIST = fileURLToPath(new URL("../../../../game-data/dist/", import.meta.url));
const art = JSON.parse(readFileSync(DIST + distManifest().files["art/3.28"], "utf8")) as ArtBundle & DecoArt;

const slot = (extra: Partial<GroupSlot>): GroupSlot => ({ x: 0, y: 0, orbits: [0], background: 0, proxy: false, ascendancyName: null, ...extra });

describe("group backgrounds", () => {
  it("follows the export's background field where the tree names one", () => {
    expect(groupBackground(slot({ orbits: [0, 2, 3], background: 3 }), true)).toEqual({ image: "PSGroupBackground3", half: true });
    expect(groupBackground(slot({ orbits: [0, 2, 3], background: 2 }), true)).toEqual({ image: "PSGroupBackground2", half: false });
    expect(groupBackground(slot({ orbits: [1], background: 1 }), true)).toEqual({ image: "PSGroupBackground1", half: false });
    // A tree that names backgrounds: a group without one has none, whatever its orbits.
    expect(groupBackground(slot({ orbits: [0, 3], background: 0 }), true)).toBeNull();
    expect(groupBackground(slot({ orbits: [2], background: 2, proxy: true }), true)).toBeNull();
    expect(groupBackground(slot({ orbits: [2], background: 2, ascendancyName: "Slayer" }), true)).toEqual({ image: "PSGroupBackground2", half: false });
    expect(groupBackground(slot({ orbits: [2], ascendancyName: "Slayer" }), false)).toBeNull();
  });

  it("derives it from orbits 1-3 on trees that name none, as Path of Building does (PassiveTreeView.lua renderGroup)", () => {
    expect(groupBackground(slot({ orbits: [0, 1, 2, 3] }), false)).toEqual({ image: "PSGroupBackground3", half: true });
    expect(groupBackground(slot({ orbits: [3, 4] }), false)).toEqual({ image: "PSGroupBackground3", half: true });
    // Orbit 4 (the 40-node ring) has no background of its own: the largest of orbits 1-3 decides.
    expect(groupBackground(slot({ orbits: [4] }), false)).toBeNull();
    expect(groupBackground(slot({ orbits: [0, 4] }), false)).toBeNull();
    expect(groupBackground(slot({ orbits: [0, 2, 4] }), false)).toEqual({ image: "PSGroupBackground2", half: false });
    expect(groupBackground(slot({ orbits: [1, 4] }), false)).toEqual({ image: "PSGroupBackground1", half: false });
    expect(groupBackground(slot({ orbits: [0, 2] }), false)).toEqual({ image: "PSGroupBackground2", half: false });
    expect(groupBackground(slot({ orbits: [1] }), false)).toEqual({ image: "PSGroupBackground1", half: false });
    expect(groupBackground(slot({ orbits: [0] }), false)).toBeNull();
  });

  it("gives each 3.28 group the background its export names: one quad, or two mirrored halves", () => {
    const { model } = realTree("3.28");
    const raw = JSON.parse(gunzipSync(readFileSync(`${TREES_DIR}/3_28.json.gz`)).toString("utf8")) as {
      groups: Record<string, { x: number; background?: { image: string; isHalfImage?: boolean }; isProxy?: boolean }>;
    };
    const named = Object.values(raw.groups).filter((g) => g.background && !g.isProxy);
    const halves = named.filter((g) => g.background!.isHalfImage).length;
    const { backgrounds } = decoQuads(model, art);
    expect(backgrounds.every((q) => q.mode === DECO_MODE.background && q.a === -1)).toBe(true);
    expect(backgrounds.length).toBe(named.length + halves);
    const bg3 = art.groupBackgrounds.PSGroupBackground3;
    const top = backgrounds.filter((q) => q.local[0][1] === 0 && Math.abs(q.corners[2][1] - q.corners[0][1] - bg3[3] / art.zoom) < 1e-6);
    const bottom = backgrounds.filter((q) => q.local[0][1] === 1);
    // Every half background is a top half plus its mirror, meeting on the group's centre line.
    expect(bottom.length).toBe(halves);
    for (const b of bottom) {
      const t = top.find((q) => q.corners[0][0] === b.corners[0][0] && q.corners[2][1] === b.corners[0][1]);
      expect(t).toBeDefined();
      expect(b.on).toEqual(t!.on);
    }
  });

  it("draws backgrounds on an older tree that names none, from its orbits", () => {
    const { model } = realTree("3.12");
    expect(model.groupSlots!.every((g) => g.background === 0)).toBe(true);
    const { backgrounds } = decoQuads(model, art);
    // Independently of the model: the raw 3.12 export's groups, their orbits read as Path of Building's `oo` set.
    const raw = JSON.parse(gunzipSync(readFileSync(`${TREES_DIR}/3_12.json.gz`)).toString("utf8")) as {
      groups: Record<string, { orbits: number[]; nodes: string[]; isProxy?: boolean }>;
      nodes: Record<string, { ascendancyName?: string }>;
    };
    const expected = Object.values(raw.groups).filter(
      (g) => !g.isProxy && !g.nodes.some((n) => raw.nodes[n]?.ascendancyName) && g.orbits.some((o) => o >= 1 && o <= 3),
    );
    const halves = expected.filter((g) => g.orbits.includes(3)).length;
    // Groups on orbit 4 alone exist in this tree, and get no background.
    expect(Object.values(raw.groups).some((g) => g.orbits.includes(4) && !g.orbits.some((o) => o >= 1 && o <= 3))).toBe(true);
    expect(backgrounds.length).toBe(expected.length + halves);
  });

  it("draws backgrounds on the old layout (3.6) by Path of Building's rule, from the export's `oo` read independently", () => {
    const { model } = realTree("3.6");
    expect(model.groupSlots!.every((g) => g.background === 0 && g.orbits.every((o) => Number.isInteger(o)))).toBe(true);
    // The raw 3.6 export: each group's `oo` is Path of Building's own set (`oo[orbit] = true`), a Lua table written
    // as an object keyed by orbit ({"0": true, "2": true}) or, when its keys were 1..n, as a list: [true] is oo[1].
    type Seq<T> = T[] | Record<string, T>;
    const raw = JSON.parse(gunzipSync(readFileSync(`${TREES_DIR}/3_6.json.gz`)).toString("utf8")) as {
      groups: Record<string, { x: number; y: number; oo: Seq<boolean>; n: Seq<number> }>;
      nodes: Record<string, { ascendancyName?: string }>;
    };
    const values = <T,>(s: Seq<T>): T[] => (Array.isArray(s) ? s : Object.values(s));
    const oo = (g: { oo: Seq<boolean> }): Set<number> =>
      new Set(Array.isArray(g.oo) ? g.oo.flatMap((on, i) => (on ? [i + 1] : [])) : Object.keys(g.oo).filter((k) => (g.oo as Record<string, boolean>)[k]).map(Number));
    expect(Object.values(raw.groups).filter((g) => Array.isArray(g.oo) && g.oo.length).length).toBe(82);
    // renderGroup: no background for ascendancy groups; else oo[3] -> 3 (a half, mirrored), oo[2] -> 2, oo[1] -> 1.
    const expected: { image: string; x: number; y: number }[] = [];
    for (const g of Object.values(raw.groups)) {
      const members = values(g.n);
      if (!members.length || members.some((n) => raw.nodes[String(n)]?.ascendancyName)) continue;
      const used = oo(g);
      const n = used.has(3) ? 3 : used.has(2) ? 2 : used.has(1) ? 1 : 0;
      if (n) expected.push({ image: `PSGroupBackground${n}`, x: g.x, y: g.y });
    }
    // The list-form groups are 3.6's only orbit-1 groups: 82, of which 3 are ascendancy groups.
    expect(expected.filter((e) => e.image === "PSGroupBackground1").length).toBe(79);

    const { backgrounds } = decoQuads(model, art);
    const size = art.sheets.group.size;
    const imageOf = (q: { on: number[] }) =>
      Object.keys(art.groupBackgrounds).find((k) => {
        const r = art.groupBackgrounds[k];
        return q.on.every((v, i) => Math.abs(v - r[i] / size[i % 2]) < 1e-9);
      });
    // Each background's top (or only) quad, by image and centre; a half's centre is its bottom edge.
    const drawn = backgrounds.filter((q) => q.local[0][1] === 0).map((q) => {
      const image = imageOf(q)!;
      const cx = (q.corners[0][0] + q.corners[1][0]) / 2;
      const cy = image === "PSGroupBackground3" ? q.corners[2][1] : (q.corners[0][1] + q.corners[2][1]) / 2;
      return { image, x: cx, y: cy };
    });
    expect(drawn.length).toBe(expected.length);
    for (const e of expected) {
      // The bundle keeps positions to 0.01.
      const k = drawn.findIndex((d) => d.image === e.image && Math.abs(d.x - e.x) < 0.01 && Math.abs(d.y - e.y) < 0.01);
      expect(k, JSON.stringify(e)).toBeGreaterThanOrEqual(0);
      drawn.splice(k, 1);
    }
    expect(backgrounds.filter((q) => q.local[0][1] === 1).length).toBe(expected.filter((e) => e.image === "PSGroupBackground3").length);
  });
});

describe("line art", () => {
  it("gives every edge its inactive and active sprite: strips for straight edges, orbit arcs cut to the arc", () => {
    const { model } = realTree("3.28");
    const { lines } = decoQuads(model, art);
    const uvOf = (name: string) => {
      const r = art.lines[name], [w, h] = art.sheets.line.size;
      return [r[0] / w, r[1] / h, r[2] / w, r[3] / h];
    };
    const edges = new Set(lines.map((q) => `${q.a}-${q.b}`));
    expect(edges.size).toBe(model.edges.length);
    for (const q of lines) {
      if (q.mode === DECO_MODE.straight) {
        expect(q.off).toEqual(uvOf("LineConnectorNormal"));
        expect(q.on).toEqual(uvOf("LineConnectorActive"));
      } else {
        expect(q.mode).toBe(DECO_MODE.arc);
        expect(q.halfArc).toBeGreaterThan(0);
        expect(q.halfArc).toBeLessThanOrEqual(Math.PI / 4 + 1e-9);
        // The quad spans the larger sprite; the smaller one's coordinates are scaled up (k >= 1) and cut at its edge.
        expect(Math.min(q.kOn, q.kOff)).toBe(1);
        expect(Math.max(q.kOn, q.kOff)).toBeLessThan(1.1);
        // The ring kept is this orbit's: the next smaller orbit sprite (nested in the same corner) lies inside the cut.
        const w = q.off[2] * art.sheets.line.size[0];
        const smaller = Object.entries(art.lines).filter(([k, r]) => /^Orbit\dNormal$/.test(k) && r[2] < w).map(([, r]) => r[2]);
        if (smaller.length) expect(Math.max(...smaller) / w).toBeLessThan(q.cutOff);
        expect(q.cutOff).toBeGreaterThan(0);
      }
    }
    // An orbit-3 arc draws the Orbit3 sprites, and its quad's corner sits on the arc's centre.
    const e = model.edges.find((x) => x.arc && Math.abs(x.arc.r - 335) < 1)!;
    const q = lines.find((x) => x.a === e.a && x.b === e.b)!;
    expect(q.off).toEqual(uvOf("Orbit3Normal"));
    expect(q.on).toEqual(uvOf("Orbit3Active"));
    expect(q.corners[0]).toEqual([e.arc!.cx, e.arc!.cy]);
    // Both ends of the arc are inside the quad's angular window around its middle.
    const mid = Math.atan2(q.corners[2][0] - q.corners[0][0], -(q.corners[2][1] - q.corners[0][1]));
    for (const n of [model.nodes[e.a], model.nodes[e.b]]) {
      const a = Math.atan2(n.x - e.arc!.cx, -(n.y - e.arc!.cy));
      let d = Math.abs(a - mid);
      if (d > Math.PI) d = 2 * Math.PI - d;
      expect(d).toBeLessThanOrEqual(q.halfArc + 1e-6);
    }
  });

  it("is active only between two allocated nodes", () => {
    expect(lineActive(true, true)).toBe(true);
    expect(lineActive(true, false)).toBe(false);
    expect(lineActive(false, true)).toBe(false);
    expect(lineActive(false, false)).toBe(false);
  });

  it("leaves a bundle without the new fields to the plain shapes", () => {
    const { model } = realTree("3.28");
    expect(decoQuads(model, { zoom: art.zoom })).toEqual({ backgrounds: [], lines: [] });
  });

  it("fits the layer's 16-bit indices on every shipped tree", () => {
    for (const v of ["3.28", "3.12"]) {
      const q = decoQuads(realTree(v).model, art);
      expect(q.backgrounds.length * 4).toBeLessThanOrEqual(65536);
      expect(q.lines.length * 4).toBeLessThanOrEqual(65536);
    }
  });
});
