/** The planner's note colour codes (^0-^9, ^xRRGGBB) -> coloured segments. */
import type { NoteSegment } from "./types";

/** The planner's numbered colours. */
export const NOTE_COLORS: readonly string[] = [
  "#000000", "#FF0000", "#00FF00", "#0000FF", "#FFFF00",
  "#FF00FF", "#00FFFF", "#FFFFFF", "#B3B3B3", "#666666",
];

const CODE = /\^(?:([0-9])|x([0-9A-Fa-f]{6}))/g;

export function noteSegments(notes: string): NoteSegment[] {
  const segments: NoteSegment[] = [];
  let color: string | null = null;
  let last = 0;
  for (const match of notes.matchAll(CODE)) {
    if (match.index > last) segments.push({ text: notes.slice(last, match.index), color });
    color = match[1] !== undefined ? NOTE_COLORS[Number(match[1])] : `#${match[2].toUpperCase()}`;
    last = match.index + match[0].length;
  }
  if (last < notes.length) segments.push({ text: notes.slice(last), color });
  return segments;
}

/** Notes without colour codes, for search and plain display. */
export function plainNotes(notes: string): string {
  return notes.replace(CODE, "");
}
