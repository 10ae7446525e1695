/**
 * The WebGL renderer (twgl.js): WebGL2 with a WebGL1 fallback. Geometry goes to
 * the GPU once per tree version; a frame uploads the per-vertex state bytes only
 * when the states changed, then draws three passes (group discs, edges, nodes),
 * each as one draw of the runs of the tiles the camera sees (gatheredRuns.ts).
 */
import * as twgl from "twgl.js";
import { pixelScale, VIEW, type Camera, type Viewport } from "./camera";
import { buildGeometry, EDGE_LOD_SCALES, edgeLayerAt, edgesAsHairlines, MAX_NODE_POINT_PX, NODE_POINT_STRIDE, nodesAsPoints, visibleRuns, EDGE_STRIDE, GROUP_STRIDE, NODE_STRIDE, type Layer, type Tile, type TreeGeometry } from "./geometry";
import type { TreeModel } from "./model";
import { startProgram } from "./art/program";
import { EDGE_FS, EDGE_LINE_FS, EDGE_LINE_VS, EDGE_VS, GROUP_FS, GROUP_VS, NODE_FS, NODE_MARKS_FS, NODE_POINT_FS, NODE_POINT_MARKS_FS, NODE_POINT_VS, NODE_VS } from "./shaders";
import type { StateBuffer } from "./states";
import { COLOURS } from "./style";
import { uploadedOr } from "./preupload";
import { EdgeStyle, VertexStates } from "./vertexStates";
import { GatheredRuns, type Indices, type Run } from "./gatheredRuns";

/** Shapes keep a minimum size on screen (a few pixels); tiles this close to the edge may reach into view. */
const VIEW_MARGIN_PX = 12;

export type GL = WebGLRenderingContext | WebGL2RenderingContext;

/** Extra passes drawn inside a frame (the tree art): under the group discs, over them, over the edges. */
export interface DrawBetween {
  beforeGroups?: () => void;
  afterGroups?: () => void;
  afterEdges?: () => void;
}

const CONTEXT_OPTIONS: WebGLContextAttributes = {
  alpha: false,
  // Shapes and edges anti-alias themselves in the shaders; MSAA would only cost fill rate.
  antialias: false,
  depth: false,
  stencil: false,
  failIfMajorPerformanceCaveat: true,
  powerPreference: "high-performance",
};

/** Whether `gl` draws 32-bit indices (WebGL2, or WebGL1 with OES_element_index_uint). */
function drawsUint32(gl: GL): boolean {
  return isWebGL2(gl) || !!gl.getExtension("OES_element_index_uint");
}

function isWebGL2(gl: GL): gl is WebGL2RenderingContext {
  return typeof WebGL2RenderingContext !== "undefined" && gl instanceof WebGL2RenderingContext;
}

/** WebGL2 first, then WebGL1; null when neither is available without a major performance caveat. */
export function createContext(canvas: HTMLCanvasElement): GL | null {
  const gl2 = canvas.getContext("webgl2", CONTEXT_OPTIONS);
  if (gl2) return gl2;
  const gl1 = (canvas.getContext("webgl", CONTEXT_OPTIONS) ??
    canvas.getContext("experimental-webgl", CONTEXT_OPTIONS)) as WebGLRenderingContext | null;
  return gl1;
}

/**
 * Geometry is built on the CPU once per model and shared by every canvas. Keyed by the
 * model, not its version: a version's variants (alternate, ruthless) and a build's tree
 * with its cluster jewel rings are other models of the same version.
 */
const geometryCache = new WeakMap<TreeModel, { geometry: TreeGeometry; builtIn: GeometrySource }>();
/** Where a model's geometry was built: in this page, in the geometry worker, or by the game-data pipeline (geometryWorker.ts). */
export type GeometrySource = "page" | "worker" | "prebuilt";

export function geometryFor(model: TreeModel): TreeGeometry {
  let g = geometryCache.get(model);
  if (!g) {
    g = { geometry: buildGeometry(model), builtIn: "page" };
    geometryCache.set(model, g);
  }
  return g.geometry;
}

export function hasGeometry(model: TreeModel): boolean {
  return geometryCache.has(model);
}

