/**
 * A character seen through the build view's shapes: its gear as PlannerItems in
 * planner slots, its gems as socket groups and its passives as a tree
 * allocation, so the paper-doll, the gem lists and the tree draw a character
 * exactly as they draw a build step.
 */
import { catalystOfCategory } from "../../data/itemNames";
import type { ModLine, PlannerBuild, PlannerGem, PlannerItem, PlannerItemSet, PlannerSkillSet, PlannerSocketGroup, Rarity } from "@workers/planner/types";
import type { Character, EquipmentItem } from "../../data/character";
import { baseClassOf, type ClassTable } from "../../data/classes";
import type { TreeModel } from "../../tree/model";
import type { OverrideLike } from "../../tree/sideLists";
import type { TreeAllocation } from "../../tree/types";
import type { StepSets } from "../build-view/stepView";
import type { CharacterClusters } from "./characterClusters";
import { jewelItemId, placeCharacterJewels, socketedJewels, type JewelTree } from "./characterJewels";

/** Official slot type -> the planner's slot name. */
export const PLANNER_SLOT: Record<string, string> = {
  Weapon: "Weapon 1",
  Offhand: "Weapon 2",
  Weapon2: "Weapon 1 Swap",
  Offhand2: "Weapon 2 Swap",
  Helm: "Helmet",
  BodyArmour: "Body Armour",
  Gloves: "Gloves",
  Boots: "Boots",
  Belt: "Belt",
  Amulet: "Amulet",
  Ring: "Ring 1",
  Ring2: "Ring 2",
  Flask1: "Flask 1",
  Flask2: "Flask 2",
  Flask3: "Flask 3",
  Flask4: "Flask 4",
  Flask5: "Flask 5",
};

const RARITIES: Rarity[] = ["Normal", "Magic", "Rare", "Unique"];

/** Spec §3: Normal, Magic, Rare, Unique; anything else is treated as relic. */
export function rarityOf(raw: string): Rarity {
  return RARITIES.find((r) => r.toLowerCase() === raw.trim().toLowerCase()) ?? "Relic";
}

const lines = (mods: string[], flags: Partial<ModLine> = {}): ModLine[] => mods.map((text) => ({ text, ...flags }));

/** One official-shaped item as the PlannerItem the item cards show. */
export function plannerItemOf(item: EquipmentItem, id: string): PlannerItem {
  // A catalyst's quality ("Quality (Attribute Modifiers)") is the planner's CatalystQuality, not plain quality.
  const catalyst = item.qualityModifiers ? catalystOfCategory(item.qualityModifiers) : undefined;
  return {
    id,
    rarity: rarityOf(item.rarity),
    name: item.name || item.baseType,
    baseType: item.baseType,
    itemLevel: item.itemLevel,
    requirements: { level: item.requirements.level, str: item.requirements.str, dex: item.requirements.dex, int: item.requirements.int },
    quality: catalyst ? 0 : item.properties.quality,
    armour: item.properties.armour,
    evasion: item.properties.evasion,
    energyShield: item.properties.energyShield,
    ward: item.properties.ward,
    influences: [item.influence1, item.influence2].filter(Boolean),
    corrupted: item.isCorrupted,
    mirrored: item.isMirrored,
    split: item.isSplit,
    enchantMods: lines(item.enchantMods),
    implicitMods: lines(item.implicitMods),
    explicitMods: lines(item.explicitMods),
    craftedMods: lines(item.craftedMods, { crafted: true }),
    fracturedMods: lines(item.fracturedMods, { fractured: true }),
    ...(item.icon ? { icon: item.icon } : {}),
    ...(catalyst ? { catalyst, catalystQuality: item.properties.quality } : {}),
  };
}

export interface CharacterGear {
  items: Record<string, PlannerItem>;
  itemSet: PlannerItemSet;
  skillSet: PlannerSkillSet;
}

/** Gear and gems of a character in the planner's shapes (item ids are `char:{slot}`, `char:jewel:{x}`). */
export function characterGear(c: Character): CharacterGear {
  const items: Record<string, PlannerItem> = {};
  const slots: Record<string, string> = {};
  for (const it of c.equipment) {
    const slot = PLANNER_SLOT[it.slotType];
    if (!slot || slots[slot]) continue;
    const id = `char:${slot}`;
    items[id] = plannerItemOf(it, id);
    slots[slot] = id;
  }
  const socketItems: Record<string, string> = {};
  for (const j of socketedJewels(c)) {
    const id = jewelItemId(j.socketNodeIndex);
    items[id] = plannerItemOf(j.equipment, id);
    socketItems[`Jewel ${j.socketNodeIndex}`] = id;
  }
  const groups = new Map<string, PlannerSocketGroup>();
  for (const s of c.skills) {
    const slot = PLANNER_SLOT[s.equipmentSlotType] ?? s.equipmentSlotType;
    const key = `${slot}#${s.groupIndex}`;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { slot, label: "", enabled: true, gems: [] }));
    g.gems.push(characterGem(s));
  }
  return {
    items,
    itemSet: { id: "character", title: c.name, slots, socketItems },
    skillSet: { id: "character", title: c.name, groups: [...groups.values()] },
  };
}

function characterGem(s: Character["skills"][number]): PlannerGem {
  return { name: s.identifyingName, gemId: "", skillId: "", level: s.level, quality: s.quality, enabled: true, isSupport: s.isSupport };
}

