/**
 * What the tracker's import box (Change Build's '{product} Code' tab, the chooser's field) does with an
 * input: the tracker follows published builds, so a Waypoint link or slug is loaded and attached; a
 * planner code, XML or paste link is recognised and answered with what to do with it, in its own words.
 */
import { readImportInput } from "../build-editor/importInput";
import type { SharedInput } from "../share/sharedInput";

export type TrackerImport =
  | { ok: true; slug: string; label: string }
  | { ok: false; title: string; message: string; forEditor?: SharedInput };

export const NOT_PUBLISHED = "Not a published build";
export const notPublishedText = (label: string) =>
  `That is a ${label}. The tracker follows published Waypoint builds: load it in Create New Build and publish it, then paste its Waypoint link or slug here.`;
export const INVALID_TITLE = "Not a build";

export function readTrackerImport(text: string, fileName?: string): TrackerImport {
  const input = readImportInput(text, fileName);
  if (input.kind === "invalid") return { ok: false, title: INVALID_TITLE, message: input.message };
  if (input.kind === "waypoint") return { ok: true, slug: input.slug, label: input.label };
  // The editor takes it: offered there in one press, through the same hand-over a share uses.
  const forEditor: SharedInput = fileName ? { text, source: fileName, kind: "file" } : { text, source: input.label, kind: "text" };
  return { ok: false, title: NOT_PUBLISHED, message: notPublishedText(input.label), forEditor };
}
