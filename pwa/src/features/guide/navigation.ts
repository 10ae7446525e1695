/**
 * Step navigation across acts. `visible[act]` lists the step indices shown in
 * that act (all of them, or just the gem steps), in order.
 */
import type { CampaignProgress } from "../../data/guideProgress";

export interface Position {
  act: number;
  step: number;
}

function withStep(p: CampaignProgress, act: number, step: number): CampaignProgress {
  const steps = [...p.steps];
  steps[act] = step;
  return { act, steps };
}

/** Next shown step; from an act's last step to the next act's first; nothing after the very last. */
export function nextStep(p: CampaignProgress, visible: readonly (readonly number[])[]): CampaignProgress {
  const current = p.steps[p.act] ?? 0;
  const here = visible[p.act] ?? [];
  const after = here.find((i) => i > current);
  if (after !== undefined) return withStep(p, p.act, after);
  for (let act = p.act + 1; act < visible.length; act++) if (visible[act].length > 0) return withStep(p, act, visible[act][0]);
  return p;
}

/** Previous shown step; from an act's first step to the previous act's last; nothing before the very first. */
export function prevStep(p: CampaignProgress, visible: readonly (readonly number[])[]): CampaignProgress {
  const current = p.steps[p.act] ?? 0;
  const here = visible[p.act] ?? [];
  for (let k = here.length - 1; k >= 0; k--) if (here[k] < current) return withStep(p, p.act, here[k]);
  for (let act = p.act - 1; act >= 0; act--) {
    const v = visible[act];
    if (v.length > 0) return withStep(p, act, v[v.length - 1]);
  }
  return p;
}

export function isFirst(p: CampaignProgress, visible: readonly (readonly number[])[]): boolean {
  return prevStep(p, visible) === p;
}

export function isLast(p: CampaignProgress, visible: readonly (readonly number[])[]): boolean {
  return nextStep(p, visible) === p;
}

export function selectStep(p: CampaignProgress, act: number, step: number): CampaignProgress {
  return withStep(p, act, step);
}

export function selectAct(p: CampaignProgress, act: number): CampaignProgress {
  return { act, steps: p.steps };
}

/**
 * A filter (gems only) never hides where the player is: the current act's selected step stays among the
 * shown ones, so the counter's 'Step N' is always a step on screen. It drops out once the player moves on.
 */
export function keepSelected(visible: readonly (readonly number[])[], p: CampaignProgress): number[][] {
  return visible.map((shown, act) => {
    const selected = p.steps[act] ?? 0;
    if (act !== p.act || shown.includes(selected)) return [...shown];
    return [...shown, selected].sort((a, b) => a - b);
  });
}

/** 'Step N / M' within the current act. */
export function stepCounter(p: CampaignProgress, stepCounts: readonly number[]): string {
  const total = stepCounts[p.act] ?? 0;
  return `Step ${total === 0 ? 0 : (p.steps[p.act] ?? 0) + 1} / ${total}`;
}

/** 'i / n': the selected step's place among the act's matches (0 when not on one). */
export function matchCounter(matches: readonly number[], selected: number): string {
  const i = matches.indexOf(selected);
  return `${i + 1} / ${matches.length}`;
}

/**
 * Enter / Shift+Enter: next or previous match inside the act, wrapping; when
 * the act has none, the nearest act that has some, in that direction.
 */
export function jumpToMatch(
  p: CampaignProgress,
  matches: readonly (readonly number[])[],
  direction: 1 | -1,
): CampaignProgress {
  const here = matches[p.act] ?? [];
  const current = p.steps[p.act] ?? 0;
  if (here.length > 0) {
    if (direction === 1) return withStep(p, p.act, here.find((i) => i > current) ?? here[0]);
    const before = [...here].reverse().find((i) => i < current);
    return withStep(p, p.act, before ?? here[here.length - 1]);
  }
  const n = matches.length;
  for (let k = 1; k < n; k++) {
    const act = (((p.act + direction * k) % n) + n) % n;
    const m = matches[act];
    if (m.length > 0) return withStep(p, act, direction === 1 ? m[0] : m[m.length - 1]);
  }
  return p;
}
