/**
 * Interaction state of one tree view: camera, transitions, drag and pinch,
 * hover and click, the ascendancy toggle and reset. Plain data in, plain data
 * out, so it is tested without a DOM or a GPU.
 */
import {
  clampCamera,
  nodeCamera,
  pan,
  pixelScale,
  screenToWorld,
  transitionAt,
  VIEW,
  wheelFactor,
  worldToScreen,
  zoomAt,
  type Camera,
  type Transition,
  type Viewport,
} from "./camera";
import { allocatedBounds, ascendancyFitCamera, fitCamera } from "./fit";
import { hitGridFor, type HitGrid } from "./hitGrid";
import type { Bounds, TreeModel, TreeNode } from "./model";
import { NodeState, type StateBuffer } from "./states";

/** Pointer travel (CSS px) under which a press counts as a click, not a drag. */
const CLICK_SLOP = 5;
/** Nodes stay hoverable down to this many CSS pixels of radius. */
const MIN_HIT_PX = 6;

interface PointerInfo {
  x: number;
  y: number;
  startX: number;
  startY: number;
}

export class TreeController {
  camera: Camera;
  viewport: Viewport = { width: 1, height: 1 };
  transition: Transition | null = null;
  /** Duration of the last transition started (ms), for tests. */
  lastTransitionMs = 0;
  /** The view saved when entering the ascendancy view; restored when leaving. */
  private savedCamera: Camera | null = null;
  inAscendancy = false;
  hovered: TreeNode | null = null;
  /** Set whenever the picture changes; the frame loop clears it after drawing. */
  dirty = true;
  private pointers = new Map<number, PointerInfo>();
  private pinchDistance = 0;
  private hitGrid: HitGrid | null = null;
  /** Nodes the player marked Desired (right-click); kept when the allocation changes. */
  private readonly desired = new Set<number>();
  /** Search matches, drawn with the dashed highlight circle. */
  private highlighted: number[] = [];
  /** What the first view and Reset fit: the allocated passives (fit.ts). */
  private focus: Bounds | null;
  /**
   * Until the player moves the view it follows the fit: the viewport's first size,
   * a resize or another step's allocation refit it, so it opens on the build at every size.
   */
  private settled = false;

  constructor(
    readonly model: TreeModel,
    public states: StateBuffer,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.focus = allocatedBounds(model, states);
    this.camera = this.home();
  }

  /** The build fitted to the current viewport: the first view, and where Reset goes. */
  home(): Camera {
    return fitCamera(this.focus, this.bounds, this.viewport);
  }

  private followFit(): void {
    if (!this.settled && !this.busy && !this.inAscendancy) this.camera = this.home();
  }

  /** Built on the first hover or click, so it never delays the first frame. */
  get grid(): HitGrid {
    this.hitGrid ??= hitGridFor(this.model);
    return this.hitGrid;
  }

  get bounds(): Bounds {
    return this.model.bounds;
  }

  get busy(): boolean {
    return this.transition !== null;
  }

  setStates(states: StateBuffer): void {
    this.states = states;
    this.focus = allocatedBounds(this.model, states);
    this.followFit();
    if (this.hovered) states.add(this.hovered.index, NodeState.Hovered);
    for (const i of this.desired) states.add(i, NodeState.Desired);
    for (const i of this.highlighted) states.add(i, NodeState.Highlighted);
    this.dirty = true;
  }

  setViewport(width: number, height: number): void {
    if (width === this.viewport.width && height === this.viewport.height) return;
    this.viewport = { width: Math.max(1, width), height: Math.max(1, height) };
    this.followFit();
    this.dirty = true;
  }

  project(x: number, y: number): [number, number] {
    return worldToScreen(this.camera, this.bounds, this.viewport, x, y);
  }

  nodeAt(sx: number, sy: number): TreeNode | null {
    const [wx, wy] = screenToWorld(this.camera, this.bounds, this.viewport, sx, sy);
    const minR = MIN_HIT_PX / pixelScale(this.camera, this.bounds, this.viewport);
    return this.grid.hit(wx, wy, minR, (i) => this.states.visible(i));
  }

  /** Advances a running transition; returns true when a frame must be drawn. */
  tick(): boolean {
    if (this.transition) {
      const { camera, done } = transitionAt(this.transition, this.now());
      this.camera = camera;
      if (done) this.transition = null;
      this.dirty = true;
    }
    return this.dirty;
  }

  private animateTo(to: Camera, duration: number): void {
    this.settled = true;
    this.transition = { from: this.camera, to: clampCamera(to, this.bounds), start: this.now(), duration };
    this.lastTransitionMs = duration;
    this.setHover(null);
    this.dirty = true;
  }

