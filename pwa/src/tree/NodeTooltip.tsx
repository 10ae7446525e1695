import { Badge, Paper, Stack, Text } from "@mantine/core";
import type { TreeNode } from "./model";

/** Canvas tooltip: name, stats, flavour, reminder and the 'Desired' marker. */
export function NodeTooltip({
  node,
  x,
  y,
  desired,
  chosenEffect,
}: {
  node: TreeNode;
  x: number;
  y: number;
  desired: boolean;
  chosenEffect: number | null;
}) {
  const effect = node.masteryEffects.find((e) => e.effect === chosenEffect);
  const stats = effect ? effect.stats : node.stats;
  return (
    <Paper
      data-testid="tree-tooltip"
      shadow="md"
      p="xs"
      withBorder
      style={{ position: "absolute", left: x + 16, top: y + 16, maxWidth: 340, pointerEvents: "none", zIndex: 3 }}
    >
      <Stack gap={4}>
        <Text fw={700} size="sm" data-testid="tree-tooltip-name">{node.name}</Text>
        {desired && <Badge size="xs" color="cyan" w="fit-content">Desired</Badge>}
        {stats.map((s, i) => (
          <Text key={i} size="xs" style={{ whiteSpace: "pre-line" }}>{s}</Text>
        ))}
        {!effect && node.kind === "mastery" && node.masteryEffects.length > 0 && (
          <Text size="xs" c="dimmed">{node.masteryEffects.length} effects</Text>
        )}
        {node.flavourText.length > 0 && (
          <Text size="xs" fs="italic" c="orange.3" style={{ whiteSpace: "pre-line" }}>{node.flavourText.join("\n")}</Text>
        )}
        {node.reminderText.map((s, i) => (
          <Text key={i} size="xs" c="dimmed">{s}</Text>
        ))}
      </Stack>
    </Paper>
  );
}
