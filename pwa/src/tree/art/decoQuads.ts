/**
 * The tree art's group backgrounds and line art as textured quads (pure: no GPU, no
 * fetch). Which background a group gets: the export's `background` image where the
 * tree names any (3.16 and later), else by Path of Building's rule for every tree
 * (PathOfBuildingCommunity/PathOfBuilding src/Classes/PassiveTreeView.lua, `renderGroup`:
 * ascendancy groups get none, then `group.oo[3]` -> PSGroupBackground3, `oo[2]` -> 2,
 * `oo[1]` -> 1, where PassiveTree.lua sets `oo[orbit] = true` for each of the group's
 * `orbits`): the largest of orbits 1-3 the group uses, so a group on orbit 4 (or 5, 6)
 * alone gets none; never for cluster proxies.
 * PSGroupBackground3 is the top half of a circle: drawn, then drawn mirrored below.
 * Lines: a straight edge repeats the connector strip along its length; an arc edge
 * draws the quarter-circle orbit sprite, cut to the arc's angle in the shader (arcs
 * over 90 degrees take several pieces). Each line quad carries both its inactive
 * (`Normal`) and active sprite; the layer picks active when both ends are allocated.
 */
import type { GroupSlot, TreeModel } from "../model";
import type { Rect } from "./artQuads";

/** The art bundle's group background and line fields (game-data/art_bundle.py). */
export interface DecoArt {
  zoom: number;
  sheets: Record<"group" | "line", { file: string; size: [number, number] }>;
  groupBackgrounds: Record<string, Rect>;
  lines: Record<string, Rect>;
}

export const DECO_MODE = { background: 0, straight: 1, arc: 2 } as const;

export interface DecoQuad {
  mode: 0 | 1 | 2;
  /** Node indices whose states pick the sprite and visibility; -1 for a background (always drawn, never active). */
  a: number;
  b: number;
  /** Tree-space corners, and each corner's local coordinate: texture 0..1 (strips repeat along x; arcs cut by angle). */
  corners: [number, number][];
  local: [number, number][];
  /** uv rectangles (0..1 of the sheet) when active / inactive. */
  on: Rect;
  off: Rect;
  /** Arcs: half the piece's angle (radians); the quad spans 90 degrees around its middle. */
  halfArc: number;
  /** Arcs: the quad's extent over the active / inactive sprite's extent (their sprites differ in size). */
  kOn: number;
  kOff: number;
  /**
   * Arcs: the fraction of the sprite's extent (from its centre corner) inside which nothing is drawn, active / inactive:
   * the orbit sprites are nested in the sheet, so a smaller orbit's arc lies inside each one's rectangle.
   */
  cutOn: number;
  cutOff: number;
}

export interface GroupBackground {
  image: string;
  half: boolean;
}

/** Which background a group shows, or null (see the module comment). `named`: whether this tree's export names backgrounds at all. */
export function groupBackground(g: GroupSlot, named: boolean): GroupBackground | null {
  if (g.proxy) return null;
  let n = g.background;
  if (!named) {
    if (g.ascendancyName !== null) return null;
    n = [3, 2, 1].find((o) => g.orbits.includes(o)) ?? 0;
  }
  if (n < 1 || n > 3) return null;
  return { image: `PSGroupBackground${n}`, half: n === 3 };
}

/** Pixels between an orbit sprite's outer edge and the centre of its line: an arc sprite of radius r is r + this / zoom wide. */
const ARC_INSET_PX = 3;
/** Sprite pixels kept inside an orbit sprite's outer edge (its line and glow); the next smaller orbit's arc is further in. */
export const ARC_BAND_PX = 14;
const QUARTER = Math.PI / 2;

function uv(r: Rect, size: [number, number]): Rect {
  return [r[0] / size[0], r[1] / size[1], r[2] / size[0], r[3] / size[1]];
}

const dir = (a: number): [number, number] => [Math.sin(a), -Math.cos(a)]; // tree angles: 0 up, clockwise

function backgroundQuads(model: TreeModel, art: DecoArt): DecoQuad[] {
  const slots = model.groupSlots ?? [];
  const named = slots.some((g) => g.background > 0);
  const out: DecoQuad[] = [];
  const size = art.sheets.group.size;
  for (const g of slots) {
    const bg = groupBackground(g, named);
    const rect = bg && art.groupBackgrounds[bg.image];
    if (!bg || !rect) continue;
    const t = uv(rect, size);
    const w = rect[2] / art.zoom / 2, h = rect[3] / art.zoom;
    const quad = (top: number, bottom: number, flip: boolean): DecoQuad => ({
      mode: DECO_MODE.background, a: -1, b: -1,
      corners: [[g.x - w, top], [g.x + w, top], [g.x + w, bottom], [g.x - w, bottom]],
      local: flip ? [[0, 1], [1, 1], [1, 0], [0, 0]] : [[0, 0], [1, 0], [1, 1], [0, 1]],
      on: t, off: t, halfArc: 0, kOn: 1, kOff: 1, cutOn: 0, cutOff: 0,
    });
    if (bg.half) out.push(quad(g.y - h, g.y, false), quad(g.y, g.y + h, true));
    else out.push(quad(g.y - h / 2, g.y + h / 2, false));
  }
  return out;
}

