import { describe, expect, it } from "vitest";
import { buildGeometry, edgeLayerAt, EDGE_LOD_SCALES, visibleRuns } from "../geometry";
import { gatherRuns, runVertices } from "../gatheredRuns";
import { realTree } from "./testModel";

describe("gathered runs", () => {
  it("copies each run's indices in order, keeping the index width", () => {
    const source = new Uint16Array([10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
    const got = gatherRuns(source, [[1, 2], [5, 3], [9, 1]]);
    expect(got).toBeInstanceOf(Uint16Array);
    expect([...got]).toEqual([11, 12, 15, 16, 17, 19]);
    expect(gatherRuns(new Uint32Array([70000, 70001, 70002]), [[1, 2]])).toEqual(new Uint32Array([70001, 70002]));
    expect(gatherRuns(source, []).length).toBe(0);
  });

  it("numbers the vertices of vertex runs, 32-bit only past 65,536 vertices", () => {
    expect([...runVertices([[3, 2], [10, 3]])]).toEqual([3, 4, 10, 11, 12]);
    expect(runVertices([[65530, 6]])).toBeInstanceOf(Uint16Array);
    const wide = runVertices([[65535, 3]]);
    expect(wide).toBeInstanceOf(Uint32Array);
    expect([...wide]).toEqual([65535, 65536, 65537]);
  });

  it("draws the same triangles and lines as the runs drawn one by one, on the real tree", () => {
    const { model } = realTree();
    const geo = buildGeometry(model);
    const b = model.bounds;
    const cx = (b.minX + b.maxX) / 2, cy = (b.minY + b.maxY) / 2, span = (b.maxX - b.minX) / 6;
    const view = { minX: cx - span, maxX: cx + span, minY: cy - span, maxY: cy + span };
    const edges = edgeLayerAt(geo, EDGE_LOD_SCALES[4]);
    const runs = visibleRuns(edges.tiles, view);
    // A view into the middle of the tree meets several tiles that are not neighbours in index order.
    expect(runs.length).toBeGreaterThan(2);
    const oneByOne = runs.flatMap(([first, count]) => [...edges.indices.subarray(first, first + count)]);
    expect([...gatherRuns(edges.indices, runs)]).toEqual(oneByOne);
    const lineRuns = runs.map(([first, count]): [number, number] => [first / 3, count / 3]);
    const lines = gatherRuns(edges.lines!, lineRuns);
    expect(lines.length * 3).toBe(oneByOne.length);
    // Each line joins the left vertices of its quad (EdgeLod.lines): the quad's first and last index.
    for (let q = 0; q < lines.length / 2; q++) expect([lines[2 * q], lines[2 * q + 1]]).toEqual([oneByOne[6 * q], oneByOne[6 * q + 5]]);
  });
});
