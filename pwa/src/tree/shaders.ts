/**
 * GLSL ES 1.00 (valid in WebGL1 and WebGL2). Node states come as byte
 * attributes per vertex (vertexStates.ts): nodes get flags, compare side and
 * visible; edges their precomputed EdgeStyle; groups visible. Flag tests use
 * floor/mod because GLSL ES 1.00 has no bitwise operators.
 */
import { EDGE_WIDTH } from "./style";

/**
 * Every tree vertex shader's head, the art layers' too (art/program.ts useArtProgram sets
 * the same uniforms): the camera, `toClip` from tree space, and `HIDDEN` off screen.
 */
export const CAMERA_VS = `
precision highp float;
uniform vec2 u_center;
uniform float u_scale;
uniform vec2 u_resolution;
vec4 toClip(vec2 world) {
  vec2 p = (world - u_center) * u_scale;
  return vec4(p.x * 2.0 / u_resolution.x, -p.y * 2.0 / u_resolution.y, 0.0, 1.0);
}
const vec4 HIDDEN = vec4(4.0, 4.0, 4.0, 1.0);
`;

const COMMON = `${CAMERA_VS}bool hasFlag(float flags, float bit) { return mod(floor(flags / bit), 2.0) >= 1.0; }
`;

// Each program's varyings, declared once for both of its stages so they cannot drift apart.
const GROUP_VARYINGS = `varying vec2 v_local;
`;
const EDGE_VARYINGS = `varying vec4 v_colour;
varying float v_side;
`;
const NODE_VARYINGS = `varying vec3 v_fill;
varying vec3 v_ring;
varying float v_aa;
varying float v_shape;
varying float v_marks;
`;

export const GROUP_VS = `${COMMON}
attribute vec2 a_pos;
attribute vec2 a_corner;
attribute float a_radius;
attribute float a_visible;
${GROUP_VARYINGS}void main() {
  if (a_visible < 0.5) { gl_Position = HIDDEN; return; }
  v_local = a_corner;
  gl_Position = toClip(a_pos + a_corner * a_radius);
}`;

export const GROUP_FS = `
precision mediump float;
${GROUP_VARYINGS}void main() {
  // Squared distance: no square root per pixel; the rim's ramp over 0.81..1 is the same 0.9..1 band.
  float d2 = dot(v_local, v_local);
  if (d2 > 1.0) discard;
  float rim = smoothstep(0.81, 1.0, d2);
  // Opaque (drawn straight over the clear colour, no blending): a faint disc with a lighter rim.
  gl_FragColor = vec4(vec3(0.0875, 0.087, 0.089) + rim * 0.0275, 1.0);
}`;

/** A number as a GLSL float literal ("5.0", not "5"). */
const glsl = (n: number): string => (Number.isInteger(n) ? n.toFixed(1) : String(n));

/** The plain (unstyled) edges' colour, as quads and as hairlines. */
const PLAIN_EDGE = "vec3(0.27, 0.26, 0.24)";

/** Edges as quads: each vertex offset along its normal by the half width (at least minHalfPx on screen). */
export const EDGE_VS = `${COMMON}
attribute vec2 a_pos;
// Unit normal, then the side (-1, 1), from normalized int8s; four, since every driver fetches four-byte vectors natively.
attribute vec4 a_normal;
attribute float a_style; // EdgeStyle: 0 hidden, 1 normal, 2 in build, 3 in other, 4 both, 5 pathing
${EDGE_VARYINGS}void main() {
  if (a_style < 0.5) { gl_Position = HIDDEN; return; }
  vec3 c = ${PLAIN_EDGE};
  float hw = ${glsl(EDGE_WIDTH.normal.half)};
  float minPx = ${glsl(EDGE_WIDTH.normal.minHalfPx)};
  if (a_style > 1.5) {
    hw = ${glsl(EDGE_WIDTH.styled.half)};
    minPx = ${glsl(EDGE_WIDTH.styled.minHalfPx)};
    if (a_style < 2.5) c = vec3(0.25, 0.85, 0.35);
    else if (a_style < 3.5) c = vec3(0.95, 0.27, 0.27);
    else if (a_style < 4.5) c = vec3(0.95, 0.78, 0.35);
    else c = vec3(0.45, 0.7, 1.0);
  }
  hw = max(hw, minPx / u_scale);
  v_colour = vec4(c, 1.0);
  v_side = a_normal.z;
  gl_Position = toClip(a_pos + a_normal.xy * a_normal.z * hw);
}`;