  private setHover(node: TreeNode | null): void {
    if (node === this.hovered) return;
    if (this.hovered) this.states.remove(this.hovered.index, NodeState.Hovered);
    if (node) this.states.add(node.index, NodeState.Hovered);
    this.hovered = node;
    this.dirty = true;
  }

  pointerDown(id: number, x: number, y: number): void {
    if (this.busy) return;
    this.pointers.set(id, { x, y, startX: x, startY: y });
    if (this.pointers.size === 2) this.pinchDistance = this.pointerSpread();
  }

  /** Drag pans, two pointers pinch-zoom, a free pointer hovers. */
  pointerMove(id: number, x: number, y: number): void {
    if (this.busy) return;
    const p = this.pointers.get(id);
    if (!p) {
      if (this.pointers.size === 0) this.setHover(this.nodeAt(x, y));
      return;
    }
    const dx = x - p.x, dy = y - p.y;
    p.x = x;
    p.y = y;
    if (this.pointers.size >= 2) {
      const spread = this.pointerSpread();
      if (this.pinchDistance > 0 && spread > 0) {
        const [mx, my] = this.pointerMid();
        this.camera = zoomAt(this.camera, this.bounds, this.viewport, spread / this.pinchDistance, mx, my);
        this.settled = true;
      }
      this.pinchDistance = spread;
    } else {
      this.camera = pan(this.camera, this.bounds, this.viewport, dx, dy);
      this.settled = true;
      this.setHover(null);
    }
    this.dirty = true;
  }

  /** Returns the node clicked (a press that did not travel), after starting its animation. */
  pointerUp(id: number, x: number, y: number): TreeNode | null {
    const p = this.pointers.get(id);
    this.pointers.delete(id);
    if (this.pointers.size < 2) this.pinchDistance = 0;
    if (!p || this.busy || this.pointers.size > 0) return null;
    if (Math.hypot(x - p.startX, y - p.startY) > CLICK_SLOP) return null;
    return this.click(x, y);
  }

  pointerCancel(id: number): void {
    this.pointers.delete(id);
    this.pinchDistance = 0;
  }

  pointerLeave(): void {
    if (this.pointers.size === 0) this.setHover(null);
  }

  click(x: number, y: number): TreeNode | null {
    if (this.busy) return null;
    const node = this.nodeAt(x, y);
    if (node) this.animateTo(nodeCamera(node.x, node.y), VIEW.nodeAnimationMs);
    return node;
  }

  setHighlighted(indices: number[]): void {
    this.highlighted = indices;
    this.states.setExclusive(NodeState.Highlighted, indices);
    this.dirty = true;
  }

  /** Right-click marks a node Desired, or clears the mark. */
  toggleDesired(x: number, y: number): TreeNode | null {
    if (this.busy) return null;
    const node = this.nodeAt(x, y);
    if (!node) return null;
    if (this.desired.delete(node.index)) this.states.remove(node.index, NodeState.Desired);
    else {
      this.desired.add(node.index);
      this.states.add(node.index, NodeState.Desired);
    }
    this.dirty = true;
    return node;
  }

  wheel(deltaY: number, x: number, y: number): void {
    if (this.busy || deltaY === 0) return;
    this.camera = zoomAt(this.camera, this.bounds, this.viewport, wheelFactor(deltaY), x, y);
    this.settled = true;
    this.dirty = true;
  }

  /** 'Go To Ascendancy' saves the view and fits the ascendancy; 'Go Back To Tree' restores it. */
  toggleAscendancy(target: Bounds | null): void {
    if (this.busy) return;
    if (this.inAscendancy) {
      this.inAscendancy = false;
      this.animateTo(this.savedCamera ?? this.home(), VIEW.ascendancyAnimationMs);
      this.savedCamera = null;
    } else if (target) {
      this.savedCamera = this.camera;
      this.inAscendancy = true;
      this.animateTo(ascendancyFitCamera(target, this.bounds, this.viewport), VIEW.ascendancyAnimationMs);
    }
  }

  /** Back to the first view (the build fitted), out of the ascendancy view; it follows resizes again. */
  reset(): void {
    if (this.busy) return;
    this.inAscendancy = false;
    this.savedCamera = null;
    this.settled = false;
    this.camera = this.home();
    this.setHover(null);
    this.dirty = true;
  }

  private pointerSpread(): number {
    const [a, b] = [...this.pointers.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  }

  private pointerMid(): [number, number] {
    const [a, b] = [...this.pointers.values()];
    return [(a.x + b.x) / 2, (a.y + b.y) / 2];
  }
}
