/**
 * Node states spread onto the vertices, as small byte attributes: the vertex
 * shaders read them directly instead of fetching from a state texture (a
 * texture fetch per vertex, two per edge vertex, is most of a frame on a
 * software GPU). Refilled only when the state buffer's revision changes, and a
 * layer is uploaded only when its bytes changed (hover never touches edges).
 */
import { EDGE_SPAN, type TreeGeometry } from "./geometry";
import { NodeState, type StateBuffer } from "./states";

/** Edge looks, in the order the edge shader tests them. */
export const EdgeStyle = { Hidden: 0, Normal: 1, InBuild: 2, InOther: 3, Both: 4, Pathing: 5 } as const;

export function edgeStyle(s: StateBuffer, a: number, b: number): number {
  return edgeStyleAt(s.data, a * 4, b * 4);
}

/**
 * edgeStyle from the state bytes at offsets `a` and `b` (flags, side, visible: states.ts), read in place:
 * it runs for every edge before the first frame, in V8's interpreter, where six method calls per edge cost
 * over a millisecond.
 */
function edgeStyleAt(d: Uint8Array, a: number, b: number): number {
  if (d[a + 2] === 0 || d[b + 2] === 0) return EdgeStyle.Hidden;
  const fa = d[a], fb = d[b];
  if ((fa & NodeState.Pathing) !== 0 && (fb & NodeState.Pathing) !== 0) return EdgeStyle.Pathing;
  if (!(fa & NodeState.Active) || !(fb & NodeState.Active)) return EdgeStyle.Normal;
  const sa = d[a + 1], sb = d[b + 1];
  const inBuild = sa !== 2 && sb !== 2;
  const inOther = sa !== 1 && sb !== 1;
  if (inBuild && inOther) return EdgeStyle.Both;
  if (inBuild) return EdgeStyle.InBuild;
  if (inOther) return EdgeStyle.InOther;
  return EdgeStyle.Normal;
}

export class VertexStates {
  /** 4 bytes per node vertex: flags, compare side, visible, 0. */
  readonly nodes: Uint8Array;
  /** The same 4 bytes per node point vertex (geometry.nodePoints: one per node, in the quads' order). */
  readonly nodePoints: Uint8Array;
  /** 1 byte per edge vertex: EdgeStyle. */
  readonly edges: Uint8Array;
  /** Whether some shown node has a mark (Highlighted, Desired, UnDesired): the node programs with marks are needed. */
  marked = false;
  /** 1 byte per group vertex: visible. */
  readonly groups: Uint8Array;
  /** `nodes` and `nodePoints` as one 32-bit word per vertex: a node's 4 state bytes move as one. */
  private readonly nodeWords: Uint32Array;
  private readonly pointWords: Uint32Array;
  private readonly nodeIndex: Int32Array;
  /** Each edge's vertex range and ends (geometry EDGE_SPAN). */
  private readonly edgeSpans: Int32Array;
  private readonly groupIndex: Int32Array;

  constructor(geo: TreeGeometry) {
    this.nodeIndex = geo.nodes.owners;
    this.edgeSpans = geo.edges.owners;
    this.groupIndex = geo.groups.owners;
    this.nodes = new Uint8Array(this.nodeIndex.length * 4);
    this.nodePoints = new Uint8Array(geo.nodePoints.vertexCount * 4);
    this.edges = new Uint8Array(geo.edges.vertexCount);
    this.groups = new Uint8Array(this.groupIndex.length);
    this.nodeWords = new Uint32Array(this.nodes.buffer);
    this.pointWords = new Uint32Array(this.nodePoints.buffer);
  }

  /** Refills every layer from `s`; returns which layers' bytes changed. */
  update(s: StateBuffer): { nodes: boolean; edges: boolean; groups: boolean } {
    const changed = { nodes: false, edges: false, groups: false };
    const src = s.data;
    const marks = NodeState.Highlighted | NodeState.Desired | NodeState.UnDesired;
    this.marked = false;
    for (let o = 0; o < src.length; o += 4) if (src[o] & marks && src[o + 2]) this.marked = true;
    // Word by word (flags, side, visible and the unused fourth byte): this runs for every vertex
    // on the first frame, in V8's interpreter, where a loop per byte cost a few milliseconds.
    const words = new Uint32Array(src.buffer, src.byteOffset, src.length >> 2);
    const nodeWords = this.nodeWords, index = this.nodeIndex;
    for (let v = 0; v < index.length; v++) {
      const w = words[index[v]];
      if (nodeWords[v] !== w) {
        nodeWords[v] = w;
        changed.nodes = true;
      }
    }
    // A node's point vertex takes the state of its quad's first vertex.
    const pointWords = this.pointWords;
    if (changed.nodes) for (let p = 0; p < pointWords.length; p++) pointWords[p] = nodeWords[p * 4];
    // Every vertex of an edge takes the edge's style: one style and one fill per edge.
    const spans = this.edgeSpans;
    for (let k = 0; k < spans.length; k += EDGE_SPAN) {
      const first = spans[k], style = edgeStyleAt(src, spans[k + 2] * 4, spans[k + 3] * 4);
      if (this.edges[first] !== style) {
        this.edges.fill(style, first, first + spans[k + 1]);
        changed.edges = true;
      }
    }
    for (let v = 0; v < this.groupIndex.length; v++) {
      const i = this.groupIndex[v];
      const vis = i < 0 || s.visible(i) ? 1 : 0;
      if (this.groups[v] !== vis) {
        this.groups[v] = vis;
        changed.groups = true;
      }
    }
    return changed;
  }
}
