/** The one explicit state object the command evaluators read and change. */

export const START_AREA_ID = "1_1_1";
export const START_TOWN_ID = "1_1_town";

export interface GuideState {
  implicitWaypoints: ReadonlySet<string>;
  explicitWaypoints: ReadonlySet<string>;
  usedWaypoints: ReadonlySet<string>;
  craftingAreas: ReadonlySet<string>;
  currentAreaId: string;
  lastTownAreaId: string;
  portalAreaId: string | null;
}

export type WaypointSetKey = "implicitWaypoints" | "explicitWaypoints" | "usedWaypoints" | "craftingAreas";

export function initialState(): GuideState {
  return {
    implicitWaypoints: new Set(),
    explicitWaypoints: new Set(),
    usedWaypoints: new Set(),
    craftingAreas: new Set(),
    currentAreaId: START_AREA_ID,
    lastTownAreaId: START_TOWN_ID,
    portalAreaId: null,
  };
}

/**
 * A line's changes go to a draft; the parser keeps the draft only when the
 * whole line is valid, so a bad line leaves the state untouched. Sets are
 * copied on first write, which keeps the common (read-only) line cheap.
 */
export class Draft {
  private copied = new Set<WaypointSetKey>();
  readonly next: GuideState;

  constructor(base: GuideState) {
    this.next = { ...base };
  }

  add(key: WaypointSetKey, id: string): void {
    const current = this.next[key];
    if (current.has(id)) return;
    if (!this.copied.has(key)) {
      this.next[key] = new Set(current);
      this.copied.add(key);
    }
    (this.next[key] as Set<string>).add(id);
  }
}
