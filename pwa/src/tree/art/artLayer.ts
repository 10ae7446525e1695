/**
 * The tree art as one more WebGL pass over the renderer's frame: textured quads
 * (node icons, then frames) from the sprite sheets, drawn only from the zoom where
 * they are legible. Separate from TreeRenderer: the plain shapes stay the fallback
 * and the first frame never waits for the art (it is loaded after that frame).
 */
import { compileProgram, fittingSheetTexture, halfTexel, SPRITE_UV_GLSL } from "./program";
import { gpuTextureLimit } from "./sheetSplit";
import { pixelScale, VIEW, type Camera, type Viewport } from "../camera";
import type { TreeModel } from "../model";
import type { GL } from "../renderer";
import { CAMERA_VS } from "../shaders";
import type { StateBuffer } from "../states";
import { artQuads, LEGIBLE_RADIUS_PX, type ArtBundle } from "./artQuads";

const VS = `${CAMERA_VS}
attribute vec2 a_pos;
attribute vec2 a_corner;
attribute float a_half;
attribute vec4 a_on;
attribute vec4 a_off;
attribute float a_layer;
attribute vec2 a_state; // allocated, visible
varying vec4 v_rect;
varying vec2 v_t;
varying vec2 v_local;
varying float v_layer;
void main() {
  if (a_state.y < 0.5) { gl_Position = HIDDEN; return; }
  v_rect = a_state.x > 0.5 ? a_on : a_off;
  v_t = a_corner * 0.5 + 0.5;
  v_local = a_corner;
  v_layer = a_layer + (a_state.x > 0.5 ? 0.0 : 2.0);
  gl_Position = toClip(a_pos + a_corner * a_half);
}`;

const FS = `
precision mediump float;
uniform sampler2D u_active;
uniform sampler2D u_inactive;
uniform sampler2D u_frame;
uniform vec2 u_iconHalf;
uniform vec2 u_frameHalf;
${SPRITE_UV_GLSL}
varying vec4 v_rect;
varying vec2 v_t;
varying vec2 v_local;
varying float v_layer;
void main() {
  float layer = mod(v_layer, 2.0);
  bool on = v_layer < 2.0;
  if (layer < 0.5) {
    // Icons are square in the sheets (a JPEG has no alpha): keep the disc the frame surrounds.
    float d = length(v_local);
    if (d > 1.0) discard;
    vec2 uv = spriteUv(v_rect, v_t, u_iconHalf);
    vec4 c = on ? texture2D(u_active, uv) : texture2D(u_inactive, uv);
    gl_FragColor = vec4(c.rgb, 1.0 - smoothstep(0.92, 1.0, d));
  } else {
    gl_FragColor = texture2D(u_frame, spriteUv(v_rect, v_t, u_frameHalf));
  }
}`;

/** Floats per vertex: pos 2, corner 2, half 1, on 4, off 4, layer 1. */
const STRIDE = 14;
const CORNERS = [[-1, -1], [1, -1], [1, 1], [-1, 1]] as const;

function compile(gl: GL): WebGLProgram {
  return compileProgram(gl, VS, FS, "tree art");
}

export interface ArtImages {
  active: ImageBitmap;
  inactive: ImageBitmap;
  frame: ImageBitmap;
}

export class ArtLayer {
  private readonly program: WebGLProgram;
  private readonly vertices: WebGLBuffer;
  private readonly stateBuf: WebGLBuffer;
  private readonly indices: WebGLBuffer;
  private readonly textures: WebGLTexture[];
  /** Half a texel of the icon sheets (active and disabled share a size) and of the frame sheet. */
  private readonly halves: [[number, number], [number, number]];
  private readonly nodeOf: Int32Array;
  private readonly stateBytes: Uint8Array;
  private readonly count: number;
  private synced: { states: StateBuffer; revision: number } | null = null;
  /** Frames drawn with the art (the tests and the benchmark read it). */
  frames = 0;

  constructor(readonly gl: GL, readonly model: TreeModel, art: ArtBundle, images: ArtImages) {
    const quads = artQuads(model, art);
    if (quads.length * 4 > 65536) throw new Error("too many art quads for 16-bit indices");
    this.count = quads.length;
    const v = new Float32Array(quads.length * 4 * STRIDE);
    const idx = new Uint16Array(quads.length * 6);
    this.nodeOf = new Int32Array(quads.length);
    // Icons first, frames over them: one draw call, in that order.
    quads.sort((a, b) => a.layer - b.layer);
    quads.forEach((q, k) => {
      this.nodeOf[k] = q.node;
      CORNERS.forEach(([cx, cy], c) => {
        v.set([q.x, q.y, cx, cy, q.half, ...q.on, ...q.off, q.layer], (k * 4 + c) * STRIDE);
      });
      idx.set([0, 1, 2, 0, 2, 3].map((i) => k * 4 + i), k * 6);
    });
    this.stateBytes = new Uint8Array(quads.length * 4 * 2);
    this.program = compile(gl);
    this.vertices = gl.createBuffer()!;
    gl.bindBuffer(gl.ARRAY_BUFFER, this.vertices);
    gl.bufferData(gl.ARRAY_BUFFER, v, gl.STATIC_DRAW);
    this.stateBuf = gl.createBuffer()!;
    gl.bindBuffer(gl.ARRAY_BUFFER, this.stateBuf);
    gl.bufferData(gl.ARRAY_BUFFER, this.stateBytes, gl.DYNAMIC_DRAW);
    this.indices = gl.createBuffer()!;
    gl.bindBuffer(gl.ELEMENT_ARRAY_BUFFER, this.indices);
    gl.bufferData(gl.ELEMENT_ARRAY_BUFFER, idx, gl.STATIC_DRAW);
    const limit = gpuTextureLimit(gl);
    this.textures = [images.active, images.inactive, images.frame].map((img) => fittingSheetTexture(gl, img, limit, "icon/frame"));
    this.halves = [halfTexel(images.active), halfTexel(images.frame)];
  }

