import { pixelScale, type Camera, type Viewport } from "../camera";
import type { Bounds } from "../model";
import type { StateBuffer } from "../states";

type GL = WebGLRenderingContext;

/**
 * Compiles and links a shader pair without asking for its status, so the driver may work on
 * it in parallel (KHR_parallel_shader_compile) until someone does.
 */
export function startProgram(gl: GL, vs: string, fs: string): WebGLProgram {
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
}

/** Links one art layer's shader pair; `what` names the layer in the error. */
export function compileProgram(gl: GL, vs: string, fs: string, what: string): WebGLProgram {
  const p = startProgram(gl, vs, fs);
  if (!gl.getProgramParameter(p, gl.LINK_STATUS)) throw new Error(`${what} shaders failed to link: ${gl.getProgramInfoLog(p)}`);
  return p;
}

/** Uploads one sprite sheet. Sheets are not powers of two: no mipmaps in WebGL1, so clamp and filter linearly. */
export function sheetTexture(gl: GL, img: TexImageSource): WebGLTexture {
  const t = gl.createTexture()!;
  gl.bindTexture(gl.TEXTURE_2D, t);
  gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA, gl.RGBA, gl.UNSIGNED_BYTE, img);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.LINEAR);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.LINEAR);
  return t;
}

/**
 * GLSL: the sheet coordinate of point `t` (0..1) of sprite rectangle `r`, kept half a texel (`half`,
 * 0.5 / sheet size) inside it, so linear filtering never blends in the texels past the sprite: the
 * neighbouring sprite, or the transparent row under a half image (the mirrored PSGroupBackground3 drew
 * a dark seam across its middle, and so across every ascendancy's art, once a texel covered a pixel).
 */
export const SPRITE_UV_GLSL = `
vec2 spriteUv(vec4 r, vec2 t, vec2 halfTexel) {
  return clamp(r.xy + t * r.zw, r.xy + halfTexel, r.xy + r.zw - halfTexel);
}`;

/** Half a texel of a sheet in uv units (the `half` spriteUv takes). */
export function halfTexel(size: { width: number; height: number }): [number, number] {
  return [0.5 / size.width, 0.5 / size.height];
}

/**
 * A sheet's texture where it fits the GPU's limit (sheetSplit.ts gpuTextureLimit), else an error: for the
 * layers that bind whole sheets (icons, frames, group backgrounds, lines; at most 1,459 px in the 3.28 art).
 */
export function fittingSheetTexture(gl: GL, img: ImageBitmap, limit: number, what: string): WebGLTexture {
  if (img.width > limit || img.height > limit) throw new Error(`${what} sheet ${img.width}x${img.height} exceeds the GPU's ${limit} px textures`);
  return sheetTexture(gl, img);
}

/** Two triangles per quad over its 4 vertices (16-bit: at most 16,384 quads). */
export function quadIndices(quads: number): Uint16Array {
  if (quads * 4 > 65536) throw new Error("too many art quads for 16-bit indices");
  const idx = new Uint16Array(quads * 6);
  for (let k = 0; k < quads; k++) idx.set([0, 1, 2, 0, 2, 3].map((i) => k * 4 + i), k * 6);
  return idx;
}

export interface QuadBuffers {
  vertices: WebGLBuffer;
  /** Two state bytes per vertex, rewritten as the allocation changes. */
  stateBuf: WebGLBuffer;
  indices: WebGLBuffer;
}

/** A layer's static vertices and indices and its dynamic state bytes, uploaded once. */
export function quadBuffers(gl: GL, vertices: Float32Array, states: Uint8Array, indices: Uint16Array): QuadBuffers {
  const out = { vertices: gl.createBuffer()!, stateBuf: gl.createBuffer()!, indices: gl.createBuffer()! };
  gl.bindBuffer(gl.ARRAY_BUFFER, out.vertices);
  gl.bufferData(gl.ARRAY_BUFFER, vertices, gl.STATIC_DRAW);
  gl.bindBuffer(gl.ARRAY_BUFFER, out.stateBuf);
  gl.bufferData(gl.ARRAY_BUFFER, states, gl.DYNAMIC_DRAW);
  gl.bindBuffer(gl.ELEMENT_ARRAY_BUFFER, out.indices);
  gl.bufferData(gl.ELEMENT_ARRAY_BUFFER, indices, gl.STATIC_DRAW);
  return out;
}

/** A quad's two state bytes, [active, visible], each 0 or 1. */
export type QuadState = readonly [number, number];
const QUAD_STATES: readonly QuadState[] = [[0, 0], [1, 0], [0, 1], [1, 1]];

/** The state bytes for these flags: shared arrays, so a sync allocates nothing. */
export function quadState(active: boolean, visible: boolean): QuadState {
  return QUAD_STATES[(active ? 1 : 0) + (visible ? 2 : 0)];
}

