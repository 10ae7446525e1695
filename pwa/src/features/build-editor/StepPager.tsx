import { ActionIcon, Badge, Box, Group, Text, UnstyledButton, VisuallyHidden } from "@mantine/core";
import { useEffect, useState } from "react";
import { IconChevronLeft, IconChevronRight } from "../../ui/icons";
import { pageCount, pageOf, stepsPerPage } from "../../ui/stepPaging";
import { isComplete, type EditorStep } from "./steps";

interface Props {
  steps: EditorStep[];
  active: number;
  levels: number[];
  /** The timeline's width; the page holds as many ~300 px steps as fit after the arrows (spec §9). */
  width: number;
  onSelect: (index: number) => void;
}

/** The paged stepper mode: the page holding the active step, previous/next page arrows, each step a button. */
export function StepPager({ steps, active, levels, width, onSelect }: Props) {
  const perPage = stepsPerPage(width || 1200);
  const pages = pageCount(steps.length, perPage);
  const [page, setPage] = useState(pageOf(active, perPage));
  // The page follows the active step (a select, an add, a reorder) and the width.
  useEffect(() => setPage(pageOf(active, perPage)), [active, perPage]);
  const shownPage = Math.min(page, pages - 1);
  const start = shownPage * perPage;

  return (
    <Group wrap="nowrap" gap="xs" align="center" data-testid="step-pager" data-per-page={perPage} data-page={shownPage}>
      <ActionIcon variant="subtle" size="lg" aria-label="Previous steps" disabled={shownPage === 0} onClick={() => setPage(shownPage - 1)} data-testid="pager-prev">
        <IconChevronLeft />
      </ActionIcon>
      <Box component="ol" style={{ display: "flex", gap: 8, flex: 1, minWidth: 0, listStyle: "none", margin: 0, padding: 0 }}>
        {steps.slice(start, start + perPage).map((step, j) => {
          const i = start + j;
          const complete = isComplete(step);
          return (
            <Box component="li" key={step.key} style={{ flex: 1, minWidth: 0 }}>
              <UnstyledButton
                onClick={() => onSelect(i)}
                aria-current={i === active ? "step" : undefined}
                data-testid="pager-step"
                data-active={i === active}
                data-complete={complete}
                data-title={step.title}
                w="100%"
                p="xs"
                style={{
                  borderRadius: "var(--mantine-radius-sm)",
                  border: `2px solid ${complete ? "var(--mantine-color-green-7)" : "var(--mantine-color-red-7)"}`,
                  background: i === active ? "var(--mantine-color-dark-6)" : undefined,
                }}
              >
                <Group wrap="nowrap" gap={6} justify="space-between">
                  <Text size="xs" c="gray.5">Step {i + 1}</Text>
                  <Badge size="sm" variant="light" color={complete ? "green" : "red"}>{complete ? `Lvl ~${levels[i] ?? 0}` : "Incomplete"}</Badge>
                </Group>
                <Text fw={600} truncate>{step.title || `Step ${i + 1}`}</Text>
              </UnstyledButton>
            </Box>
          );
        })}
      </Box>
      <ActionIcon variant="subtle" size="lg" aria-label="Next steps" disabled={shownPage >= pages - 1} onClick={() => setPage(shownPage + 1)} data-testid="pager-next">
        <IconChevronRight />
      </ActionIcon>
      <VisuallyHidden aria-live="polite">Page {shownPage + 1} of {pages}</VisuallyHidden>
    </Group>
  );
}
