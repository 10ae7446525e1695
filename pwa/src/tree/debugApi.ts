/**
 * A small handle on the canvas element for the e2e tests and the benchmark:
 * where a node is on screen, what colour a pixel is, and timed full redraws.
 * It reads the real renderer; nothing here draws differently for tests.
 */
import { pixelScale } from "./camera";
import type { TreeController } from "./controller";
import { Ascendancies } from "./geometry";
import { geometrySource, type EdgeMode, type FrameStats, type GeometrySource, type NodeMode, type TreeRenderer } from "./renderer";
import { COLOURS, nodeRadius } from "./style";

/**
 * What the canvas shows, as plain data for the benchmark's SVG baseline (the same
 * tree drawn as DOM): visible nodes, edges between visible nodes, group discs, the camera.
 */
export interface TreeScene {
  width: number;
  height: number;
  center: [number, number];
  /** CSS pixels per world unit at the current camera. */
  scale: number;
  /** x, y, radius, css colour */
  nodes: [number, number, number, string][];
  /** x0, y0, x1, y1, arc radius (0: straight), sweep flag (SVG), allocated */
  edges: [number, number, number, number, number, number, boolean][];
  /** x, y, radius */
  groups: [number, number, number][];
}

export interface TreeDebugApi {
  version: string;
  project(nodeId: number): [number, number] | null;
  /** Redraws now, then reads the pixel at CSS coordinates (x, y) of the canvas. */
  readPixel(x: number, y: number): [number, number, number, number];
  camera(): { x: number; y: number; zoom: number };
  busy(): boolean;
  /** Duration (ms) of the last camera animation started. */
  lastTransitionMs(): number;
  inAscendancy(): boolean;
  hovered(): number | null;
  state(nodeId: number): { flags: number; side: number; visible: boolean } | null;
  /** Ids of the nodes with this name (cluster ring nodes have ids only the layout knows). */
  idsNamed(name: string): number[];
  stats(): FrameStats;
  /** Whether the last frame drew the nodes as point sprites. */
  nodePoints(): boolean;
  /** Whether the last frame drew the nodes with the programs that draw marks (some node has one). */
  nodeMarks(): boolean;
  /** Forces point sprites or quads for the nodes ("auto": by the zoom), to compare the two. */
  setNodeMode(mode: NodeMode): void;
  /** Whether the last frame drew the plain edges as hairlines. */
  edgeHairlines(): boolean;
  /** Forces hairlines (where a coarse level has them) or quads for the plain edges ("auto": by the zoom). */
  setEdgeMode(mode: EdgeMode): void;
  /** Draws each pass's visible runs as one draw call (true, the default) or one call per run, and redraws. */
  setGather(on: boolean): void;
  firstFrameMs(): number | null;
  /** Where the drawn geometry was built: in the geometry worker, or in the page (geometryWorker.ts). */
  geometrySource(): GeometrySource | null;
  /** Whether the programs the first frame did not use were compiled and drawn once since (gpu.ts warmRest). */
  restWarmed(): boolean;
  /**
   * Full redraws while panning and zooming. With `batch` 1 each frame waits for the GPU, and the
   * result is each frame's ms. With a larger batch, frames go back to back as in a gesture (the GPU
   * works on one while the page issues the next) and only the batch's last waits: the result is
   * each batch's ms per frame.
   */
  bench(frames: number, batch?: number): number[];
  /**
   * The cameras bench(frames) draws, without drawing: [x, y, CSS px per world unit] per frame, so the
   * benchmark's SVG baseline shows exactly the same views.
   */
  path(frames: number): [number, number, number][];
  scene(): TreeScene;
}

/**
 * Frame `i` of the benchmark's gesture: a short drag and a wheel step in turn. The drag sways
 * (sine in x, cosine in y) and the wheel zooms in for 10 steps and out for 10 around one point, so
 * the camera stays over the same part of the tree however many frames are drawn.
 */
function benchStep(ctl: TreeController, i: number): void {
  const { width, height } = ctl.viewport;
  if (i % 2 === 0) {
    ctl.pointerDown(99, width / 2, height / 2);
    ctl.pointerMove(99, width / 2 + 7 * Math.sin(i / 9), height / 2 + 6 * Math.cos(i / 17));
    ctl.pointerCancel(99);
  } else {
    ctl.wheel(i % 40 < 20 ? -12 : 12, width * 0.4, height * 0.6);
  }
}

const css = (c: readonly number[], k = 1) => `rgb(${c.map((v) => Math.round(v * k * 255)).join(",")})`;

