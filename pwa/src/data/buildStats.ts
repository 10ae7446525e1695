/**
 * How the planner's saved figures (BuildStats) read: the few a card shows,
 * the view's list per step, and each figure's change from the step before.
 * Pure; the figures are the planner's, shown as it saved them.
 */
import type { BuildStats } from "./types";

/** The plain words the view and the cards put beside the figures. */
export const PLANNER_FIGURES_NOTE = "Figures from the planner's export, not computed by Waypoint.";

const whole = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
const tenths = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });
const compact = new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 });

const DPS_KINDS: Record<string, string> = { full: "full DPS", combined: "combined DPS", hit: "hit DPS", dot: "DoT DPS" };

/** "full DPS", "combined DPS", "hit DPS", "DoT DPS"; "DPS" for a kind we do not know. */
export function dpsLabel(kind: string | null | undefined): string {
  return DPS_KINDS[kind ?? ""] ?? "DPS";
}

type Format = "count" | "compact" | "percent" | "speed";
export type FigureKey = Exclude<keyof BuildStats, "dpsKind">;

interface FigureDef {
  key: FigureKey;
  /** The figure's name as it follows a number ("4,271 life"). */
  noun: string;
  format: Format;
  /** A zero says nothing here (no ward, no block): it is not listed unless the step before had some. */
  hideZero?: boolean;
}

/** The view's figures, in the order it lists them. */
export const FIGURES: readonly FigureDef[] = [
  { key: "dps", noun: "DPS", format: "compact" },
  { key: "life", noun: "life", format: "count" },
  { key: "energyShield", noun: "energy shield", format: "count", hideZero: true },
  { key: "mana", noun: "mana", format: "count" },
  { key: "ward", noun: "ward", format: "count", hideZero: true },
  { key: "ehp", noun: "effective hit pool", format: "count" },
  { key: "fireResist", noun: "fire resistance", format: "percent" },
  { key: "coldResist", noun: "cold resistance", format: "percent" },
  { key: "lightningResist", noun: "lightning resistance", format: "percent" },
  { key: "chaosResist", noun: "chaos resistance", format: "percent" },
  { key: "armour", noun: "armour", format: "count" },
  { key: "evasion", noun: "evasion", format: "count" },
  { key: "block", noun: "block chance", format: "percent", hideZero: true },
  { key: "spellSuppression", noun: "spell suppression", format: "percent", hideZero: true },
  { key: "movementSpeed", noun: "movement speed", format: "speed" },
];

const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);

/** Absolute rendering of a figure ("4,271", "1.2M", "75%", "+32%"). */
export function formatFigure(format: Format, n: number): string {
  switch (format) {
    case "count":
      return whole.format(n);
    case "compact":
      return Math.abs(n) >= 1000 ? compact.format(n) : whole.format(n);
    case "percent":
      return `${tenths.format(n)}%`;
    case "speed": {
      // The planner's multiplier: 1.32 is 32% faster than base speed.
      const pct = Math.round((n - 1) * 1000) / 10;
      return `${pct > 0 ? "+" : ""}${tenths.format(pct)}%`;
    }
  }
}

/** A change, signed ("+1,240", "-300", "+12%"); null when it rounds to nothing. */
function formatChange(format: Format, d: number): string | null {
  let text: string;
  switch (format) {
    case "count":
      text = whole.format(Math.abs(d));
      break;
    case "compact":
      text = formatFigure("compact", Math.abs(d));
      break;
    case "percent":
      text = `${tenths.format(Math.abs(d))}%`;
      break;
    case "speed":
      text = `${tenths.format(Math.abs(Math.round(d * 1000) / 10))}%`;
      break;
  }
  if (/^0(%)?$/.test(text)) return null;
  return `${d > 0 ? "+" : "-"}${text}`;
}

/**
 * The change of one figure from the previous step with figures, as words
 * ("+1,240 life", "-5% fire resistance", "+1.2M combined DPS"); null when either
 * step lacks it, it did not change, or the DPS is of another kind (a hit figure
 * and a combined one do not subtract).
 */
