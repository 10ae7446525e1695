/**
 * Jewel radius circles (issue 34): which socketed jewels act on the passives
 * around them, and how far. The spec (section 9) gives the circles' widths at
 * the four image zoom levels of the older trees: Small 199..614 px across is
 * 1600 world units at zoom 0.1246..0.3835, a radius of 800; Medium 1200, Large
 * 1500. The 3.16 trees were laid out 1.2 times larger (a class start sits 3180
 * units from the centre instead of 2629), so their radii are 1.2 times these.
 * Pure: item name and mods in, radii in world units out.
 */
import type { JewelItem } from "./types";

export type RadiusSize = "Small" | "Medium" | "Large" | "Very Large" | "Massive";

/** Radii of the trees before 3.16, in world units. */
export const BASE_RADIUS: Record<RadiusSize, number> = {
  Small: 800, Medium: 1200, Large: 1500, "Very Large": 2000, Massive: 2400,
};
/** Thread of Hope's rings ("Only affects Passives in Small Ring"), inner and outer, before 3.16. */
export const BASE_RING: Record<RadiusSize, [number, number]> = {
  Small: [800, 1100], Medium: [1100, 1400], Large: [1400, 1700], "Very Large": [1700, 2000], Massive: [2000, 2400],
};

/** The radius of unique jewels by name (the planner keeps no "Radius:" line): timeless, conversion and threshold jewels. */
const UNIQUE_RADIUS: Record<string, RadiusSize> = {
  // Timeless jewels.
  "Lethal Pride": "Large", "Brutal Restraint": "Large", "Elegant Hubris": "Large", "Glorious Vanity": "Large",
  "Militant Faith": "Large", "Heroic Tragedy": "Large",
  // Allocate or convert the passives around them.
  "Intuitive Leap": "Small", "Unnatural Instinct": "Small", "Impossible Escape": "Small",
  "The Green Nightmare": "Large", "The Red Nightmare": "Large", "The Blue Nightmare": "Large",
  "The Green Dream": "Large", "The Red Dream": "Large", "The Blue Dream": "Large",
  "Energised Armour": "Large", "Healthy Mind": "Large", "Fertile Mind": "Large", "Fluid Motion": "Large",
  "Efficient Training": "Large", "Anatomical Knowledge": "Large", "Cold Steel": "Large",
  "Inertia": "Medium", "Fireborn": "Medium", "Might of the Meek": "Medium", "Lioneye's Fall": "Medium",
  "Combat Focus": "Medium", "Stormshroud": "Small", "Fragility": "Medium", "Tempered Flesh": "Medium",
  "Tempered Spirit": "Medium", "Tempered Mind": "Medium", "Transcendent Flesh": "Medium",
  "Transcendent Spirit": "Medium", "Transcendent Mind": "Medium", "Split Personality": "Large",
};

const RING_MOD = /^Only affects Passives in (Small|Medium|Large|Very Large|Massive) Ring$/;

/** How much larger a version's world is than the spec's (trees from 3.16 on: 1.2). */
export function treeScale(version: string): number {
  const [major, minor] = version.split(/[._]/).map(Number);
  return major > 3 || (major === 3 && minor >= 16) ? 1.2 : 1;
}

export interface JewelRadius {
  /** 0 for a full circle; a ring's inner edge otherwise. */
  inner: number;
  outer: number;
  size: RadiusSize;
}

/** The unique's own name, without the planner's prefixes ("Foulborn The Green Nightmare"). */
function uniqueName(name: string): string | null {
  for (const known of Object.keys(UNIQUE_RADIUS)) if (name === known || name.endsWith(" " + known)) return known;
  return null;
}

/** The circle of a socketed jewel on a tree version, or null when the jewel has no radius. */
export function jewelRadius(item: Pick<JewelItem, "name" | "explicitMods">, version: string): JewelRadius | null {
  const k = treeScale(version);
  for (const mod of item.explicitMods) {
    const ring = RING_MOD.exec(mod.text.trim());
    if (ring) {
      const size = ring[1] as RadiusSize;
      const [a, b] = BASE_RING[size];
      return { inner: a * k, outer: b * k, size };
    }
  }
  const unique = uniqueName(item.name);
  if (!unique) return null;
  const size = UNIQUE_RADIUS[unique];
  return { inner: 0, outer: BASE_RADIUS[size] * k, size };
}

/** Indices of the nodes whose centre lies in the circle (or ring) about (x, y). */
export function nodesInRadius(nodes: readonly { index: number; x: number; y: number }[], x: number, y: number, r: JewelRadius): number[] {
  const out: number[] = [];
  // Squared distances in an indexed loop: it runs per radius jewel over every passive before the first
  // frame, in V8's interpreter, where Math.hypot and an iterator per node cost a millisecond or more.
  const outer = r.outer * r.outer, inner = r.inner * r.inner;
  for (let i = 0; i < nodes.length; i++) {
    const n = nodes[i], dx = n.x - x, dy = n.y - y, d = dx * dx + dy * dy;
    if (d <= outer && d >= inner && d > 0) out.push(n.index);
  }
  return out;
}

/** A circle drawn over the tree: centred on the socket (or, for Impossible Escape, on the keystone it names). */
export interface JewelCircle {
  /** The socket's node id. */
  socketId: number;
  x: number;
  y: number;
  radius: JewelRadius;
  /** Indices of the nodes inside, highlighted while the socket is hovered. */
  inside: number[];
}

