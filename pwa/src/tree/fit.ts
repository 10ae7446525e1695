/**
 * The view a tree opens on: the build's allocated passives fitted to the canvas
 * with a margin (issue 34), instead of the tree's centre at a fixed zoom. Reset
 * returns here. Plain functions: the controller calls them with its viewport.
 */
import { ascendancyCamera, clampCamera, fitScale, initialCamera, VIEW, type Camera, type Viewport } from "./camera";
import { emptyBounds, growBounds, type Bounds, type TreeModel } from "./model";
import { NodeState, type StateBuffer } from "./states";

export const FIT = {
  /** World units added around each node so its disc (a keystone's is the largest) stays inside. */
  nodePad: 80,
  /** The margin on each side of the canvas, as a fraction of its smaller side, at least `minMarginPx`. */
  marginFraction: 0.06,
  minMarginPx: 12,
  /** A build of a few passives is shown with its neighbourhood, not at the maximum zoom. */
  minSpan: 2400,
} as const;

/**
 * Bounds of what the first view must show: every visible Active node (both
 * sides of a compare, the class start included), or null when none is.
 */
export function allocatedBounds(model: TreeModel, states: StateBuffer): Bounds | null {
  const b = emptyBounds();
  // The state bytes read in place (states.ts: flags, side, visible per node), in an indexed loop: this runs
  // over every node before the first frame, in V8's interpreter, where a method call per node cost about 3 ms.
  const { nodes } = model, data = states.data;
  for (let i = 0; i < nodes.length; i++) {
    const n = nodes[i], o = n.index * 4;
    if ((data[o] & NodeState.Active) !== 0 && data[o + 2] !== 0) growBounds(b, n.x, n.y, FIT.nodePad);
  }
  return Number.isFinite(b.minX) ? b : null;
}

/** CSS pixels left free on each side of the canvas. */
export function fitMargin(vp: Viewport): number {
  return Math.max(FIT.minMarginPx, FIT.marginFraction * Math.min(vp.width, vp.height));
}

/**
 * The camera that shows `focus` whole inside the viewport less its margin, centred
 * on it; a focus smaller than `minSpan` is widened around its centre. Without a
 * focus, the tree's centre at the initial zoom.
 */
export function fitCamera(focus: Bounds | null, tree: Bounds, vp: Viewport): Camera {
  if (!focus) return initialCamera(tree);
  const cx = (focus.minX + focus.maxX) / 2, cy = (focus.minY + focus.maxY) / 2;
  const w = Math.max(FIT.minSpan, focus.maxX - focus.minX);
  const h = Math.max(FIT.minSpan, focus.maxY - focus.minY);
  const m = fitMargin(vp);
  const scale = Math.min(Math.max(1, vp.width - 2 * m) / w, Math.max(1, vp.height - 2 * m) / h);
  const zoom = Math.min(VIEW.maxZoomFactor, Math.max(VIEW.minZoomFactor, scale / fitScale(tree, vp)));
  return clampCamera({ x: cx, y: cy, zoom }, tree);
}

/**
 * 'Go To Ascendancy': the spec's view (camera.ts ascendancyCamera, padding 200 and
 * zoom 1.3), zoomed out where that would cut off the ascendancy's nodes (a large
 * ascendancy on a wide, low canvas), so its whole tree shows with the margin.
 */
export function ascendancyFitCamera(target: Bounds, tree: Bounds, vp: Viewport): Camera {
  const spec = ascendancyCamera(target, tree, vp);
  const p = FIT.nodePad;
  const padded = { minX: target.minX - p, minY: target.minY - p, maxX: target.maxX + p, maxY: target.maxY + p };
  const m = fitMargin(vp);
  const w = Math.max(1, padded.maxX - padded.minX), h = Math.max(1, padded.maxY - padded.minY);
  const whole = Math.min(Math.max(1, vp.width - 2 * m) / w, Math.max(1, vp.height - 2 * m) / h) / fitScale(tree, vp);
  return spec.zoom <= whole ? spec : clampCamera({ ...spec, zoom: whole }, tree);
}

/** Gap (CSS px) kept between the canvas frame and the viewport's edges. */
export const FRAME_GAP_PX = 12;

/**
 * The canvas frame's tallest height, so it never reaches past the screen: when
 * its top is on the first screen (the wide layout), its bottom stays above the
 * fold; when it starts lower (the narrow layout puts the lists above it), it is
 * at most one screen tall, so scrolled to it shows whole.
 */
export function frameMaxHeight(topInPage: number, viewportHeight: number, minHeight = 320): number {
  const below = viewportHeight - topInPage - FRAME_GAP_PX;
  return Math.max(minHeight, below >= minHeight ? below : viewportHeight - 2 * FRAME_GAP_PX);
}
