import { Alert, Button, Stack } from "@mantine/core";
import { useEffect, useState } from "react";
import { exportStepCode } from "../../data/planner";
import { CopyField } from "../../ui/CopyField";

export interface StepIds {
  passiveTreeId: string;
  equipmentSetId: string;
  skillSetId: string;
}

/** Export one step back to a planner code (its tree, equipment set and skill set) with Copy. */
export function ExportStep({ input, ids }: { input: string; ids: StepIds }) {
  const [code, setCode] = useState<string>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const key = `${ids.passiveTreeId}|${ids.equipmentSetId}|${ids.skillSetId}`;
  useEffect(() => {
    setCode(undefined);
    setError(undefined);
  }, [key, input]);
  const run = async () => {
    setBusy(true);
    try {
      setCode(await exportStepCode(input, ids));
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="xs" data-testid="export-step">
      {!code && <Button variant="default" onClick={run} loading={busy} w="fit-content" data-testid="export-step-button">Export step to planner code</Button>}
      {code && <CopyField label="Planner code of this step" value={code} testId="export-step-code" />}
      {error && <Alert color="red" title="Export failed">{error}</Alert>}
    </Stack>
  );
}