const ESCAPE_MOD = /^Passives in Radius of (.+) can be Allocated without being connected to your tree$/;

type CircleNode = { id: number; index: number; x: number; y: number; name: string; kind: string; ascendancyName?: string | null; proxy?: boolean };
type CircleModel = { version: string; nodes: readonly CircleNode[]; byId: Map<number, { x: number; y: number }> };

/**
 * The passives a jewel's radius can reach: the main tree's, not the ascendancies' (whose nodes sit in the
 * tree's world too: the Scion's centre holds the Ascendant's and the bloodlines'), class starts, hidden
 * cluster proxies or cluster jewel passives (ids above 65535).
 */
const inReach = (n: CircleNode) => !n.ascendancyName && n.kind !== "classStart" && !n.proxy && n.id <= 65535;

/** The circles of the socketed jewels that have a radius (`jewelAt` gives the item at a socket). */
export function jewelCircles(model: CircleModel, socketIds: Iterable<number>, jewelAt: (socketId: number) => Pick<JewelItem, "name" | "explicitMods"> | null): JewelCircle[] {
  const out: JewelCircle[] = [];
  let passives: CircleNode[] | null = null;
  for (const socketId of socketIds) {
    const socket = model.byId.get(socketId);
    const item = jewelAt(socketId);
    const radius = item && jewelRadius(item, model.version);
    if (!socket || !item || !radius) continue;
    let { x, y } = socket;
    const escape = item.explicitMods.map((m) => ESCAPE_MOD.exec(m.text.trim())).find((m) => m);
    if (escape) {
      const keystone = model.nodes.find((n) => n.kind === "keystone" && n.name === escape[1]);
      if (keystone) ({ x, y } = keystone);
    }
    passives ??= model.nodes.filter(inReach);
    out.push({ socketId, x, y, radius, inside: nodesInRadius(passives, x, y, radius) });
  }
  return out;
}

/** One entry of the text list of radius jewels (JewelRadiusList): the socket and what a reader is told of it. */
export interface RadiusListItem {
  socketId: number;
  label: string;
}

/**
 * The text list's entries, one per circle: "Lethal Pride: Large radius, 41 passives inside" (a Thread of Hope:
 * "Large ring"). Cluster jewel proxy sockets inside are not passives a reader sees, so not counted.
 */
export function radiusListItems(circles: readonly JewelCircle[], nodes: readonly { proxy?: boolean }[], nameAt: (socketId: number) => string | null): RadiusListItem[] {
  return circles.map((c) => {
    const n = c.inside.filter((i) => !nodes[i]?.proxy).length;
    const shape = c.radius.inner > 0 ? "ring" : "radius";
    const name = nameAt(c.socketId) ?? "Jewel";
    return { socketId: c.socketId, label: `${name}: ${c.radius.size} ${shape}, ${n} ${n === 1 ? "passive" : "passives"} inside` };
  });
}

/**
 * The game's ring art for a circle (the art bundle's `jewelRadius` sprites; each rectangle is the whole circle).
 * As Path of Building's PassiveTreeView.lua draws them: a timeless jewel layers its faction's two rings
 * (`<Faction>JewelCircle1` and `2`), each image as wide as the circle (half its side is the radius); other
 * jewels show `JewelCircle1` the same way. A ring (Thread of Hope) adds `JewelCircle1Inverse` at its inner
 * edge: that sprite's line lies at 0.94 of its half side, so it is drawn 1.06 times the inner radius (PoB's
 * inner ring factor). Impossible Escape's circle is a plain one around its keystone.
 */
export interface RingSprite {
  sprite: string;
  /** Half the image's side in world units. */
  half: number;
}

/** Timeless jewels' factions, by the unique's name (Kalguur: the 3.25 Heroic Tragedy). */
export const TIMELESS_FACTION: Record<string, string> = {
  "Glorious Vanity": "Vaal", "Lethal Pride": "Karui", "Brutal Restraint": "Maraketh",
  "Militant Faith": "Templar", "Elegant Hubris": "EternalEmpire", "Heroic Tragedy": "Kalguur",
};

/** PoB's inner ring factor: `innerSize = radData.inner * scale * 1.06`. */
export const INNER_RING_FACTOR = 1.06;

/**
 * The sprites to draw for a jewel's circle, or null when the art lacks any of them (the plain ring is drawn
 * then: trees whose art has no ring sprites, or a faction the art predates).
 */
export function ringSprites(name: string, radius: JewelRadius, sprites: ReadonlySet<string> | null): RingSprite[] | null {
  if (!sprites) return null;
  const unique = uniqueName(name);
  const faction = unique ? TIMELESS_FACTION[unique] : undefined;
  const out: RingSprite[] = faction
    ? [{ sprite: `${faction}JewelCircle1`, half: radius.outer }, { sprite: `${faction}JewelCircle2`, half: radius.outer }]
    : [{ sprite: "JewelCircle1", half: radius.outer }];
  if (radius.inner > 0) out.push({ sprite: "JewelCircle1Inverse", half: radius.inner * INNER_RING_FACTOR });
  return out.every((s) => sprites.has(s.sprite)) ? out : null;
}
