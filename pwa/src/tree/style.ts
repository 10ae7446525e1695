/**
 * Node sizes and colours by kind, shared by the geometry, the shaders and the
 * hit grid so what you see is what you can hover.
 */
import type { NodeKind, TreeNode } from "./model";

/** World-unit radii (the official frames are roughly these sizes). */
const RADIUS: Record<NodeKind, number> = {
  normal: 27,
  notable: 40,
  keystone: 56,
  mastery: 44,
  jewel: 36,
  classStart: 130,
  ascendancyStart: 24,
  ascendancy: 30,
  multipleChoice: 30,
  blighted: 40,
};

export function nodeRadius(n: Pick<TreeNode, "kind" | "notable">): number {
  if (n.kind === "ascendancy" && n.notable) return 46;
  return RADIUS[n.kind];
}

/**
 * Edge half widths in world units, and the least half width they are drawn at, in device px, so
 * they stay visible zoomed out (EDGE_VS): plain edges, and the styled ones (in the build, compared, pathing).
 */
export const EDGE_WIDTH = {
  normal: { half: 5, minHalfPx: 0.7 },
  styled: { half: 9, minHalfPx: 1.2 },
} as const;

/** Shader shape ids; keep in sync with shaders.ts. */
export const SHAPE: Record<NodeKind, number> = {
  normal: 0,
  notable: 1,
  keystone: 2,
  mastery: 3,
  jewel: 4,
  classStart: 5,
  ascendancyStart: 6,
  ascendancy: 7,
  multipleChoice: 0,
  blighted: 1,
};

/** Spec colours (sRGB 0..1). */
export const COLOURS = {
  keystone: [0.66, 0.45, 1.0],
  notable: [0.95, 0.8, 0.28],
  mastery: [0.78, 0.64, 0.86],
  normal: [0.72, 0.66, 0.55],
  jewel: [0.45, 0.75, 0.85],
  classStart: [0.6, 0.55, 0.45],
  ascendancy: [0.85, 0.6, 0.42],
  active: [1.0, 0.84, 0.4],
  /** Compare: in build, missing on character. */
  missing: [0.25, 0.85, 0.35],
  /** Compare: on character, not in build. */
  notInBuild: [0.95, 0.27, 0.27],
  background: [0.06, 0.065, 0.075],
} as const;

export function cssColour(c: readonly number[]): string {
  return `rgb(${c.map((v) => Math.round(v * 255)).join(", ")})`;
}
