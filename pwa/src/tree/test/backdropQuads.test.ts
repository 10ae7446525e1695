// Where the tree's backdrops sit, on the real 3.28 and 3.12 trees with the real art bundle (game-data/dist),
// checked against an independent reading of the raw export in ../shared.
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { TREES_DIR } from "@workers/sharedDir";
import { ascendancyBackdrops, backdropQuads, BACKDROP_KIND, BACKDROP_SHEETS, hasBackdrops, type BackdropArt } from "../art/backdropQuads";
import { distManifest, realTree, tinyModel } from "./testModel";

const DIST = fileURLToPath(new URL("../../../../game-data/dist/", import.meta.url));
const art = JSON.parse(readFileSync(DIST + distManifest().files["art/3.28"], "utf8")) as BackdropArt;

interface RawTree {
  groups: Record<string, { x: number; y: number }>;
  nodes: Record<string, { skill?: number; id?: number; group?: number; g?: number; orbit?: number; o?: number; ascendancyName?: string; isAscendancyStart?: boolean }>;
}
const raw = (file: string) => JSON.parse(gunzipSync(readFileSync(`${TREES_DIR}/${file}`)).toString("utf8")) as RawTree;

describe("ascendancy backdrops", () => {
  it("the bundle has every backdrop sheet", () => {
    expect(hasBackdrops(art)).toBe(true);
    expect(hasBackdrops({ ...art, backdrops: undefined } as Partial<BackdropArt>)).toBe(false);
  });

  for (const [version, file] of [["3.28", "3_28.json.gz"], ["3.12", "3_12.json.gz"], ["3.6", "3_6.json.gz"]] as const) {
    it(`sit on each ascendancy start node's group on the ${version} tree, at the export's own spacing`, () => {
      const { model } = realTree(version);
      const tree = raw(file);
      const placed = ascendancyBackdrops(model, art);
      const rawStarts = Object.entries(tree.nodes).filter(([, n]) => n.isAscendancyStart && n.ascendancyName);
      // One backdrop per ascendancy of the export, each with the art named after its ascendancy id.
      expect(placed.map((b) => b.ascendancy).sort()).toEqual(rawStarts.map(([, n]) => n.ascendancyName!).sort());
      for (const b of placed) {
        const [, , , w, h] = art.backdrops.ascendancies[b.ascendancy];
        expect([b.width, b.height]).toEqual([w / art.zoom, h / art.zoom]);
        const [startId, start] = rawStarts.find(([, n]) => n.ascendancyName === b.ascendancy)!;
        expect(model.nodes[b.startNode].id).toBe(Number(start.skill ?? start.id ?? startId));
        const rawStartGroup = tree.groups[String(start.group ?? start.g)];
        // Every single-position passive (orbit 0 sits on its group's centre) of the ascendancy is as far from
        // the backdrop's centre as the export has it from the start node's group: the pipeline moves each
        // ascendancy as one piece, and the backdrop moves with it.
        let checked = 0;
        for (const [id, n] of Object.entries(tree.nodes)) {
          if (n.ascendancyName !== b.ascendancy || (n.orbit ?? n.o) !== 0) continue;
          const m = model.byId.get(Number(n.skill ?? n.id ?? id));
          if (!m) continue;
          const g = tree.groups[String(n.group ?? n.g)];
          expect(Math.hypot(m.x - b.x, m.y - b.y)).toBeCloseTo(Math.hypot(g.x - rawStartGroup.x, g.y - rawStartGroup.y), 0);
          checked++;
        }
        expect(checked).toBeGreaterThan(0);
        // The start node itself is at the group's centre.
        expect(Math.hypot(model.nodes[b.startNode].x - b.x, model.nodes[b.startNode].y - b.y)).toBeLessThan(0.05);
      }
    });
  }

  it("draw a quarter opaque unless the build has the ascendancy, and only where their start node is shown", () => {
    const { model } = realTree("3.28");
    const { ascendancies } = backdropQuads(model, art);
    expect(ascendancies.length).toBe(34); // 19 class ascendancies, Reliquarian and the 14 league bloodlines
    for (const q of ascendancies) {
      const n = model.nodes[q.node];
      expect(n.kind).toBe("ascendancyStart");
      expect(q.alphaOff).toBe(0.25);
      expect(q.members).toContain(q.node);
      expect(q.members.every((i) => model.nodes[i].ascendancyName === n.ascendancyName)).toBe(true);
      // The bloodlines' art is on their own sheet.
      expect(BACKDROP_SHEETS[q.sheet]).toBe(art.backdrops.ascendancies[n.ascendancyName!][0]);
    }
  });
});

