/**
 * The WebGL renderer (twgl.js): WebGL2 with a WebGL1 fallback. Geometry goes to
 * the GPU once per tree version; a frame uploads the small state texture only
 * when the states changed, then issues three draw calls.
 */
import * as twgl from "twgl.js";
import { pixelScale, VIEW, type Camera, type Viewport } from "./camera";
import { buildGeometry, EDGE_STRIDE, GROUP_STRIDE, NODE_STRIDE, type Layer, type TreeGeometry } from "./geometry";
import type { TreeModel } from "./model";
import { EDGE_FS, EDGE_VS, GROUP_FS, GROUP_VS, NODE_FS, NODE_VS } from "./shaders";
import type { StateBuffer } from "./states";
import { COLOURS } from "./style";

export type GL = WebGLRenderingContext | WebGL2RenderingContext;

const CONTEXT_OPTIONS: WebGLContextAttributes = {
  alpha: false,
  // Shapes and edges anti-alias themselves in the shaders; MSAA would only cost fill rate.
  antialias: false,
  depth: false,
  stencil: false,
  failIfMajorPerformanceCaveat: true,
  powerPreference: "high-performance",
};

function isWebGL2(gl: GL): gl is WebGL2RenderingContext {
  return typeof WebGL2RenderingContext !== "undefined" && gl instanceof WebGL2RenderingContext;
}

/** WebGL2 first, then WebGL1; null when neither is available without a major performance caveat. */
export function createContext(canvas: HTMLCanvasElement): GL | null {
  const gl2 = canvas.getContext("webgl2", CONTEXT_OPTIONS);
  if (gl2) return gl2;
  const gl1 = (canvas.getContext("webgl", CONTEXT_OPTIONS) ??
    canvas.getContext("experimental-webgl", CONTEXT_OPTIONS)) as WebGLRenderingContext | null;
  // The state buffer is read in vertex shaders; a context without vertex textures cannot draw the tree.
  if (gl1 && gl1.getParameter(gl1.MAX_VERTEX_TEXTURE_IMAGE_UNITS) > 0) return gl1;
  return null;
}

/** Geometry is built on the CPU once per tree version and shared by every canvas. */
const geometryCache = new Map<string, TreeGeometry>();
export function geometryFor(model: TreeModel): TreeGeometry {
  let g = geometryCache.get(model.version);
  if (!g) {
    g = buildGeometry(model);
    geometryCache.set(model.version, g);
  }
  return g;
}

/** The three linked programs; their compile and link may still be running (KHR_parallel_shader_compile). */
export interface TreePrograms {
  group: WebGLProgram;
  edge: WebGLProgram;
  node: WebGLProgram;
}

/**
 * Starts compiling and linking the tree's programs without asking for their
 * status, so the driver can work on them (in parallel where the extension
 * exists) while the page does something else; link errors surface in linkedPrograms.
 */
export function startPrograms(gl: GL): TreePrograms {
  const one = (vs: string, fs: string): WebGLProgram => {
    const p = gl.createProgram()!;
    for (const [type, src] of [[gl.VERTEX_SHADER, vs], [gl.FRAGMENT_SHADER, fs]] as const) {
      const sh = gl.createShader(type)!;
      gl.shaderSource(sh, src);
      gl.compileShader(sh);
      gl.attachShader(p, sh);
      gl.deleteShader(sh); // freed with the program
    }
    gl.linkProgram(p);
    return p;
  };
  return { group: one(GROUP_VS, GROUP_FS), edge: one(EDGE_VS, EDGE_FS), node: one(NODE_VS, NODE_FS) };
}

/** Whether the programs finished linking; always true without KHR_parallel_shader_compile (asking would block). */
export function programsSettled(gl: GL, programs: TreePrograms): boolean {
  const ext = gl.getExtension("KHR_parallel_shader_compile") as { COMPLETION_STATUS_KHR: number } | null;
  if (!ext) return true;
  return Object.values(programs).every((p) => gl.getProgramParameter(p, ext.COMPLETION_STATUS_KHR) as boolean);
}

/** Attribute and uniform locations per program, read once: each query is a blocking round trip to the GPU process. */
const programInfos = new WeakMap<WebGLProgram, twgl.ProgramInfo>();

