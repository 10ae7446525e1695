/**
 * The tree's GPU side, made ready while the tree data is still loading: the
 * canvas and its context, the programs (compiled asynchronously where
 * KHR_parallel_shader_compile exists), and one warm-up draw of a tiny tree so
 * the driver has built its pipeline for our exact state (a software GPU compiles
 * its draw routines on first use). The first real frame then only uploads the
 * geometry and draws.
 *
 * Pages start it as soon as they know a tree will show (prepare.ts prepareTreeGpu), before
 * the frame is laid out: the warm-up then draws at a small size, and the frame's own size is
 * given later (prepareGpu(size)), when the drawing buffer is resized ahead of the data and the
 * warm-up drawn again at that size: on SwiftShader the first draws into a resized drawing buffer
 * took 15 to 30 ms again, as much as the whole warm-up saved, and the first frame paid them.
 *
 * The warm-up draws only what a first frame draws (the tree fitted to the canvas:
 * discs, edges as quads and as hairlines, nodes as point sprites, no marks). The other pipelines (node quads,
 * the marks programs) are warmed after the first frame (PreparedGpu.warmRest): on a
 * software GPU each one is a compile of its own in the GPU process, and warmed
 * before, they were still compiling when the data came and held the first frame up.
 */
import { buildGeometry, EDGE_LOD_SCALES } from "./geometry";
import type { TreeModel } from "./model";
import { createContext, fitDrawingBuffer, PROGRAM_NAMES, programsSettled, startPrograms, TreeRenderer, type GL, type TreePrograms } from "./renderer";
import { NodeState, StateBuffer } from "./states";
import { fitScale, type Viewport } from "./camera";

export interface PreparedGpu {
  canvas: HTMLCanvasElement;
  gl: GL;
  programs: TreePrograms;
  /** Links the programs and draws the warm-up frame now, unless that already happened in the background. */
  finish: () => void;
  /** Sizes the drawing buffer for a frame of `size` CSS pixels; drawn already, the warm-up is drawn again at that size. */
  resize: (size: Viewport) => void;
  /**
   * Compiles the programs a first frame does not use (node quads, marks) and draws them once, so
   * a zoom or a search does not compile them mid-gesture; then calls `redraw`, in the same task:
   * the warm-up overwrites the canvas, and redrawn at once it never shows. Not called back when
   * the context was lost meanwhile.
   */
  warmRest: (size: () => Viewport, redraw: () => void) => void;
}

let spare: PreparedGpu | null = null;
let frameSize: Viewport = { width: 8, height: 8 };
let unsupported = false;

/** Two nodes, a straight edge, an arc and a group: every draw call with the real attribute layout. */
function warmUpModel(): TreeModel {
  const node = (id: number, index: number, x: number) => ({
    id, index, x, y: 0, name: "", kind: "normal" as const, notable: false, proxy: false, stats: [], flavourText: [],
    reminderText: [], ascendancyName: null, classStartIndex: null, masteryEffects: [], group: 0, orbit: 0, orbitIndex: 0,
    granted: null, expansionJewel: null,
  });
  const nodes = [node(1, 0, -50), node(2, 1, 50)];
  return {
    version: "warm-up",
    nodes,
    edges: [{ a: 0, b: 1, arc: null }, { a: 0, b: 1, arc: { cx: 0, cy: 50, r: 70.7, a0: -Math.PI / 4, a1: Math.PI / 4 } }],
    groups: [{ x: 0, y: 0, radius: 80, ascendancyName: null }],
    bounds: { minX: -100, minY: -100, maxX: 100, maxY: 100 },
    classes: [],
    ascendancies: [],
    alternateAscendancies: [],
    points: { totalPoints: 0, ascendancyPoints: 0 },
    orbitRadii: [],
    skillsPerOrbit: [],
    jewelSlots: [],
    byId: new Map(nodes.map((n) => [n.id, n])),
  };
}

/** The node pipelines, as [nodeMode, marked]: the first frame's, then the rest (warmRest). */
const FIRST_FRAME_NODES = [["points", false]] as const;
const LATER_NODES = [["quads", false], ["quads", true], ["points", true]] as const;

function warmUp(gl: GL, programs: TreePrograms, size: Viewport, nodes: readonly (readonly ["points" | "quads", boolean])[]): void {
  const model = warmUpModel();
  const statesOf = (marked: boolean) => {
    const states = new StateBuffer(model.nodes.length);
    for (let i = 0; i < model.nodes.length; i++) states.data[i * 4 + 2] = 1;
    // A marked node: the programs with the marks compiled in (renderer.ts).
    if (marked) states.add(0, NodeState.Highlighted);
    return states;
  };
  const plain = statesOf(false), marked = statesOf(true);
  const r = new TreeRenderer(gl, model, programs, buildGeometry(model));
  const dpr = window.devicePixelRatio || 1;
  // Close, where edges are quads, and zoomed out, where the plain ones are hairlines (LINES, no blending): pipelines of their own.
  const zooms = [1, EDGE_LOD_SCALES[0] / (fitScale(model.bounds, size) * dpr)];
  // At the frame's size: the canvas's drawing buffer is resized (a wait on the GPU process) now, not in the first frame.
  for (const [mode, withMarks] of nodes) {
    r.nodeMode = mode;
    for (const zoom of zooms) r.draw({ x: 0, y: 0, zoom }, size, dpr, withMarks ? marked : plain);
  }
  readBackLater(gl);
  // No blocking readPixels: the GPU process builds its pipeline while this thread goes on loading the data.
  gl.flush();
  r.dispose(true);
}

