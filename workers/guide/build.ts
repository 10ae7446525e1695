/** From a decoded planner build to what the guide needs: class, gems, bandit flag. */
import type { PlannerBuild } from "../planner/types";
import { banditFlag, baseGemId } from "./rewards";
import type { BanditFlag, CampaignData, GuideBuild } from "./types";

/** Metadata id of a planner gem, by id or else by its shown name. */
export function resolveGemId(data: CampaignData, gemId: string, name: string): string | null {
  if (gemId && data.gems[gemId]) return gemId;
  const wanted = name.trim().toLowerCase();
  if (!wanted) return gemId || null;
  for (const gem of Object.values(data.gems)) {
    const n = gem.name.toLowerCase();
    if (n === wanted || n === `${wanted} support`) return gem.id;
  }
  return gemId || null;
}

/**
 * The build's gems over all its skill sets. A gem used in several sockets of
 * one skill set is needed that many times; across sets (levelling steps) the
 * largest count wins, since sets replace each other.
 */
export function guideBuildFrom(build: PlannerBuild, data: CampaignData): GuideBuild {
  const need = new Map<string, { gemId: string; count: number }>();
  for (const set of build.skillSets) {
    const counts = new Map<string, { gemId: string; count: number }>();
    for (const group of set.groups) {
      if (!group.enabled) continue;
      for (const gem of group.gems) {
        if (!gem.enabled) continue;
        const id = resolveGemId(data, gem.gemId, gem.name);
        if (!id) continue;
        const base = baseGemId(data, id);
        const seen = counts.get(base);
        if (seen) seen.count++;
        else counts.set(base, { gemId: id, count: 1 });
      }
    }
    for (const [base, c] of counts) {
      const prev = need.get(base);
      if (!prev || prev.count < c.count) need.set(base, c);
    }
  }
  const gemIds: string[] = [];
  for (const { gemId, count } of need.values()) for (let i = 0; i < count; i++) gemIds.push(gemId);
  return { className: build.className, gemIds };
}

export function buildBanditFlag(build: PlannerBuild | null): BanditFlag {
  return banditFlag(build?.bandit);
}