function linkedPrograms(gl: GL, programs: TreePrograms) {
  const info = (p: WebGLProgram): twgl.ProgramInfo => {
    let got = programInfos.get(p);
    if (!got) {
      if (!gl.getProgramParameter(p, gl.LINK_STATUS)) throw new Error(`tree shaders failed to link: ${gl.getProgramInfoLog(p)}`);
      got = twgl.createProgramInfoFromProgram(gl, p);
      programInfos.set(p, got);
    }
    return got;
  };
  return { group: info(programs.group), edge: info(programs.edge), node: info(programs.node) };
}

interface GpuResources {
  group: twgl.ProgramInfo;
  edge: twgl.ProgramInfo;
  node: twgl.ProgramInfo;
  groupBuf: twgl.BufferInfo;
  edgeBuf: twgl.BufferInfo;
  nodeBuf: twgl.BufferInfo;
  stateTex: WebGLTexture;
  stateW: number;
  stateH: number;
}

export interface FrameStats {
  frames: number;
  uploads: number;
  geometryUploads: number;
}

export class TreeRenderer {
  private res: GpuResources | null = null;
  private uploadedRevision = -1;
  readonly stats: FrameStats = { frames: 0, uploads: 0, geometryUploads: 0 };
  lost = false;

  /** `programs` from startPrograms on this context (compiled ahead of the data); a restore compiles afresh. */
  constructor(
    readonly gl: GL,
    readonly model: TreeModel,
    private programs: TreePrograms | null = null,
    private readonly geometry: TreeGeometry = geometryFor(model),
  ) {
    this.init();
  }

  /** (Re)creates programs, buffers and the state texture; also after a context restore. */
  init(): void {
    const gl = this.gl;
    const geo = this.geometry;
    performance.mark("tree:geometry");
    // Programs first: their queries block until the GPU process has done everything queued before them.
    const programs = this.programs && !this.lost ? this.programs : startPrograms(gl);
    this.programs = programs;
    const { group, edge, node } = linkedPrograms(gl, programs);
    performance.mark("tree:programs");
    // One array buffer per layer; the attributes share it through stride and offset.
    const layer = (data: Layer, stride: number, layout: [string, number][]): twgl.BufferInfo => {
      const buffer = twgl.createBufferFromTypedArray(gl, data.vertices);
      const attribs: Record<string, twgl.AttribInfo> = {};
      let off = 0;
      for (const [name, size] of layout) {
        attribs[name] = { buffer, numComponents: size, stride: stride * 4, offset: off * 4, type: gl.FLOAT };
        off += size;
      }
      if (data.indices instanceof Uint32Array && !isWebGL2(gl)) {
        if (!gl.getExtension("OES_element_index_uint")) throw new Error("32-bit indices are not supported");
      }
      return {
        attribs,
        indices: twgl.createBufferFromTypedArray(gl, data.indices, gl.ELEMENT_ARRAY_BUFFER),
        elementType: data.indices instanceof Uint32Array ? gl.UNSIGNED_INT : gl.UNSIGNED_SHORT,
        numElements: data.indices.length,
      };
    };
    const n = this.model.nodes.length;
    const stateW = Math.min(n, 256) || 1;
    const stateH = Math.max(1, Math.ceil(n / stateW));
    const stateTex = twgl.createTexture(gl, {
      width: stateW,
      height: stateH,
      format: gl.RGBA,
      type: gl.UNSIGNED_BYTE,
      minMag: gl.NEAREST,
      wrap: gl.CLAMP_TO_EDGE,
      src: new Uint8Array(stateW * stateH * 4),
    });
    this.res = {
      group,
      edge,
      node,
      groupBuf: layer(geo.groups, GROUP_STRIDE, [["a_pos", 2], ["a_corner", 2], ["a_radius", 1], ["a_visIndex", 1]]),
      edgeBuf: layer(geo.edges, EDGE_STRIDE, [["a_pos", 2], ["a_normal", 2], ["a_side", 1], ["a_ends", 2]]),
      nodeBuf: layer(geo.nodes, NODE_STRIDE, [["a_pos", 2], ["a_corner", 2], ["a_radius", 1], ["a_shape", 1], ["a_index", 1]]),
      stateTex,
      stateW,
      stateH,
    };
    this.stats.geometryUploads++;
    performance.mark("tree:uploaded");
    this.uploadedRevision = -1;
    this.lost = false;
  }

