import { Alert, Anchor, Button, Card, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { useEffect, useState } from "react";
import { Link } from "react-router-dom";
import { markSeen, refreshUpdates } from "../../data/follows";
import type { BuildUpdate } from "../../data/types";
import { loginDialog } from "../session/actions";
import { useSession } from "../session/useSession";
import { DiffView } from "./DiffView";
import { updateTitle } from "./notifyRule";
import { useUpdates } from "./useFollows";

function UpdateCard({ u }: { u: BuildUpdate }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const diffId = `diff-${u.buildId}`;
  return (
    <Card withBorder padding="md" data-testid="update-card" data-build-id={u.buildId} data-revision={u.revision}>
      <Stack gap="xs">
        <Title order={2} size="h4">
          <Anchor component={Link} to={`/build/view/${encodeURIComponent(u.slug)}`} data-testid="update-link">{updateTitle(u)}</Anchor>
        </Title>
        <Text size="sm">
          Revision {u.revision} is out (you last saw revision {u.seenRevision}). By {u.creatorName}, {new Date(u.updatedAt).toLocaleDateString()}.
        </Text>
        {u.note && <Text size="sm" c="dimmed">Creator's note: {u.note}</Text>}
        <Group gap="xs">
          <Button size="xs" variant="light" aria-expanded={open} aria-controls={diffId} onClick={() => setOpen((o) => !o)} data-testid="show-diff">
            {open ? "Hide what changed" : "Show what changed"}
          </Button>
          <Button size="xs" loading={busy} data-testid="mark-seen" onClick={async () => {
            setBusy(true);
            setError(null);
            try {
              await markSeen(u.buildId, u.revision);
            } catch (err) {
              setError((err as Error)?.message ?? "Could not mark it as seen");
              setBusy(false);
            }
          }}>
            Mark as seen
          </Button>
        </Group>
        {error && <Alert color="red" data-testid="seen-error">{error}</Alert>}
        <div id={diffId}>{open && <DiffView buildId={u.buildId} from={u.seenRevision} to={u.revision} />}</div>
      </Stack>
    </Card>
  );
}

/** The followed builds whose creator published a revision the player has not seen, with what changed. */
export default function UpdatesPage() {
  const { identity } = useSession();
  const { updates, loaded } = useUpdates();
  useEffect(() => { void refreshUpdates(); }, [identity]);
  return (
    <Stack gap="md" data-testid="updates-page">
      <Title order={1} size="h2">Build updates</Title>
      <Text c="dimmed" size="sm">Builds you follow whose creator published a new revision since you last looked.</Text>
      {!identity ? (
        <Stack align="flex-start">
          <Text>Log in to follow builds and see their updates.</Text>
          <Button variant="light" onClick={loginDialog.open}>Login</Button>
        </Stack>
      ) : !loaded ? (
        <Group gap="xs" role="status"><Loader size="sm" /><Text size="sm">Loading updates…</Text></Group>
      ) : updates.length === 0 ? (
        <Text data-testid="updates-empty">No new revisions of the builds you follow.</Text>
      ) : (
        updates.map((u) => <UpdateCard key={u.buildId} u={u} />)
      )}
    </Stack>
  );
}