export const EDGE_FS = `
precision mediump float;
${EDGE_VARYINGS}void main() {
  gl_FragColor = vec4(v_colour.rgb, v_colour.a * (1.0 - smoothstep(0.55, 1.0, abs(v_side))));
}`;

/**
 * The plain edges as hairlines (LINES between left vertices): position only, one colour, no
 * varyings. A software GPU sets up and interpolates every varying per primitive and per pixel,
 * and the hairlines are the most primitives in a zoomed-out frame; the styled edges are hidden
 * here and drawn as quads (EDGE_VS) over them.
 */
export const EDGE_LINE_VS = `${CAMERA_VS}
attribute vec2 a_pos;
attribute float a_style; // EdgeStyle: 1 normal; 0 hidden and 2.. styled are not drawn here
void main() {
  gl_Position = a_style > 0.5 && a_style < 1.5 ? toClip(a_pos) : HIDDEN;
}`;

export const EDGE_LINE_FS = `
precision mediump float;
void main() {
  gl_FragColor = vec4(${PLAIN_EDGE}, 1.0);
}`;

/**
 * Nodes come as quads (a_corner per vertex, v_local interpolated) or as point sprites
 * (POINTS: one vertex per node, the local position from gl_PointCoord); both cover the
 * same square, so the fragment shader draws the same pixels.
 */
const NODE_LOCAL_QUAD = `varying vec2 v_local;
`;
const NODE_LOCAL_POINT = `#define POINTS 1
varying float v_extent;
`;

const NODE_VS_BODY = `
attribute vec2 a_pos;
attribute float a_radius;
attribute float a_shape;
attribute vec4 a_state; // flags, compare side, visible
#ifndef POINTS
attribute vec2 a_corner;
#endif
${NODE_VARYINGS}
vec3 baseColour(float shape) {
  if (shape == 1.0) return vec3(0.95, 0.80, 0.28); // notable: yellow
  if (shape == 2.0) return vec3(0.66, 0.45, 1.00); // keystone: purple
  if (shape == 3.0) return vec3(0.78, 0.64, 0.86); // mastery: lilac
  if (shape == 4.0) return vec3(0.45, 0.75, 0.85); // jewel socket
  if (shape == 5.0) return vec3(0.60, 0.55, 0.45); // class start
  if (shape == 6.0 || shape == 7.0) return vec3(0.85, 0.60, 0.42); // ascendancy
  return vec3(0.72, 0.66, 0.55);
}

void main() {
  vec4 s = a_state;
#ifdef POINTS
  gl_PointSize = 1.0;
#endif
  if (s.b < 0.5) { gl_Position = HIDDEN; return; }
  float flags = s.r;
  bool active = hasFlag(flags, 1.0);
  bool hovered = hasFlag(flags, 2.0);
  bool highlighted = hasFlag(flags, 8.0);
  bool desired = hasFlag(flags, 64.0);
  bool undesired = hasFlag(flags, 128.0);
  vec3 base = baseColour(a_shape);
  vec3 fill = base * 0.32;
  vec3 ring = vec3(0.33, 0.31, 0.28);
  if (active) {
    fill = base;
    ring = vec3(1.0, 0.84, 0.4);
    if (s.g == 1.0) { fill = vec3(0.25, 0.85, 0.35); ring = fill; }
    if (s.g == 2.0) { fill = vec3(0.95, 0.27, 0.27); ring = fill; }
    if (s.g == 3.0) { ring = vec3(1.0, 0.55, 0.1); } // changed: a different mastery effect
  }
  if (hovered) { fill = min(fill * 1.35 + 0.08, 1.0); ring = vec3(1.0); }
  // Zoomed far out, nodes keep a few pixels of radius (allocated ones more) so the build stays readable.
  float radius = max(a_radius, (active ? 3.5 : 2.0) / u_scale);
  // Room around the node for the highlight and desired marks.
  float extent = (highlighted || desired || undesired) ? 1.5 : 1.0;
  float outer = radius * extent;
  v_aa = 1.5 / max(radius * u_scale, 0.75);
  v_fill = fill;
  v_ring = ring;
  v_shape = a_shape;
  v_marks = (highlighted ? 1.0 : 0.0) + (desired ? 2.0 : 0.0) + (undesired ? 4.0 : 0.0);
#ifdef POINTS
  v_extent = extent;
  gl_PointSize = 2.0 * outer * u_scale;
  gl_Position = toClip(a_pos);
#else
  v_local = a_corner * extent;
  gl_Position = toClip(a_pos + a_corner * outer);
#endif
}`;