  /** Uploads the state texture when its revision changed; returns whether it did. */
  syncStates(states: StateBuffer): boolean {
    const res = this.res;
    if (!res || this.lost || states.revision === this.uploadedRevision) return false;
    const gl = this.gl;
    const padded = new Uint8Array(res.stateW * res.stateH * 4);
    padded.set(states.data.subarray(0, padded.length));
    gl.bindTexture(gl.TEXTURE_2D, res.stateTex);
    gl.pixelStorei(gl.UNPACK_ALIGNMENT, 1);
    gl.texSubImage2D(gl.TEXTURE_2D, 0, 0, 0, res.stateW, res.stateH, gl.RGBA, gl.UNSIGNED_BYTE, padded);
    this.uploadedRevision = states.revision;
    this.stats.uploads++;
    return true;
  }

  /** Draws one frame at the given camera; viewport is in CSS pixels, dpr capped at 2. */
  draw(cam: Camera, vp: Viewport, dpr: number, states: StateBuffer): void {
    const res = this.res;
    if (!res || this.lost) return;
    const gl = this.gl;
    this.syncStates(states);
    const ratio = Math.min(VIEW.maxPixelRatio, Math.max(1, dpr));
    const w = Math.max(1, Math.round(vp.width * ratio));
    const h = Math.max(1, Math.round(vp.height * ratio));
    const canvas = gl.canvas as HTMLCanvasElement;
    if (canvas.width !== w || canvas.height !== h) {
      canvas.width = w;
      canvas.height = h;
    }
    gl.viewport(0, 0, w, h);
    const [r, g, b] = COLOURS.background;
    gl.clearColor(r, g, b, 1);
    gl.clear(gl.COLOR_BUFFER_BIT);
    gl.blendFunc(gl.SRC_ALPHA, gl.ONE_MINUS_SRC_ALPHA);
    const uniforms = {
      u_center: [cam.x, cam.y],
      u_scale: pixelScale(cam, this.model.bounds, vp) * (w / vp.width),
      u_resolution: [w, h],
      u_states: res.stateTex,
      u_stateSize: [res.stateW, res.stateH],
    };
    for (const [prog, buf] of [
      [res.group, res.groupBuf],
      [res.edge, res.edgeBuf],
      [res.node, res.nodeBuf],
    ] as const) {
      // Group discs are opaque and go straight onto the clear colour; edges and nodes blend their anti-aliased rims.
      if (prog === res.group) gl.disable(gl.BLEND);
      else gl.enable(gl.BLEND);
      gl.useProgram(prog.program);
      twgl.setBuffersAndAttributes(gl, prog, buf);
      twgl.setUniforms(prog, uniforms);
      twgl.drawBufferInfo(gl, buf);
    }
    this.stats.frames++;
  }

  /** Reads one pixel (device coordinates, origin top left) of the current frame. */
  readPixel(x: number, y: number): [number, number, number, number] {
    const gl = this.gl;
    const out = new Uint8Array(4);
    gl.readPixels(Math.round(x), gl.drawingBufferHeight - 1 - Math.round(y), 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, out);
    return [out[0], out[1], out[2], out[3]];
  }

  /** Frees buffers and the texture; the programs too unless `keepPrograms` (the warm-up hands them on). */
  dispose(keepPrograms = false): void {
    const res = this.res;
    if (!res || this.lost) return;
    const gl = this.gl;
    if (!keepPrograms) for (const p of [res.group, res.edge, res.node]) gl.deleteProgram(p.program);
    gl.deleteTexture(res.stateTex);
    for (const b of [res.groupBuf, res.edgeBuf, res.nodeBuf]) {
      gl.deleteBuffer(Object.values(b.attribs!)[0].buffer);
      if (b.indices) gl.deleteBuffer(b.indices);
    }
    this.res = null;
  }
}