/** Gives `model` a geometry built elsewhere (geometryWorker.ts adoptSettled). */
export function seedGeometry(model: TreeModel, geometry: TreeGeometry, builtIn: GeometrySource): void {
  geometryCache.set(model, { geometry, builtIn });
}

export function geometrySource(model: TreeModel): GeometrySource | null {
  return geometryCache.get(model)?.builtIn ?? null;
}

/**
 * The largest point sprite, asked once per context: the query is a round trip that waits for
 * everything queued in the GPU process, so it is asked with the warm-up (gpu.ts), not in a first frame.
 */
const pointSizes = new WeakMap<GL, number>();
export function maxPointSize(gl: GL): number {
  let size = pointSizes.get(gl);
  if (size === undefined) {
    const range = gl.getParameter(gl.ALIASED_POINT_SIZE_RANGE) as Float32Array | null;
    size = range ? range[1] : 1;
    pointSizes.set(gl, size);
  }
  return size;
}

/**
 * Sizes the canvas's drawing buffer for a frame of `vp` CSS pixels (dpr capped at VIEW.maxPixelRatio),
 * only when it differs: a resize reallocates the buffer, a wait on the GPU process. Returns [width, height].
 */
export function fitDrawingBuffer(canvas: HTMLCanvasElement, vp: Viewport, dpr: number): [number, number] {
  const ratio = Math.min(VIEW.maxPixelRatio, Math.max(1, dpr));
  const w = Math.max(1, Math.round(vp.width * ratio));
  const h = Math.max(1, Math.round(vp.height * ratio));
  if (canvas.width !== w || canvas.height !== h) {
    canvas.width = w;
    canvas.height = h;
  }
  return [w, h];
}

/** The tree's programs by name, each as its vertex and fragment shader. */
const PROGRAM_SOURCES = {
  group: [GROUP_VS, GROUP_FS],
  edge: [EDGE_VS, EDGE_FS],
  /** The plain edges as hairlines (geometry.ts edgesAsHairlines), zoomed out. */
  edgeLine: [EDGE_LINE_VS, EDGE_LINE_FS],
  /** The nodes as point sprites (geometry.ts nodesAsPoints), zoomed out; as quads (node) zoomed in. */
  nodePoint: [NODE_POINT_VS, NODE_POINT_FS],
  node: [NODE_VS, NODE_FS],
  /** The same two with the marks (highlight, Desired, UnDesired) compiled in: drawn while some node has one. */
  nodeMarks: [NODE_VS, NODE_MARKS_FS],
  nodePointMarks: [NODE_POINT_VS, NODE_POINT_MARKS_FS],
} as const;
export type ProgramName = keyof typeof PROGRAM_SOURCES;
export const PROGRAM_NAMES = Object.keys(PROGRAM_SOURCES) as ProgramName[];

/**
 * What a first frame draws (the tree fitted to the canvas, nothing marked): compiled ahead of the
 * data. The others are started after the first frame (gpu.ts warmRest), or when first drawn: on a
 * software GPU every compile is GPU-process time that a first frame would otherwise wait behind.
 */
export const FIRST_FRAME_PROGRAMS: readonly ProgramName[] = ["group", "edge", "edgeLine", "nodePoint"];

/** The programs started on a context so far; their compile and link may still be running (KHR_parallel_shader_compile). */
export type TreePrograms = Partial<Record<ProgramName, WebGLProgram>>;

/** How nodes are drawn: by the zoom (auto), or forced, for the warm-up and the tests that compare the two. */
export type NodeMode = "auto" | "points" | "quads";
/** How the plain edges are drawn: by the zoom (auto: geometry.ts edgesAsHairlines), or forced, like NodeMode. */
export type EdgeMode = "auto" | "hairlines" | "quads";

/**
 * Starts compiling and linking the named programs not started yet, without asking for their
 * status, so the driver can work on them (in parallel where the extension exists) while the
 * page does something else; link errors surface when a program is first used.
 */
export function startPrograms(gl: GL, programs: TreePrograms = {}, names: readonly ProgramName[] = FIRST_FRAME_PROGRAMS): TreePrograms {
  for (const name of names) {
    const [vs, fs] = PROGRAM_SOURCES[name];
    programs[name] ??= startProgram(gl, vs, fs);
  }
  return programs;
}

