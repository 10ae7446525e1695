import { Box, Stack, Text } from "@mantine/core";
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from "react";
import type { PlannerBuild, PlannerTree } from "@workers/planner/types";
import { usePreparedTreeGpu } from "../../tree/prepare";
import { TreeDrawGuard } from "../../tree/TreeDrawGuard";
import { PageLoader } from "../../ui/PageLoader";

// The renderer (WebGL, tree bundle) loads only when this tab opens.
const PassiveTreeView = lazy(() => import("../../tree/PassiveTreeView"));

/**
 * Mount children once the box comes within 200 px of the viewport. The
 * editor's step detail puts the tree below the equipment: a Load then shows
 * its steps without fetching the tree bundle and starting WebGL at once.
 */
function WhenNear({ children, height }: { children: ReactNode; height: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || near) return;
    const seen = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: "200px 0px" });
    seen.observe(el);
    return () => seen.disconnect();
  }, [near]);
  return near ? <>{children}</> : <Box ref={ref} h={height} data-testid="skill-tree-deferred" aria-hidden="true" />;
}

/** The step's tree; drawn, or an error with 'Try again' within TREE_DRAW_CAP_MS, its lazy chunk included. */
function BuildTree({ tree, items }: { tree: PlannerTree; items?: PlannerBuild["items"] }) {
  return (
    <TreeDrawGuard>
      <Suspense fallback={<PageLoader label="Loading passive tree" />}>
        <PassiveTreeView build={tree} height="70vh" jewelItems={items} />
      </Suspense>
    </TreeDrawGuard>
  );
}

/**
 * The passive tree of the selected step, with tooltips for the jewels socketed in it; `deferred`
 * waits until it is scrolled near. With a character, `compare` (its Build, Character and Compare
 * tabs) takes the single tree's place.
 */
export function SkillTreeTab({ tree, items, deferred, compare }: {
  tree?: PlannerTree; items?: PlannerBuild["items"]; deferred?: boolean; compare?: ReactNode;
}) {
  // The GPU side gets ready while the renderer's chunk and the tree data load.
  usePreparedTreeGpu(!!tree && !deferred);
  if (!tree) return <Text c="dimmed" data-testid="skill-tree-missing">This step has no passive tree.</Text>;
  return (
    <Stack gap="xs" data-testid="skill-tree" data-tree-id={tree.id} data-nodes={tree.nodes.length}>
      {/* No count here: the tree's own summary (tree/sideLists.ts allocationSummary) is the one count of allocated
          passives (class and ascendancy starts and ids the tree lacks left out); a second, raw count disagreed with it. */}
      <Text size="sm" c="dimmed">{tree.title || "Passive tree"}: {tree.treeVersion ? `tree version ${tree.treeVersion.replace("_", ".")}` : "no tree version"}</Text>
      {compare ?? (deferred ? (
        <WhenNear height="70vh">
          <BuildTree tree={tree} items={items} />
        </WhenNear>
      ) : (
        <BuildTree tree={tree} items={items} />
      ))}
    </Stack>
  );
}
