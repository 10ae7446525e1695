import { Group, Select, Stack, Text, TextInput } from "@mantine/core";
import type { PlannerBuild } from "@workers/planner/types";
import { scrollingListbox } from "../../ui/listbox";
import type { EditorStep, StepField } from "./steps";

/** Dropdown lists are at most 200 px high (spec §9). */
export const DROPDOWN_MAX_HEIGHT = 200;

const FIELDS: { field: StepField; label: string; placeholder: string; sets: (b: PlannerBuild) => { id: string; title: string }[]; testId: string }[] = [
  { field: "equipmentSetId", label: "Equipment Set", placeholder: "Select set", sets: (b) => b.itemSets, testId: "select-equipment" },
  { field: "passiveTreeId", label: "Skill Tree", placeholder: "Select tree", sets: (b) => b.trees, testId: "select-tree" },
  { field: "skillSetId", label: "Skill Set", placeholder: "Select skills", sets: (b) => b.skillSets, testId: "select-skills" },
];

/** Step Title and the three required set choices of the active step (ignored sets never appear: the decoder drops them). */
export function StepEditorRow({ build, step, level, reason = "", onTitle, onChoose, disabled }: {
  build: PlannerBuild; step: EditorStep; level: number; disabled?: boolean;
  /** What set the estimate ("level 62: 83 passive points"); "" when incomplete. */
  reason?: string;
  onTitle: (title: string) => void; onChoose: (field: StepField, id: string | null) => void;
}) {
  return (
    <Group align="flex-start" grow preventGrowOverflow={false} data-testid="step-editor" wrap="wrap">
      <TextInput label="Step Title" value={step.title} onChange={(e) => onTitle(e.currentTarget.value)} disabled={disabled} data-testid="step-title" miw={180} />
      {FIELDS.map(({ field, label, placeholder, sets, testId }) => (
        <Select
          key={field}
          label={label}
          placeholder={placeholder}
          required
          withAsterisk
          data={sets(build).map((s) => ({ value: s.id, label: s.title }))}
          value={step[field]}
          // A required value can be changed, never emptied by choosing it again (Mantine deselects by default).
          allowDeselect={false}
          onChange={(v) => v !== null && onChoose(field, v)}
          {...scrollingListbox(DROPDOWN_MAX_HEIGHT)}
          error={!step[field]}
          searchable
          nothingFoundMessage="No sets"
          disabled={disabled}
          data-testid={testId}
          miw={180}
          comboboxProps={{ withinPortal: true }}
        />
      ))}
      <Stack gap={2} mt={30} maw={240}>
        <Text size="sm" data-testid="step-approx-level">Approximate level: {level || "-"}</Text>
        {reason && <Text size="xs" c="gray.4" data-testid="step-level-reason">{reason}</Text>}
      </Stack>
    </Group>
  );
}
