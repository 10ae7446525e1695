/**
 * Which passive trees of a loaded planner export its steps may use. A build's
 * steps all belong to one character, so a tree of another base class or
 * another ascendancy (another ascendancy tried, a friend's tree, a league-start
 * variant: planner files often hold such extra trees) is left out of the step
 * pickers with a note that names it, not a refusal of the whole export. Only an
 * export with no tree of its own is refused. A tree with no ascendancy yet (a
 * levelling tree before the first labyrinth) fits any.
 *
 * The same rule as the server's publish check (server/planner/extract.py
 * offered_trees), so every tree offered here can be published as a step: the
 * class is the build's className (else the active tree's); the ascendancy is
 * the active tree's when it is of that class and ascended, else the first
 * ascended tree of the class. Ascendancies are compared by id, not by name:
 * names change between tree versions (Raider became Warden in 3.25).
 */
import type { PlannerBuild, PlannerTree } from "@workers/planner/types";
import type { ClassesBundle } from "../../data/gameDataTypes";

export type ClassNames = Pick<ClassesBundle, "classes"> & Partial<Pick<ClassesBundle, "versions">>;

/** Base classes in the planner's classId order, for when the class table cannot load. */
const CLASS_IDS = ["Scion", "Marauder", "Ranger", "Witch", "Duelist", "Templar", "Shadow"];

export const NO_USABLE_TREE_TITLE = "No usable tree";

/** The refusal of an export none of whose trees is for its class. */
export const noUsableTreeText = (buildClass: string) => `This build has no passive tree for its class ${buildClass}`;

/** The note for one tree left out of the step pickers. */
export const leftOutNote = (treeTitle: string, forWhat: string) => `'${treeTitle}' is for ${forWhat}: not offered`;

export class NoUsableTreeError extends Error {
  readonly title = NO_USABLE_TREE_TITLE;
  constructor(message: string) {
    super(message);
    this.name = "NoUsableTreeError";
  }
}

const className = (table: ClassNames | null, id: number) => table?.classes[id]?.name ?? CLASS_IDS[id] ?? `class ${id}`;

/** "3_25" -> "3.25", the classes bundle's version key. */
const versionKey = (treeVersion: string) => treeVersion.replace("_", ".").split(".").slice(0, 2).join(".");

function ascendancyName(table: ClassNames | null, tree: PlannerTree): string {
  const byVersion = table?.versions?.[versionKey(tree.treeVersion)]?.ascendancies[tree.classId]?.[tree.ascendancyId - 1];
  return byVersion ?? table?.classes[tree.classId]?.ascendancies[tree.ascendancyId - 1] ?? `ascendancy ${tree.ascendancyId}`;
}

export interface OfferedTrees {
  /** The export with only the trees its steps may use (every picker and the suggested steps read these). */
  build: PlannerBuild;
  /** One leftOutNote per tree left out, in the export's order. */
  notes: string[];
}

/**
 * The export's usable trees and a note per tree left out; throws NoUsableTreeError when
 * none is left. Without the class table the class is read from the planner's class ids.
 */
export function offeredTrees(build: PlannerBuild, table: ClassNames | null): OfferedTrees {
  const names = table ? table.classes.map((c) => c.name) : CLASS_IDS;
  const trees = build.trees;
  const active = trees.find((t) => t.id === build.activeTreeId) ?? trees[0];
  const named = names.findIndex((n) => n.toLowerCase() === build.className.trim().toLowerCase());
  const classId = named >= 0 ? named : (active?.classId ?? -1);
  const same = trees.filter((t) => t.classId === classId);
  const ascended = [...(active && same.includes(active) ? [active] : []), ...same].find((t) => t.ascendancyId > 0);
  const ascendancyId = ascended?.ascendancyId ?? 0;
  const usable = same.filter((t) => t.ascendancyId === 0 || t.ascendancyId === ascendancyId);
  if (!usable.length) {
    const buildClass = named >= 0 ? names[named] : classId >= 0 ? className(table, classId) : build.className.trim() || "unknown";
    throw new NoUsableTreeError(noUsableTreeText(buildClass));
  }
  const notes = trees
    .filter((t) => !usable.includes(t))
    .map((t) => leftOutNote(t.title, t.classId !== classId ? className(table, t.classId) : ascendancyName(table, t)));
  return { build: notes.length ? { ...build, trees: usable } : build, notes };
}
