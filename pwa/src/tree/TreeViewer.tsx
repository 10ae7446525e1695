/**
 * The heavy half of PassiveTreeView (WebGL, twgl, the tree model), loaded on
 * demand: GPU check, data spinner, canvas and the side lists.
 */
import { Box, Button, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { holdFirstContent } from "../ui/idle";
import { PageLoader } from "../ui/PageLoader";
import { GpuAlert } from "./GpuAlert";
import { ascendancyTarget } from "./model";
import { prepareGpu } from "./gpu";
import { allocationSummary, sideLists, versionNotice } from "./sideLists";
import { SideListsView } from "./SideListsView";
import { allocationStates, NodeState } from "./states";
import { canvasFrameStyle, TreeCanvas } from "./TreeCanvas";
import type { PassiveTreeViewProps } from "./types";
import { useTreeModel } from "./useTreeModel";
import { useGeometryJob, useJobAnswered, workerGeometryReady } from "./useWorkerGeometry";
import { hasClusterJewel } from "./clusterJewel";
import { useClusterModel } from "./useClusterModel";
import { drawStatus } from "./drawWatch";
import { useReportDraw, useTreeRetry } from "./TreeDrawGuard";
import { TreeError } from "./TreeError";
import { overridesById } from "./tooltipText";
import { FRAME_GAP_PX, frameMaxHeight } from "./fit";
import { jewelCircles, radiusListItems } from "./jewelRadius";
import { JewelRadiusList } from "./JewelRadiusList";

/**
 * Where the screen's usable part ends: the desktop layout's fixed footer bar covers the
 * viewport's last pixels, and a canvas reaching under it would hide its bottom edge there.
 */
function visibleBottom(): number {
  const footer = document.querySelector("[data-testid=footer]")?.closest("footer");
  return footer ? Math.min(window.innerHeight, footer.getBoundingClientRect().top) : window.innerHeight;
}

/**
 * The canvas frame's height cap (fit.ts frameMaxHeight), measured where the frame sits before
 * the browser paints, and again on a resize: the canvas never reaches past the screen or under its footer.
 */
function useFrameMaxHeight(ref: React.RefObject<HTMLDivElement | null>): number | undefined {
  const [max, setMax] = useState<number | undefined>(undefined);
  useLayoutEffect(() => {
    const measure = () => {
      const el = ref.current;
      if (!el) return;
      const top = el.getBoundingClientRect().top + window.scrollY;
      const next = Math.round(frameMaxHeight(top, visibleBottom()));
      setMax((cur) => (cur === next ? cur : next));
    };
    measure();
    window.addEventListener("resize", measure);
    return () => window.removeEventListener("resize", measure);
  }, [ref]);
  return max;
}


export default function TreeViewer({ build, other, height = 640, jewelItems, pathing }: PassiveTreeViewProps) {
  const [gpuFailed, setGpuFailed] = useState(false);
  // The side lists (hundreds of Mantine elements) render after the first tree frame.
  const [drawn, setDrawn] = useState(false);
  // The radius jewel pressed in the text list (JewelRadiusList): its passives are highlighted.
  const [radiusShown, setRadiusShown] = useState<number | null>(null);
  const wide = useMediaQuery("(min-width: 62em)", true);
  const data = useTreeModel(build.treeVersion, build.nodes);
  // While the data loads, the canvas frame is already laid out (see `frame` below).
  const placeholderRef = useRef<HTMLDivElement>(null);
  // The box holding the canvas (or its placeholder): its place on the page caps the frame's height.
  const slotRef = useRef<HTMLDivElement>(null);
  const maxHeight = useFrameMaxHeight(slotRef);
  // After the data request went out: the canvas, context and programs get ready while it loads,
  // at the frame's final size (so once its height cap is measured), so the first frame never waits
  // for the canvas to be resized.
  const capped = maxHeight !== undefined;
  useEffect(() => {
    if (!capped) return;
    const rect = placeholderRef.current?.getBoundingClientRect();
    if (prepareGpu(rect ? { width: rect.width, height: rect.height } : undefined) === null) setGpuFailed(true);
  }, [capped]);
  // The boot work (sync engine, cache warming) waits for the tree's first frame, or its failure.
  const settled = drawn || gpuFailed || data.status === "error";
  useEffect(() => (settled ? undefined : holdFirstContent()), [settled]);
  // The geometry of the tree as drawn (with its cluster jewel rings), built by a worker while the tree loads (geometryWorker.ts).
  const job = useGeometryJob(build, other, hasClusterJewel(jewelItems, build, other) ? jewelItems : undefined);
  // One wait for the worker, from the tree data on: its one answer brings the rings' layout and the geometry.
  const answered = useJobAnswered(job, data.status === "ready");
  // Cluster jewel rings are added to the tree before its first frame (their data loads beside the tree's).
  const clustered = useClusterModel(data.status === "ready" ? data.model : null, jewelItems, build, other, job, answered);
  const model = clustered.ready ? clustered.model : null;
  const geometryReady = workerGeometryReady(model, job, answered);
  // Where the view is, for the guard that caps the wait (TreeDrawGuard: an error with 'Try again' past it).
  useReportDraw(drawStatus({ gpuFailed, data: data.status, drawable: !!model && geometryReady, drawn }));
  const retry = useTreeRetry();

  const derived = useMemo(() => {
    if (!model) return null;
    const { states, unknownIds, clusterIds } = allocationStates(model, build, other);
    const itemAt = (id: number) => {
      const itemId = build.jewels?.[id] ?? other?.jewels?.[id];
      const item = itemId !== undefined ? jewelItems?.[itemId] : undefined;
      return item && !("error" in item) ? item : null;
    };
    const circles = jewelCircles(model, new Set(Object.keys({ ...other?.jewels, ...build.jewels }).map(Number)), itemAt);
    for (const id of pathing ?? []) {
      const n = model.byId.get(id);
      if (n) states.add(n.index, NodeState.Pathing);
    }
    return {
      states,
      notice: versionNotice(unknownIds, clusterIds.length + (build.clusterPassives ?? 0) + (other?.clusterPassives ?? 0), build.treeVersion, model.version),
      summary: allocationSummary(model, build.nodes),
      ascendancyTarget: ascendancyTarget(model, build, other),
      // Tattoos replace the stats a tooltip shows (the drawn allocation's first).
      overrides: overridesById(build, other),
      // The radius circles of the socketed jewels that have one (both sides of a compare).
      circles,
      radiusItems: radiusListItems(circles, model.nodes, (id) => itemAt(id)?.name ?? null),
    };
  }, [model, build, other, pathing, jewelItems]);

  // The side lists are not needed for the first frame; they are built once it is drawn.
  const lists = useMemo(() => (model && drawn ? sideLists(model, build, other) : null), [model, drawn, build, other]);

  // The canvas beside its text alternative; the same layout while loading, so the frame has its final size.
  const frame = (canvas: ReactNode, text: ReactNode, testId?: string) => (
    <Box data-testid={testId}
      style={{ display: "flex", flexDirection: wide ? "row" : "column-reverse", gap: 16, alignItems: "stretch" }}
    >
      <Box ref={slotRef} style={{ flex: wide ? "1 1 60%" : "1 1 auto", minWidth: 0, scrollMarginBottom: FRAME_GAP_PX }}>{canvas}</Box>
      {text}
    </Box>
  );
  if (gpuFailed) return <GpuAlert />;
  // Also while a build's cluster jewel data loads (it is fetched beside the tree's).
  if (data.status === "loading" || (data.status === "ready" && (!model || !geometryReady)))
    return frame(
      <Box ref={placeholderRef} style={{ ...canvasFrameStyle(height, maxHeight), display: "flex", alignItems: "center", justifyContent: "center" }}>
        <PageLoader label="Loading passive tree" />
      </Box>,
      <Box style={{ flex: wide ? "0 0 40%" : "1 1 auto" }} />,
    );
  if (data.status === "error") return <TreeError reason={data.message} onRetry={retry} />;
  const { readyAt } = data;
  const m = model!;
  const d = derived!;
  const masteryChoice = (id: number) => build.masteryEffects[id] ?? other?.masteryEffects[id] ?? null;
  const overrideAt = (id: number) => d.overrides.get(id) ?? null;
  const jewelAt = (id: number) => {
    const itemId = build.jewels?.[id] ?? other?.jewels?.[id];
    const item = itemId !== undefined ? jewelItems?.[itemId] : undefined;
    return item && !("error" in item) ? item : null;
  };
  return frame(
        <TreeCanvas
          model={m}
          states={d.states}
          ascendancyTarget={d.ascendancyTarget}
          masteryChoice={masteryChoice}
          jewelAt={jewelAt}
          overrideAt={overrideAt}
          compare={other !== undefined}
          jewelCircles={d.circles}
          radiusShown={radiusShown}
          notice={d.notice}
          readyAt={readyAt}
          height={height}
          maxHeight={maxHeight}
          onGpuFailure={() => setGpuFailed(true)}
          onFirstFrame={() => setDrawn(true)}
        />,
      /* The canvas's text alternative: a focusable region with the summary and the side lists. */
      <Box role="region" aria-label="Passive tree as text" tabIndex={0} data-testid="tree-text"
        style={{ flex: wide ? "0 0 40%" : "1 1 auto", maxHeight: wide ? (maxHeight ?? height) : undefined, overflowY: "auto" }}>
        {!wide && (
          // Narrow, the lists sit above the canvas (spec) and run to thousands of pixels on an endgame build.
          <Button variant="light" size="compact-sm" mb="sm" data-testid="tree-jump"
            onClick={() => slotRef.current?.scrollIntoView({ block: "end", behavior: "smooth" })}>
            Go to the tree
          </Button>
        )}
        <Text size="sm" mb="sm" data-testid="tree-summary">{d.summary}</Text>
        <JewelRadiusList items={d.radiusItems} shown={radiusShown} onShow={setRadiusShown} />
        {lists ? <SideListsView lists={lists} treeVersion={build.treeVersion} /> : <PageLoader label="Loading tree lists" />}
      </Box>,
      "passive-tree",
  );
}