export function changeText(key: FigureKey, current: BuildStats | null | undefined, previous: BuildStats | null | undefined): string | null {
  const def = FIGURES.find((f) => f.key === key);
  if (!def || !current || !previous) return null;
  const now = num(current[key]);
  const before = num(previous[key]);
  if (now === null || before === null) return null;
  if (key === "dps" && (current.dpsKind ?? "") !== (previous.dpsKind ?? "")) return null;
  const change = formatChange(def.format, now - before);
  if (!change) return null;
  return `${change} ${key === "dps" ? dpsLabel(current.dpsKind) : def.noun}`;
}

export interface FigureRow {
  key: FigureKey;
  /** "Life", "Full DPS", "Fire resistance". */
  label: string;
  value: string;
  /** The change from the previous step with figures, or null. */
  change: string | null;
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The figures a step lists, with their change from `previous` (the last earlier step that has figures). */
export function figureRows(current: BuildStats | null | undefined, previous?: BuildStats | null): FigureRow[] {
  if (!current) return [];
  const rows: FigureRow[] = [];
  for (const def of FIGURES) {
    const n = num(current[def.key]);
    if (n === null) continue;
    if (def.hideZero && n === 0 && !num(previous?.[def.key])) continue;
    rows.push({
      key: def.key,
      label: capital(def.key === "dps" ? dpsLabel(current.dpsKind) : def.noun),
      value: formatFigure(def.format, n),
      change: changeText(def.key, current, previous),
    });
  }
  return rows;
}

/** For each step, the index of the last earlier step that has figures (or -1). */
export function previousWithFigures(perStep: (BuildStats | null)[]): number[] {
  let last = -1;
  return perStep.map((s, i) => {
    const prev = last;
    if (s) last = i;
    return prev;
  });
}

export interface CardFigure {
  key: "dps" | "life" | "energyShield" | "block" | "spellSuppression" | "armour" | "evasion";
  value: string;
  /** What the number is ("full DPS", "life", "block"). */
  label: string;
}

/**
 * What the build leans on for defence, when one thing stands out: each
 * candidate's figure against a strong value for it (75% block, 100%
 * suppression, 20,000 armour or evasion, a share of at most 1); the highest
 * share wins if it is at least half. Ties go to block, then suppression,
 * armour, evasion.
 */
export const LEAN_REFERENCE = { block: 75, spellSuppression: 100, armour: 20_000, evasion: 20_000 } as const;
export const LEAN_THRESHOLD = 0.5;

export function leansOn(stats: BuildStats): CardFigure | null {
  let best: { key: keyof typeof LEAN_REFERENCE; n: number; share: number } | null = null;
  for (const key of Object.keys(LEAN_REFERENCE) as (keyof typeof LEAN_REFERENCE)[]) {
    const n = num(stats[key]);
    if (n === null) continue;
    // A defence at or past its strong value counts as full; full ones tie.
    const share = Math.min(1, n / LEAN_REFERENCE[key]);
    if (share >= LEAN_THRESHOLD && (!best || share > best.share)) best = { key, n, share };
  }
  if (!best) return null;
  const percent = best.key === "block" || best.key === "spellSuppression";
  const label = { block: "block", spellSuppression: "suppression", armour: "armour", evasion: "evasion" }[best.key];
  return { key: best.key, value: percent ? formatFigure("percent", best.n) : formatFigure("count", best.n), label };
}

/**
 * The two or three figures that define a build on its card: the main DPS
 * (with its kind), life or energy shield (the larger), and what it leans on.
 * None when the build has no figures.
 */
export function cardFigures(stats: BuildStats | null | undefined): CardFigure[] {
  if (!stats) return [];
  const out: CardFigure[] = [];
  const dps = num(stats.dps);
  if (dps !== null && dps > 0) out.push({ key: "dps", value: formatFigure("compact", dps), label: dpsLabel(stats.dpsKind) });
  const life = num(stats.life);
  const es = num(stats.energyShield);
  if (life !== null || es !== null) {
    const useEs = es !== null && (life === null || es > life);
    const n = useEs ? es! : life!;
    if (n > 0) out.push({ key: useEs ? "energyShield" : "life", value: formatFigure("count", n), label: useEs ? "energy shield" : "life" });
  }
  const lean = leansOn(stats);
  if (lean) out.push(lean);
  return out;
}
