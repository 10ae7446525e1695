/** The controls drawn over the tree canvas: ascendancy toggle, search, fullscreen, reset, legend, notice. */
import { ActionIcon, Button, Group, Text, TextInput } from "@mantine/core";
import type { ReactNode } from "react";
import { IconFullscreenEnter, IconFullscreenExit, IconReset } from "../ui/icons";
import { cssColour, COLOURS } from "./style";

/**
 * The top row over the canvas: the ascendancy toggle on the left, search and buttons on the right; on a
 * narrow canvas the right group wraps under the toggle instead of covering it. Only the controls take the
 * pointer: a drag between them still pans the tree.
 */
export function CanvasToolbar({ children }: { children: ReactNode }) {
  return (
    <Group gap={6} wrap="wrap" align="flex-start" style={{ position: "absolute", top: 8, left: 8, right: 8, zIndex: 2, pointerEvents: "none" }}
      data-testid="tree-toolbar">
      {children}
    </Group>
  );
}

export function AscendancyToggle({ inAscendancy, onToggle }: { inAscendancy: boolean; onToggle: () => void }) {
  return (
    <Button size="xs" variant="default" style={{ pointerEvents: "auto" }}
      onClick={onToggle} data-testid="tree-ascendancy-toggle">
      {inAscendancy ? "Go Back To Tree" : "Go To Ascendancy"}
    </Button>
  );
}

export function CanvasButtons(props: {
  query: string;
  matches: number;
  onQuery: (q: string) => void;
  expanded: boolean;
  onFullscreen: () => void;
  onReset: () => void;
}) {
  const { query, matches, onQuery, expanded, onFullscreen, onReset } = props;
  return (
    <Group gap={6} wrap="nowrap" ml="auto" style={{ pointerEvents: "auto" }}>
      <TextInput
        size="xs"
        w={180}
        placeholder="Search passives"
        aria-label="Search passives"
        value={query}
        onChange={(e) => onQuery(e.currentTarget.value)}
        rightSection={query.trim() ? <Text size="xs" c="dimmed" data-testid="tree-search-count">{matches}</Text> : null}
        data-testid="tree-search"
      />
      <ActionIcon variant="default" aria-label={expanded ? "Exit fullscreen" : "Fullscreen"} onClick={onFullscreen}
        data-testid="tree-fullscreen">
        {expanded ? <IconFullscreenExit /> : <IconFullscreenEnter />}
      </ActionIcon>
      <ActionIcon variant="default" aria-label="Reset view" onClick={onReset} data-testid="tree-reset">
        <IconReset />
      </ActionIcon>
    </Group>
  );
}

/** Compare legend: green 'missing on character', red 'not in build'. */
export function CompareLegend() {
  const swatch = (c: readonly number[]) => (
    <span style={{ width: 12, height: 12, borderRadius: 6, background: cssColour(c) }} />
  );
  return (
    <Group gap="md" style={{ position: "absolute", bottom: 8, left: 8, zIndex: 2 }} data-testid="tree-legend">
      <Group gap={6}>
        {swatch(COLOURS.missing)}
        <Text size="xs">missing on character</Text>
      </Group>
      <Group gap={6}>
        {swatch(COLOURS.notInBuild)}
        <Text size="xs">not in build</Text>
      </Group>
    </Group>
  );
}

/** `aboveLegend`: the compare legend holds the bottom line (on a narrow canvas they would overlap). */
export function VersionNotice({ text, aboveLegend = false }: { text: string; aboveLegend?: boolean }) {
  return (
    <Text size="xs" c="dimmed" style={{ position: "absolute", bottom: aboveLegend ? 32 : 8, right: 8, zIndex: 2 }} data-testid="tree-version-notice">
      {text}
    </Text>
  );
}