/** The orbit sprite (by name stem "Orbit<n>") whose radius is nearest to r. */
function orbitSprite(art: DecoArt, r: number): string | null {
  let best: string | null = null, gap = Infinity;
  for (let n = 1; art.lines[`Orbit${n}Normal`]; n++) {
    const d = Math.abs(art.lines[`Orbit${n}Normal`][2] / art.zoom - r);
    if (d < gap) [best, gap] = [`Orbit${n}`, d];
  }
  return best;
}

function lineQuads(model: TreeModel, art: DecoArt): DecoQuad[] {
  const out: DecoQuad[] = [];
  const size = art.sheets.line.size;
  const strip = { on: art.lines.LineConnectorActive, off: art.lines.LineConnectorNormal };
  for (const e of model.edges) {
    const A = model.nodes[e.a], B = model.nodes[e.b];
    if (!e.arc) {
      if (!strip.on || !strip.off) continue;
      const dx = B.x - A.x, dy = B.y - A.y, len = Math.hypot(dx, dy);
      if (len === 0) continue;
      const hw = strip.off[3] / art.zoom / 2, nx = (-dy / len) * hw, ny = (dx / len) * hw;
      const reps = len / (strip.off[2] / art.zoom);
      out.push({
        mode: DECO_MODE.straight, a: e.a, b: e.b,
        corners: [[A.x + nx, A.y + ny], [B.x + nx, B.y + ny], [B.x - nx, B.y - ny], [A.x - nx, A.y - ny]],
        local: [[0, 0], [reps, 0], [reps, 1], [0, 1]],
        on: uv(strip.on, size), off: uv(strip.off, size), halfArc: 0, kOn: 1, kOff: 1, cutOn: 0, cutOff: 0,
      });
      continue;
    }
    const stem = orbitSprite(art, e.arc.r);
    const on = stem && art.lines[`${stem}Active`], off = stem && art.lines[`${stem}Normal`];
    if (!on || !off) continue;
    let d = e.arc.a1 - e.arc.a0;
    while (d > Math.PI) d -= 2 * Math.PI;
    while (d <= -Math.PI) d += 2 * Math.PI;
    const pieces = Math.max(1, Math.ceil(Math.abs(d) / QUARTER - 1e-9));
    // The sprites are drawn so their line lands on the arc's radius; the quad covers the larger (active or not).
    const rOn = e.arc.r * (on[2] / (on[2] - ARC_INSET_PX)), rOff = e.arc.r * (off[2] / (off[2] - ARC_INSET_PX));
    const R = Math.max(rOn, rOff);
    for (let k = 0; k < pieces; k++) {
      const mid = e.arc.a0 + ((k + 0.5) * d) / pieces;
      const [ux, uy] = dir(mid - QUARTER / 2), [vx, vy] = dir(mid + QUARTER / 2);
      const { cx, cy } = e.arc;
      out.push({
        mode: DECO_MODE.arc, a: e.a, b: e.b,
        corners: [[cx, cy], [cx + R * ux, cy + R * uy], [cx + R * (ux + vx), cy + R * (uy + vy)], [cx + R * vx, cy + R * vy]],
        local: [[0, 0], [1, 0], [1, 1], [0, 1]],
        on: uv(on, size), off: uv(off, size), halfArc: Math.abs(d) / pieces / 2, kOn: R / rOn, kOff: R / rOff,
        cutOn: 1 - ARC_BAND_PX / on[2], cutOff: 1 - ARC_BAND_PX / off[2],
      });
    }
  }
  return out;
}

/** Backgrounds first (drawn under the lines), then the lines. Empty when the bundle predates this art. */
export function decoQuads(model: TreeModel, art: Partial<DecoArt>): { backgrounds: DecoQuad[]; lines: DecoQuad[] } {
  if (!art.zoom || !art.sheets?.group || !art.sheets.line || !art.groupBackgrounds || !art.lines) return { backgrounds: [], lines: [] };
  const full = art as DecoArt;
  return { backgrounds: backgroundQuads(model, full), lines: lineQuads(model, full) };
}

/** Whether an edge draws its active sprite: both ends allocated. */
export function lineActive(allocatedA: boolean, allocatedB: boolean): boolean {
  return allocatedA && allocatedB;
}
