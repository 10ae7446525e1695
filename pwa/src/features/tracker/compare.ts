/**
 * The compare of a character against one build step: choices, gear per slot,
 * gems and links per slot, and the passive tree. Pure: the build step and the
 * character come in already decoded (PlannerBuild, Character).
 */
import type { PlannerBuild, PlannerGem, PlannerItem, PlannerSkillSet } from "@workers/planner/types";
import type { Character } from "../../data/character";
import type { ClusterNode } from "../../tree/clusterLayout";
import type { TreeModel, TreeNode } from "../../tree/model";
import { banditName, pantheonName } from "../../data/choiceNames";
import { DOLL_SLOTS, FLASK_SLOTS, itemIn, type StepSets } from "../build-view/stepView";
import { baseClassOf, type ClassTable } from "../../data/classes";
import type { OverrideLike } from "../../tree/sideLists";
import { characterGear, characterOverrides, treeClassOf, type CharacterGear, type ClassTree } from "./characterView";
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

/** Choices compare by their game names (data/choiceNames.ts), so "Eramir" and "None" are both Kill All. */
function choice(label: string, build: string, character: string): ChoiceCompare {
  const same = build.toLowerCase() === character.toLowerCase();
  return { label, build, character, same, text: same ? build : `Build requested ${build}, you chose ${character}` };
}

export function compareChoices(build: PlannerBuild, c: Character): ChoiceCompare[] {
  const p = c.passives;
  return [
    choice("Bandit", banditName(build.bandit), banditName(p?.banditChoice)),
    choice("Major pantheon", pantheonName(build.pantheonMajor), pantheonName(p?.majorPantheon)),
    choice("Minor pantheon", pantheonName(build.pantheonMinor), pantheonName(p?.minorPantheon)),
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
    // Skills an item grants (the planner's group source, e.g. Kraken Spur's in the boots) are not gems to socket.
    if (!g.enabled || !g.slot || g.source) continue;
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

/** A tattoo (or another override) by name, and how many passives carry it on each side. */
export interface TattooCompare {
  name: string;
  stats: string[];
  build: number;
  character: number;
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
  /**
   * Tattoos on either side, by name. A tattooed passive keeps its id: allocated, it counts as any
   * other (on both when the step takes it too), never as missing or extra for being tattooed.
   */
  tattoos: TattooCompare[];
  /** Step passives the character tattooed without allocating them: missing, and not what the step gives there. */
  tattooedMissing: NamedPassive[];
}

export interface AllocationInput {
  nodes: number[];
  masteryEffects: Record<number, number>;
  overrides?: OverrideLike[];
}

/** Tattoo counts by name on both sides, in name order. */
export function compareTattoos(build: OverrideLike[] = [], character: OverrideLike[] = []): TattooCompare[] {
  const out = new Map<string, TattooCompare>();
  const add = (o: OverrideLike, side: "build" | "character") => {
    const t = out.get(o.name) ?? { name: o.name, stats: o.effectText, build: 0, character: 0 };
    t[side]++;
    out.set(o.name, t);
  };
  build.forEach((o) => add(o, "build"));
  character.forEach((o) => add(o, "character"));
  return [...out.values()].sort((a, b) => a.name.localeCompare(b.name));
}

const times = (n: number) => (n > 1 ? ` ×${n}` : "");

/** How the compare lists a tattoo: "Tattoo of the Tawhoa Shaman ×3 (not in build)" on the character only. */
export function tattooLine(t: TattooCompare): { text: string; side: "both" | "build" | "character" | "differs" } {
  if (!t.build) return { text: `${t.name}${times(t.character)} (not in build)`, side: "character" };
  if (!t.character) return { text: `${t.name}${times(t.build)}`, side: "build" };
  if (t.build === t.character) return { text: `${t.name}${times(t.build)} (on both)`, side: "both" };
  return { text: `${t.name}: build ×${t.build}, character ×${t.character}`, side: "differs" };
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
    tattoos: compareTattoos(step.overrides, character.overrides),
    tattooedMissing: (character.overrides ?? [])
      .filter((o) => want.has(o.nodeId) && !have.has(o.nodeId))
      .map((o) => ({ id: o.nodeId, name: model.byId.get(o.nodeId)!.name }))
      .sort((a, b) => a.id - b.id),
  };
}

// ---------- class ----------

/** The character's base class and the build's, when they differ: the tree compare says so instead of counting. */
export interface ClassMismatch {
  characterClass: string;
  buildClass: string;
  /** "This character is a Templar; the build is for a Duelist". */
  text: string;
}

const article = (word: string) => (/^[aeiou]/i.test(word) ? "an" : "a");

export function classMismatchText(characterClass: string, buildClass: string): string {
  return `This character is ${article(characterClass)} ${characterClass}; the build is for ${article(buildClass)} ${buildClass}`;
}

/**
 * Whether the character's base class (of its class, or of the ascendancy its passives belong to,
 * characterView.treeClassOf) differs from the build's. Null when they agree or either is unknown
 * (no claim without the class table).
 */
export function classMismatch(table: ClassTable | null, c: Character, build: Pick<PlannerBuild, "className" | "ascendancyName">, tree: ClassTree | null): ClassMismatch | null {
  const characterClass = baseClassOf(table, treeClassOf(table, c, tree));
  const buildClass = baseClassOf(table, build.className) ?? baseClassOf(table, build.ascendancyName);
  if (!characterClass || !buildClass || characterClass === buildClass) return null;
  return { characterClass, buildClass, text: classMismatchText(characterClass, buildClass) };
}

// ---------- all of it ----------

export interface StepCompare {
  choices: ChoiceCompare[];
  gear: SlotCompare[];
  gems: GemSlotCompare[];
  /** Null without the tree, and for a character of another class (`classMismatch`). */
  tree: TreeCompare | null;
  classMismatch: ClassMismatch | null;
}

/**
 * `clusters`: both sides' rings matched (stepClusters); without it cluster passives are left out of the tree counts.
 * `mismatch`: the classes differ (classMismatch): the tree is not compared (every passive would count as missing or extra).
 */
export function compareStep(
  model: TreeModel | null,
  build: PlannerBuild,
  sets: StepSets,
  c: Character,
  clusters: ClusterCompare | null = null,
  gear = characterGear(c),
  mismatch: ClassMismatch | null = null,
): StepCompare {
  const masteries = Object.fromEntries(Object.entries(c.passives?.masteryEffects ?? {}).map(([k, v]) => [Number(k), v]));
  const mine = { nodes: c.passives?.hashes ?? [], masteryEffects: masteries, overrides: characterOverrides(c) };
  return {
    choices: compareChoices(build, c),
    gear: compareGear(build, sets, gear),
    gems: compareGems(sets, gear),
    tree: model && sets.tree && !mismatch ? compareTree(model, sets.tree, mine, clusters) : null,
    classMismatch: mismatch,
  };
}
