/**
 * The passive tree component the build view and the tracker embed. It is tiny:
 * the renderer (WebGL, twgl, the tree model) loads on first use, so it never
 * enters the initial bundle. It ends in a drawn tree or an error with 'Try again' (TreeDrawGuard).
 */
import { lazy, Suspense, type JSX } from "react";
import { PageLoader } from "../ui/PageLoader";
import { TreeDrawGuard } from "./TreeDrawGuard";
import type { PassiveTreeViewProps } from "./types";

export type { JewelItem, PassiveTreeViewProps, TreeAllocation } from "./types";

const TreeViewer = lazy(() => import("./TreeViewer"));

export default function PassiveTreeView(props: PassiveTreeViewProps): JSX.Element {
  return (
    <TreeDrawGuard>
      <Suspense fallback={<PageLoader label="Loading passive tree" />}>
        <TreeViewer {...props} />
      </Suspense>
    </TreeDrawGuard>
  );
}
