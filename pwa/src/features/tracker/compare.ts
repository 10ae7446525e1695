/**
 * The compare of a character against one build step: choices, gear per slot,
 * gems and links per slot, and the passive tree. Pure: the build step and the
 * character come in already decoded (PlannerBuild, Character).
 */
import type { PlannerBuild, PlannerGem, PlannerItem, PlannerSkillSet } from "@workers/planner/types";
import type { Character } from "../../data/character";
import type { ClusterNode } from "../../tree/clusterLayout";
import type { TreeModel, TreeNode } from "../../tree/model";
import { banditLabel, DOLL_SLOTS, FLASK_SLOTS, itemIn, type StepSets } from "../build-view/stepView";
import { characterGear, type CharacterGear } from "./characterView";
import type { ClusterCompare } from "./compareClusters";

// ---------- choices ----------

export interface ChoiceCompare {
  label: string;
  build: string;
  character: string;
  same: boolean;
  /** The text shown: the choice when equal, else 'Build requested X, you chose Y'. */
  text: string;
}

/** The official API names the kill-all reward after its giver, Eramir. */
export function characterBanditLabel(choice: string): string {
  const c = choice.trim();
  return !c || ["none", "eramir", "kill all", "killall"].includes(c.toLowerCase()) ? "Kill All" : `Help ${c}`;
}

const squash = (s: string) => s.replace(/\s+/g, "").toLowerCase();
const godLabel = (g: string) => (!g.trim() || g.trim().toLowerCase() === "none" ? "None" : g.trim());

function choice(label: string, build: string, character: string): ChoiceCompare {
  const same = squash(build) === squash(character);
  return { label, build, character, same, text: same ? build : `Build requested ${build}, you chose ${character}` };
}

export function compareChoices(build: PlannerBuild, c: Character): ChoiceCompare[] {
  const p = c.passives;
  return [
    choice("Bandit", banditLabel(build.bandit), characterBanditLabel(p?.banditChoice ?? "")),
    choice("Major pantheon", godLabel(build.pantheonMajor), godLabel(p?.majorPantheon ?? "")),
    choice("Minor pantheon", godLabel(build.pantheonMinor), godLabel(p?.minorPantheon ?? "")),
  ];
}

// ---------- gear ----------

export interface SlotCompare {
  slot: string;
  build?: PlannerItem;
  character?: PlannerItem;
  /** Human-readable differences; empty when the slot matches. */
  issues: string[];
}

export const COMPARED_SLOTS = [...DOLL_SLOTS.map((s) => s.key as string), ...Array.from({ length: FLASK_SLOTS }, (_, i) => `Flask ${i + 1}`)];

function itemIssues(want: PlannerItem | undefined, have: PlannerItem | undefined): string[] {
  if (!want) return have ? ["Not in build"] : [];
  if (!have) return ["Missing"];
  const out: string[] = [];
  if (want.rarity === "Unique" && (have.rarity !== "Unique" || have.name.toLowerCase() !== want.name.toLowerCase()))
    out.push(`Build uses the unique ${want.name}, you have ${have.rarity === "Unique" ? `the unique ${have.name}` : `a ${have.rarity.toLowerCase()} ${have.baseType}`}`);
  else if (want.rarity !== "Unique" && have.rarity === "Unique") out.push(`Build uses a ${want.rarity.toLowerCase()} ${want.baseType}, you have the unique ${have.name}`);
  const haveInf = new Set(have.influences.map((i) => i.toLowerCase()));
  const missing = want.influences.filter((i) => !haveInf.has(i.toLowerCase()));
  if (missing.length) out.push(`Missing influence: ${missing.join(", ")}`);
  return out;
}

export function compareGear(build: PlannerBuild, sets: StepSets, gear: CharacterGear): SlotCompare[] {
  return COMPARED_SLOTS.map((slot) => {
    const want = itemIn(build, sets.itemSet?.slots[slot]);
    const have = gear.items[gear.itemSet.slots[slot]];
    return { slot, build: want, character: have, issues: itemIssues(want, have) };
  });
}

// ---------- gems ----------

/** Gem identity across the planner ("Greater Fork") and the official API ("Greater Fork Support"). */
export function gemKey(name: string): string {
  return name.trim().toLowerCase().replace(/\s+support$/, "");
}

export interface GemShortfall {
  name: string;
  level: number;
  wantLevel: number;
  quality: number;
  wantQuality: number;
}

export interface GemSlotCompare {
  slot: string;
  missing: string[];
  extra: string[];
  /** Largest linked group in the slot: build wants, character has. */
  wantLinks: number;
  haveLinks: number;
  lowLevel: GemShortfall[];
  lowQuality: GemShortfall[];
}

interface SlotGems {
  gems: PlannerGem[];
  links: number;
}

function gemsBySlot(set: PlannerSkillSet | undefined): Map<string, SlotGems> {
  const out = new Map<string, SlotGems>();
  for (const g of set?.groups ?? []) {
    if (!g.enabled || !g.slot) continue;
    const gems = g.gems.filter((x) => x.enabled);
    if (!gems.length) continue;
    const s = out.get(g.slot) ?? { gems: [], links: 0 };
    s.gems.push(...gems);
    s.links = Math.max(s.links, gems.length);
    out.set(g.slot, s);
  }
  return out;
}