/** warmUp, with a failure logged: the real renderer reports it (GpuAlert) when it links the same programs. */
function tryWarmUp(...args: Parameters<typeof warmUp>): void {
  try {
    warmUp(...args);
  } catch (err) {
    console.error("tree warm-up failed", err);
  }
}

/**
 * Calls `then` once every program started on `gl` has linked, unless `stop` says otherwise first.
 * Polled off the current task: asking for a link status before then would block this thread.
 */
function whenSettled(gl: GL, programs: TreePrograms, then: () => void, stop: () => boolean): void {
  const poll = () => {
    if (stop()) return;
    if (programsSettled(gl, programs)) then();
    else setTimeout(poll, 4);
  };
  setTimeout(poll, 0);
}

/**
 * One pixel read into a pixel-pack buffer (WebGL2), which does not wait for the GPU: the
 * driver still executes the warm-up frame and builds its read-back path now, while the data
 * loads. The first frame's finishing read (and, with a software GPU, its presentation) then
 * finds them ready: on SwiftShader a blocking read at this point took 150 to 260 ms, most of
 * it the driver compiling, which the first frame paid before.
 */
function readBackLater(gl: GL): void {
  if (!(typeof WebGL2RenderingContext !== "undefined" && gl instanceof WebGL2RenderingContext)) return;
  const pbo = gl.createBuffer();
  gl.bindBuffer(gl.PIXEL_PACK_BUFFER, pbo);
  gl.bufferData(gl.PIXEL_PACK_BUFFER, 4, gl.STREAM_READ);
  gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, 0);
  gl.bindBuffer(gl.PIXEL_PACK_BUFFER, null);
  // Freed once the read has run.
  gl.deleteBuffer(pbo);
}

/**
 * A canvas with a context and programs on their way, or null without usable WebGL.
 * `size` (CSS pixels) is the frame the canvas will fill, when already laid out; given to a canvas
 * readied earlier, it resizes that canvas's drawing buffer now.
 */
export function prepareGpu(size?: Viewport): PreparedGpu | null {
  const sized = !!size && size.width > 0 && size.height > 0;
  if (sized) frameSize = size;
  if (spare) {
    // Readied before the frame was laid out (prepareTreeGpu): its drawing buffer takes the frame's size now, not in the first frame.
    if (sized) spare.resize(frameSize);
    return spare;
  }
  if (unsupported) return null;
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = 8;
  let gl: GL | null = null;
  try {
    gl = createContext(canvas);
  } catch {
    gl = null;
  }
  if (!gl) {
    unsupported = true;
    return null;
  }
  const programs = startPrograms(gl);
  const ctx = gl;
  // The drawing buffer size the warm-up last drew at (it sizes the buffer to frameSize first); "" before.
  let warmedAt = "";
  const bufferSize = () => `${canvas.width}x${canvas.height}`;
  const warm = () => {
    tryWarmUp(ctx, programs, frameSize, FIRST_FRAME_NODES);
    warmedAt = bufferSize();
    performance.mark("tree:gpu-warmed", { detail: warmedAt });
  };
  const finish = () => {
    if (!warmedAt) warm();
  };
  const resize = (size: Viewport) => {
    fitDrawingBuffer(canvas, size, window.devicePixelRatio || 1);
    if (warmedAt && !ctx.isContextLost() && warmedAt !== bufferSize()) warm();
  };
  let restStarted = false;
  const warmRest = (size: () => Viewport, redraw: () => void) => {
    if (restStarted || ctx.isContextLost()) return;
    restStarted = true;
    startPrograms(ctx, programs, PROGRAM_NAMES);
    whenSettled(ctx, programs, () => {
      tryWarmUp(ctx, programs, size(), LATER_NODES);
      redraw();
    }, () => ctx.isContextLost());
  };
  // Off the current task, so loading the tree data is not held up by the compile.
  whenSettled(ctx, programs, finish, () => warmedAt !== "");
  spare = { canvas, gl, programs, finish, resize, warmRest };
  return spare;
}

/** The prepared context no canvas has taken yet, if any: prebuilt geometry is uploaded to it ahead (preupload.ts). */
export function spareContext(): GL | null {
  return spare && !spare.gl.isContextLost() ? spare.gl : null;
}

/** Hands the prepared canvas, warmed up, to one TreeCanvas (the next caller gets a fresh one). */
export function takeGpu(): PreparedGpu | null {
  const got = prepareGpu();
  spare = null;
  got?.finish();
  return got;
}
