/**
 * Rewards: class-filtered quest and vendor offers, the build's gems matched
 * through the vaal and awakened lookups, vendor currency, bandit flag and
 * the passives note's text.
 */
import type { CampaignData, Currency, GuideBuild, Part, Quest, RewardOffer } from "./types";

/** An empty class list means the offer is open to every class; no class (no build) sees everything. */
export function offeredToClass(classes: readonly string[], className: string | null): boolean {
  return className === null || className === "" || classes.length === 0 || classes.includes(className);
}

export interface ClassOffers {
  quest: string[];
  vendor: { gemId: string; npc: string }[];
}

/** The item ids an offer gives (quest) and sells (vendor) to one class. */
export function filterOffer(offer: RewardOffer, className: string | null): ClassOffers {
  const quest = Object.entries(offer.quest)
    .filter(([, r]) => offeredToClass(r.classes, className))
    .map(([id]) => id);
  const vendor = Object.entries(offer.vendor)
    .filter(([, r]) => offeredToClass(r.classes, className))
    .map(([id, r]) => ({ gemId: id, npc: r.npc ?? offer.quest_npc }));
  return { quest, vendor };
}

/** Default offer of `{quest|id}`: the offer named like the quest, when there is one. */
export function defaultOfferIds(quest: Quest | undefined, questId: string): string[] {
  return quest && quest.reward_offers[questId] ? [questId] : [];
}

/**
 * Base gem id: Vaal gems and awakened/upgraded supports map back to the gem
 * they come from, repeatedly (Greater -> Lesser Multiple Projectiles), so
 * every variant counts as its base. Bounded against cycles in the data.
 */
export function baseGemId(data: Pick<CampaignData, "vaalGemLookup" | "awakenedGemLookup">, gemId: string): string {
  let id = gemId;
  for (let hop = 0; hop < 8; hop++) {
    const next = data.vaalGemLookup[id] ?? data.awakenedGemLookup[id];
    if (next === undefined || next === id) break;
    id = next;
  }
  return id;
}

export function isGemId(data: CampaignData, itemId: string): boolean {
  return itemId in data.gems || itemId.startsWith("Metadata/Items/Gems/");
}

/** Vendor currency by the gem's required level. */
export function vendorCurrency(requiredLevel: number): Currency {
  if (requiredLevel < 8) return "wisdom";
  if (requiredLevel < 16) return "transmutation";
  if (requiredLevel < 28) return "alteration";
  if (requiredLevel < 38) return "chance";
  return "alchemy";
}

export function gemCurrency(data: CampaignData, gemId: string): Currency {
  return vendorCurrency(data.gems[gemId]?.required_level ?? 1);
}

// The bandit choice and the passives note belong to the one passive-point model.
export { banditFlag, passivesNote } from "./passivePoints";

interface RequiredGem {
  /** Gem id the build uses (may be a variant). */
  gemId: string;
  baseId: string;
  count: number;
}

/**
 * Tracks which of the build's gems are already owned or bought as the route
 * is walked, so each quest step offers only what is still missing.
 */
export class GemLedger {
  private readonly required: RequiredGem[];
  private readonly fromQuest = new Set<string>();
  private readonly fromVendor = new Set<string>();

  constructor(
    private readonly data: CampaignData,
    private readonly build: GuideBuild,
  ) {
    const byBase = new Map<string, RequiredGem>();
    for (const gemId of build.gemIds) {
      if (!gemId) continue;
      const baseId = baseGemId(data, gemId);
      const seen = byBase.get(baseId);
      if (seen) seen.count++;
      else byBase.set(baseId, { gemId, baseId, count: 1 });
    }
    this.required = [...byBase.values()];
    const start = data.characters[build.className];
    if (start) {
      this.fromQuest.add(baseGemId(data, start.start_gem_id));
      this.fromQuest.add(baseGemId(data, start.chest_gem_id));
    }
  }

  usesGem(itemId: string): boolean {
    const base = baseGemId(this.data, itemId);
    return this.required.some((r) => r.baseId === base);
  }

  /**
   * Gem parts for one quest hand-in: at most one quest gem per offer (the
   * game lets you pick one), then every still-needed vendor gem. Offers the
   * build needs nothing from yield no parts.
   */
  partsFor(questId: string, offers: { id: string; offer: RewardOffer }[]): { parts: Part[]; anyUsed: boolean } {
    const className = this.build.className || null;
    const parts: Part[] = [];
    let anyUsed = false;
    for (const { offer } of offers) {
      const { quest } = filterOffer(offer, className);
      if (quest.some((id) => this.usesGem(id))) anyUsed = true;
      const pick = this.required.find((r) => !this.fromQuest.has(r.baseId) && quest.some((id) => baseGemId(this.data, id) === r.baseId));
      if (!pick) continue;
      this.fromQuest.add(pick.baseId);
      const offered = quest.find((id) => baseGemId(this.data, id) === pick.baseId)!;
      parts.push({ type: "get_gem", gemId: offered, npc: offer.quest_npc, questId });
    }
    for (const { offer } of offers) {
      const { vendor } = filterOffer(offer, className);
      for (const v of vendor) {
        if (!this.usesGem(v.gemId)) continue;
        anyUsed = true;
        const base = baseGemId(this.data, v.gemId);
        const r = this.required.find((g) => g.baseId === base)!;
        const stillNeeded = r.count > 1 || !this.fromQuest.has(base);
        if (!stillNeeded || this.fromVendor.has(base)) continue;
        this.fromVendor.add(base);
        parts.push({ type: "buy_gem", gemId: v.gemId, npc: v.npc, questId, currency: gemCurrency(this.data, v.gemId) });
      }
    }
    return { parts, anyUsed };
  }
}

export const NO_MATCHING_SKILLS = "Your build doesn't use any of the offered skills";

/** Gem ids (class-filtered) a quest's chosen offers give and sell, for display without a build. */
export function offerList(data: CampaignData, offers: RewardOffer[], className: string | null): { quest: string[]; vendor: string[] } {
  const quest = new Set<string>();
  const vendor = new Set<string>();
  for (const offer of offers) {
    const f = filterOffer(offer, className);
    for (const id of f.quest) if (isGemId(data, id)) quest.add(id);
    for (const v of f.vendor) if (isGemId(data, v.gemId)) vendor.add(v.gemId);
  }
  return { quest: [...quest], vendor: [...vendor] };
}
