import { describe, expect, it } from "vitest";
import { buildGeometry } from "../geometry";
import { CompareSide, NodeState, StateBuffer } from "../states";
import { tinyModel } from "./testModel";
import { EdgeStyle, edgeStyle, VertexStates } from "../vertexStates";

function shownStates(n: number): StateBuffer {
  const s = new StateBuffer(n);
  for (let i = 0; i < n; i++) s.data[i * 4 + 2] = 1;
  return s;
}

describe("vertex states", () => {
  it("styles an edge by both of its ends", () => {
    const s = shownStates(3);
    expect(edgeStyle(s, 0, 1)).toBe(EdgeStyle.Normal);
    s.data[0] = s.data[4] = NodeState.Active;
    expect(edgeStyle(s, 0, 1)).toBe(EdgeStyle.Both);
    s.data[1] = CompareSide.BuildOnly;
    expect(edgeStyle(s, 0, 1)).toBe(EdgeStyle.InBuild);
    s.data[1] = CompareSide.OtherOnly;
    expect(edgeStyle(s, 0, 1)).toBe(EdgeStyle.InOther);
    s.data[0] = s.data[4] = NodeState.Active | NodeState.Pathing;
    expect(edgeStyle(s, 0, 1)).toBe(EdgeStyle.Pathing);
    s.data[4 + 2] = 0;
    expect(edgeStyle(s, 0, 1)).toBe(EdgeStyle.Hidden);
  });

  it("copies each node's state onto its four vertices and reports only the layers that changed", () => {
    const m = tinyModel();
    const geo = buildGeometry(m);
    const vs = new VertexStates(geo);
    const s = shownStates(m.nodes.length);
    expect(vs.update(s)).toEqual({ nodes: true, edges: true, groups: true });
    expect(vs.update(s)).toEqual({ nodes: false, edges: false, groups: false });
    // Hovering a node changes its vertices only; no edge looks different.
    s.data[2 * 4] |= NodeState.Hovered;
    expect(vs.update(s)).toEqual({ nodes: true, edges: false, groups: false });
    let hovered = 0;
    for (let v = 0; v < geo.nodes.vertexCount; v++) {
      const index = geo.nodes.owners[v];
      expect(vs.nodes[v * 4]).toBe(s.data[index * 4]);
      if (vs.nodes[v * 4] & NodeState.Hovered) hovered++;
    }
    expect(hovered).toBe(4);
    // Each node's point vertex carries the same bytes as its quad.
    for (let k = 0; k < geo.nodePoints.vertexCount; k++) {
      const index = geo.nodePoints.owners[k];
      expect([...vs.nodePoints.subarray(k * 4, k * 4 + 3)]).toEqual([...s.data.subarray(index * 4, index * 4 + 3)]);
    }
    expect([...vs.nodePoints].filter((b, i) => i % 4 === 0 && b & NodeState.Hovered).length).toBe(1);
    // Allocating both ends of edge 0 restyles its vertices.
    s.data[0] |= NodeState.Active;
    s.data[4] |= NodeState.Active;
    expect(vs.update(s).edges).toBe(true);
    expect([...vs.edges].filter((b) => b === EdgeStyle.Both).length).toBe(4);
  });

  it("says whether a shown node has a mark, so the node programs with marks are drawn only then", () => {
    const m = tinyModel();
    const vs = new VertexStates(buildGeometry(m));
    const s = shownStates(m.nodes.length);
    vs.update(s);
    expect(vs.marked).toBe(false);
    for (const mark of [NodeState.Highlighted, NodeState.Desired, NodeState.UnDesired]) {
      s.add(3, mark);
      vs.update(s);
      expect(vs.marked).toBe(true);
      s.remove(3, mark);
      vs.update(s);
      expect(vs.marked).toBe(false);
    }
    // A mark on a hidden node (another ascendancy) draws nothing.
    s.add(7, NodeState.Desired);
    s.data[7 * 4 + 2] = 0;
    s.revision++;
    vs.update(s);
    expect(vs.marked).toBe(false);
  });
});
