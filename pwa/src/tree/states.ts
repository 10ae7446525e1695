/**
 * Node view states: the spec's combinable flags, packed per node into the small
 * buffer the GPU reads (R = flags, G = compare side, B = visible, A = unused).
 */
import type { TreeModel } from "./model";
import { visibleAscendancies } from "./model";

export const NodeState = {
  None: 0,
  Active: 1,
  Hovered: 2,
  Pathing: 4,
  Highlighted: 8,
  Compared: 16,
  Moved: 32,
  Desired: 64,
  UnDesired: 128,
} as const;

/** Which side of a compare a node belongs to when it is not on both. */
export const CompareSide = { Both: 0, BuildOnly: 1, OtherOnly: 2, Changed: 3 } as const;

export interface AllocationLike {
  classId: number;
  ascendancyId: number;
  alternateAscendancyId?: number;
  nodes: number[];
  masteryEffects?: Record<number, number>;
}

export class StateBuffer {
  /** 4 bytes per node, uploaded as an RGBA texture. */
  readonly data: Uint8Array;
  /** Bumped on every change so the renderer redraws only when needed. */
  revision = 0;

  constructor(readonly count: number) {
    this.data = new Uint8Array(Math.max(1, count) * 4);
  }

  flags(i: number): number {
    return this.data[i * 4];
  }

  side(i: number): number {
    return this.data[i * 4 + 1];
  }

  visible(i: number): boolean {
    return this.data[i * 4 + 2] !== 0;
  }

  has(i: number, flag: number): boolean {
    return (this.data[i * 4] & flag) !== 0;
  }

  add(i: number, flag: number): void {
    const v = this.data[i * 4] | flag;
    if (v !== this.data[i * 4]) {
      this.data[i * 4] = v;
      this.revision++;
    }
  }

  remove(i: number, flag: number): void {
    const v = this.data[i * 4] & ~flag;
    if (v !== this.data[i * 4]) {
      this.data[i * 4] = v;
      this.revision++;
    }
  }

  /** Clearing removes every state and leaves None. */
  clear(i: number): void {
    if (this.data[i * 4] !== NodeState.None) {
      this.data[i * 4] = NodeState.None;
      this.revision++;
    }
  }

  /** Moves a transient flag (Hovered, Highlighted) to exactly the given nodes. */
  setExclusive(flag: number, indices: Iterable<number>): void {
    const want = new Set(indices);
    for (let i = 0; i < this.count; i++) {
      if (want.has(i)) this.add(i, flag);
      else this.remove(i, flag);
    }
  }
}

/** Cluster jewel passives get ids from 65536 up; they are not part of any tree export. */
export const CLUSTER_NODE_ID_MIN = 65536;

export interface AllocationStates {
  states: StateBuffer;
  /** Allocated ids the tree version does not know (a newer tree). */
  unknownIds: number[];
  /** Allocated cluster jewel passives, which this renderer does not build. */
  clusterIds: number[];
}

/**
 * States for one allocation, or for a compare (build against other): nodes on
 * both are Active; nodes on one side are Active|Compared with their side.
 * Ascendancy nodes show only for the ascendancies of the allocations.
 */
export function allocationStates(model: TreeModel, build: AllocationLike, other?: AllocationLike): AllocationStates {
  const states = new StateBuffer(model.nodes.length);
  const shown = visibleAscendancies(model, build);
  if (other) for (const a of visibleAscendancies(model, other)) shown.add(a);
  for (const n of model.nodes) {
    const shownHere = !n.proxy && (n.ascendancyName === null || shown.has(n.ascendancyName));
    states.data[n.index * 4 + 2] = shownHere ? 255 : 0;
  }
  const unknown = new Set<number>();
  const cluster = new Set<number>();
  const mark = (ids: number[], side: number) => {
    for (const id of ids) {
      const n = model.byId.get(id);
      if (!n || n.proxy) {
        (id >= CLUSTER_NODE_ID_MIN || n?.proxy ? cluster : unknown).add(id);
        continue;
      }
      const o = n.index * 4;
      if (states.data[o] & NodeState.Active) {
        if (states.data[o + 1] !== side) states.data[o + 1] = CompareSide.Both;
      } else {
        states.data[o] |= NodeState.Active;
        states.data[o + 1] = side;
      }
    }
  };
  if (other) {
    mark(build.nodes, CompareSide.BuildOnly);
    mark(other.nodes, CompareSide.OtherOnly);
    // A mastery on both with a different chosen effect is "changed" (the list's 'Wrong Choice').
    for (const [id, effect] of Object.entries(build.masteryEffects ?? {})) {
      const n = model.byId.get(Number(id));
      const theirs = other.masteryEffects?.[Number(id)];
      if (n && states.data[n.index * 4 + 1] === CompareSide.Both && states.data[n.index * 4] & NodeState.Active && theirs !== undefined && theirs !== effect) {
        states.data[n.index * 4 + 1] = CompareSide.Changed;
      }
    }
    for (let i = 0; i < model.nodes.length; i++) {
      if (states.data[i * 4 + 1] !== CompareSide.Both) states.data[i * 4] |= NodeState.Compared;
    }
  } else {
    mark(build.nodes, CompareSide.Both);
  }
  // Class start of the build is always shown active (it is where the tree begins).
  const start = model.nodes.find((n) => n.kind === "classStart" && n.classStartIndex === build.classId);
  if (start && !(states.data[start.index * 4] & NodeState.Active)) states.data[start.index * 4] |= NodeState.Active;
  states.revision++;
  const sorted = (ids: Set<number>) => [...ids].sort((a, b) => a - b);
  return { states, unknownIds: sorted(unknown), clusterIds: sorted(cluster) };
}
