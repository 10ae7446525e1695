/**
 * Which sprite each node draws with the tree art (pure: no GPU, no fetch): its icon
 * from the skill sheets (the active sheet when allocated, the disabled one otherwise)
 * and its frame (allocated or not). Nodes without art (masteries, class starts, ids the
 * art's tree lacks) keep the plain shapes, which stay drawn underneath.
 */
import type { TreeModel, TreeNode } from "../model";
import { nodeRadius } from "../style";

export type Rect = [number, number, number, number];

/** The `art/<version>` bundle (game-data/art_bundle.py). */
export interface ArtBundle {
  format: 1;
  version: string;
  sheets: Record<"active" | "inactive" | "frame" | "jewel", { file: string; size: [number, number] }>;
  icons: string[];
  /** Kind -> icon index -> rectangle in the skill sheets (the active and disabled sheets share their layout). */
  rects: Record<"normal" | "notable" | "keystone", Record<string, Rect>>;
  frames: Record<string, Rect>;
  nodeIcons: Record<string, number>;
}

/** Quads per node: an icon layer (0) and a frame layer (1); `on`/`off` are the uv rectangles (0..1) for allocated / not. */
export interface ArtQuad {
  node: number;
  layer: 0 | 1;
  x: number;
  y: number;
  half: number;
  on: Rect;
  off: Rect;
}

const FRAMES: Partial<Record<TreeNode["kind"], [string, string]>> = {
  normal: ["PSSkillFrameActive", "PSSkillFrame"],
  notable: ["NotableFrameAllocated", "NotableFrameUnallocated"],
  keystone: ["KeystoneFrameAllocated", "KeystoneFrameUnallocated"],
  jewel: ["JewelFrameAllocated", "JewelFrameUnallocated"],
};
/** A frame is this much wider than the node's disc (the sheets' frame-to-icon ratio). */
export const FRAME_SCALE = 1.5;

function uv(r: Rect, size: [number, number]): Rect {
  return [r[0] / size[0], r[1] / size[1], r[2] / size[0], r[3] / size[1]];
}

function iconKind(n: TreeNode): "normal" | "notable" | "keystone" | null {
  if (n.kind === "normal" || n.kind === "notable" || n.kind === "keystone") return n.kind;
  if (n.kind === "ascendancy") return n.notable ? "notable" : "normal";
  return null;
}

export function artQuads(model: TreeModel, art: ArtBundle): ArtQuad[] {
  const out: ArtQuad[] = [];
  const iconSize = art.sheets.active.size;
  const frameSize = art.sheets.frame.size;
  for (const n of model.nodes) {
    const r = nodeRadius(n);
    const kind = iconKind(n);
    const icon = art.nodeIcons[String(n.id)];
    // A node's icon may sit under another kind in the sheets (an ascendancy notable): try its own first.
    const rect = kind && icon !== undefined ? (art.rects[kind][icon] ?? art.rects.notable[icon] ?? art.rects.normal[icon]) : undefined;
    if (rect) {
      const t = uv(rect, iconSize);
      out.push({ node: n.index, layer: 0, x: n.x, y: n.y, half: r, on: t, off: t });
    }
    const frame = n.ascendancyName === null ? FRAMES[n.kind] : undefined;
    const on = frame && art.frames[frame[0]], off = frame && art.frames[frame[1]];
    if (on && off) out.push({ node: n.index, layer: 1, x: n.x, y: n.y, half: r * FRAME_SCALE, on: uv(on, frameSize), off: uv(off, frameSize) });
  }
  return out;
}

/** Device pixels of a normal node's radius below which icons are not legible: the art is left out. */
export const LEGIBLE_RADIUS_PX = 7;