/** Whether the programs started finished linking; always true without KHR_parallel_shader_compile (asking would block). */
export function programsSettled(gl: GL, programs: TreePrograms): boolean {
  const ext = gl.getExtension("KHR_parallel_shader_compile") as { COMPLETION_STATUS_KHR: number } | null;
  if (!ext) return true;
  return Object.values(programs).every((p) => gl.getProgramParameter(p, ext.COMPLETION_STATUS_KHR) as boolean);
}

/** Attribute and uniform locations per program, read once: each query is a blocking round trip to the GPU process. */
const programInfos = new WeakMap<WebGLProgram, twgl.ProgramInfo>();

function linkedProgram(gl: GL, p: WebGLProgram): twgl.ProgramInfo {
  let got = programInfos.get(p);
  if (!got) {
    if (!gl.getProgramParameter(p, gl.LINK_STATUS)) throw new Error(`tree shaders failed to link: ${gl.getProgramInfoLog(p)}`);
    // Uniform and attribute setters only: twgl's createProgramInfoFromProgram also reads the uniform
    // blocks and transform feedback varyings of a WebGL2 program (these programs have neither), each
    // one more round trip, and before a first frame the GPU process is busy.
    const uniformSetters = twgl.createUniformSetters(gl, p), attribSetters = twgl.createAttributeSetters(gl, p);
    // twgl's setters carry their location.
    const locations = (setters: object) => Object.fromEntries(Object.entries(setters).map(([k, v]) => [k, (v as { location?: unknown }).location]));
    got = { program: p, uniformSetters, attribSetters, uniformLocations: locations(uniformSetters), attribLocations: locations(attribSetters) } as twgl.ProgramInfo;
    programInfos.set(p, got);
  }
  return got;
}

interface GpuResources {
  groupBuf: LayerBuffers;
  /** The edge vertices and their states; each level's indices come from edgeIndexBufs. */
  edgeBuf: LayerBuffers;
  /**
   * The edge index sets over edgeBuf's vertices, uploaded on first use: the coarser levels
   * (geometry.edgeLod, by index) and the fine one last. A frame needs one of them.
   */
  edgeIndexBufs: (twgl.BufferInfo | undefined)[];
  /** Each coarse level's chords as lines (EdgeLod.lines), uploaded on first use, for the hairlines. */
  edgeLineBufs: (twgl.BufferInfo | undefined)[];
  /** Per coarse level, the quads of the styled edges, drawn over the hairlines. */
  styledEdgeBufs: (StyledEdges | undefined)[];
  /** The node quads, uploaded the first time the nodes are drawn zoomed in (zoomed out they are points). */
  nodeBuf: LayerBuffers | undefined;
  nodePointBuf: LayerBuffers;
  /** The largest point sprite the context draws (ALIASED_POINT_SIZE_RANGE). */
  maxPointSize: number;
}

/** The styled edges' quads of one coarse level, for the edge states as of `revision`. */
interface StyledEdges {
  info: twgl.BufferInfo;
  revision: number;
}

/** A layer's buffers for twgl, with `state`: its per-vertex state bytes (vertexStates.ts), a dynamic buffer. */
type LayerBuffers = twgl.BufferInfo & { state: WebGLBuffer };

/** A vertex attribute: name, components, and (default: float) its type and whether it is normalized. */
type Attribute = [name: string, size: number, type?: "byte"];

export interface FrameStats {
  frames: number;
  uploads: number;
  geometryUploads: number;
  /** Bytes of geometry (vertices and indices) sent to the GPU so far: a layer goes up when first drawn. */
  geometryBytes: number;
  /** Of those, the bytes uploaded before the renderer was made (preupload.ts: a prebuilt file, as soon as it was read). */
  preuploadedBytes: number;
}

export class TreeRenderer {
  private res: GpuResources | null = null;
  private uploadedRevision = -1;
  private uploadedStates: StateBuffer | null = null;
  private readonly vertexStates: VertexStates;
  /** Each pass's visible runs as one index buffer, so a pass is one draw call (gatheredRuns.ts); made afresh by init. */
  private gathered!: GatheredRuns;
  readonly stats: FrameStats = { frames: 0, uploads: 0, geometryUploads: 0, geometryBytes: 0, preuploadedBytes: 0 };
  /** Whether the last frame drew the plain edges as hairlines, for tests. */
  lastEdgeHairlines = false;
  /** Whether the last frame drew the nodes as point sprites, for tests. */
  lastNodePoints = false;
  /** Whether the last frame drew the nodes with the marks program, for tests. */
  lastNodeMarks = false;
  nodeMode: NodeMode = "auto";
  edgeMode: EdgeMode = "auto";
  /** Whether a pass's runs are gathered into one draw call; off, each run is a draw of its own (to compare the two). */
  gather = true;
  lost = false;
  /** Counts the changes of the edge states, so the styled edges' quads are picked again after one. */
  private edgeRevision = 0;

