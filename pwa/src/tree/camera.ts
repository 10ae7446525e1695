/**
 * Camera math for the tree canvas, with the spec's numbers (section 9).
 * Zoom is relative to the scale at which the whole tree fits the canvas, so the
 * same numbers hold on any screen size.
 */
import type { Bounds } from "./model";

export const VIEW = {
  /** Initial zoom: 1.726 times the whole-tree fit. */
  initialZoom: 1.726,
  /** Min and max zoom are the tree-fit scale times these factors. */
  minZoomFactor: 0.5,
  maxZoomFactor: 48,
  zoomStep: 0.01,
  /** Wheel and pinch zoom by ten times the zoom step per notch. */
  wheelPercent: 0.1,
  /** Pan clamp margin: 10 percent of the smaller tree side. */
  panMarginFraction: 0.1,
  nodeAnimationMs: 800,
  /** Click-to-node zooms to 8 times the initial zoom. */
  nodeZoomTimesInitial: 8,
  ascendancyAnimationMs: 1000,
  ascendancyPadding: 200,
  ascendancyZoomFactor: 1.3,
  maxPixelRatio: 2,
  hitGridCells: 100,
} as const;

export interface Camera {
  /** World point at the canvas centre. */
  x: number;
  y: number;
  /** Multiple of the whole-tree fit scale. */
  zoom: number;
}

export interface Viewport {
  width: number;
  height: number;
}

export function fitScale(bounds: Bounds, vp: Viewport): number {
  const w = Math.max(1, bounds.maxX - bounds.minX);
  const h = Math.max(1, bounds.maxY - bounds.minY);
  return Math.min(vp.width / w, vp.height / h);
}

/** CSS pixels per world unit. */
export function pixelScale(cam: Camera, bounds: Bounds, vp: Viewport): number {
  return fitScale(bounds, vp) * cam.zoom;
}

export function initialCamera(bounds: Bounds): Camera {
  return { x: (bounds.minX + bounds.maxX) / 2, y: (bounds.minY + bounds.maxY) / 2, zoom: VIEW.initialZoom };
}

export function worldToScreen(cam: Camera, bounds: Bounds, vp: Viewport, wx: number, wy: number): [number, number] {
  const s = pixelScale(cam, bounds, vp);
  return [(wx - cam.x) * s + vp.width / 2, (wy - cam.y) * s + vp.height / 2];
}

export function screenToWorld(cam: Camera, bounds: Bounds, vp: Viewport, sx: number, sy: number): [number, number] {
  const s = pixelScale(cam, bounds, vp);
  return [(sx - vp.width / 2) / s + cam.x, (sy - vp.height / 2) / s + cam.y];
}

export function clampCamera(cam: Camera, bounds: Bounds): Camera {
  const margin = VIEW.panMarginFraction * Math.min(bounds.maxX - bounds.minX, bounds.maxY - bounds.minY);
  const zoom = Math.min(VIEW.maxZoomFactor, Math.max(VIEW.minZoomFactor, cam.zoom));
  return {
    x: Math.min(bounds.maxX + margin, Math.max(bounds.minX - margin, cam.x)),
    y: Math.min(bounds.maxY + margin, Math.max(bounds.minY - margin, cam.y)),
    zoom,
  };
}

/** Drag by a screen delta: the world follows the pointer. */
export function pan(cam: Camera, bounds: Bounds, vp: Viewport, dx: number, dy: number): Camera {
  const s = pixelScale(cam, bounds, vp);
  return clampCamera({ x: cam.x - dx / s, y: cam.y - dy / s, zoom: cam.zoom }, bounds);
}

/** Zoom by a factor keeping the world point under (sx, sy) fixed. */
export function zoomAt(cam: Camera, bounds: Bounds, vp: Viewport, factor: number, sx: number, sy: number): Camera {
  const [wx, wy] = screenToWorld(cam, bounds, vp, sx, sy);
  const zoom = Math.min(VIEW.maxZoomFactor, Math.max(VIEW.minZoomFactor, cam.zoom * factor));
  const s = fitScale(bounds, vp) * zoom;
  return clampCamera({ x: wx - (sx - vp.width / 2) / s, y: wy - (sy - vp.height / 2) / s, zoom }, bounds);
}

/** Wheel notches (deltaY / 100, browsers report ~100 per notch) to a zoom factor. */
export function wheelFactor(deltaY: number): number {
  return Math.pow(1 + VIEW.wheelPercent, -deltaY / 100);
}

export function nodeCamera(x: number, y: number): Camera {
  return { x, y, zoom: VIEW.initialZoom * VIEW.nodeZoomTimesInitial };
}

/** Fit the ascendancy bounds with the spec's padding, then zoom in by its factor. */
export function ascendancyCamera(target: Bounds, tree: Bounds, vp: Viewport): Camera {
  const p = VIEW.ascendancyPadding;
  const w = target.maxX - target.minX + 2 * p;
  const h = target.maxY - target.minY + 2 * p;
  const scale = Math.min(vp.width / w, vp.height / h) * VIEW.ascendancyZoomFactor;
  return clampCamera(
    { x: (target.minX + target.maxX) / 2, y: (target.minY + target.maxY) / 2, zoom: scale / fitScale(tree, vp) },
    tree,
  );
}

/** Ease in-out cubic; the zoom interpolates geometrically so the motion feels even. */
export function interpolate(from: Camera, to: Camera, t: number): Camera {
  const u = t <= 0 ? 0 : t >= 1 ? 1 : t < 0.5 ? 4 * t * t * t : 1 - Math.pow(-2 * t + 2, 3) / 2;
  return {
    x: from.x + (to.x - from.x) * u,
    y: from.y + (to.y - from.y) * u,
    zoom: from.zoom * Math.pow(to.zoom / from.zoom, u),
  };
}

/** A running camera animation; input is ignored while one is active. */
export interface Transition {
  from: Camera;
  to: Camera;
  start: number;
  duration: number;
}

export function transitionAt(tr: Transition, now: number): { camera: Camera; done: boolean } {
  const t = (now - tr.start) / tr.duration;
  return t >= 1 ? { camera: tr.to, done: true } : { camera: interpolate(tr.from, tr.to, t), done: false };
}