describe("class start art and the tiled background", () => {
  it("centres each class's art on its start node, the unallocated ring at its own smaller size", () => {
    const { model } = realTree("3.28");
    const { classStarts, tile } = backdropQuads(model, art);
    expect(classStarts.length).toBe(7);
    for (const q of classStarts) {
      const n = model.nodes[q.node];
      expect(n.kind).toBe("classStart");
      const cx = (q.corners[0][0] + q.corners[2][0]) / 2, cy = (q.corners[0][1] + q.corners[2][1]) / 2;
      expect(cx).toBeCloseTo(n.x, 6);
      expect(cy).toBeCloseTo(n.y, 6);
      const rect = art.backdrops.classStarts[`center${model.classes[n.classStartIndex!].name.toLowerCase()}`];
      const ring = art.backdrops.classStartInactive;
      const qw = (q.corners[1][0] - q.corners[0][0]) * art.zoom;
      // The sprite shown is its own pixel size over the sheets' zoom: quad extent / k.
      expect(qw / q.kOn[0]).toBeCloseTo(rect[2], 6);
      expect(qw / q.kOff[0]).toBeCloseTo(ring[2], 6);
      expect(q.kOff[0]).toBeGreaterThan(1);
    }
    // One tile quad over the tree and around it, repeating every tileUnits from the tree's origin.
    expect(tile.length).toBe(1);
    const t = tile[0];
    expect(t.kind).toBe(BACKDROP_KIND.tile);
    expect(t.node).toBe(-1);
    t.corners.forEach(([x, y], c) => expect(t.local[c]).toEqual([x / art.backdrops.tileUnits, y / art.backdrops.tileUnits]));
    expect(t.corners[0][0]).toBeLessThan(model.bounds.minX);
    expect(t.corners[2][1]).toBeGreaterThan(model.bounds.maxY);
  });

  it("draws each ascendancy start node with the AscendancyMiddle of the sheet kind holding its ascendancy's art", () => {
    // Independently: the raw sprites.json of the 3.28 art, read here.
    const sprites = JSON.parse(gunzipSync(readFileSync(`${TREES_DIR}/../tree-art/3_28/sprites.json.gz`)).toString("utf8")).sprites as Record<
      string, { filename: string; coords: Record<string, { x: number; y: number; w: number; h: number }> }
    >;
    const { model } = realTree("3.28");
    const { ascendancyStarts } = backdropQuads(model, art);
    const starts = model.nodes.filter((n) => n.kind === "ascendancyStart");
    expect(ascendancyStarts.length).toBe(starts.length);
    expect(ascendancyStarts.length).toBe(34);
    for (const q of ascendancyStarts) {
      const n = model.nodes[q.node];
      expect(n.kind).toBe("ascendancyStart");
      const kind = Object.values(sprites).find((k) => k.coords[`Classes${n.ascendancyName}`])!;
      const m = kind.coords.AscendancyMiddle;
      const sheet = BACKDROP_SHEETS[q.sheet];
      const [w, h] = art.sheets[sheet].size;
      expect(kind.filename).toContain(sheet === "ascendancy" ? "ascendancy-3" : "bloodline-3");
      expect(q.on).toEqual([m.x / w, m.y / h, m.w / w, m.h / h]);
      expect(q.off).toEqual(q.on);
      const cx = (q.corners[0][0] + q.corners[2][0]) / 2, cy = (q.corners[0][1] + q.corners[2][1]) / 2;
      expect(cx).toBeCloseTo(n.x, 6);
      expect(cy).toBeCloseTo(n.y, 6);
      expect((q.corners[1][0] - q.corners[0][0]) * art.zoom).toBeCloseTo(m.w, 6);
    }
    // A bundle from before the start sprites: none, and no crash.
    const old = { ...art, backdrops: { ...art.backdrops, ascendancyStarts: undefined } };
    expect(backdropQuads(model, old).ascendancyStarts).toEqual([]);
  });

  it("leaves out what the art does not name", () => {
    // The hand-made model's ascendancy has a start node but no group slots: no backdrop, and no crash.
    const q = backdropQuads(tinyModel(), art);
    expect(q.ascendancies).toEqual([]);
    expect(q.tile.length).toBe(1);
  });
});
