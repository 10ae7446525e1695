import { Badge, Stack, Text, Title } from "@mantine/core";
import type { PlannerTree } from "@workers/planner/types";

/**
 * The passive tree of the selected step. The renderer (pwa/src/tree) has no
 * PassiveTreeView yet; until it does, this says so plainly and lists what the
 * step's tree holds.
 */
export function SkillTreeTab({ tree }: { tree?: PlannerTree }) {
  return (
    <Stack gap="xs" data-testid="skill-tree-placeholder">
      <Title order={4}>{tree?.title || "Passive tree"}</Title>
      <Badge variant="outline" color="gray" w="fit-content">Tree view not available yet</Badge>
      {tree && <Text c="dimmed" size="sm">{tree.nodes.length} allocated passives, tree version {tree.treeVersion}</Text>}
    </Stack>
  );
}