  /** `programs` from startPrograms on this context (compiled ahead of the data); a restore compiles afresh. */
  constructor(
    readonly gl: GL,
    readonly model: TreeModel,
    private programs: TreePrograms = {},
    private readonly geometry: TreeGeometry = geometryFor(model),
  ) {
    this.vertexStates = new VertexStates(geometry);
    this.init();
  }

  /** (Re)creates programs and buffers (the state bytes among them); also after a context restore. */
  init(): void {
    const gl = this.gl;
    const geo = this.geometry;
    performance.mark("tree:geometry");
    // Programs first: their queries block until the GPU process has done everything queued before them.
    // A restored context compiles afresh, and its buffers went with the lost one.
    if (this.lost) this.programs = {};
    this.gathered = new GatheredRuns(gl, drawsUint32(gl));
    for (const name of FIRST_FRAME_PROGRAMS) this.program(name);
    performance.mark("tree:programs");
    const groupBuf = this.layer(geo.groups, GROUP_STRIDE, [["a_pos", 2], ["a_corner", 2], ["a_radius", 1]], ["a_visible", this.vertexStates.groups]);
    const edgeBuf = this.layer(geo.edges, EDGE_STRIDE, [["a_pos", 2], ["a_normal", 4, "byte"]], ["a_style", this.vertexStates.edges], false);
    const nodePointBuf = this.layer(geo.nodePoints, NODE_POINT_STRIDE, [["a_pos", 2], ["a_radius", 1], ["a_shape", 1]], ["a_state", this.vertexStates.nodePoints]);
    this.res = {
      groupBuf,
      edgeBuf,
      edgeIndexBufs: [...EDGE_LOD_SCALES, "fine"].map(() => undefined),
      edgeLineBufs: EDGE_LOD_SCALES.map(() => undefined),
      styledEdgeBufs: EDGE_LOD_SCALES.map(() => undefined),
      nodeBuf: undefined,
      nodePointBuf,
      maxPointSize: maxPointSize(gl),
    };
    this.stats.geometryUploads++;
    performance.mark("tree:uploaded");
    this.uploadedRevision = -1;
    this.lost = false;
  }

  /** A program, linked; started now if it was not (a blocking compile: warmRest starts them ahead). */
  private program(name: ProgramName): twgl.ProgramInfo {
    if (!this.programs[name]) startPrograms(this.gl, this.programs, [name]);
    return linkedProgram(this.gl, this.programs[name]!);
  }

  /**
   * One array buffer for a layer's vertices (the attributes share it through stride and offset),
   * one for its state bytes (filled from `state` as it is now), and its indices unless `withIndices` is false.
   */
  private layer(data: Layer, stride: number, layout: Attribute[], state: [string, Uint8Array], withIndices = true): LayerBuffers {
    const gl = this.gl;
    const buffer = twgl.createBufferFromTypedArray(gl, this.uploadedOr(data.vertices));
    const attribs: Record<string, twgl.AttribInfo> = {};
    let off = 0;
    for (const [name, size, type] of layout) {
      attribs[name] = type === "byte"
        ? { buffer, numComponents: size, stride: stride * 4, offset: off * 4, type: gl.BYTE, normalize: true }
        : { buffer, numComponents: size, stride: stride * 4, offset: off * 4, type: gl.FLOAT };
      off += type === "byte" ? 1 : size;
    }
    const stateBuf = twgl.createBufferFromTypedArray(gl, state[1], gl.ARRAY_BUFFER, gl.DYNAMIC_DRAW);
    const perVertex = state[1].length / data.vertexCount;
    attribs[state[0]] = { buffer: stateBuf, numComponents: perVertex, type: gl.UNSIGNED_BYTE, normalize: false };
    if (!withIndices || data.indices.length === 0) return { attribs, state: stateBuf, numElements: data.vertexCount };
    return { attribs, state: stateBuf, ...this.indexBuffer(data.indices) };
  }

