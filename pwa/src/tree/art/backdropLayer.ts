/**
 * The tree's backdrops (backdropQuads.ts) as four WebGL passes inside the renderer's
 * frame: the tiled background first (under the group discs), the ascendancy backdrops
 * over the group discs, the class and ascendancy start art over the nodes' plain discs. Drawn at the icons'
 * legible zoom, one draw call per sheet; absent until its sheets have loaded.
 */
import type { Camera, Viewport } from "../camera";
import type { TreeModel } from "../model";
import type { GL } from "../renderer";
import { CAMERA_VS } from "../shaders";
import type { StateBuffer } from "../states";
import { NodeState } from "../states";
import { backdropQuads, BACKDROP_SHEETS, type BackdropArt, type BackdropQuad, type BackdropSheet } from "./backdropQuads";
import { gpuTextureLimit, planSheet, uvInPiece, type Piece } from "./sheetSplit";
import type { Rect } from "./artQuads";
import { bindQuadAttributes, compileProgram, QuadPass, quadState, sheetTexture, SPRITE_UV_GLSL, unbindQuadAttributes, useArtProgram, type Attribs, type QuadState } from "./program";

const VS = `${CAMERA_VS}
attribute vec2 a_pos;
attribute vec2 a_local;
attribute vec4 a_on;
attribute vec4 a_off;
attribute vec4 a_k; // kOn.xy, kOff.xy
attribute vec2 a_meta; // kind, alphaOff
attribute vec2 a_state; // active, visible
varying vec2 v_local;
varying vec4 v_rect;
varying vec2 v_k;
varying vec2 v_meta; // kind, alpha
void main() {
  if (a_state.y < 0.5) { gl_Position = HIDDEN; return; }
  bool on = a_state.x > 0.5;
  v_rect = on ? a_on : a_off;
  v_k = on ? a_k.xy : a_k.zw;
  v_meta = vec2(a_meta.x, on ? 1.0 : a_meta.y);
  v_local = a_local;
  gl_Position = toClip(a_pos);
}`;

const FS = `
precision mediump float;
uniform sampler2D u_sheet;
uniform vec2 u_half;
${SPRITE_UV_GLSL}
varying vec2 v_local;
varying vec4 v_rect;
varying vec2 v_k;
varying vec2 v_meta;
void main() {
  vec2 t;
  if (v_meta.x < 0.5) {
    t = fract(v_local); // the tile repeats (the sheet is not a power of two: no GL_REPEAT)
  } else {
    // Each sprite at its own size in the middle of the quad.
    t = (v_local - 0.5) * v_k + 0.5;
    if (t.x < 0.0 || t.y < 0.0 || t.x > 1.0 || t.y > 1.0) discard;
  }
  vec4 c = texture2D(u_sheet, spriteUv(v_rect, t, u_half));
  gl_FragColor = vec4(c.rgb, c.a * v_meta.y);
}`;

/** Floats per vertex: pos 2, local 2, on 4, off 4, k 4, meta 2. */
const STRIDE = 18;
const ATTRIBS: Attribs = [
  ["a_pos", 2, 0], ["a_local", 2, 2], ["a_on", 4, 4], ["a_off", 4, 8], ["a_k", 4, 12], ["a_meta", 2, 16],
];

export type BackdropImages = Partial<Record<BackdropSheet, ImageBitmap>>;
export type BackdropPassName = "tile" | "ascendancies" | "classStarts" | "ascendancyStarts";

function corner(q: BackdropQuad, c: number): number[] {
  return [...q.corners[c], ...q.local[c], ...q.on, ...q.off, ...q.kOn, ...q.kOff, q.kind, q.alphaOff];
}

function state(q: BackdropQuad, states: StateBuffer): QuadState {
  let on = false;
  for (let i = 0; i < q.members.length && !on; i++) on = states.has(q.members[i], NodeState.Active);
  return quadState(on, q.node < 0 || states.visible(q.node));
}

/** One pass: its quads sorted by sheet, drawn one sheet at a time. */
class Pass extends QuadPass<BackdropQuad> {
  /** [sheet, first quad, quad count]. */
  readonly runs: [number, number, number][] = [];

  constructor(gl: GL, quads: BackdropQuad[]) {
    quads.sort((a, b) => a.sheet - b.sheet);
    super(gl, quads, STRIDE, corner, state);
    quads.forEach((q, k) => {
      const last = this.runs[this.runs.length - 1];
      if (last && last[0] === q.sheet) last[2]++;
      else this.runs.push([q.sheet, k, 1]);
    });
  }
}

/** One piece's texture: the whole bitmap when the piece is the sheet, else the piece drawn onto a canvas of its size. */
function pieceTexture(gl: GL, img: ImageBitmap, p: Piece, size: [number, number]): WebGLTexture {
  if (p.x === 0 && p.y === 0 && p.w >= size[0] && p.h >= size[1]) return sheetTexture(gl, img);
  const c = typeof OffscreenCanvas !== "undefined" ? new OffscreenCanvas(p.w, p.h) : Object.assign(document.createElement("canvas"), { width: p.w, height: p.h });
  const ctx = c.getContext("2d") as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null;
  if (!ctx) throw new Error("no 2D context to split a sprite sheet");
  ctx.drawImage(img, p.x, p.y, p.w, p.h, 0, 0, p.w, p.h);
  return sheetTexture(gl, c);
}

