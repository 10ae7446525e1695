import { Box, Button, Group, Stack, Text, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import type { PlannerBuild } from "@workers/planner/types";
import { DESKTOP_QUERY } from "../../app/theme";
import { EquipmentTab } from "../build-view/EquipmentTab";
import { NotesTab } from "../build-view/NotesTab";
import { SkillTreeTab } from "../build-view/SkillTreeTab";
import { stepSets } from "../build-view/stepView";
import { ExportStep } from "../build-view/ExportStep";
import { INCOMPLETE_STEP_TEXT, isComplete, NO_STEPS_TEXT, type EditorStep } from "./steps";
import { scrollToHeading, TOC_STICKY_OFFSET } from "./toc";

const SECTIONS = [
  { id: "step-equipment", label: "Equipment" },
  { id: "step-tree", label: "Skill Tree" },
  { id: "step-notes", label: "Notes" },
  { id: "step-export", label: "Export" },
];

/** The selected step's detail, with the build view's components, and a side table of contents on wide screens. */
/** `level`: the step's estimated level, to which the gems shown are capped. */
export function StepDetail({ build, code, step, level = 0 }: { build: PlannerBuild; code: string; step?: EditorStep; level?: number }) {
  const wide = useMediaQuery(DESKTOP_QUERY, window.matchMedia(DESKTOP_QUERY).matches, { getInitialValueInEffect: false });
  if (!step) return <Text c="gray.5" data-testid="no-steps">{NO_STEPS_TEXT}</Text>;
  if (!isComplete(step)) return <Text c="gray.5" data-testid="incomplete-step">{INCOMPLETE_STEP_TEXT}</Text>;
  const ids = { equipmentSetId: step.equipmentSetId!, passiveTreeId: step.passiveTreeId!, skillSetId: step.skillSetId! };
  const sets = stepSets(build, { title: step.title, ...ids });
  return (
    <Group align="flex-start" wrap="nowrap" gap="lg" data-testid="step-detail">
      <Stack gap="xl" style={{ flex: 1, minWidth: 0 }}>
        <Box>
          <Title order={2} size="h3" id="step-equipment" tabIndex={-1} mb="sm">Equipment</Title>
          <EquipmentTab build={build} sets={sets} gemCap={level > 0 ? { stepLevel: level } : undefined} />
        </Box>
        <Box>
          <Title order={2} size="h3" id="step-tree" tabIndex={-1} mb="sm">Skill Tree</Title>
          <SkillTreeTab tree={sets.tree} deferred />
        </Box>
        <Box>
          <Title order={2} size="h3" id="step-notes" tabIndex={-1} mb="sm">Notes</Title>
          <NotesTab build={build} />
        </Box>
        <Box>
          <Title order={2} size="h3" id="step-export" tabIndex={-1} mb="sm">Export</Title>
          <ExportStep input={code} ids={ids} />
        </Box>
      </Stack>
      {wide && (
        <Box component="nav" aria-label="On this step" w={160} style={{ position: "sticky", top: TOC_STICKY_OFFSET, flexShrink: 0 }} data-testid="step-toc">
          <Stack gap={4}>
            {SECTIONS.map((s) => (
              <Button key={s.id} variant="subtle" size="compact-sm" justify="flex-start" onClick={() => scrollToHeading(s.id)}>{s.label}</Button>
            ))}
          </Stack>
        </Box>
      )}
    </Group>
  );
}
