import { ActionIcon, Box, Group, Stepper } from "@mantine/core";
import { useElementSize } from "@mantine/hooks";
import { useState } from "react";
import { IconChevronLeft, IconChevronRight } from "./icons";
import { pageCount, pageOf, stepNumber, stepsPerPage } from "./stepPaging";

interface Props {
  titles: string[];
  active: number;
  onChange: (index: number) => void;
}

/** A paged stepper: the page holding the active step, with previous/next page arrows. */
export function StepNavigator({ titles, active, onChange }: Props) {
  const { ref, width } = useElementSize();
  // Nothing is drawn until the width is known: a first pass at a guessed width drew another page, whose
  // circles then popped out (Mantine's completed-icon transition) under the real one.
  const measured = width > 0 || typeof ResizeObserver === "undefined";
  const perPage = stepsPerPage(width || 1200);
  const pages = pageCount(titles.length, perPage);
  // The page the player turned to holds only while the active step and the page size it was turned at hold;
  // otherwise the active step's page is shown, in the same render (an effect would draw a stale page first).
  const [turned, setTurned] = useState<{ page: number; active: number; perPage: number } | null>(null);
  const page = turned && turned.active === active && turned.perPage === perPage ? turned.page : pageOf(active, perPage);
  const setPage = (p: number) => setTurned({ page: p, active, perPage });
  const start = page * perPage;
  const shown = titles.slice(start, start + perPage);

  return (
    <Box ref={ref} data-testid="step-navigator" data-per-page={measured ? perPage : undefined}>
      <Group wrap="nowrap" gap="xs" align="center">
        <ActionIcon variant="subtle" aria-label="Previous steps" disabled={page === 0} onClick={() => setPage(page - 1)} data-testid="steps-prev">
          <IconChevronLeft />
        </ActionIcon>
        <Box style={{ flex: 1, minWidth: 0 }}>
          {measured && (
            <Stepper active={active - start} onStepClick={(i) => onChange(start + i)} size="sm" allowNextStepsSelect>
              {shown.map((t, i) => {
                // The circle shows the step's own number, not its place on this page (Mantine counts from 1 per Stepper).
                const n = stepNumber(page, perPage, i);
                return (
                  <Stepper.Step key={n} icon={n} progressIcon={n} completedIcon={n} label={`Step ${n}`} description={t} data-testid="step" data-step-number={n} data-active={n - 1 === active} />
                );
              })}
            </Stepper>
          )}
        </Box>
        <ActionIcon variant="subtle" aria-label="Next steps" disabled={page >= pages - 1} onClick={() => setPage(page + 1)} data-testid="steps-next">
          <IconChevronRight />
        </ActionIcon>
      </Group>
    </Box>
  );
}
