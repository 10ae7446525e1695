import { Alert, Button, Group, Text } from "@mantine/core";
import { useState } from "react";
import { markSeen } from "../../data/follows";
import { DiffView } from "./DiffView";
import { writePin } from "./revisionPins";
import { useUpdates } from "./useFollows";

/**
 * The tracker's word on the attached build's revisions (issue 36): "Revision N is out" with what
 * changed since the revision the player last saw, and the choice to move the character to it or
 * stay; or, when the player stayed, which revision the character tracks and the way to the newest.
 */
export function TrackerRevision({ characterId, buildId, shown, newest, onChange }: {
  characterId: string; buildId: string; shown: number; newest: number; onChange: () => void;
}) {
  const update = useUpdates().updates.find((u) => u.buildId === buildId);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The revision the character was on: the one the player last saw (or the one it stays on).
  const current = update ? Math.min(update.seenRevision, shown) : shown;
  const from = current;
  const to = update ? update.revision : newest;
  if (!update && shown >= newest) return null;

  const choose = async (revision: number) => {
    setBusy(true);
    setError(null);
    try {
      writePin(characterId, revision >= to ? null : { buildId, revision });
      if (update) await markSeen(buildId, update.revision);
      onChange();
    } catch (err) {
      setError((err as Error)?.message ?? "Could not save the choice");
    } finally {
      setBusy(false);
    }
  };
  const diffId = `tracker-diff-${buildId}`;
  return (
    <Alert color="yellow" title={update ? `Revision ${to} is out` : `Tracking revision ${shown} of ${newest}`} data-testid="tracker-revision" data-shown={shown} data-newest={to}>
      <Text size="sm" mb="xs">
        {update
          ? `The creator published revision ${to} of this build${update.note ? `: "${update.note}"` : "."} Your character was on revision ${current}.`
          : `You chose to stay on revision ${shown}. The newest is revision ${newest}.`}
      </Text>
      <Group gap="xs" mb={open ? "sm" : 0}>
        <Button size="xs" loading={busy} onClick={() => void choose(to)} data-testid="move-to-revision">Move to revision {to}</Button>
        {update && <Button size="xs" variant="default" disabled={busy} onClick={() => void choose(current)} data-testid="stay-on-revision">Stay on revision {current}</Button>}
        {from < to && (
          <Button size="xs" variant="subtle" aria-expanded={open} aria-controls={diffId} onClick={() => setOpen((o) => !o)} data-testid="tracker-show-diff">
            {open ? "Hide what changed" : "Show what changed"}
          </Button>
        )}
      </Group>
      {error && <Text size="sm" c="red.3" role="alert">{error}</Text>}
      <div id={diffId}>{open && from < to && <DiffView buildId={buildId} from={from} to={to} headingOrder={4} />}</div>
    </Alert>
  );
}
