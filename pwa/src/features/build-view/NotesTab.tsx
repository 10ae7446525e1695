import { Anchor, ScrollArea, Text } from "@mantine/core";
import type { PlannerBuild } from "@workers/planner/types";
import { readableOn } from "./noteColor";
import { linkify } from "./stepView";

/** The planner's notes, coloured by its colour codes; links open in a new tab. */
export function NotesTab({ build }: { build: PlannerBuild }) {
  const segments = build.noteSegments?.length ? build.noteSegments : [{ text: build.notes ?? "", color: null }];
  if (!segments.some((s) => s.text.trim())) return <Text c="dimmed" data-testid="notes-empty">This build has no notes.</Text>;
  return (
    <ScrollArea.Autosize mah="70vh" type="auto" data-testid="notes">
      <Text component="div" size="sm" style={{ whiteSpace: "pre-wrap", fontFamily: "inherit" }}>
        {segments.map((seg, i) => (
          <span key={i} style={seg.color ? { color: readableOn(seg.color) } : undefined} data-color={seg.color ?? undefined}>
            {linkify(seg.text).map((part, j) =>
              part.href ? (
                <Anchor key={j} href={part.href} target="_blank" rel="noopener noreferrer" inherit>{part.text}</Anchor>
              ) : (
                <span key={j}>{part.text}</span>
              ),
            )}
          </span>
        ))}
      </Text>
    </ScrollArea.Autosize>
  );
}
