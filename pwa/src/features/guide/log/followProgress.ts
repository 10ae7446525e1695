/** The log's area entries applied to a guide's progress, one after another, as the player walked them. */
import type { CampaignProgress } from "../../../data/guideProgress";
import { selectStep } from "../navigation";
import type { AreaEntry } from "./follow";
import { chooseStep, flatIndex, type RouteAreas } from "./routeAreas";

export function followProgress(route: RouteAreas, progress: CampaignProgress, entries: readonly AreaEntry[]): CampaignProgress {
  if (route.positions.length === 0) return progress;
  const from = flatIndex(route, progress.act, progress.steps[progress.act] ?? 0);
  let g = from;
  for (const e of entries) g = chooseStep(route, g, e.areaId);
  if (g === from) return progress;
  const [act, step] = route.positions[g];
  return selectStep(progress, act, step);
}
