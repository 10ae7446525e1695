/**
 * Which guide step goes with an area the game says the player entered.
 *
 * The route (the parsed sections) is read as one line of steps across the acts.
 * Every move in a step ({enter}, {waypoint|to}, {logout}, {portal|use},
 * {ascend}) is an arrival; entering an area "settles" on the step that still has
 * something to do there: the arriving step itself when more follows the move in
 * it ("Head out to The Coast and touch the waypoint"), else the next step
 * ("Walk through the gate into Lioneye's Watch." -> "Speak to Tarkleigh").
 *
 * Choosing, from the step shown (the player's progress):
 * 1. the step shown arrived there itself ("Cross onto The Tidal Island and kill
 *    Hailrake"): stay;
 * 2. the route's next arrival is that area: go there;
 * 3. the step shown starts there (a relog, a portal back): stay;
 * 4. the area is the one the player was in just before (one area back, as when
 *    they died and came back from town): go back to that stretch's first step;
 *    the guide never goes back further than that;
 * 5. a later arrival in that area (the player went ahead of the guide): go there,
 *    except for a town the route only reaches after other areas (a trip to sell)
 *    and an area whose act differs from the step's act (the labyrinth's plaza is
 *    an act 3 area the route also reaches in acts 7 and 10);
 * 6. anything else (hideouts, maps, areas the route never visits): stay.
 * Area ids are unique across acts (act 6's Twilight Strand is 2_6_1, act 1's is
 * 1_1_1), so no area name is ever matched.
 */
import type { Area, Part, Section } from "@workers/guide/types";

/**
 * The labyrinth's rooms and trials count as one place, the one {ascend} runs
 * through. Its plaza (Aspirants' Plaza), which the route enters by name and
 * whose waypoint it takes, stays a place of its own.
 */
export const LABYRINTH = "labyrinth";
export const LABYRINTH_PLAZA = "Labyrinth_Airlock";

/** Any labyrinth area, the plaza included. */
export function isLabyrinthArea(areaId: string): boolean {
  return /labyrinth/i.test(areaId);
}

export function placeOf(areaId: string): string {
  return areaId !== LABYRINTH_PLAZA && isLabyrinthArea(areaId) ? LABYRINTH : areaId;
}

export interface Arrival {
  /** Flat index of the step that makes the move. */
  step: number;
  /** placeOf(area). */
  place: string;
  /** The step shown once the player is there. */
  settle: number;
}

export interface RouteAreas {
  /** Flat step index -> [act index, step index in the act]. */
  positions: [number, number][];
  /** Flat index of each act's first step. */
  actStart: number[];
  arrivals: Arrival[];
  /** Per step: where the player is when it is shown (its first arrival that settles on it, else where it starts). */
  place: string[];
  /** Per step: where it starts. */
  start: string[];
  /** Per step: the places of its arrivals that settle on it. */
  arrived: Set<string>[];
  /** Area facts by id (for towns and acts). */
  areas: Record<string, Area>;
}

function moveOf(part: Part, lastTown: string): string | null {
  switch (part.type) {
    case "enter":
    case "logout":
      return part.areaId;
    case "waypoint_use":
      return part.dstAreaId;
    case "portal_use":
      return part.dstAreaId;
    case "ascend":
      return LABYRINTH + ">" + lastTown; // through the labyrinth, ending in the last town
    default:
      return null;
  }
}

/** A part that still asks something of the player after a move (text and a bare "the waypoint" do not). */
function isTask(part: Part): boolean {
  return part.type !== "text" && part.type !== "waypoint";
}

export function routeAreas(sections: readonly Section[], areas: Record<string, Area>, startArea = "1_1_1", startTown = "1_1_town"): RouteAreas {
  const positions: [number, number][] = [];
  const actStart: number[] = [];
  sections.forEach((s, act) => {
    actStart.push(positions.length);
    s.steps.forEach((_, i) => positions.push([act, i]));
  });
  const steps = sections.flatMap((s) => s.steps);
  const arrivals: Arrival[] = [];
  const starts: string[] = [];
  let current = startArea;
  let lastTown = startTown;
  steps.forEach((step, g) => {
    starts.push(current);
    const parts = [...step.parts, ...step.subSteps.flatMap((s) => s.parts)];
    parts.forEach((part, k) => {
      const move = moveOf(part, lastTown);
      if (move === null) return;
      const settle = parts.slice(k + 1).some(isTask) || g === steps.length - 1 ? g : g + 1;
      if (move.startsWith(LABYRINTH + ">")) {
        // The labyrinth settles on the {ascend} step itself; coming out, the town settles after it.
        arrivals.push({ step: g, place: LABYRINTH, settle: g });
        current = lastTown;
        arrivals.push({ step: g, place: current, settle });
        return;
      }
      current = move;
      if (areas[current]?.is_town_area) lastTown = current;
      arrivals.push({ step: g, place: placeOf(current), settle });
    });
  });
  const start = starts.map(placeOf);
  const arrived = steps.map(() => new Set<string>());
  for (const a of arrivals) if (a.settle === a.step) arrived[a.step].add(a.place);
  const place = steps.map((_, g) => arrivals.find((a) => a.step === g && a.settle === g)?.place ?? start[g]);
  return { positions, actStart, arrivals, place, start, arrived, areas };
}

export function flatIndex(route: RouteAreas, act: number, step: number): number {
  const start = route.actStart[act] ?? 0;
  return Math.min(start + step, route.positions.length - 1);
}

function actOfStep(route: RouteAreas, g: number): number {
  return route.positions[g][0];
}

/** The act (1-based) the facts give an area; the labyrinth has none of its own. */
function factAct(route: RouteAreas, place: string): number | null {
  return place === LABYRINTH ? null : (route.areas[place]?.act ?? null);
}

/**
 * The flat index of the step to show once the player entered `areaId` while step
 * `g` was shown; `g` itself when the guide should not move.
 */
export function chooseStep(route: RouteAreas, g: number, areaId: string): number {
  const place = placeOf(areaId);
  if (place !== LABYRINTH && !route.areas[areaId]) return g; // hideout, map, unknown
  if (route.arrived[g]?.has(place)) return g;

  const upcoming = route.arrivals.filter((a) => a.settle > g);
  const next = upcoming[0];
  if (next && next.place === place) return next.settle;
  if (route.start[g] === place) return g;

  // One stretch back: the steps before g's stretch, when they were in this place.
  let k = g - 1;
  while (k >= 0 && route.place[k] === route.place[g]) k--;
  if (k >= 0 && route.place[k] === place) {
    while (k > 0 && route.place[k - 1] === place) k--;
    return k;
  }

  const later = upcoming.find((a) => a.place === place);
  if (!later) return g;
  const laterAct = actOfStep(route, later.settle);
  const sameAct = laterAct === actOfStep(route, g);
  if (!sameAct && factAct(route, place) !== laterAct + 1) return g;
  if (route.areas[place]?.is_town_area && sameAct) return g; // only as the next arrival (rule 2)
  return later.settle;
}
