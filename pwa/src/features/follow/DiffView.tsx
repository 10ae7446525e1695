import { Alert, Button, Group, List, Loader, Stack, Text, Title } from "@mantine/core";
import { useEffect, useState } from "react";
import { diffSections } from "./diffText";
import { loadRevisionDiff } from "./loadDiff";
import { isEmptyDiff, type RevisionDiff } from "./revisionDiff";

/** What changed from revision `from` to `to`, loaded when shown, in words. */
export function DiffView({ buildId, from, to, headingOrder = 3 }: { buildId: string; from: number; to: number; headingOrder?: 2 | 3 | 4 }) {
  const [state, setState] = useState<{ diff?: RevisionDiff; error?: string; loading: boolean }>({ loading: true });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const ctl = new AbortController();
    setState({ loading: true });
    loadRevisionDiff(buildId, from, to, ctl.signal).then(
      (diff) => setState({ diff, loading: false }),
      (err) => { if (!ctl.signal.aborted) setState({ loading: false, error: (err as Error)?.message ?? "The revisions could not be loaded" }); },
    );
    return () => ctl.abort();
  }, [buildId, from, to, attempt]);

  if (state.loading) {
    return (
      <Group gap="xs" role="status" data-testid="diff-loading">
        <Loader size="sm" />
        <Text size="sm">Loading what changed…</Text>
      </Group>
    );
  }
  if (state.error || !state.diff) {
    return (
      <Alert color="red" title="Could not load what changed" data-testid="diff-error">
        <Stack gap="xs">
          <Text size="sm">{state.error}</Text>
          <Button size="xs" variant="light" onClick={() => setAttempt((a) => a + 1)} w="fit-content">Try again</Button>
        </Stack>
      </Alert>
    );
  }
  const d = state.diff;
  const sections = diffSections(d);
  return (
    <Stack gap="sm" data-testid="revision-diff" data-from={from} data-to={to}>
      <Text size="sm" fw={600}>Changes from revision {from} to revision {to}</Text>
      {d.note && (
        <Text size="sm" data-testid="diff-note">
          <Text span fw={600} inherit>Creator's note: </Text>{d.note}
        </Text>
      )}
      {isEmptyDiff(d) ? (
        <Text size="sm" c="dimmed" data-testid="diff-empty">The steps, passives, gems and items are the same as before.</Text>
      ) : (
        sections.map((s) => (
          <Stack gap={4} key={s.title} data-testid="diff-section">
            <Title order={headingOrder} size="h5">{s.title}</Title>
            <List size="sm" spacing={2}>
              {s.lines.map((l, i) => <List.Item key={i}>{l}</List.Item>)}
            </List>
          </Stack>
        ))
      )}
    </Stack>
  );
}
