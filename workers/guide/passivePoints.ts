/**
 * The one passive-point model of the app: how many passive skill points a
 * character has from the campaign, by bandit choice and by character level.
 * The build editor's level estimate, the campaign guide's passives note and
 * the tracker all count with these functions.
 *
 * Points per quest, and which quest belongs to which bandit choice, are the
 * route facts the guide's route checker uses (`game-data/route-facts.json`,
 * joined into the campaign bundle as `routeFacts`; sources in
 * game-data/FORMAT.md): killing all bandits (Deal with the Bandits, a2q7) is
 * the only bandit quest with passive points, helping a lord gives none.
 *
 * The level at which each point is usually in hand is the spec's schedule
 * (builds-browser-and-tracker.md §9): one point at levels 5, 6, 17, ... 64 and
 * two at 68, the 23 points of the quests that do not depend on the bandits.
 * The bandits' points count from level 13: the spec's "deducted when 15 or
 * more non-ascendancy nodes" (level 13 is where 15 points are first in hand
 * with the bandits' point), which gives the same levels for every node count.
 */
import routeFactsFile from "../../game-data/route-facts.json";
import { BANDIT_FLAGS, type BanditFlag } from "./types";

export { BANDIT_FLAGS, type BanditFlag };

export const MAX_LEVEL = 100;

/** Quest id -> passive points and bandit flag (null: every choice gets it). */
export type QuestPassives = Readonly<Record<string, { passivePoints?: number; bandit?: BanditFlag | string | null }>>;

/** The route facts' quests, as the repository holds them (the campaign bundle's routeFacts joins the same table). */
export const ROUTE_QUESTS: QuestPassives = (routeFactsFile as { quests: QuestPassives }).quests;

/** Spec §9: the levels by which the bandit-independent quests' points are in hand (the 68 is two points). */
export const QUEST_POINT_LEVELS: readonly (readonly [level: number, points: number])[] = [
  ...[5, 6, 17, 18, 26, 30, 35, 41, 44, 46, 47, 48, 53, 54, 57, 57, 57, 61, 62, 63, 64].map((l) => [l, 1] as const),
  [68, 2],
];

/** The level from which the bandits' points count (see the module note). */
export const BANDIT_POINT_LEVEL = 13;

/**
 * The bandit choice from any of the app's spellings: the planner's "None",
 * "Alira", ...; the official API's "Eramir"; the labels "Kill All", "Help Oak".
 * Spec (guide §4): alira, kraityn or oak selects that bandit; anything else kills all.
 */
export function banditFlag(text: string | null | undefined): BanditFlag {
  const t = (text ?? "").toLowerCase();
  if (t.includes("alira")) return "BANDIT_ALIRA";
  if (t.includes("kraityn")) return "BANDIT_KRAITYN";
  if (t.includes("oak")) return "BANDIT_OAK";
  return "BANDIT_KILL";
}

/** A quest counts for a choice when it belongs to no bandit or to that one. */
function counts(q: { bandit?: string | null }, flag: BanditFlag): boolean {
  return (q.bandit ?? null) === null || q.bandit === flag;
}

/**
 * Passive points of the given quests under a bandit choice; with `null`, of
 * every quest given (the guide's route has already chosen its bandit block).
 */
export function routePassivePoints(questIds: Iterable<string>, flag: BanditFlag | null, quests: QuestPassives = ROUTE_QUESTS): number {
  let points = 0;
  for (const id of questIds) {
    const q = quests[id];
    if (q && (flag === null || counts(q, flag))) points += q.passivePoints ?? 0;
  }
  return points;
}

/** Passive points the whole campaign gives with this bandit choice (24 killing all, 23 helping a lord). */
export function campaignPassivePoints(flag: BanditFlag, quests: QuestPassives = ROUTE_QUESTS): number {
  return routePassivePoints(Object.keys(quests), flag, quests);
}

/** The bandit choice's own points: those of the quests that belong to it. */
export function banditPassivePoints(flag: BanditFlag, quests: QuestPassives = ROUTE_QUESTS): number {
  let points = 0;
  for (const q of Object.values(quests)) if (q.bandit === flag) points += q.passivePoints ?? 0;
  return points;
}

/** Quest passive points in hand at this character level, bandits included. */
export function questPointsAt(level: number, flag: BanditFlag): number {
  let points = 0;
  for (const [at, n] of QUEST_POINT_LEVELS) if (at <= level) points += n;
  if (level >= BANDIT_POINT_LEVEL) points += banditPassivePoints(flag);
  return points;
}

/** Passive points in hand at this level: one per level after the first, plus the quests'. */
export function passivePointsAt(level: number, flag: BanditFlag): { levels: number; quests: number; total: number } {
  const levels = Math.max(0, Math.min(level, MAX_LEVEL) - 1);
  const quests = level >= 1 ? questPointsAt(level, flag) : 0;
  return { levels, quests, total: levels + quests };
}

/** The lowest level whose passive points cover `points` (ascendancy points aside); MAX_LEVEL when none does. */
export function levelForPoints(points: number, flag: BanditFlag): number {
  for (let level = 1; level <= MAX_LEVEL; level++) if (passivePointsAt(level, flag).total >= points) return level;
  return MAX_LEVEL;
}

const plural = (n: number) => (n === 1 ? "passive point" : "passive points");

/** The choice in words, as the guide's note starts. */
export function banditWords(flag: BanditFlag): string {
  return flag === "BANDIT_KILL" ? "Kill all bandits" : `Help ${flag === "BANDIT_ALIRA" ? "Alira" : flag === "BANDIT_KRAITYN" ? "Kraityn" : "Oak"}`;
}

/** The guide's passives note; `n` is what the route hands in (GuideResult.passivePoints). */
export function passivesNote(flag: BanditFlag, n: number): string {
  return `${banditWords(flag)}: ${n} ${plural(n)} from the campaign`;
}

/** The tracker's line for a character: "54 passive points at level 45 (44 from levels, 10 from quests; Kill all bandits)". */
export function characterPassivesText(level: number, flag: BanditFlag): string {
  const p = passivePointsAt(level, flag);
  return `${p.total} ${plural(p.total)} at level ${level} (${p.levels} from levels, ${p.quests} from quests; ${banditWords(flag)})`;
}
