/**
 * The planner's saved figures: the <PlayerStat stat=".." value=".."/> lines under <Build>.
 *
 * The planner writes them for the sets it had active when the export was made
 * (its active tree spec, item set and skill set), so they belong to the step
 * whose three sets are those, and to no other. They are the planner's
 * numbers, read as written: a figure the export lacks is absent (never
 * derived), and a value that is not a finite number ("inf", "nan",
 * "table: 0x...") or lies outside a plausible range is ignored. The rules are
 * server/planner/stats.py's, so the cards (server) and the view (here) agree.
 */
import type { BuildStats, DpsKind } from "./types";
import { attr, element, elements, type XmlNode } from "./xml";

type PlainField = Exclude<keyof BuildStats, "dps" | "dpsKind">;

/** BuildStats field -> the planner's stat names, the first one with a figure winning (as server/planner/stats.py). */
export const STAT_NAMES: Record<PlainField, readonly string[]> = {
  life: ["Life"],
  energyShield: ["EnergyShield"],
  mana: ["Mana"],
  ward: ["Ward"],
  ehp: ["TotalEHP"],
  fireResist: ["FireResist"],
  coldResist: ["ColdResist"],
  lightningResist: ["LightningResist"],
  chaosResist: ["ChaosResist"],
  armour: ["Armour"],
  evasion: ["Evasion"],
  block: ["EffectiveBlockChance", "BlockChance"],
  spellSuppression: ["SpellSuppressionChance"],
  movementSpeed: ["EffectiveMovementSpeedMod"],
};

/** Where the main skill's DPS comes from, in order of preference. */
export const DPS_SOURCES: readonly { stat: string; kind: DpsKind }[] = [
  { stat: "FullDPS", kind: "full" },
  { stat: "CombinedDPS", kind: "combined" },
  { stat: "TotalDPS", kind: "hit" },
  { stat: "TotalDotDPS", kind: "dot" },
];

/** At most this many <PlayerStat> lines are read (a hostile export cannot make the reader work longer). */
export const MAX_STAT_LINES = 5_000;
/** A value longer than this is not a number the planner wrote. */
const MAX_VALUE_CHARS = 40;

const POOL: Range = [0, 1e8];
const RESIST: Range = [-1000, 1000];
const PERCENT: Range = [0, 100];
type Range = readonly [number, number];

/** Plausible ranges (the server's); a figure outside one is absurd (a broken or hostile export) and read as absent. */
export const STAT_RANGES: Record<PlainField | "dps", Range> = {
  life: POOL,
  energyShield: POOL,
  mana: POOL,
  ward: POOL,
  ehp: [0, 1e12],
  fireResist: RESIST,
  coldResist: RESIST,
  lightningResist: RESIST,
  chaosResist: RESIST,
  armour: [0, 1e9],
  evasion: [0, 1e9],
  block: PERCENT,
  spellSuppression: PERCENT,
  // A multiplier: 1 is base speed.
  movementSpeed: [0, 100],
  dps: [0, 1e15],
};

/** A plain decimal number as the planner writes one; anything else (hex, "inf", "nan", "table: 0x...", blanks) is not a figure. */
const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

export function statNumber(value: string | undefined): number | null {
  if (value === undefined || value.length > MAX_VALUE_CHARS) return null;
  const v = value.trim();
  if (!DECIMAL.test(v)) return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
}

/** Stat name -> its first finite value among the <PlayerStat> lines directly under <Build>. */
export function playerStatValues(build: XmlNode | undefined): Map<string, number> {
  const values = new Map<string, number>();
  let lines = 0;
  for (const node of elements(build, "PlayerStat")) {
    if (lines++ >= MAX_STAT_LINES) break;
    const name = attr(node, "stat");
    if (!name || values.has(name)) continue;
    const n = statNumber(attr(node, "value"));
    if (n !== null) values.set(name, n);
  }
  return values;
}

function inRange(field: PlainField | "dps", value: number | undefined): number | undefined {
  if (value === undefined) return undefined;
  const [lo, hi] = STAT_RANGES[field];
  return value >= lo && value <= hi ? value : undefined;
}

/**
 * The main DPS: the first source in DPS_SOURCES with a figure above zero (a
 * planner that sums no skill into Full DPS writes FullDPS="0"); when none is
 * above zero, the first source written at all (so 0 of that kind).
 */
export function mainDps(values: Map<string, number>): { dps: number; dpsKind: DpsKind } | null {
  const present = DPS_SOURCES.flatMap((s) => {
    const dps = inRange("dps", values.get(s.stat));
    return dps === undefined ? [] : [{ dps, dpsKind: s.kind }];
  });
  return present.find((p) => p.dps > 0) ?? present[0] ?? null;
}

/** BuildStats from a stat map; null when the export names none of the figures. */
export function statsFromValues(values: Map<string, number>): BuildStats | null {
  const stats: BuildStats = {};
  for (const [field, names] of Object.entries(STAT_NAMES) as [PlainField, readonly string[]][]) {
    for (const name of names) {
      const n = inRange(field, values.get(name));
      if (n !== undefined) {
        stats[field] = n;
        break;
      }
    }
  }
  const dps = mainDps(values);
  if (dps) Object.assign(stats, dps);
  return Object.keys(stats).length ? stats : null;
}

/** The saved figures of a planner export's root element (null when it has none). */
export function readPlayerStats(root: XmlNode): BuildStats | null {
  return statsFromValues(playerStatValues(element(root, "Build")));
}

export { stepStats, type StepIds } from "./stepStats";
