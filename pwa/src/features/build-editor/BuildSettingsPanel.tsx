import { Button, Card, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { CopyField } from "../../ui/CopyField";
import { ChangeBuildDialog } from "./ChangeBuildDialog";
import type { LoadError } from "./loader";

interface Props {
  slug?: string;
  code: string;
  source: string;
  /** The loaded build's base class: 'browse builds' opens the list filtered to it. */
  baseClass?: string;
  loading: boolean;
  loadingLabel?: string;
  fieldError?: string;
  loadError?: LoadError;
  onChange: (text: string, source: string, fileName?: string) => Promise<boolean>;
}

/** The slug and raw planner data as copy fields, and Change Build with the loader. */
export function BuildSettingsPanel({ slug, code, source, baseClass, onChange, ...loader }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <Card withBorder data-testid="build-settings">
      <Stack gap="sm">
        <Title order={2} size="h4">Build settings</Title>
        {slug ? <CopyField label="Slug" value={slug} testId="settings-slug" /> : <Text size="sm" c="gray.5">The slug appears once the build is published.</Text>}
        <CopyField label="Planner code" value={code} testId="settings-code" />
        <Text size="xs" c="gray.5">Loaded from {source.length > 80 ? `${source.slice(0, 80)}...` : source}</Text>
        <Button variant="default" w="fit-content" onClick={() => setOpen(true)} data-testid="change-build">Change Build</Button>
      </Stack>
      <ChangeBuildDialog
        opened={open}
        onClose={() => setOpen(false)}
        classFilter={baseClass}
        {...loader}
        onLoad={async (text, src, fileName) => {
          const ok = await onChange(text, src, fileName);
          if (ok) setOpen(false);
          return ok;
        }}
      />
    </Card>
  );
}