export class BackdropLayer {
  private readonly program: WebGLProgram;
  private readonly passes: Record<BackdropPassName, Pass>;
  private readonly textures: WebGLTexture[];
  private readonly halves: [number, number][];
  /** Frames that drew the backdrops (the tests read it). */
  frames = 0;

  /** The GPU's texture size the sheets were split to, and the textures they became (one per piece). */
  readonly textureLimit: number;

  constructor(readonly gl: GL, readonly model: TreeModel, art: BackdropArt, images: BackdropImages, limit = gpuTextureLimit(gl)) {
    const q = backdropQuads(model, art);
    // Quads whose sheet did not load (the bloodlines' on a tree without them) are left out.
    const loaded = (list: BackdropQuad[]) => list.filter((x) => images[BACKDROP_SHEETS[x.sheet]]);
    const lists = { tile: loaded(q.tile), ascendancies: loaded(q.ascendancies), classStarts: loaded(q.classStarts), ascendancyStarts: loaded(q.ascendancyStarts) };
    this.program = compileProgram(gl, VS, FS, "tree backdrops");
    this.textureLimit = limit;
    // Each sheet split to the GPU's limit (sheetSplit.ts; the 3.28 sheets are at most 2,668 px, one piece
    // at 4096): a quad moves to the piece holding its sprites, `sheet` becoming the piece's texture index.
    this.textures = [];
    this.halves = [];
    const all = Object.values(lists).flat();
    // Grouped by sheet before any quad moves to a piece (a piece's index may equal a later sheet's).
    const bySheet = BACKDROP_SHEETS.map((_, si) => all.filter((x) => x.sheet === si));
    BACKDROP_SHEETS.forEach((name, si) => {
      const img = images[name];
      if (!img) return;
      const size = art.sheets[name].size;
      const mine = bySheet[si];
      const px = (r: Rect): Rect => [r[0] * size[0], r[1] * size[1], r[2] * size[0], r[3] * size[1]];
      // Both sprites of a quad (active and not) in one piece: their bounding box.
      const rects = mine.map((x): Rect => {
        const a = px(x.on), b = px(x.off);
        const x0 = Math.floor(Math.min(a[0], b[0])), y0 = Math.floor(Math.min(a[1], b[1]));
        return [x0, y0, Math.ceil(Math.max(a[0] + a[2], b[0] + b[2])) - x0, Math.ceil(Math.max(a[1] + a[3], b[1] + b[3])) - y0];
      });
      const plan = planSheet(size, rects, limit);
      const base = this.textures.length;
      for (const piece of plan.pieces) {
        this.textures.push(pieceTexture(gl, img, piece, size));
        this.halves.push([0.5 / piece.w, 0.5 / piece.h]);
      }
      mine.forEach((x, k) => {
        const piece = plan.pieces[plan.pieceOf[k]];
        x.on = uvInPiece(x.on, size, piece);
        x.off = uvInPiece(x.off, size, piece);
        x.sheet = base + plan.pieceOf[k];
      });
    });
    this.passes = {
      tile: new Pass(gl, lists.tile), ascendancies: new Pass(gl, lists.ascendancies),
      classStarts: new Pass(gl, lists.classStarts), ascendancyStarts: new Pass(gl, lists.ascendancyStarts),
    };
  }

  /** Textures the sheets became (more than the sheets when one was split). */
  get textureCount(): number {
    return this.textures.length;
  }

  get counts(): Record<BackdropPassName, number> {
    const p = this.passes;
    return { tile: p.tile.quads.length, ascendancies: p.ascendancies.quads.length, classStarts: p.classStarts.quads.length, ascendancyStarts: p.ascendancyStarts.quads.length };
  }

  /** Draws one pass over the current frame at this camera (the caller checks legibility). */
  draw(which: BackdropPassName, cam: Camera, vp: Viewport, states: StateBuffer): void {
    const pass = this.passes[which];
    if (pass.quads.length === 0) return;
    const gl = this.gl, p = this.program;
    pass.sync(states);
    useArtProgram(gl, p, cam, vp, this.model.bounds);
    gl.uniform1i(gl.getUniformLocation(p, "u_sheet"), 0);
    gl.activeTexture(gl.TEXTURE0);
    bindQuadAttributes(gl, p, ATTRIBS, STRIDE, pass.buffers);
    for (const [sheet, first, count] of pass.runs) {
      gl.bindTexture(gl.TEXTURE_2D, this.textures[sheet]);
      gl.uniform2fv(gl.getUniformLocation(p, "u_half"), this.halves[sheet] ?? [0, 0]);
      gl.drawElements(gl.TRIANGLES, count * 6, gl.UNSIGNED_SHORT, first * 6 * 2);
    }
    unbindQuadAttributes(gl, p, ATTRIBS);
    if (which === "tile") this.frames++;
  }

  dispose(): void {
    const gl = this.gl;
    gl.deleteProgram(this.program);
    for (const pass of Object.values(this.passes)) pass.dispose();
    for (const t of this.textures) if (t) gl.deleteTexture(t);
  }
}
