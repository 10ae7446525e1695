import { Stack } from "@mantine/core";
import { CopyField } from "../../ui/CopyField";
import type { BuildInfo } from "../../data/types";

export function SettingsTab({ info }: { info: BuildInfo }) {
  return (
    <Stack maw={720} data-testid="settings">
      <CopyField label="Slug" value={info.slug} testId="copy-slug" />
      <CopyField label="Planner code" value={info.pobCode} testId="copy-code" />
    </Stack>
  );
}
