import { Stack, Text } from "@mantine/core";
import { lazy, Suspense, type ReactNode } from "react";
import type { PlannerBuild, PlannerTree } from "@workers/planner/types";
import { PageLoader } from "../../ui/PageLoader";

// The renderer (WebGL, tree bundle) loads only when this tab opens.
const PassiveTreeView = lazy(() => import("../../tree/PassiveTreeView"));

/**
 * The passive tree of the selected step, with tooltips for the jewels socketed in it. With a
 * character, `compare` (its Build, Character and Compare tabs) takes the single tree's place.
 */
export function SkillTreeTab({ tree, items, compare }: { tree?: PlannerTree; items?: PlannerBuild["items"]; compare?: ReactNode }) {
  if (!tree) return <Text c="dimmed" data-testid="skill-tree-missing">This step has no passive tree.</Text>;
  return (
    <Stack gap="xs" data-testid="skill-tree" data-tree-id={tree.id} data-nodes={tree.nodes.length}>
      <Text size="sm" c="dimmed">{tree.title || "Passive tree"}: {tree.nodes.length} allocated passives, tree version {tree.treeVersion}</Text>
      {compare ?? (
        <Suspense fallback={<PageLoader label="Loading passive tree" />}>
          <PassiveTreeView build={tree} height="70vh" jewelItems={items} />
        </Suspense>
      )}
    </Stack>
  );
}
