/**
 * Pure view model of one build step: which item set, tree and skill set it
 * shows, the paper-doll slots, flasks, socketed jewels and gems per slot.
 */
import type { InvalidItem, PlannerBuild, PlannerGem, PlannerItem, PlannerItemSet, PlannerSkillSet, PlannerTree } from "@workers/planner/types";
import type { Step } from "../../data/types";

export const MAX_GEMS_PER_GROUP = 6;
export const MAX_UNSLOTTED_GEMS = 20;
export const FLASK_SLOTS = 5;

/** Paper-doll slots: label shown, planner slot name, grid area. */
export const DOLL_SLOTS = [
  { key: "Weapon 1", label: "Main hand", area: "w1" },
  { key: "Helmet", label: "Helmet", area: "helm" },
  { key: "Weapon 2", label: "Off hand", area: "w2" },
  { key: "Body Armour", label: "Body armour", area: "body" },
  { key: "Ring 1", label: "Ring", area: "ring1" },
  { key: "Amulet", label: "Amulet", area: "amulet" },
  { key: "Ring 2", label: "Ring", area: "ring2" },
  { key: "Gloves", label: "Gloves", area: "gloves" },
  { key: "Belt", label: "Belt", area: "belt" },
  { key: "Boots", label: "Boots", area: "boots" },
] as const;

const byId = <T extends { id: string }>(xs: T[], id: string | undefined): T | undefined =>
  id === undefined ? undefined : xs.find((x) => x.id === id);

export interface StepSets {
  itemSet?: PlannerItemSet;
  tree?: PlannerTree;
  skillSet?: PlannerSkillSet;
}

/** The sets a step names; a build without steps shows the planner's active sets. */
export function stepSets(build: PlannerBuild, step: Step | undefined): StepSets {
  return {
    itemSet: byId(build.itemSets, step?.equipmentSetId ?? build.activeItemSetId) ?? build.itemSets[0],
    tree: byId(build.trees, step?.passiveTreeId ?? build.activeTreeId) ?? build.trees[0],
    skillSet: byId(build.skillSets, step?.skillSetId ?? build.activeSkillSetId) ?? build.skillSets[0],
  };
}

export function isItem(x: PlannerItem | InvalidItem | undefined): x is PlannerItem {
  return !!x && !("error" in x);
}

export function itemIn(build: PlannerBuild, id: string | undefined): PlannerItem | undefined {
  const it = id ? build.items[id] : undefined;
  return isItem(it) ? it : undefined;
}

export interface SlotItem {
  slot: string;
  label: string;
  area?: string;
  item?: PlannerItem;
}

export function dollSlots(build: PlannerBuild, set: PlannerItemSet | undefined): SlotItem[] {
  return DOLL_SLOTS.map((s) => ({ slot: s.key, label: s.label, area: s.area, item: itemIn(build, set?.slots[s.key]) }));
}

/** Always five flask slots, empty ones included. */
export function flaskSlots(build: PlannerBuild, set: PlannerItemSet | undefined): SlotItem[] {
  return Array.from({ length: FLASK_SLOTS }, (_, i) => {
    const slot = `Flask ${i + 1}`;
    return { slot, label: slot, item: itemIn(build, set?.slots[slot]) };
  });
}

/** Jewels socketed in the step's tree (and any the item set records), without repeats. */
export function socketedJewels(build: PlannerBuild, set: PlannerItemSet | undefined, tree: PlannerTree | undefined): SlotItem[] {
  const out: SlotItem[] = [];
  const seen = new Set<string>();
  const add = (slot: string, id: string) => {
    const item = itemIn(build, id);
    if (!item || seen.has(id)) return;
    seen.add(id);
    out.push({ slot, label: slot, item });
  };
  for (const [node, id] of Object.entries(tree?.jewels ?? {})) add(`Socket ${node}`, id);
  for (const [slot, id] of Object.entries(set?.socketItems ?? {})) add(slot, id);
  return out;
}

export interface GemGroup {
  slot: string;
  gems: PlannerGem[];
  /** Gems left out by the per-group cap. */
  hidden: number;
  /** Skills an item or passives grant (the planner's group source): not gems to socket. */
  granted?: boolean;
}