  private indexBuffer(indices: Indices): Pick<twgl.BufferInfo, "indices" | "elementType" | "numElements"> {
    const gl = this.gl;
    if (indices instanceof Uint32Array && !drawsUint32(gl)) throw new Error("32-bit indices are not supported");
    return {
      indices: twgl.createBufferFromTypedArray(gl, this.uploadedOr(indices), gl.ELEMENT_ARRAY_BUFFER),
      elementType: indices instanceof Uint32Array ? gl.UNSIGNED_INT : gl.UNSIGNED_SHORT,
      numElements: indices.length,
    };
  }

  /** The buffer `array` went to ahead of the renderer (preupload.ts), else the array to upload; counted either way. */
  private uploadedOr<T extends ArrayBufferView>(array: T): T | WebGLBuffer {
    const got = uploadedOr(this.gl, array);
    this.stats.geometryBytes += array.byteLength;
    if (got !== array) this.stats.preuploadedBytes += array.byteLength;
    return got;
  }

  /** The node quads, uploaded on first use with the node states as they are now. */
  private nodeQuads(res: GpuResources): LayerBuffers {
    return (res.nodeBuf ??= this.layer(this.geometry.nodes, NODE_STRIDE, [["a_pos", 2], ["a_corner", 2], ["a_radius", 1], ["a_shape", 1]], ["a_state", this.vertexStates.nodes]));
  }

  /** Spreads the states onto the vertices when their revision changed and uploads the layers that changed. */
  syncStates(states: StateBuffer): boolean {
    const res = this.res;
    if (!res || this.lost || (states === this.uploadedStates && states.revision === this.uploadedRevision)) return false;
    const gl = this.gl;
    const vs = this.vertexStates;
    const changed = vs.update(states);
    const upload = (buf: WebGLBuffer, data: Uint8Array) => {
      gl.bindBuffer(gl.ARRAY_BUFFER, buf);
      gl.bufferSubData(gl.ARRAY_BUFFER, 0, data);
    };
    if (changed.nodes || this.uploadedRevision < 0) {
      // Quads not uploaded yet take these bytes when they are (nodeQuads).
      if (res.nodeBuf) upload(res.nodeBuf.state, vs.nodes);
      upload(res.nodePointBuf.state, vs.nodePoints);
    }
    if (changed.edges || this.uploadedRevision < 0) {
      upload(res.edgeBuf.state, vs.edges);
      this.edgeRevision++;
    }
    if (changed.groups || this.uploadedRevision < 0) upload(res.groupBuf.state, vs.groups);
    this.uploadedStates = states;
    this.uploadedRevision = states.revision;
    this.stats.uploads++;
    return true;
  }

