/**
 * The planner's saved figures for the selected step, each with its change
 * from the last earlier step that has figures. The planner saves figures for
 * the sets it had active only, so most steps have none, and show nothing.
 */
import { Box, SimpleGrid, Text, Title } from "@mantine/core";
import { useId, useMemo } from "react";
import { stepStats } from "@workers/planner/stepStats";
import type { PlannerBuild } from "@workers/planner/types";
import { figureRows, PLANNER_FIGURES_NOTE, previousWithFigures } from "../../data/buildStats";
import type { Step } from "../../data/types";

export function StepFigures({ planner, steps, step }: { planner: PlannerBuild; steps: Step[]; step: number }) {
  const titleId = useId();
  const perStep = useMemo(() => (steps.length ? steps.map((s) => stepStats(planner, s)) : [stepStats(planner, undefined)]), [planner, steps]);
  const index = steps.length ? step : 0;
  const previous = previousWithFigures(perStep)[index] ?? -1;
  const rows = figureRows(perStep[index], previous >= 0 ? perStep[previous] : null);
  if (!rows.length) return null;
  const since = previous >= 0 && rows.some((r) => r.change) ? ` Changes are from step ${previous + 1}, ${steps[previous].title}.` : "";
  return (
    <Box component="section" aria-labelledby={titleId} data-testid="step-figures">
      <Title order={2} size="h5" id={titleId}>Planner figures</Title>
      <Text size="xs" c="dimmed" mb={6} data-testid="step-figures-note">{PLANNER_FIGURES_NOTE}{since}</Text>
      <SimpleGrid component="dl" cols={{ base: 3, sm: 4, lg: 6 }} spacing="xs" verticalSpacing={6} m={0}>
        {rows.map((r) => (
          <div key={r.key} data-testid="step-figure" data-stat={r.key}>
            <Text component="dt" size="xs" c="dimmed">{r.label}</Text>
            <Text component="dd" m={0} fw={700} data-testid="step-figure-value">{r.value}</Text>
            {r.change && (
              <Text component="dd" m={0} size="xs" c="dimmed" data-testid="step-figure-change">{r.change}</Text>
            )}
          </div>
        ))}
      </SimpleGrid>
    </Box>
  );
}
