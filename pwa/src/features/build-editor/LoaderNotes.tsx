import { Alert, Text } from "@mantine/core";

/** The loader's notes, one per tree of the export left out of the step pickers (classCheck.ts offeredTrees). */
export function LoaderNotes({ notes }: { notes?: string[] }) {
  if (!notes?.length) return null;
  return (
    <Alert color="yellow" title="Passive trees left out of the steps" data-testid="loader-notes">
      {notes.map((n, i) => (
        <Text key={i} size="sm">{n}</Text>
      ))}
    </Alert>
  );
}