/**
 * One art pass's quads on the GPU: static vertices (`corner(q, c)` gives corner c's
 * `stride` floats), indices, and two state bytes per vertex that `sync` rewrites from
 * `state(q, states)` when the StateBuffer's revision changes. A quad whose state is null
 * is fixed: always visible, never active (its bytes are set once, here).
 */
export class QuadPass<Q> {
  readonly buffers: QuadBuffers;
  private readonly stateBytes: Uint8Array;
  private syncedStates: StateBuffer | null = null;
  private syncedRevision = -1;

  constructor(
    readonly gl: GL,
    readonly quads: readonly Q[],
    stride: number,
    corner: (q: Q, c: number) => number[],
    private readonly state: (q: Q, states: StateBuffer) => QuadState | null,
  ) {
    const v = new Float32Array(quads.length * 4 * stride);
    quads.forEach((q, k) => {
      for (let c = 0; c < 4; c++) {
        const floats = corner(q, c);
        if (floats.length !== stride) throw new Error(`art quad corner has ${floats.length} floats, not ${stride}`);
        v.set(floats, (k * 4 + c) * stride);
      }
    });
    // [inactive, visible] for every vertex: what a fixed quad keeps; the first sync (before any draw) sets the others.
    this.stateBytes = new Uint8Array(quads.length * 4 * 2);
    for (let i = 1; i < this.stateBytes.length; i += 2) this.stateBytes[i] = 1;
    this.buffers = quadBuffers(gl, v, this.stateBytes, quadIndices(quads.length));
  }

  /** Brings the state bytes up to `states` (nothing to do while its revision is unchanged). */
  sync(states: StateBuffer): void {
    if (this.syncedStates === states && this.syncedRevision === states.revision) return;
    const s = this.stateBytes, quads = this.quads;
    for (let k = 0; k < quads.length; k++) {
      const st = this.state(quads[k], states);
      if (st === null) continue;
      for (let i = k * 8; i < k * 8 + 8; i += 2) {
        s[i] = st[0];
        s[i + 1] = st[1];
      }
    }
    const gl = this.gl;
    gl.bindBuffer(gl.ARRAY_BUFFER, this.buffers.stateBuf);
    gl.bufferSubData(gl.ARRAY_BUFFER, 0, s);
    this.syncedStates = states;
    this.syncedRevision = states.revision;
  }

  dispose(): void {
    for (const b of Object.values(this.buffers)) this.gl.deleteBuffer(b);
  }
}

/** Float attributes `[name, size, offset]` interleaved at `stride` floats, plus the 2-byte `a_state`. */
export type Attribs = [string, number, number][];

export function bindQuadAttributes(gl: GL, p: WebGLProgram, attribs: Attribs, stride: number, b: QuadBuffers): void {
  gl.bindBuffer(gl.ARRAY_BUFFER, b.vertices);
  for (const [name, size, offset] of attribs) {
    const loc = gl.getAttribLocation(p, name);
    if (loc < 0) continue;
    gl.enableVertexAttribArray(loc);
    gl.vertexAttribPointer(loc, size, gl.FLOAT, false, stride * 4, offset * 4);
  }
  const sl = gl.getAttribLocation(p, "a_state");
  gl.bindBuffer(gl.ARRAY_BUFFER, b.stateBuf);
  gl.enableVertexAttribArray(sl);
  gl.vertexAttribPointer(sl, 2, gl.UNSIGNED_BYTE, false, 0, 0);
  gl.bindBuffer(gl.ELEMENT_ARRAY_BUFFER, b.indices);
}

/** Leaves no attribute array enabled for the renderer's next pass (its layouts differ). */
export function unbindQuadAttributes(gl: GL, p: WebGLProgram, attribs: Attribs): void {
  for (const name of [...attribs.map((a) => a[0]), "a_state"]) {
    const loc = gl.getAttribLocation(p, name);
    if (loc >= 0) gl.disableVertexAttribArray(loc);
  }
}

/** Starts an art pass: its program, alpha blending, and the camera uniforms its vertex shader places quads with. */
export function useArtProgram(gl: GL, p: WebGLProgram, cam: Camera, vp: Viewport, bounds: Bounds): void {
  const w = gl.drawingBufferWidth;
  gl.useProgram(p);
  gl.enable(gl.BLEND);
  gl.blendFunc(gl.SRC_ALPHA, gl.ONE_MINUS_SRC_ALPHA);
  gl.uniform2f(gl.getUniformLocation(p, "u_center"), cam.x, cam.y);
  gl.uniform1f(gl.getUniformLocation(p, "u_scale"), pixelScale(cam, bounds, vp) * (w / vp.width));
  gl.uniform2f(gl.getUniformLocation(p, "u_resolution"), w, gl.drawingBufferHeight);
}