  /** Whether the art is drawn at this camera: only where a normal node's icon is legible. */
  legible(cam: Camera, vp: Viewport): boolean {
    return pixelScale(cam, this.model.bounds, vp) * 27 * Math.min(VIEW.maxPixelRatio, Math.max(1, window.devicePixelRatio || 1)) >= LEGIBLE_RADIUS_PX;
  }

  private sync(states: StateBuffer): void {
    if (this.synced && this.synced.states === states && this.synced.revision === states.revision) return;
    const s = this.stateBytes;
    for (let k = 0; k < this.count; k++) {
      const i = this.nodeOf[k];
      const on = states.has(i, 1) ? 1 : 0, vis = states.visible(i) ? 1 : 0;
      for (let c = 0; c < 4; c++) {
        s[(k * 4 + c) * 2] = on;
        s[(k * 4 + c) * 2 + 1] = vis;
      }
    }
    const gl = this.gl;
    gl.bindBuffer(gl.ARRAY_BUFFER, this.stateBuf);
    gl.bufferSubData(gl.ARRAY_BUFFER, 0, s);
    this.synced = { states, revision: states.revision };
  }

  /** Draws over the renderer's frame (same camera); returns whether anything was drawn. */
  draw(cam: Camera, vp: Viewport, states: StateBuffer): boolean {
    if (this.count === 0 || !this.legible(cam, vp)) return false;
    const gl = this.gl;
    this.sync(states);
    const w = gl.drawingBufferWidth;
    const p = this.program;
    gl.useProgram(p);
    gl.enable(gl.BLEND);
    gl.blendFunc(gl.SRC_ALPHA, gl.ONE_MINUS_SRC_ALPHA);
    gl.uniform2f(gl.getUniformLocation(p, "u_center"), cam.x, cam.y);
    gl.uniform1f(gl.getUniformLocation(p, "u_scale"), pixelScale(cam, this.model.bounds, vp) * (w / vp.width));
    gl.uniform2f(gl.getUniformLocation(p, "u_resolution"), w, gl.drawingBufferHeight);
    ["u_active", "u_inactive", "u_frame"].forEach((name, unit) => {
      gl.activeTexture(gl.TEXTURE0 + unit);
      gl.bindTexture(gl.TEXTURE_2D, this.textures[unit]);
      gl.uniform1i(gl.getUniformLocation(p, name), unit);
    });
    gl.activeTexture(gl.TEXTURE0);
    gl.uniform2fv(gl.getUniformLocation(p, "u_iconHalf"), this.halves[0]);
    gl.uniform2fv(gl.getUniformLocation(p, "u_frameHalf"), this.halves[1]);
    const attrib = (name: string, size: number, offset: number) => {
      const loc = gl.getAttribLocation(p, name);
      if (loc < 0) return;
      gl.enableVertexAttribArray(loc);
      gl.vertexAttribPointer(loc, size, gl.FLOAT, false, STRIDE * 4, offset * 4);
    };
    gl.bindBuffer(gl.ARRAY_BUFFER, this.vertices);
    attrib("a_pos", 2, 0);
    attrib("a_corner", 2, 2);
    attrib("a_half", 1, 4);
    attrib("a_on", 4, 5);
    attrib("a_off", 4, 9);
    attrib("a_layer", 1, 13);
    const sl = gl.getAttribLocation(p, "a_state");
    gl.bindBuffer(gl.ARRAY_BUFFER, this.stateBuf);
    gl.enableVertexAttribArray(sl);
    gl.vertexAttribPointer(sl, 2, gl.UNSIGNED_BYTE, false, 0, 0);
    gl.bindBuffer(gl.ELEMENT_ARRAY_BUFFER, this.indices);
    gl.drawElements(gl.TRIANGLES, this.count * 6, gl.UNSIGNED_SHORT, 0);
    // Leave no attribute array enabled for the renderer's next pass (its layouts differ).
    for (const name of ["a_pos", "a_corner", "a_half", "a_on", "a_off", "a_layer", "a_state"]) {
      const loc = gl.getAttribLocation(p, name);
      if (loc >= 0) gl.disableVertexAttribArray(loc);
    }
    this.frames++;
    return true;
  }

  dispose(): void {
    const gl = this.gl;
    gl.deleteProgram(this.program);
    for (const b of [this.vertices, this.stateBuf, this.indices]) gl.deleteBuffer(b);
    for (const t of this.textures) gl.deleteTexture(t);
  }
}
