/**
 * Which step the planner's saved figures belong to. Kept apart from stats.ts
 * (which reads the XML) so the PWA's views import it without the XML parser.
 */
import type { BuildStats } from "./types";

/** A step's three set ids. */
export interface StepIds {
  passiveTreeId: string;
  equipmentSetId: string;
  skillSetId: string;
}

/**
 * The figures of one step: the export's saved stats when the step's tree,
 * equipment set and skill set are the ones the planner had active; null for
 * any other step. With no step (a build shown without steps shows the active
 * sets) the saved stats.
 */
export function stepStats(
  build: { stats?: BuildStats | null; activeTreeId: string; activeItemSetId: string; activeSkillSetId: string },
  step: StepIds | undefined,
): BuildStats | null {
  const stats = build.stats ?? null;
  if (!stats || !step) return stats;
  const active =
    step.passiveTreeId === build.activeTreeId &&
    step.equipmentSetId === build.activeItemSetId &&
    step.skillSetId === build.activeSkillSetId;
  return active ? stats : null;
}
