import { Alert, Anchor, Group, Loader, NativeSelect, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import { api } from "../../data/api";
import type { RevisionList } from "../../data/types";

/**
 * The revisions of a build (newest first): choosing one opens it at its own link
 * (/build/view/{slug}?revision=N); the newest is the plain link, the one to share.
 */
export function RevisionPicker({ buildId, slug, shown, newest }: { buildId: string; slug: string; shown: number; newest: number }) {
  const navigate = useNavigate();
  const [list, setList] = useState<RevisionList | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (newest <= 1) return;
    const ctl = new AbortController();
    api.get<RevisionList>(`/Build/${encodeURIComponent(buildId)}/revisions`, { signal: ctl.signal })
      .then(setList, () => { if (!ctl.signal.aborted) setFailed(true); });
    return () => ctl.abort();
  }, [buildId, newest]);
  if (newest <= 1) return null;
  const base = `/build/view/${encodeURIComponent(slug)}`;
  return (
    <Group gap="sm" align="flex-end" data-testid="revision-picker">
      {list ? (
        <NativeSelect
          label="Revision"
          size="xs"
          value={String(shown)}
          data-testid="revision-select"
          onChange={(e) => {
            const n = Number(e.currentTarget.value);
            navigate(n === newest ? base : `${base}?revision=${n}`);
          }}
          data={list.revisions.map((r) => ({
            value: String(r.revision),
            label: `Revision ${r.revision}${r.revision === newest ? " (newest)" : ""}, ${new Date(r.createdAt).toLocaleDateString()}${r.note ? `: ${r.note.slice(0, 60)}` : ""}`,
          }))}
        />
      ) : failed ? (
        <Text size="sm" c="dimmed">Revision {shown} of {newest}</Text>
      ) : (
        <Group gap={6} role="status"><Loader size="xs" /><Text size="sm">Loading revisions…</Text></Group>
      )}
      {shown !== newest && (
        <Alert color="yellow" p="xs" data-testid="old-revision">
          <Text size="sm">
            You are looking at revision {shown}; the newest is revision {newest}.{" "}
            <Anchor component={Link} to={base} underline="always" data-testid="open-newest">Open the newest revision</Anchor>
          </Text>
        </Alert>
      )}
    </Group>
  );
}
