/**
 * The build chooser for a character without a build (and the settings
 * panel's 'Select a new build'): builds of the character's base class, or one
 * by link or slug; a build of another class is refused with 'Class mismatch'.
 */
import { Alert, Button, Card, Group, Loader, Stack, Text, TextInput, Title } from "@mantine/core";
import { useEffect, useState } from "react";
import { loadBuild, loadListPage } from "../../data/builds";
import { buildTitle, classBadge } from "../../data/classes";
import { getDb } from "../../data/db";
import { useClassTable } from "../../data/useClassTable";
import { EMPTY_FILTERS } from "../../data/filters";
import type { BuildInfo, BuildSummary } from "../../data/types";
import { classMismatch } from "./useTracker";
import { loadErrorFor } from "../build-editor/loader";
import { browseHref } from "../build-editor/ChangeBuildDialog";
import { readTrackerImport } from "./trackerImport";
import { OpenInEditor } from "../share/OpenInEditor";
import type { SharedInput } from "../share/sharedInput";
import { Link } from "react-router-dom";

interface Props {
  baseClass: string;
  characterClass: string;
  onChoose: (info: BuildInfo) => Promise<boolean> | void;
}

/** '/build/view/{slug}' links, plain slugs and build ids all name a build. */
export function buildRef(input: string): string {
  const t = input.trim();
  const m = t.match(/\/build\/view\/([^/?#\s]+)/);
  return m ? m[1] : t;
}

export function BuildChooser({ baseClass, characterClass, onChoose }: Props) {
  const table = useClassTable();
  const [builds, setBuilds] = useState<BuildSummary[] | null>(null);
  const [ref, setRef] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ title: string; message: string; forEditor?: SharedInput } | null>(null);

  useEffect(() => {
    let live = true;
    loadListPage(getDb(), "explore", { ...EMPTY_FILTERS, classes: [baseClass] }, null, 0).then(
      (r) => live && setBuilds(r.value.builds),
      () => live && setBuilds([]),
    );
    return () => void (live = false);
  }, [baseClass]);

  const choose = async (idOrSlug: string) => {
    setBusy(true);
    setError(null);
    try {
      const info = (await loadBuild(getDb(), idOrSlug)).value;
      const mismatch = classMismatch(table, info, characterClass);
      if (mismatch) setError({ title: "Class mismatch", message: mismatch });
      else await onChoose(info);
    } catch (err) {
      setError(loadErrorFor(err, "waypoint", idOrSlug));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md" data-testid="build-chooser">
      <Title order={2} size="h3">Choose a build for this character</Title>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          // The same import box as Change Build: a planner code or paste link is named for what it is.
          const read = readTrackerImport(ref);
          if (read.ok) void choose(read.slug);
          else setError({ title: read.title, message: read.message, forEditor: read.forEditor });
        }}
      >
        <Group align="flex-end">
          <TextInput label="Waypoint build link or slug" placeholder="/build/view/..." value={ref} onChange={(e) => setRef(e.currentTarget.value)} style={{ flex: 1 }} data-testid="chooser-ref" />
          <Button type="submit" loading={busy} data-testid="chooser-load">Load</Button>
        </Group>
      </form>
      {error && (
        <Alert color="red" title={error.title} data-testid="chooser-error">
          {error.message}
          {error.forEditor && <OpenInEditor input={error.forEditor} />}
        </Alert>
      )}
      <Group justify="space-between">
        <Text size="sm" c="gray.5">{baseClass} builds</Text>
        <Button component={Link} to={browseHref(baseClass)} variant="subtle" size="compact-sm" data-testid="chooser-browse">Browse Builds</Button>
      </Group>
      {builds === null ? (
        <Loader size="sm" aria-label="Loading builds" />
      ) : builds.length ? (
        <Stack gap="xs">
          {builds.map((b) => (
            <Card key={b.buildId} withBorder padding="xs" data-testid="chooser-build">
              <Group justify="space-between">
                <Stack gap={0}>
                  <Text fw={600}>{buildTitle(b)}</Text>
                  <Text size="xs" c="gray.5">{classBadge(b)} · By {b.creatorName}</Text>
                </Stack>
                <Button size="xs" variant="light" onClick={() => void choose(b.slug)} disabled={busy}>Choose</Button>
              </Group>
            </Card>
          ))}
        </Stack>
      ) : (
        <Text size="sm" c="gray.5">No {baseClass} builds available offline.</Text>
      )}
    </Stack>
  );
}
