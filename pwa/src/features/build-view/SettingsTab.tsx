import { Stack, Title } from "@mantine/core";
import { CopyField } from "../../ui/CopyField";
import type { BuildInfo, Step } from "../../data/types";
import { ExportStep } from "./ExportStep";

export function SettingsTab({ info, step }: { info: BuildInfo; step?: Step }) {
  return (
    <Stack maw={720} data-testid="settings">
      <CopyField label="Slug" value={info.slug} testId="copy-slug" />
      <CopyField label="Planner code" value={info.pobCode} testId="copy-code" />
      {step && (
        <>
          <Title order={2} size="h5" mt="sm">Export {step.title}</Title>
          <ExportStep input={info.pobCode} ids={step} />
        </>
      )}
    </Stack>
  );
}