const MAX_SKILL_ID = 100;
const SMALL_WORDS = new Set(["Of", "The", "And", "To", "In", "On", "With", "For", "From"]);

/**
 * A granted skill's name: the planner leaves it blank and keeps only the skill's id, in words
 * ("SummonSentinelOfRadiance" -> "Summon Sentinel of Radiance").
 */
export function grantedSkillName(gem: PlannerGem): string {
  if (gem.name) return gem.name;
  // Skill ids are short; a hostile export's long one is cut first, as the second pattern backtracks on capital runs.
  const words = gem.skillId.slice(0, MAX_SKILL_ID).replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2").split(" ").filter(Boolean);
  return words.map((w, i) => (i > 0 && SMALL_WORDS.has(w) ? w.toLowerCase() : w)).join(" ") || "Granted skill";
}

/** The heading of a granted group: "Granted by passives", or by the item its source names ("Item:5:Kraken Spur, Zealot Boots"). */
function grantedBy(source: string): string {
  if (source.startsWith("Item:")) {
    const item = source.replace(/^Item:\d*:?/, "").split(",")[0].trim();
    return item ? `Granted by ${item}` : "Granted by items";
  }
  return "Granted by passives";
}

/**
 * Gems grouped per item slot: active gems first, then supports (stable within
 * each), at most 6 per slot group and 20 for gems with no slot. Disabled
 * groups and gems are skipped. Skills granted by items or passives come last,
 * under what grants them, named from their skill id.
 */
export function gemGroups(skillSet: PlannerSkillSet | undefined): GemGroup[] {
  const bySlot = new Map<string, PlannerGem[]>();
  const granted = new Map<string, PlannerGem[]>();
  for (const g of skillSet?.groups ?? []) {
    if (!g.enabled) continue;
    const gems = g.gems.filter((gem) => gem.enabled);
    if (g.source) {
      const heading = grantedBy(g.source);
      granted.set(heading, [...(granted.get(heading) ?? []), ...gems.map((gem) => ({ ...gem, name: grantedSkillName(gem) }))]);
      continue;
    }
    const slot = g.slot || "";
    bySlot.set(slot, [...(bySlot.get(slot) ?? []), ...gems]);
  }
  const groups: GemGroup[] = [];
  for (const [slot, gems] of bySlot) {
    if (!gems.length) continue;
    const sorted = [...gems.filter((g) => !g.isSupport), ...gems.filter((g) => g.isSupport)];
    const cap = slot ? MAX_GEMS_PER_GROUP : MAX_UNSLOTTED_GEMS;
    groups.push({ slot: slot || "Unslotted", gems: sorted.slice(0, cap), hidden: Math.max(0, sorted.length - cap) });
  }
  // Unslotted last: item slots read like the paper-doll.
  groups.sort((a, b) => Number(a.slot === "Unslotted") - Number(b.slot === "Unslotted"));
  for (const [slot, gems] of granted) {
    if (gems.length) groups.push({ slot, gems: gems.slice(0, MAX_GEMS_PER_GROUP), hidden: Math.max(0, gems.length - MAX_GEMS_PER_GROUP), granted: true });
  }
  return groups;
}

/** Swipe direction for the carousel: only a move of at least the threshold counts. */
export const SWIPE_THRESHOLD_PX = 30;
export function swipeStep(dx: number, threshold = SWIPE_THRESHOLD_PX): -1 | 0 | 1 {
  if (dx <= -threshold) return 1;
  if (dx >= threshold) return -1;
  return 0;
}

const URL_RE = /(https?:\/\/[^\s<>"']+)/g;

/** Split note text into plain text and links (links open in a new tab). */
export function linkify(text: string): { text: string; href?: string }[] {
  const parts: { text: string; href?: string }[] = [];
  let last = 0;
  for (const m of text.matchAll(URL_RE)) {
    const url = m[0].replace(/[.,;:!?)\]]+$/, "");
    const start = m.index ?? 0;
    if (start > last) parts.push({ text: text.slice(last, start) });
    parts.push({ text: url, href: url });
    last = start + url.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}