  /** Draws one frame at the given camera; viewport is in CSS pixels, dpr capped at 2. */
  draw(cam: Camera, vp: Viewport, dpr: number, states: StateBuffer, between?: DrawBetween): void {
    const res = this.res;
    if (!res || this.lost) return;
    const gl = this.gl;
    this.syncStates(states);
    const [w, h] = fitDrawingBuffer(gl.canvas as HTMLCanvasElement, vp, dpr);
    gl.viewport(0, 0, w, h);
    const [r, g, b] = COLOURS.background;
    gl.clearColor(r, g, b, 1);
    gl.clear(gl.COLOR_BUFFER_BIT);
    gl.blendFunc(gl.SRC_ALPHA, gl.ONE_MINUS_SRC_ALPHA);
    const uniforms = {
      u_center: [cam.x, cam.y],
      u_scale: pixelScale(cam, this.model.bounds, vp) * (w / vp.width),
      u_resolution: [w, h],
    };
    // Only the tiles the camera sees; shapes keep a few pixels of size when zoomed out, hence the margin.
    const scale = pixelScale(cam, this.model.bounds, vp);
    const halfW = (vp.width / 2 + VIEW_MARGIN_PX) / scale, halfH = (vp.height / 2 + VIEW_MARGIN_PX) / scale;
    const view = { minX: cam.x - halfW, maxX: cam.x + halfW, minY: cam.y - halfH, maxY: cam.y + halfH };
    const geo = this.geometry;
    between?.beforeGroups?.();
    // Zoomed out, arcs use a coarser index set over the same vertices (geometry.ts EdgeLod).
    const edges = edgeLayerAt(geo, uniforms.u_scale);
    const level = edges.lod < 0 ? res.edgeIndexBufs.length - 1 : edges.lod;
    const edgeBuf = (res.edgeIndexBufs[level] ??= { ...res.edgeBuf, ...this.indexBuffer(edges.indices) });
    const hairlines = !!edges.lines && (this.edgeMode === "auto" ? edgesAsHairlines(uniforms.u_scale) : this.edgeMode === "hairlines");
    this.lastEdgeHairlines = hairlines;
    const points = this.nodeMode === "auto" ? nodesAsPoints(uniforms.u_scale, res.maxPointSize) : this.nodeMode === "points";
    this.lastNodePoints = points;
    this.lastNodeMarks = this.vertexStates.marked;
    const shown = (node: number) => states.visible(node);
    const edgeProgram = this.program("edge");
    const passes: [tiles: Tile[], draw: (runs: Run[]) => void, after: (() => void) | undefined][] = [
      // Group discs are opaque and go straight onto the clear colour; edges and nodes blend their anti-aliased rims.
      [geo.groups.tiles, (runs) => this.drawRuns(this.program("group"), res.groupBuf, runs, uniforms, false, gl.TRIANGLES, ["groups", geo.groups.indices]), between?.afterGroups],
      [
        edges.tiles,
        (runs) => {
          if (!hairlines) return this.drawRuns(edgeProgram, edgeBuf, runs, uniforms, true, gl.TRIANGLES, ["edges", edges.indices]);
          // Opaque 1 px lines; a tile's lines are its quads' index range divided by 3 (EdgeLod.lines).
          const lines = (res.edgeLineBufs[level] ??= { ...res.edgeBuf, ...this.indexBuffer(edges.lines!) });
          this.drawRuns(this.program("edgeLine"), lines, runs.map(([start, count]) => [start / 3, count / 3]), uniforms, false, gl.LINES, ["lines", edges.lines!]);
          const styled = this.styledEdges(res, level, edges.indices);
          if (styled.numElements > 0) this.drawRuns(edgeProgram, styled, [[0, styled.numElements]], uniforms, true, gl.TRIANGLES);
        },
        between?.afterEdges,
      ],
      points
        ? [geo.nodePoints.tiles, (runs) => this.drawPoints(this.program(this.vertexStates.marked ? "nodePointMarks" : "nodePoint"), res.nodePointBuf, runs, uniforms, w, h), undefined]
        : [geo.nodes.tiles, (runs) => this.drawRuns(this.program(this.vertexStates.marked ? "nodeMarks" : "node"), this.nodeQuads(res), runs, uniforms, true, gl.TRIANGLES, ["nodes", geo.nodes.indices]), undefined],
    ];
    for (const [tiles, drawRuns, after] of passes) {
      const runs = visibleRuns(tiles, view, shown);
      if (runs.length > 0) drawRuns(runs);
      after?.();
    }
    this.stats.frames++;
  }

  /** Blending on or off, the program and its attributes from `buf`: what every draw below starts with. */
  private use(prog: twgl.ProgramInfo, buf: twgl.BufferInfo, blend: boolean): void {
    const gl = this.gl;
    if (blend) gl.enable(gl.BLEND);
    else gl.disable(gl.BLEND);
    gl.useProgram(prog.program);
    twgl.setBuffersAndAttributes(gl, prog, buf);
  }

  /**
   * Indexed draws of [first index, count] runs of `buf`: one draw of the runs gathered into the
   * slot's own index buffer when `source` names the slot and the indices, else one draw per run.
   */
  private drawRuns(prog: twgl.ProgramInfo, buf: twgl.BufferInfo, runs: Run[], uniforms: object, blend: boolean, mode: number, source?: [slot: string, indices: Indices]): void {
    const gl = this.gl;
    this.use(prog, buf, blend);
    twgl.setUniforms(prog, uniforms);
    const one = source && this.gather && runs.length > 1 ? this.gathered.bind(source[0], source[1], runs) : null;
    if (one) return gl.drawElements(mode, one.count, one.type, 0);
    const bytes = buf.elementType === gl.UNSIGNED_INT ? 4 : 2;
    for (const [start, count] of runs) twgl.drawBufferInfo(gl, buf, mode, count, start * bytes);
  }

