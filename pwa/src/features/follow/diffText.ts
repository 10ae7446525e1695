/**
 * The revision diff in words (issue 36): the same text in the updates list, the view and the
 * tracker. Pure; Vitest in diffText.test.ts.
 */
import { treeVersionName } from "../../data/treeVersions";
import type { PassiveChanges, RevisionDiff, StepChange } from "./revisionDiff";

export interface DiffSection {
  title: string;
  lines: string[];
}

const list = (xs: readonly string[]) => xs.join(", ");
const version = (v: string) => treeVersionName(v) ?? (v || "unknown");
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function passiveLines(p: PassiveChanges): string[] {
  const out: string[] = [];
  if (p.keystonesAdded.length) out.push(`Keystones added: ${list(p.keystonesAdded)}`);
  if (p.keystonesRemoved.length) out.push(`Keystones removed: ${list(p.keystonesRemoved)}`);
  if (p.notablesAdded.length) out.push(`Notables added: ${list(p.notablesAdded)}`);
  if (p.notablesRemoved.length) out.push(`Notables removed: ${list(p.notablesRemoved)}`);
  if (p.masteriesAdded.length) out.push(`Masteries added: ${list(p.masteriesAdded)}`);
  if (p.masteriesRemoved.length) out.push(`Masteries removed: ${list(p.masteriesRemoved)}`);
  for (const m of p.masteriesChanged) out.push(`Mastery changed: ${m}`);
  if (p.smallAdded || p.smallRemoved) {
    const parts = [];
    if (p.smallAdded) parts.push(`${p.smallAdded} added`);
    if (p.smallRemoved) parts.push(`${p.smallRemoved} removed`);
    out.push(`Other passives: ${parts.join(", ")}`);
  }
  return out;
}

export function stepLines(c: StepChange): string[] {
  const out: string[] = [];
  if (c.treeVersion) out.push(`Tree version ${version(c.treeVersion.before)} → ${version(c.treeVersion.after)}`);
  out.push(...passiveLines(c.passives));
  if (c.gems.added.length) out.push(`Gems added: ${list(c.gems.added)}`);
  if (c.gems.removed.length) out.push(`Gems removed: ${list(c.gems.removed)}`);
  for (const g of c.gems.relevelled) out.push(`${g.name}: level ${g.before} → ${g.after}`);
  for (const i of c.items) out.push(`${i.slot}: ${i.before ?? "empty"} → ${i.after ?? "empty"}`);
  return out;
}

/** The diff as titled sections of plain lines; an empty list when nothing changed. */
export function diffSections(d: RevisionDiff): DiffSection[] {
  const out: DiffSection[] = [];
  const overall: string[] = [];
  if (d.treeVersion) overall.push(`Tree version ${version(d.treeVersion.before)} → ${version(d.treeVersion.after)}`);
  if (d.skills.added.length) overall.push(`Main skills added: ${list(d.skills.added)}`);
  if (d.skills.removed.length) overall.push(`Main skills removed: ${list(d.skills.removed)}`);
  const s = d.steps;
  for (const a of s.added) overall.push(`Step added: ${a.title} (step ${a.index + 1})`);
  for (const r of s.removed) overall.push(`Step removed: ${r.title}`);
  for (const r of s.renamed) overall.push(`Step renamed: ${r.before} → ${r.after}`);
  for (const m of s.moved) overall.push(`Step moved: ${m.title} (step ${m.from + 1} → ${m.to + 1})`);
  if (overall.length) out.push({ title: "Build", lines: overall });
  for (const c of s.changed) {
    const lines = stepLines(c);
    if (lines.length) out.push({ title: `Step ${c.index + 1}: ${c.title}`, lines });
  }
  return out;
}

/** One line saying how much changed, for a list entry. */
export function diffSummary(d: RevisionDiff): string {
  const s = d.steps;
  const parts: string[] = [];
  if (s.added.length) parts.push(plural(s.added.length, "step added", "steps added"));
  if (s.removed.length) parts.push(plural(s.removed.length, "step removed", "steps removed"));
  if (s.changed.length) parts.push(plural(s.changed.length, "step changed", "steps changed"));
  if (s.renamed.length) parts.push(plural(s.renamed.length, "step renamed", "steps renamed"));
  if (s.moved.length) parts.push(plural(s.moved.length, "step moved", "steps moved"));
  if (d.treeVersion) parts.push(`tree ${version(d.treeVersion.after)}`);
  return parts.length ? parts.join(", ") : "No changes to the steps";
}
