/**
 * The passive tree component the build view and the tracker embed. It is tiny:
 * the renderer (WebGL, twgl, the tree model) loads on first use, so it never
 * enters the initial bundle.
 */
import { lazy, Suspense, type JSX } from "react";
import { PageLoader } from "../ui/PageLoader";
import type { PassiveTreeViewProps } from "./types";

export type { JewelItem, PassiveTreeViewProps, TreeAllocation } from "./types";

const TreeViewer = lazy(() => import("./TreeViewer"));

export default function PassiveTreeView(props: PassiveTreeViewProps): JSX.Element {
  return (
    <Suspense fallback={<PageLoader label="Loading passive tree" />}>
      <TreeViewer {...props} />
    </Suspense>
  );
}
