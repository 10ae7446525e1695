/**
 * Which followed builds get a system notification now (issue 36): a build with a revision the player
 * has not seen, not notified of that revision before, and not notified of anything in the last day
 * ("never more than one a build a day"). Pure: the service worker's periodic sync and the page's
 * check on start both decide with this, over the server's unseen updates and the marks kept in
 * IndexedDB (db.ts, table `notified`).
 */
import { buildTitle } from "../../data/classes";
import type { BuildUpdate } from "../../data/types";

export const NOTIFY_EVERY_MS = 24 * 60 * 60 * 1000;

/** The last notification shown for a build on this device. */
export interface NotifiedMark {
  buildId: string;
  /** ms epoch it was shown. */
  at: number;
  /** The revision it told of. */
  revision: number;
}

/** One update per build (its newest revision), unseen, not told already, and the build's last notification a day old or more. */
export function buildsToNotify(
  updates: readonly BuildUpdate[],
  marks: Readonly<Record<string, NotifiedMark | undefined>>,
  now: number,
): BuildUpdate[] {
  const newest = new Map<string, BuildUpdate>();
  for (const u of updates) {
    if (u.revision <= u.seenRevision) continue;
    const had = newest.get(u.buildId);
    if (!had || u.revision > had.revision) newest.set(u.buildId, u);
  }
  return [...newest.values()].filter((u) => {
    const mark = marks[u.buildId];
    if (!mark) return true;
    return u.revision > mark.revision && now - mark.at >= NOTIFY_EVERY_MS;
  });
}

/** The build's title as the rest of the app gives it (first main skill and ascendancy, else class),
 * or its slug when the answer has none (a server from before the title fields). */
export function updateTitle(u: BuildUpdate): string {
  return (Array.isArray(u.skills) && buildTitle({ skills: u.skills, baseClass: u.baseClass ?? "", ascendancy: u.ascendancy ?? "" })) || u.slug;
}

/** The notification's words and where a click goes. */
export function notificationFor(u: BuildUpdate): { title: string; body: string; tag: string; url: string } {
  const note = u.note.trim();
  return {
    title: `Revision ${u.revision} is out`,
    body: `${updateTitle(u)} by ${u.creatorName}${note ? `: ${note.length > 120 ? `${note.slice(0, 119)}…` : note}` : ""}`,
    tag: `waypoint-update:${u.buildId}`,
    url: "/build/updates",
  };
}
