/**
 * What a node's tooltip says: its own name and stats, the chosen mastery effect's, or the tattoo's
 * that replaces it (a planner Override, a character's skill override), as the game shows a
 * tattooed passive. Pure, so the texts are tested without a canvas.
 */
import type { TreeNode } from "./model";

export interface TooltipOverride {
  name: string;
  effectText: string[];
  reminderText?: string[];
}

export interface TooltipText {
  name: string;
  stats: string[];
  flavour: string[];
  reminder: string[];
  /** The node's own name when a tattoo replaces it ("Replaces Intelligence"); null otherwise. */
  replaces: string | null;
  /** A mastery with no chosen effect: how many it offers. */
  effectCount: number | null;
}

export function tooltipText(node: TreeNode, chosenEffect: number | null, override: TooltipOverride | null = null): TooltipText {
  if (override)
    return { name: override.name, stats: override.effectText, flavour: [], reminder: override.reminderText ?? [], replaces: node.name || null, effectCount: null };
  const effect = node.masteryEffects.find((e) => e.effect === chosenEffect);
  return {
    name: node.name,
    stats: effect ? effect.stats : node.stats,
    flavour: node.flavourText,
    reminder: node.reminderText,
    replaces: null,
    effectCount: !effect && node.kind === "mastery" && node.masteryEffects.length > 0 ? node.masteryEffects.length : null,
  };
}

/** The override on a node of either allocation (the drawn one first), by node id. */
export function overridesById(...allocs: ({ overrides?: (TooltipOverride & { nodeId: number })[] } | undefined)[]): Map<number, TooltipOverride> {
  const out = new Map<number, TooltipOverride>();
  for (const a of allocs) for (const o of a?.overrides ?? []) if (!out.has(o.nodeId)) out.set(o.nodeId, o);
  return out;
}