/*
 * A software GPU runs every branch of a fragment shader for every pixel (the branches only mask
 * the results), so the rare marks (highlight, Desired, UnDesired) would cost every node as much
 * as its own shape: they are compiled in (MARKS) only into the programs drawn while some node
 * has a mark. There, Desired and UnDesired share one ring, and the dashed highlight takes its
 * angle from a short polynomial instead of atan.
 */
const NODE_FS_BODY = `
${NODE_VARYINGS}
#ifdef MARKS
vec4 over(vec4 top, vec4 under) { return vec4(mix(under.rgb, top.rgb, top.a), max(top.a, under.a)); }

// atan(y, x) / 2pi + 0.5 in 0..1, within 0.002 of a turn: enough to place 28 dashes.
float turn(vec2 p) {
  vec2 a = abs(p);
  float t = min(a.x, a.y) / max(max(a.x, a.y), 1e-6);
  float s = t * t;
  float r = ((-0.0464964749 * s + 0.15931422) * s - 0.327622764) * s * t + t;
  r = a.y > a.x ? 1.57079637 - r : r;
  r = p.x < 0.0 ? 3.14159274 - r : r;
  r = p.y < 0.0 ? -r : r;
  return r / 6.2831853 + 0.5;
}
#endif

void main() {
#ifdef POINTS
  // gl_PointCoord runs 0..1 from the sprite's top left, as a_corner runs -1..1 from the quad's.
  vec2 v_local = (gl_PointCoord * 2.0 - 1.0) * v_extent;
#endif
  float d = length(v_local);
  // Jewel sockets are diamonds; everything else is round.
  if (v_shape == 4.0) d = (abs(v_local.x) + abs(v_local.y)) * 0.8;
  float ringW = 0.24;
  if (v_shape == 1.0 || v_shape == 3.0) ringW = 0.2;
  if (v_shape == 2.0) ringW = 0.16;
  if (v_shape == 5.0) ringW = 0.12;
  float inside = 1.0 - smoothstep(1.0 - v_aa, 1.0, d);
  float isRing = smoothstep(1.0 - ringW - v_aa, 1.0 - ringW, d);
  vec3 c = mix(v_fill, v_ring, isRing);
  // Class starts are hollow rings; keystones get a second inner ring; masteries a dark core.
  float a = inside;
  if (v_shape == 5.0) a *= isRing;
  if (v_shape == 2.0) c = mix(c, v_ring, smoothstep(0.5 - v_aa, 0.5, d) * (1.0 - smoothstep(0.6, 0.6 + v_aa, d)));
  if (v_shape == 3.0) c = mix(c * 0.45, c, smoothstep(0.45 - v_aa, 0.45, d));
  vec4 col = vec4(c, a);
#ifdef MARKS
  float marks = v_marks;
  if (marks >= 2.0) { // Desired (cyan) or UnDesired (red, under Desired when both): one ring
    float ring = 1.0 - smoothstep(0.08, 0.08 + v_aa, abs(d - 1.2));
    col = over(vec4(mod(marks, 4.0) >= 2.0 ? vec3(0.35, 0.85, 1.0) : vec3(0.95, 0.3, 0.3), ring), col);
  }
  if (mod(marks, 2.0) >= 1.0) { // Highlighted: dashed circle of 28 segments
    float seg = fract(turn(v_local) * 28.0);
    float ring = 1.0 - smoothstep(0.07, 0.07 + v_aa, abs(d - 1.38));
    col = over(vec4(1.0, 1.0, 1.0, ring * step(0.5, seg)), col);
  }
#endif
  if (col.a <= 0.01) discard;
  gl_FragColor = col;
}`;


export const NODE_VS = `${COMMON}${NODE_LOCAL_QUAD}${NODE_VS_BODY}`;
export const NODE_FS = `precision mediump float;
${NODE_LOCAL_QUAD}${NODE_FS_BODY}`;
export const NODE_MARKS_FS = `precision mediump float;
#define MARKS 1
${NODE_LOCAL_QUAD}${NODE_FS_BODY}`;
// #define comes after COMMON's precision line; the preprocessor sees it before any use.
export const NODE_POINT_VS = `${COMMON}${NODE_LOCAL_POINT}${NODE_VS_BODY}`;
export const NODE_POINT_FS = `precision mediump float;
${NODE_LOCAL_POINT}${NODE_FS_BODY}`;
export const NODE_POINT_MARKS_FS = `precision mediump float;
#define MARKS 1
${NODE_LOCAL_POINT}${NODE_FS_BODY}`;
