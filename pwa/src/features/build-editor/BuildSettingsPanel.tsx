import { Button, Card, Modal, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { CopyField } from "../../ui/CopyField";
import { LoaderWidget } from "./LoaderWidget";
import type { LoadError } from "./loader";

interface Props {
  slug?: string;
  code: string;
  source: string;
  loading: boolean;
  fieldError?: string;
  loadError?: LoadError;
  onChange: (text: string, source: string) => Promise<boolean>;
}

/** The slug and raw planner data as copy fields, and Change Build with the loader. */
export function BuildSettingsPanel({ slug, code, source, loading, fieldError, loadError, onChange }: Props) {
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
      <Modal opened={open} onClose={() => setOpen(false)} title="Select a new build" size="lg" centered closeButtonProps={{ "aria-label": "Close" }} data-testid="change-build-modal">
        <LoaderWidget
          loading={loading}
          fieldError={fieldError}
          loadError={loadError}
          onLoad={async (text, src) => {
            const ok = await onChange(text, src);
            if (ok) setOpen(false);
            return ok;
          }}
        />
      </Modal>
    </Card>
  );
}
