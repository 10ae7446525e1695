/**
 * Group backgrounds and line art (decoQuads.ts) as two WebGL passes inside the
 * renderer's frame: the backgrounds right after its group discs, the lines right after
 * its plain edges, so the node shapes and the icon layer (artLayer.ts) stay on top.
 * Drawn at the same legible zoom as the icons; absent until the art has loaded.
 */
import { gpuTextureLimit } from "./sheetSplit";
import { bindQuadAttributes, compileProgram, fittingSheetTexture, halfTexel, QuadPass, quadState, SPRITE_UV_GLSL, unbindQuadAttributes, useArtProgram, type Attribs, type QuadState } from "./program";
import type { Camera, Viewport } from "../camera";
import type { TreeModel } from "../model";
import type { GL } from "../renderer";
import { CAMERA_VS } from "../shaders";
import type { StateBuffer } from "../states";
import { decoQuads, lineActive, type DecoArt, type DecoQuad } from "./decoQuads";

const VS = `${CAMERA_VS}
attribute vec2 a_pos;
attribute vec2 a_local;
attribute vec4 a_on;
attribute vec4 a_off;
attribute vec4 a_shape; // mode, halfArc, kOn, kOff
attribute vec2 a_cut; // cutOn, cutOff
attribute vec2 a_state; // active, visible
varying vec2 v_local;
varying vec4 v_rect;
varying vec4 v_shape; // mode, halfArc, k, cut
void main() {
  if (a_state.y < 0.5) { gl_Position = HIDDEN; return; }
  bool on = a_state.x > 0.5;
  v_rect = on ? a_on : a_off;
  v_shape = vec4(a_shape.x, a_shape.y, on ? a_shape.z : a_shape.w, on ? a_cut.x : a_cut.y);
  v_local = a_local;
  gl_Position = toClip(a_pos);
}`;

const FS = `
precision mediump float;
uniform sampler2D u_group;
uniform sampler2D u_line;
uniform vec2 u_groupHalf;
uniform vec2 u_lineHalf;
${SPRITE_UV_GLSL}
varying vec2 v_local;
varying vec4 v_rect;
varying vec4 v_shape;
void main() {
  vec2 t = v_local;
  if (v_shape.x < 0.5) {
    gl_FragColor = texture2D(u_group, spriteUv(v_rect, t, u_groupHalf));
    return;
  }
  if (v_shape.x < 1.5) {
    t.x = fract(t.x); // the strip repeats along the edge (the sheet is not a power of two: no GL_REPEAT)
  } else {
    if (abs(atan(t.y, t.x) - 0.78539816) > v_shape.y) discard;
    t = t * v_shape.z;
    float d = length(t);
    // Only this orbit's ring: smaller orbits' arcs are nested inside its rectangle in the sheet.
    if (d > 1.0 || d < v_shape.w) discard;
    t = 1.0 - t; // the orbit sprite's centre is its bottom-right corner
  }
  gl_FragColor = texture2D(u_line, spriteUv(v_rect, t, u_lineHalf));
}`;

/** Floats per vertex: pos 2, local 2, on 4, off 4, shape 4, cut 2. */
const STRIDE = 18;
const ATTRIBS: Attribs = [
  ["a_pos", 2, 0], ["a_local", 2, 2], ["a_on", 4, 4], ["a_off", 4, 8], ["a_shape", 4, 12], ["a_cut", 2, 16],
];

function compile(gl: GL): WebGLProgram {
  return compileProgram(gl, VS, FS, "tree art (backgrounds, lines)");
}

function corner(q: DecoQuad, c: number): number[] {
  return [...q.corners[c], ...q.local[c], ...q.on, ...q.off, q.mode, q.halfArc, q.kOn, q.kOff, q.cutOn, q.cutOff];
}

/** Backgrounds (a = -1) are fixed: always visible and never active. */
function state(q: DecoQuad, states: StateBuffer): QuadState | null {
  if (q.a < 0) return null;
  return quadState(lineActive(states.has(q.a, 1), states.has(q.b, 1)), states.visible(q.a) && states.visible(q.b));
}

export interface DecoImages {
  group: ImageBitmap;
  line: ImageBitmap;
}

export class DecoLayer {
  private readonly program: WebGLProgram;
  private readonly passes: { backgrounds: QuadPass<DecoQuad>; lines: QuadPass<DecoQuad> };
  private readonly textures: [WebGLTexture, WebGLTexture];
  private readonly halves: [[number, number], [number, number]];
  /** Frames that drew backgrounds (the tests read it). */
  frames = 0;

  constructor(readonly gl: GL, readonly model: TreeModel, art: DecoArt, images: DecoImages) {
    const q = decoQuads(model, art);
    this.program = compile(gl);
    this.passes = { backgrounds: new QuadPass(gl, q.backgrounds, STRIDE, corner, state), lines: new QuadPass(gl, q.lines, STRIDE, corner, state) };
    const limit = gpuTextureLimit(gl);
    this.textures = [fittingSheetTexture(gl, images.group, limit, "group background"), fittingSheetTexture(gl, images.line, limit, "line")];
    this.halves = [halfTexel(images.group), halfTexel(images.line)];
  }

  get counts(): { backgrounds: number; lines: number } {
    return { backgrounds: this.passes.backgrounds.quads.length, lines: this.passes.lines.quads.length };
  }

  /** Draws one pass over the current frame at this camera (the caller checks legibility). */
  draw(which: "backgrounds" | "lines", cam: Camera, vp: Viewport, states: StateBuffer): void {
    const pass = this.passes[which];
    if (pass.quads.length === 0) return;
    const gl = this.gl, p = this.program;
    pass.sync(states);
    useArtProgram(gl, p, cam, vp, this.model.bounds);
    ["u_group", "u_line"].forEach((name, unit) => {
      gl.activeTexture(gl.TEXTURE0 + unit);
      gl.bindTexture(gl.TEXTURE_2D, this.textures[unit]);
      gl.uniform1i(gl.getUniformLocation(p, name), unit);
      gl.uniform2fv(gl.getUniformLocation(p, `${name}Half`), this.halves[unit]);
    });
    gl.activeTexture(gl.TEXTURE0);
    bindQuadAttributes(gl, p, ATTRIBS, STRIDE, pass.buffers);
    gl.drawElements(gl.TRIANGLES, pass.quads.length * 6, gl.UNSIGNED_SHORT, 0);
    unbindQuadAttributes(gl, p, ATTRIBS);
    if (which === "backgrounds") this.frames++;
  }

  dispose(): void {
    const gl = this.gl;
    gl.deleteProgram(this.program);
    this.passes.backgrounds.dispose();
    this.passes.lines.dispose();
    for (const t of this.textures) gl.deleteTexture(t);
  }
}
