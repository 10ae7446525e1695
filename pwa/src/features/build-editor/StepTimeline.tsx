import { ActionIcon, Badge, Box, Button, Card, Group, ScrollArea, SegmentedControl, Text, UnstyledButton } from "@mantine/core";
import { useElementSize } from "@mantine/hooks";
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from "@dnd-kit/core";
import { horizontalListSortingStrategy, SortableContext, sortableKeyboardCoordinates, useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useCallback, useEffect, useRef, useState } from "react";
import { cardWidth } from "../../ui/stepPaging";
import { LOAD_MARK, SHOWN_MARK } from "./loader";
import { StepPager } from "./StepPager";
import { isComplete, type EditorStep } from "./steps";

/** The two step navigator modes (spec §2): the draggable cards and the paged stepper. */
export type StepMode = "cards" | "stepper";
const MODES = [
  { value: "cards", label: "Cards" },
  { value: "stepper", label: "Stepper" },
];
const CARD_GAP = 12;

interface Props {
  steps: EditorStep[];
  active: number;
  levels: number[];
  onSelect: (index: number) => void;
  onMove: (from: number, to: number) => void;
  onDelete: (index: number) => void;
  onAdd: () => void;
  onComplete: () => void;
  disabled?: boolean;
  mode: StepMode;
  onMode: (mode: StepMode) => void;
}

/** The draggable step timeline: pointer or keyboard (Space, arrows, Space) reorders; per-card delete; Add Step; Complete Build. */
export function StepTimeline({ steps, active, levels, onSelect, onMove, onDelete, onAdd, onComplete, disabled, mode, onMode }: Props) {
  const { ref, width } = useElementSize();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  // The editor benchmark's end point: the timeline is on screen after a Load.
  useEffect(() => {
    if (performance.getEntriesByName(LOAD_MARK).length) performance.mark(SHOWN_MARK);
  }, []);
  const onDragEnd = ({ active: dragged, over }: DragEndEvent) => {
    if (!over || dragged.id === over.id) return;
    onMove(steps.findIndex((s) => s.key === dragged.id), steps.findIndex((s) => s.key === over.id));
  };
  return (
    <Box ref={ref} data-testid="step-timeline" data-count={steps.length} data-mode={mode}>
      <SegmentedControl
        size="xs"
        mb="xs"
        data={MODES}
        value={mode}
        onChange={(v) => onMode(v as StepMode)}
        aria-label="Step view"
        data-testid="step-mode"
      />
      {mode === "stepper" ? (
        <StepPager steps={steps} active={active} levels={levels} width={width} onSelect={onSelect} />
      ) : (
        <ScrollArea type="auto" offsetScrollbars>
          <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
            <SortableContext items={steps.map((s) => s.key)} strategy={horizontalListSortingStrategy}>
              <Group wrap="nowrap" gap={CARD_GAP} align="stretch" py={4} component="ol" style={{ listStyle: "none", margin: 0, paddingInline: 2 }}>
                {steps.map((step, i) => (
                  <StepCard key={step.key} step={step} index={i} active={i === active} level={levels[i] ?? 0} width={cardWidth(width || 1200, CARD_GAP)} onSelect={onSelect} onDelete={onDelete} disabled={disabled} />
                ))}
              </Group>
            </SortableContext>
          </DndContext>
        </ScrollArea>
      )}
      <Group justify="space-between" mt="sm">
        <Button variant="light" onClick={onAdd} disabled={disabled} data-testid="add-step">Add Step</Button>
        <Button onClick={onComplete} disabled={disabled} data-testid="complete-build">Complete Build</Button>
      </Group>
    </Box>
  );
}

function StepCard({ step, index, active, level, width, onSelect, onDelete, disabled }: {
  step: EditorStep; index: number; active: boolean; level: number; width: number; disabled?: boolean;
  onSelect: (i: number) => void; onDelete: (i: number) => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: step.key, disabled });
  const [hover, setHover] = useState(false);
  const own = useRef<HTMLElement | null>(null);
  const ref = useCallback((el: HTMLElement | null) => {
    own.current = el;
    setNodeRef(el);
  }, [setNodeRef]);
  // The active card stays in sight in the sideways row (a pick in the stepper, a move, a delete, a switch
  // back to cards); the first card needs no scroll at mount, where a forced layout would only slow a Load.
  const mounted = useRef(false);
  useEffect(() => {
    if (active && (mounted.current || index > 0)) own.current?.scrollIntoView({ block: "nearest", inline: "nearest" });
    mounted.current = true;
  }, [active, index]);
  const complete = isComplete(step);
  const label = step.title || `Step ${index + 1}`;
  return (
    <Card
      component="li"
      ref={ref}
      withBorder
      padding="xs"
      w={width}
      onMouseEnter={() => setHover(true)}
      onMouseLeave={() => setHover(false)}
      onFocus={() => setHover(true)}
      onBlur={() => setHover(false)}
      data-testid="step-card"
      data-complete={complete}
      data-active={active}
      data-title={step.title}
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        flexShrink: 0,
        zIndex: isDragging ? 2 : undefined,
        borderWidth: 2,
        borderColor: complete ? "var(--mantine-color-green-7)" : "var(--mantine-color-red-7)",
        background: active ? "var(--mantine-color-dark-6)" : undefined,
      }}
    >
      <Group wrap="nowrap" gap={6}>
        <ActionIcon
          ref={setActivatorNodeRef}
          variant="subtle"
          color="gray"
          aria-label={`Move ${label}`}
          data-testid="step-drag"
          style={{ cursor: "grab", touchAction: "none" }}
          {...attributes}
          {...listeners}
        >
          <svg width={18} height={18} viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
            {[6, 12, 18].flatMap((y) => [9, 15].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r={1.6} />))}
          </svg>
        </ActionIcon>
        {/* The level sits beside "Step N", so the title has the card's width over two lines: planner trees are
            named like "lvl 1-12 (spectral throw)", and one line beside the badge showed about ten characters. */}
        <UnstyledButton onClick={() => onSelect(index)} style={{ flex: 1, minWidth: 0 }} aria-current={active ? "step" : undefined} data-testid="step-select">
          <Group gap={6} wrap="nowrap" justify="space-between">
            <Text size="xs" c="gray.5">Step {index + 1}</Text>
            <Badge variant="light" color={complete ? "green" : "red"} title="Approximate level" data-testid="step-level">
              {complete ? `Lvl ~${level}` : "Incomplete"}
            </Badge>
          </Group>
          <Text fw={600} lineClamp={2} title={label} data-testid="step-card-title" style={{ overflowWrap: "anywhere" }}>{label}</Text>
        </UnstyledButton>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={`Delete ${label}`}
          onClick={() => onDelete(index)}
          disabled={disabled}
          data-testid="step-delete"
          style={{ opacity: hover || active ? 1 : 0.35 }}
        >
          <svg width={16} height={16} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true"><path d="M5 7h14M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" /></svg>
        </ActionIcon>
      </Group>
    </Card>
  );
}