/**
 * Class and ascendancy ids of an official class name ("Hierophant" -> 5, 2; "Templar" -> 5, 0): the
 * class table lists base classes in class-id order and each class's ascendancies in planner order.
 */
export function classIds(table: ClassTable | null, className: string): { classId: number; ascendancyId: number } {
  const base = baseClassOf(table, className);
  const classId = table?.classes.findIndex((c) => c.name === base) ?? -1;
  if (!table || classId < 0) return { classId: 0, ascendancyId: 0 };
  const asc = table.classes[classId].ascendancies.findIndex((a) => a.toLowerCase() === className.trim().toLowerCase());
  return { classId, ascendancyId: asc + 1 };
}

/** The character's tattoos (official passives.skill_overrides) as the tree's overrides: node, name, stats. */
export function characterOverrides(c: Character): OverrideLike[] {
  return Object.entries(c.passives?.skillOverrides ?? {})
    .map(([node, o]) => ({ nodeId: Number(node), name: o.name, effectText: o.stats, reminderText: o.reminderText }))
    .filter((o) => Number.isInteger(o.nodeId) && o.name)
    .sort((a, b) => a.nodeId - b.nodeId);
}

/**
 * The tree version the character is drawn on: its game version (else `fallback`, the step's), on
 * the Ruthless tree for a Ruthless character (treeVersions.ts treeKeyOf reads the "_ruthless"
 * suffix, as in a planner export's treeVersion) and on the plain one otherwise.
 */
export function characterTreeVersion(c: Pick<Character, "version" | "ruthless">, fallback: string): string {
  const version = (c.version || fallback).replace(/[._]ruthless(?=$|[._])/i, "");
  return c.ruthless ? `${version}_ruthless` : version;
}

/** What treeClassOf reads of a tree: its nodes, ascendancies and classes (TreeModel fits). */
export type ClassTree = Pick<TreeModel, "byId" | "ascendancies" | "classes">;

/**
 * The class the character's tree is drawn and compared as: its official class, unless the
 * ascendancy passives it allocated belong to another base class's ascendancy (a character whose
 * data says Slayer with a Hierophant's passives, issue 31): then that ascendancy, as the passives
 * are what the tree shows. Alternate ascendancies (Bloodlines) belong to no class and are not read.
 */
export function treeClassOf(table: ClassTable | null, c: Character, tree: ClassTree | null): string {
  if (!tree) return c.class;
  const counts = new Map<string, number>();
  for (const id of c.passives?.hashes ?? []) {
    const asc = tree.byId.get(id)?.ascendancyName;
    const a = asc ? tree.ascendancies.find((x) => x.id === asc) : undefined;
    if (a && !a.alternate && a.classIndex >= 0) counts.set(a.name, (counts.get(a.name) ?? 0) + 1);
  }
  const [top] = [...counts].sort((x, y) => y[1] - x[1]);
  if (!top) return c.class;
  const own = baseClassOf(table, c.class);
  const theirs = baseClassOf(table, top[0]) ?? tree.classes[tree.ascendancies.find((a) => a.name === top[0])!.classIndex]?.name;
  // A class name the table does not know (a newer one) also takes the passives' word.
  return theirs && own !== theirs ? top[0] : c.class;
}

/**
 * The character's passives as a tree allocation on `treeVersion`. `tree` is the
 * tree of the character's own version (its jewel slot list places the jewels);
 * without it no jewel is placed. `clusters` (its cluster jewel rings) adds the ring
 * passives the character allocated; without it they are only counted.
 */
export function characterAllocation(
  table: ClassTable | null,
  c: Character,
  treeVersion: string,
  tree: JewelTree | null = null,
  clusters: Pick<CharacterClusters, "allocated" | "unmatched"> | null = null,
): TreeAllocation {
  const placement = placeCharacterJewels(c, tree);
  const placed = placement.placed;
  const clusterPassives = clusters ? clusters.unmatched : placement.clusterPassives;
  return {
    treeVersion,
    ...classIds(table, c.class),
    nodes: [...(c.passives?.hashes ?? []), ...(clusters?.allocated.map((n) => n.id) ?? [])],
    masteryEffects: Object.fromEntries(Object.entries(c.passives?.masteryEffects ?? {}).map(([k, v]) => [Number(k), v])),
    jewels: placed,
    clusterPassives,
    overrides: characterOverrides(c),
  };
}

/** The character as a one-step planner build, so the build view's paper-doll and gem lists draw it unchanged. */
export function characterAsBuild(table: ClassTable | null, c: Character, gear = characterGear(c)): { build: PlannerBuild; sets: StepSets } {
  const build: PlannerBuild = {
    className: baseClassOf(table, c.class) ?? c.class,
    ascendancyName: c.class,
    level: c.level,
    mainSocketGroup: 0,
    bandit: c.passives?.banditChoice ?? "None",
    pantheonMajor: c.passives?.majorPantheon ?? "",
    pantheonMinor: c.passives?.minorPantheon ?? "",
    targetVersion: "",
    notes: "",
    noteSegments: [],
    trees: [],
    itemSets: [gear.itemSet],
    items: gear.items,
    skillSets: [gear.skillSet],
    activeTreeId: "",
    activeItemSetId: gear.itemSet.id,
    activeSkillSetId: gear.skillSet.id,
  };
  return { build, sets: { itemSet: gear.itemSet, skillSet: gear.skillSet } };
}