  /** The nodes as point sprites: [first vertex, count] runs, gathered into one draw like drawRuns. */
  private drawPoints(prog: twgl.ProgramInfo, buf: twgl.BufferInfo, runs: Run[], uniforms: object, w: number, h: number): void {
    const gl = this.gl;
    this.use(prog, buf, true);
    // A guard band: the viewport reaches past the canvas by half the largest sprite, so a
    // sprite whose centre is just off screen (points are clipped by their centre) still shows its part.
    const band = MAX_NODE_POINT_PX / 2;
    gl.viewport(-band, -band, w + 2 * band, h + 2 * band);
    twgl.setUniforms(prog, { ...uniforms, u_resolution: [w + 2 * band, h + 2 * band] });
    const one = this.gather && runs.length > 1 ? this.gathered.bind("points", null, runs) : null;
    if (one) gl.drawElements(gl.POINTS, one.count, one.type, 0);
    else for (const [start, count] of runs) gl.drawArrays(gl.POINTS, start, count);
    gl.viewport(0, 0, w, h);
  }

  /**
   * The quads of the edges with a style (in the build, compared, pathing) at coarse level `level`, picked
   * from its `quads` by their first vertex's style; again only after the edge states changed.
   */
  private styledEdges(res: GpuResources, level: number, quads: Indices): twgl.BufferInfo {
    const got = res.styledEdgeBufs[level];
    if (got && got.revision === this.edgeRevision) return got.info;
    const style = this.vertexStates.edges;
    const picked = quads instanceof Uint32Array ? new Uint32Array(quads.length) : new Uint16Array(quads.length);
    let n = 0;
    for (let o = 0; o < quads.length; o += 6) {
      if (style[quads[o]] < EdgeStyle.InBuild) continue;
      picked.set(quads.subarray(o, o + 6), n);
      n += 6;
    }
    const gl = this.gl;
    const indices = got?.info.indices ?? gl.createBuffer()!;
    gl.bindBuffer(gl.ELEMENT_ARRAY_BUFFER, indices);
    gl.bufferData(gl.ELEMENT_ARRAY_BUFFER, picked.subarray(0, n), gl.DYNAMIC_DRAW);
    const info = { ...res.edgeBuf, indices, elementType: picked instanceof Uint32Array ? gl.UNSIGNED_INT : gl.UNSIGNED_SHORT, numElements: n };
    res.styledEdgeBufs[level] = { info, revision: this.edgeRevision };
    return info;
  }

  /** Reads one pixel (device coordinates, origin top left) of the current frame. */
  readPixel(x: number, y: number): [number, number, number, number] {
    const gl = this.gl;
    const out = new Uint8Array(4);
    gl.readPixels(Math.round(x), gl.drawingBufferHeight - 1 - Math.round(y), 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, out);
    return [out[0], out[1], out[2], out[3]];
  }

  /** Frees the buffers; the programs too unless `keepPrograms` (the warm-up hands them on). */
  dispose(keepPrograms = false): void {
    const res = this.res;
    if (!res || this.lost) return;
    const gl = this.gl;
    if (!keepPrograms) for (const p of Object.values(this.programs)) gl.deleteProgram(p);
    // Leave no attribute array enabled on a deleted buffer: the next renderer on this context
    // (after the warm-up) would fail every draw with "no buffer is bound to enabled attribute".
    const attribs = gl.getParameter(gl.MAX_VERTEX_ATTRIBS) as number;
    for (let i = 0; i < attribs; i++) gl.disableVertexAttribArray(i);
    for (const b of [res.groupBuf, res.edgeBuf, res.nodeBuf, res.nodePointBuf]) {
      if (!b) continue;
      for (const a of Object.values(b.attribs!)) gl.deleteBuffer(a.buffer);
      if (b.indices) gl.deleteBuffer(b.indices);
    }
    for (const b of [...res.edgeIndexBufs, ...res.edgeLineBufs, ...res.styledEdgeBufs.map((e) => e?.info)]) if (b) gl.deleteBuffer(b.indices!);
    this.gathered.dispose();
    this.res = null;
  }
}
