/**
 * Class mismatch inside a loaded planner export (spec §4 "a class mismatch
 * aborts", §5 and §8 'Class mismatch'). A build's steps all belong to one
 * character, so every passive tree must be for the build's base class, and
 * the trees that have an ascendancy must share it. A tree with no ascendancy
 * yet (a levelling tree before the first labyrinth) fits any.
 *
 * Ascendancies are compared by id between trees, not by name with the build's
 * ascendClassName: names change between tree versions (Raider became Warden in
 * 3.25), so a name comparison would refuse good exports.
 */
import type { PlannerBuild, PlannerTree } from "@workers/planner/types";
import type { ClassesBundle } from "../../data/gameDataTypes";

export type ClassNames = Pick<ClassesBundle, "classes"> & Partial<Pick<ClassesBundle, "versions">>;

export const CLASS_MISMATCH_TITLE = "Class mismatch";

/** The spec's message, with the tree that differs in place of the selected character. */
export function treeMismatchText(buildClass: string, treeTitle: string, treeClass: string): string {
  return `This build is for ${buildClass}, but its tree '${treeTitle}' is for ${treeClass}. Please select a different build`;
}

export class ClassMismatchError extends Error {
  readonly title = CLASS_MISMATCH_TITLE;
  constructor(message: string) {
    super(message);
    this.name = "ClassMismatchError";
  }
}

const className = (table: ClassNames | null, id: number) => table?.classes[id]?.name ?? `class ${id}`;

/** "3_25" -> "3.25", the classes bundle's version key. */
const versionKey = (treeVersion: string) => treeVersion.replace("_", ".").split(".").slice(0, 2).join(".");

function ascendancyName(table: ClassNames | null, tree: PlannerTree): string {
  const byVersion = table?.versions?.[versionKey(tree.treeVersion)]?.ascendancies[tree.classId]?.[tree.ascendancyId - 1];
  return byVersion ?? table?.classes[tree.classId]?.ascendancies[tree.ascendancyId - 1] ?? `ascendancy ${tree.ascendancyId}`;
}

/**
 * The 'Class mismatch' message for an export whose trees are for another
 * class or ascendancy, else null. Without the class table, the trees are
 * compared with the active tree only.
 */
export function plannerClassMismatch(build: PlannerBuild, table: ClassNames | null): string | null {
  if (!build.trees.length) return null;
  const reference = build.trees.find((t) => t.id === build.activeTreeId) ?? build.trees[0];
  const named = table?.classes.findIndex((c) => c.name.toLowerCase() === build.className.trim().toLowerCase()) ?? -1;
  const classId = named >= 0 ? named : reference.classId;
  const buildClass = named >= 0 ? table!.classes[named].name : className(table, classId);
  for (const tree of build.trees) {
    if (tree.classId !== classId) return treeMismatchText(buildClass, tree.title, className(table, tree.classId));
  }
  const ascended = [reference, ...build.trees].find((t) => t.ascendancyId > 0);
  if (!ascended) return null;
  for (const tree of build.trees) {
    if (tree.ascendancyId > 0 && tree.ascendancyId !== ascended.ascendancyId) {
      return treeMismatchText(ascendancyName(table, ascended), tree.title, ascendancyName(table, tree));
    }
  }
  return null;
}