export function compareGems(sets: StepSets, gear: CharacterGear): GemSlotCompare[] {
  const want = gemsBySlot(sets.skillSet);
  const have = gemsBySlot(gear.skillSet);
  const slots = [...new Set([...want.keys(), ...have.keys()])].sort();
  const out: GemSlotCompare[] = [];
  for (const slot of slots) {
    const w = want.get(slot) ?? { gems: [], links: 0 };
    const h = have.get(slot) ?? { gems: [], links: 0 };
    const haveBy = new Map(h.gems.map((g) => [gemKey(g.name), g]));
    const wantKeys = new Set(w.gems.map((g) => gemKey(g.name)));
    const c: GemSlotCompare = {
      slot,
      missing: w.gems.filter((g) => !haveBy.has(gemKey(g.name))).map((g) => g.name),
      extra: h.gems.filter((g) => !wantKeys.has(gemKey(g.name))).map((g) => g.name),
      wantLinks: w.links,
      haveLinks: h.links,
      lowLevel: [],
      lowQuality: [],
    };
    for (const g of w.gems) {
      const mine = haveBy.get(gemKey(g.name));
      if (!mine) continue;
      const s = { name: g.name, level: mine.level, wantLevel: g.level, quality: mine.quality, wantQuality: g.quality };
      if (mine.level < g.level) c.lowLevel.push(s);
      if (mine.quality < g.quality) c.lowQuality.push(s);
    }
    out.push(c);
  }
  return out;
}

// ---------- tree ----------

export interface MasteryDiff {
  node: TreeNode;
  want: number | null;
  have: number | null;
}

/** A passive by id and name: a tree node, or a cluster ring passive (named as on its own side's ring). */
export interface NamedPassive {
  id: number;
  name: string;
}

export interface TreeCompare {
  /** In the step, missing on the character ('missing on character', green); cluster ring passives included. */
  missing: number[];
  /** On the character, not in the step ('not in build', red); cluster ring passives included (the character's ids). */
  extra: number[];
  both: number;
  missingKeystones: NamedPassive[];
  extraKeystones: NamedPassive[];
  /** Cluster jewel notables of the build's rings the character lacks, and the character's the build lacks. */
  missingClusterNotables: NamedPassive[];
  extraClusterNotables: NamedPassive[];
  missingMasteries: MasteryDiff[];
  wrongMasteries: MasteryDiff[];
  extraMasteries: MasteryDiff[];
  /** The cluster rings of both sides, matched socket by socket (null without the cluster data). */
  clusters: ClusterCompare | null;
}

export interface AllocationInput {
  nodes: number[];
  masteryEffects: Record<number, number>;
}

/** A socket nested in a cluster jewel: a passive of its parent's ring (compared with the rings), not of the main tree. */
const nested = (n: TreeNode | undefined) => n?.expansionJewel != null && n.expansionJewel.parent !== null;

/**
 * The main tree's passives by id (unknown ids left out); with `clusters`, the cluster ring
 * passives as compareClusters matched them. Without it cluster passives are left out of the counts.
 */
export function compareTree(model: TreeModel, step: AllocationInput, character: AllocationInput, clusters: ClusterCompare | null = null): TreeCompare {
  const known = (ids: number[]) => new Set(ids.filter((id) => model.byId.has(id) && !nested(model.byId.get(id))));
  const want = known(step.nodes);
  const have = known(character.nodes);
  const missing = [...want].filter((id) => !have.has(id)).sort((a, b) => a - b);
  const extra = [...have].filter((id) => !want.has(id)).sort((a, b) => a - b);
  const kind = (ids: number[], k: TreeNode["kind"]) => ids.map((id) => model.byId.get(id)!).filter((n) => n.kind === k);
  const mastery = (id: number): MasteryDiff => ({ node: model.byId.get(id)!, want: step.masteryEffects[id] ?? null, have: character.masteryEffects[id] ?? null });
  const wrong = [...want]
    .filter((id) => have.has(id) && model.byId.get(id)!.kind === "mastery")
    .map(mastery)
    .filter((m) => m.want !== null && m.have !== null && m.want !== m.have);
  const ring = (nodes: ClusterNode[] | undefined, k: ClusterNode["kind"]) => (nodes ?? []).filter((n) => n.kind === k).map(({ id, name }) => ({ id, name }));
  return {
    missing: [...missing, ...(clusters?.missing.map((n) => n.id) ?? [])],
    extra: [...extra, ...(clusters?.extra.map((n) => n.id) ?? [])],
    both: want.size - missing.length + (clusters?.both ?? 0),
    missingKeystones: [...kind(missing, "keystone"), ...ring(clusters?.missing, "keystone")],
    extraKeystones: [...kind(extra, "keystone"), ...ring(clusters?.extra, "keystone")],
    missingClusterNotables: ring(clusters?.missing, "notable"),
    extraClusterNotables: ring(clusters?.extra, "notable"),
    missingMasteries: kind(missing, "mastery").map((n) => mastery(n.id)),
    wrongMasteries: wrong,
    extraMasteries: kind(extra, "mastery").map((n) => mastery(n.id)),
    clusters,
  };
}

// ---------- all of it ----------

export interface StepCompare {
  choices: ChoiceCompare[];
  gear: SlotCompare[];
  gems: GemSlotCompare[];
  tree: TreeCompare | null;
}

/** `clusters`: both sides' rings matched (stepClusters); without it cluster passives are left out of the tree counts. */
export function compareStep(model: TreeModel | null, build: PlannerBuild, sets: StepSets, c: Character, clusters: ClusterCompare | null = null, gear = characterGear(c)): StepCompare {
  const masteries = Object.fromEntries(Object.entries(c.passives?.masteryEffects ?? {}).map(([k, v]) => [Number(k), v]));
  return {
    choices: compareChoices(build, c),
    gear: compareGear(build, sets, gear),
    gems: compareGems(sets, gear),
    tree: model && sets.tree ? compareTree(model, sets.tree, { nodes: c.passives?.hashes ?? [], masteryEffects: masteries }, clusters) : null,
  };
}