export function exposeDebugApi(
  canvas: HTMLCanvasElement,
  parts: { ctl: TreeController; renderer: TreeRenderer; drawNow: () => void; firstFrameMs: () => number | null; restWarmed: () => boolean },
): () => void {
  const { ctl, renderer, drawNow } = parts;
  const dpr = () => Math.min(2, window.devicePixelRatio || 1);
  const api: TreeDebugApi = {
    version: ctl.model.version,
    project(nodeId) {
      const n = ctl.model.byId.get(nodeId);
      return n ? ctl.project(n.x, n.y) : null;
    },
    readPixel(x, y) {
      drawNow();
      return renderer.readPixel(x * dpr(), y * dpr());
    },
    camera: () => ({ ...ctl.camera }),
    busy: () => ctl.busy,
    lastTransitionMs: () => ctl.lastTransitionMs,
    inAscendancy: () => ctl.inAscendancy,
    hovered: () => ctl.hovered?.id ?? null,
    state(nodeId) {
      const n = ctl.model.byId.get(nodeId);
      return n ? { flags: ctl.states.flags(n.index), side: ctl.states.side(n.index), visible: ctl.states.visible(n.index) } : null;
    },
    idsNamed: (name) => ctl.model.nodes.filter((n) => n.name === name).map((n) => n.id),
    stats: () => ({ ...renderer.stats }),
    nodePoints: () => renderer.lastNodePoints,
    nodeMarks: () => renderer.lastNodeMarks,
    setNodeMode(mode) {
      renderer.nodeMode = mode;
      drawNow();
    },
    edgeHairlines: () => renderer.lastEdgeHairlines,
    setEdgeMode(mode) {
      renderer.edgeMode = mode;
      drawNow();
    },
    setGather(on) {
      renderer.gather = on;
      drawNow();
    },
    firstFrameMs: parts.firstFrameMs,
    restWarmed: parts.restWarmed,
    geometrySource: () => geometrySource(renderer.model),
    bench(frames, batch = 1) {
      const per = Math.max(1, Math.floor(batch) || 1);
      const start = { ...ctl.camera };
      const out: number[] = [];
      let t0 = performance.now();
      for (let i = 0; i < frames; i++) {
        benchStep(ctl, i);
        drawNow();
        if ((i + 1) % per !== 0) continue;
        renderer.readPixel(1, 1);
        const t1 = performance.now();
        out.push((t1 - t0) / per);
        t0 = t1;
      }
      ctl.camera = start;
      ctl.dirty = true;
      drawNow();
      return out;
    },
    path(frames) {
      const start = { ...ctl.camera };
      const out: [number, number, number][] = [];
      for (let i = 0; i < frames; i++) {
        benchStep(ctl, i);
        out.push([ctl.camera.x, ctl.camera.y, pixelScale(ctl.camera, ctl.model.bounds, ctl.viewport)]);
      }
      ctl.camera = start;
      ctl.dirty = true;
      return out;
    },
    scene: () => scene(),
  };
  function scene(): TreeScene {
    const { model, states, viewport } = ctl;
    const active = (i: number) => states.has(i, 1);
    const shown = (i: number) => states.visible(i);
    const colour = (kind: string) => (COLOURS as Record<string, readonly number[]>)[kind] ?? COLOURS.normal;
    const ascendancies = new Ascendancies(model);
    return {
      width: viewport.width,
      height: viewport.height,
      center: [ctl.camera.x, ctl.camera.y],
      scale: pixelScale(ctl.camera, model.bounds, viewport),
      nodes: model.nodes.filter((n) => shown(n.index)).map((n) => [n.x, n.y, nodeRadius(n), active(n.index) ? css(colour(n.kind)) : css(colour(n.kind), 0.32)]),
      edges: model.edges
        .filter((e) => shown(e.a) && shown(e.b))
        .map((e) => {
          const a = model.nodes[e.a], b = model.nodes[e.b];
          const sweep = e.arc ? (((e.arc.a1 - e.arc.a0) % (2 * Math.PI)) + 2 * Math.PI) % (2 * Math.PI) < Math.PI ? 1 : 0 : 0;
          return [a.x, a.y, b.x, b.y, e.arc?.r ?? 0, sweep, active(e.a) && active(e.b)];
        }),
      groups: model.groups
        .filter((g) => !g.ascendancyName || shown(ascendancies.firstNode(g.ascendancyName)))
        .map((g) => [g.x, g.y, g.radius]),
    };
  }
  (canvas as HTMLCanvasElement & { __tree?: TreeDebugApi }).__tree = api;
  return () => {
    delete (canvas as HTMLCanvasElement & { __tree?: TreeDebugApi }).__tree;
  };
}
