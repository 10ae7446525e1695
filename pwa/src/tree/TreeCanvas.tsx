import { Box } from "@mantine/core";
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { TreeController } from "./controller";
import { AscendancyToggle, CanvasButtons, CanvasToolbar, CompareLegend, VersionNotice } from "./CanvasOverlay";
import type { Bounds, TreeModel, TreeNode } from "./model";
import { NodeTooltip } from "./NodeTooltip";
import { takeGpu } from "./gpu";
import { TreeRenderer } from "./renderer";
import { NodeState, type StateBuffer } from "./states";
import { cssColour, COLOURS } from "./style";
import { exposeDebugApi } from "./debugApi";
import { ArtLayer } from "./art/artLayer";
import { exposeArtDebug } from "./art/artDebug";
import { DecoLayer } from "./art/decoLayer";
import type { DecoArt } from "./art/decoQuads";
import { BackdropLayer } from "./art/backdropLayer";
import { loadBackdrops, loadTreeArt, treeArtEnabled } from "./art/loadArt";
import { searchNodes } from "./search";
import { afterNextPaint } from "../ui/afterNextPaint";
import type { TooltipOverride } from "./tooltipText";
import type { JewelItem } from "./types";
import { pixelScale } from "./camera";
import { ringSprites, type JewelCircle } from "./jewelRadius";
import { loadRingArt, type RingArt } from "./art/ringArt";

export const FULLSCREEN_ERROR = "Error attempting to enable full-screen mode";

export interface TreeCanvasProps {
  model: TreeModel;
  states: StateBuffer;
  /** Bounds of the allocated ascendancy; null hides the Ascendancy toggle. */
  ascendancyTarget: Bounds | null;
  masteryChoice: (nodeId: number) => number | null;
  /** The jewel socketed at a node, for its item tooltip. */
  jewelAt?: (nodeId: number) => JewelItem | null;
  /** The tattoo on a node, shown in its tooltip instead of the node's own stats. */
  overrideAt?: (nodeId: number) => TooltipOverride | null;
  compare: boolean;
  /** Radius circles of the socketed jewels that have one (jewelRadius.ts), drawn over the tree. */
  jewelCircles?: JewelCircle[];
  /** The socket pressed in the text list of radius jewels (JewelRadiusList): its passives are highlighted too. */
  radiusShown?: number | null;
  notice: string | null;
  /** performance.now() when the tree data became ready (for the first-frame figure). */
  readyAt: number;
  height: number | string;
  /** Cap on the frame's height so it fits the screen (fit.ts frameMaxHeight). */
  maxHeight?: number;
  onGpuFailure: () => void;
  /** Called once the first frame is on screen (the side lists render after it). */
  onFirstFrame?: () => void;
}

/** The canvas frame's box; TreeViewer lays out the same box while the data loads. */
export function canvasFrameStyle(height: number | string, maxHeight?: number) {
  return { position: "relative", height, minHeight: 320, maxHeight, background: cssColour(COLOURS.background), borderRadius: 6, overflow: "hidden" } as const;
}

interface Hover {
  node: TreeNode;
  x: number;
  y: number;
}

/** The interactive canvas: one renderer, one controller, frames only when something changed. */
export function TreeCanvas(props: TreeCanvasProps) {
  const { model, states, ascendancyTarget, compare, notice, height, onGpuFailure } = props;
  const wrapRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const ctlRef = useRef<TreeController | null>(null);
  const scheduleRef = useRef<() => void>(() => {});
  const [hover, setHover] = useState<Hover | null>(null);
  const [inAscendancy, setInAscendancy] = useState(false);
  const [fullscreen, setFullscreen] = useState(false);
  const [stretched, setStretched] = useState(false);
  const [query, setQuery] = useState("");
  const [matches, setMatches] = useState(0);
  // Bumped when a Desired mark changes so the open tooltip shows it.
  const [, setMarks] = useState(0);
  const readyAt = useRef(props.readyAt);
  // The game's ring art for the circles (art/ringArt.ts), once loaded; the plain rings until then or without it.
  const [ringArt, setRingArt] = useState<RingArt | null>(null);
  // The jewel radius circles: an SVG over the canvas, moved with the camera in each frame (no React render).
  const svgRef = useRef<SVGSVGElement>(null);
  const circles = useRef<JewelCircle[]>(props.jewelCircles ?? []);
  circles.current = props.jewelCircles ?? [];
  const searchFound = useRef<number[]>([]);
  const radiusHover = useRef<number | null>(null);
  const radiusShown = useRef<number | null>(props.radiusShown ?? null);
  /**
   * The passives inside the hovered socket's circle (else the one pressed in the text list) highlighted,
   * beside the search's matches, and that circle marked (data-hovered).
   */
  const showRadius = () => {
    const active = radiusHover.current ?? radiusShown.current;
    const inside = circles.current.filter((c) => c.socketId === active).flatMap((c) => c.inside);
    ctlRef.current?.setHighlighted([...searchFound.current, ...inside]);
    for (const el of svgRef.current?.querySelectorAll("g[data-socket]") ?? []) {
      el.toggleAttribute("data-hovered", Number(el.getAttribute("data-socket")) === active);
    }
    scheduleRef.current();
  };
  const masteryChoice = useRef(props.masteryChoice);
  masteryChoice.current = props.masteryChoice;
  const onFirstFrame = useRef(props.onFirstFrame);
  onFirstFrame.current = props.onFirstFrame;

  // Renderer and controller live as long as the model; states swap in without a geometry upload.
  // A layout effect: the first frame is drawn in the commit that mounts the canvas, not a
  // browser frame later, and the canvas is presented with the page's first paint of it.
  useLayoutEffect(() => {
    const wrap = wrapRef.current!;
    performance.mark("tree:effect");
    // The canvas, context and programs were made ready while the data loaded (gpu.ts).
    const gpu = takeGpu();
    performance.mark("tree:context");
    if (!gpu) {
      onGpuFailure();
      return;
    }
    const { canvas, gl } = gpu;
    canvas.setAttribute("data-testid", "tree-canvas");
    canvas.setAttribute("role", "img");
    canvas.setAttribute("aria-label", "Passive skill tree");
    canvas.setAttribute("data-tree-version", model.version);
    Object.assign(canvas.style, { width: "100%", height: "100%", display: "block", touchAction: "none", cursor: "grab" });
    wrap.appendChild(canvas);
    canvasRef.current = canvas;
    let renderer: TreeRenderer;
    try {
      renderer = new TreeRenderer(gl, model, gpu.programs);
    } catch (err) {
      console.error("tree renderer not created", err);
      onGpuFailure();
      return;
    }
    const ctl = new TreeController(model, states);
    ctlRef.current = ctl;
    let raf = 0;
    let firstFrameMs: number | null = null;
    let restWarmed = false;
    // The art layer (art/): loaded after the first frame, drawn over the shapes from a legible zoom.
    let art: ArtLayer | null = null;
    // Group backgrounds and line art (art/decoLayer.ts): drawn inside the renderer's frame, with the icons' legibility.
    let deco: DecoLayer | null = null;
    // The tree's backdrops (art/backdropLayer.ts): asked for once the rest of the art is in, drawn with it.
    let backdrop: BackdropLayer | null = null;
    let artDisposed = false;
    const artTimes = {
      firstFrameAt: 0, readyAt: null as number | null, drawnAt: null as number | null, inFirstFrame: false, backdropReadyAt: null as number | null,
    };

    const syncUi = () => {
      const h = ctl.hovered;
      if (h) {
        const [x, y] = ctl.project(h.x, h.y);
        setHover((cur) => (cur && cur.node === h && Math.abs(cur.x - x) < 0.5 && Math.abs(cur.y - y) < 0.5 ? cur : { node: h, x, y }));
      } else setHover(null);
      setInAscendancy(ctl.inAscendancy);
      // Hovering a socket whose jewel has a radius highlights the passives inside, beside the search's matches.
      const socket = h && circles.current.some((c) => c.socketId === h.id) ? h.id : null;
      if (socket !== radiusHover.current) {
        radiusHover.current = socket;
        showRadius();
      }
    };
    const placeCircles = () => {
      const svg = svgRef.current;
      if (!svg) return;
      const s = pixelScale(ctl.camera, ctl.bounds, ctl.viewport);
      svg.querySelectorAll("g[data-socket]").forEach((g, i) => {
        const c = circles.current[i];
        if (!c) return;
        const [x, y] = ctl.project(c.x, c.y);
        g.setAttribute("transform", `translate(${x} ${y})`);
        const [outer, inner] = g.querySelectorAll("circle");
        outer?.setAttribute("r", String(c.radius.outer * s));
        inner?.setAttribute("r", String(c.radius.inner * s));
        // Ring art: each sprite's image centred on the circle, half its side `data-half` world units.
        g.querySelectorAll("svg[data-half]").forEach((img) => {
          const h = Number(img.getAttribute("data-half")) * s;
          for (const [k, v] of [["x", -h], ["y", -h], ["width", 2 * h], ["height", 2 * h]] as const) img.setAttribute(k, String(v));
        });
      });
    };
    const drawNow = () => {
      const rect = wrap.getBoundingClientRect();
      if (firstFrameMs === null) performance.mark("tree:layout");
      ctl.setViewport(rect.width, rect.height);
      ctl.tick();
      const legible = !!art && !renderer.lost && art.legible(ctl.camera, ctl.viewport);
      const d = legible ? deco : null, bd = legible ? backdrop : null;
      renderer.draw(ctl.camera, ctl.viewport, window.devicePixelRatio || 1, ctl.states, d || bd ? {
        beforeGroups: () => bd?.draw("tile", ctl.camera, ctl.viewport, ctl.states),
        afterGroups: () => {
          bd?.draw("ascendancies", ctl.camera, ctl.viewport, ctl.states);
          d?.draw("backgrounds", ctl.camera, ctl.viewport, ctl.states);
        },
        afterEdges: () => d?.draw("lines", ctl.camera, ctl.viewport, ctl.states),
      } : undefined);
      // The start nodes' art is their drawing (PoB): over their plain discs, under the icons and frames.
      if (bd && !renderer.lost) {
        bd.draw("classStarts", ctl.camera, ctl.viewport, ctl.states);
        bd.draw("ascendancyStarts", ctl.camera, ctl.viewport, ctl.states);
      }
      if (art && !renderer.lost && art.draw(ctl.camera, ctl.viewport, ctl.states) && artTimes.drawnAt === null) {
        artTimes.drawnAt = performance.now();
        performance.mark("tree:art-drawn");
      }
      placeCircles();
      ctl.dirty = false;
    };
    const frame = () => {
      raf = 0;
      if (renderer.lost) return;
      drawNow();
      if (firstFrameMs === null) {
        performance.mark("tree:drawn");
        renderer.readPixel(0, 0);
        performance.mark("tree:finished"); // waits for the GPU, so the figure covers the whole first frame
        firstFrameMs = performance.now() - readyAt.current;
        artTimes.firstFrameAt = performance.now();
        artTimes.inFirstFrame = art !== null;
        // After the paint that shows the frame: the side lists, whose render must not hold it back,
        // and the programs it did not use (gpu.ts warmRest; the tree is redrawn over their warm-up).
        afterNextPaint(() => {
          if (artDisposed) return;
          onFirstFrame.current?.();
          gpu.warmRest(() => ctl.viewport, () => {
            if (artDisposed || renderer.lost) return;
            restWarmed = true;
            ctl.dirty = true;
            drawNow();
          });
        });
        // Only now is the art asked for: it never delays the first frame.
        if (treeArtEnabled()) setTimeout(() => {
          loadTreeArt(model.version).then(
            (loaded) => {
              if (!loaded || artDisposed || renderer.lost) return;
              try {
                art = new ArtLayer(gl, model, loaded.bundle, loaded.images);
              } catch (err) {
                console.error("tree art not drawn; the shapes stay", err);
                return;
              }
              try {
                if (loaded.deco) deco = new DecoLayer(gl, model, loaded.bundle as DecoArt, loaded.deco);
              } catch (err) {
                console.error("tree backgrounds and line art not drawn; the plain discs and lines stay", err);
              }
              artTimes.readyAt = performance.now();
              performance.mark("tree:art-ready");
              ctl.dirty = true;
              schedule();
              loadBackdrops(loaded, model).then(
                (b) => {
                  if (!b || artDisposed || renderer.lost) return;
                  try {
                    backdrop = new BackdropLayer(gl, model, b.art, b.images);
                  } catch (err) {
                    console.error("tree backdrops not drawn; the plain background stays", err);
                    return;
                  }
                  artTimes.backdropReadyAt = performance.now();
                  ctl.dirty = true;
                  schedule();
                },
                (err: unknown) => console.warn("tree backdrops not loaded; the plain background stays", err),
              );
            },
            (err: unknown) => console.warn("tree art not loaded; the shapes stay", err),
          );
        }, 0);
      }
      syncUi();
      if (ctl.busy) schedule();
    };
    const schedule = () => {
      if (!raf) raf = requestAnimationFrame(frame);
    };
    scheduleRef.current = schedule;
    // The first frame is drawn right away rather than on the next animation frame.
    frame();

    const resize = new ResizeObserver(() => {
      ctl.dirty = true;
      schedule();
    });
    resize.observe(wrap);

    const local = (e: { clientX: number; clientY: number }): [number, number] => {
      const r = canvas.getBoundingClientRect();
      return [e.clientX - r.left, e.clientY - r.top];
    };
    const onDown = (e: PointerEvent) => {
      if (e.button !== 0) return; // right-click is the Desired mark, not a drag or a click
      canvas.setPointerCapture?.(e.pointerId);
      ctl.pointerDown(e.pointerId, ...local(e));
    };
    const onMove = (e: PointerEvent) => {
      ctl.pointerMove(e.pointerId, ...local(e));
      if (ctl.dirty) schedule();
    };
    const onUp = (e: PointerEvent) => {
      ctl.pointerUp(e.pointerId, ...local(e));
      if (ctl.dirty) schedule();
    };
    const onCancel = (e: PointerEvent) => ctl.pointerCancel(e.pointerId);
    const onContextMenu = (e: MouseEvent) => {
      e.preventDefault();
      if (ctl.toggleDesired(...local(e))) {
        setMarks((m) => m + 1);
        schedule();
      }
    };
    const onLeave = () => {
      ctl.pointerLeave();
      schedule();
    };
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const scale = e.deltaMode === 1 ? 33 : e.deltaMode === 2 ? 100 : 1;
      ctl.wheel(e.deltaY * scale, ...local(e));
      schedule();
    };
    const onLost = (e: Event) => {
      e.preventDefault();
      renderer.lost = true;
      deco = null;
      backdrop = null;
      art = null; // its textures went with the context: the shapes alone after a restore
      console.error("WebGL context lost; the tree renderer waits for a restore");
    };
    const onRestored = () => {
      try {
        renderer.init();
        ctl.dirty = true;
        schedule();
      } catch (err) {
        console.error("tree renderer not created after context restore", err);
        onGpuFailure();
      }
    };
    // One signal removes every listener on unmount.
    const listeners = new AbortController();
    const on = { signal: listeners.signal };
    canvas.addEventListener("pointerdown", onDown, on);
    canvas.addEventListener("pointermove", onMove, on);
    canvas.addEventListener("pointerup", onUp, on);
    canvas.addEventListener("pointercancel", onCancel, on);
    canvas.addEventListener("contextmenu", onContextMenu, on);
    canvas.addEventListener("pointerleave", onLeave, on);
    canvas.addEventListener("wheel", onWheel, { ...on, passive: false });
    canvas.addEventListener("webglcontextlost", onLost, on);
    canvas.addEventListener("webglcontextrestored", onRestored, on);
    const undebug = exposeDebugApi(canvas, {
      ctl,
      renderer,
      drawNow,
      firstFrameMs: () => firstFrameMs,
      restWarmed: () => restWarmed,
    });
    exposeArtDebug(canvas, () => ({
      loaded: art !== null,
      frames: art?.frames ?? 0,
      inFirstFrame: artTimes.inFirstFrame,
      readyMs: artTimes.readyAt === null ? null : artTimes.readyAt - artTimes.firstFrameAt,
      drawnMs: artTimes.drawnAt === null ? null : artTimes.drawnAt - artTimes.firstFrameAt,
      legible: art?.legible(ctl.camera, ctl.viewport) ?? false,
      decoFrames: deco?.frames ?? 0,
      decoQuads: deco?.counts ?? null,
      backdropFrames: backdrop?.frames ?? 0,
      backdropQuads: backdrop?.counts ?? null,
      backdropReadyMs: artTimes.backdropReadyAt === null ? null : artTimes.backdropReadyAt - artTimes.firstFrameAt,
      textureLimit: backdrop?.textureLimit ?? null,
      backdropTextures: backdrop?.textureCount ?? null,
    }));

    return () => {
      if (raf) cancelAnimationFrame(raf);
      resize.disconnect();
      listeners.abort();
      undebug();
      artDisposed = true;
      if (art && !renderer.lost) art.dispose();
      if (deco && !renderer.lost) deco.dispose();
      if (backdrop && !renderer.lost) backdrop.dispose();
      renderer.dispose();
      canvas.remove();
      canvasRef.current = null;
      ctlRef.current = null;
      scheduleRef.current = () => {};
    };
    // A new model means a new renderer; new states go through the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [model]);

  useEffect(() => {
    if (canvasRef.current) canvasRef.current.style.cursor = hover ? "pointer" : "grab";
  }, [hover]);

  // New circles (or their art) are placed in the next frame.
  useEffect(() => {
    if (ctlRef.current) ctlRef.current.dirty = true;
    scheduleRef.current();
  }, [props.jewelCircles, ringArt]);

  // The ring art is asked for only when the build has circles to draw.
  const hasCircles = (props.jewelCircles?.length ?? 0) > 0;
  useEffect(() => {
    if (!hasCircles) return;
    let live = true;
    loadRingArt(model.version).then(
      (art) => live && setRingArt(art),
      (err: unknown) => console.warn("jewel radius art not loaded; the plain rings stay", err),
    );
    return () => {
      live = false;
    };
  }, [model.version, hasCircles]);

  useEffect(() => {
    ctlRef.current?.setStates(states);
    scheduleRef.current();
  }, [states]);

  useEffect(() => {
    const found = searchNodes(model, query, (i) => states.visible(i));
    searchFound.current = found;
    showRadius();
    setMatches(found.length);
  }, [model, states, query]);

  useEffect(() => {
    radiusShown.current = props.radiusShown ?? null;
    showRadius();
  }, [props.radiusShown]);

  useEffect(() => {
    const onChange = () => {
      setFullscreen(document.fullscreenElement !== null && document.fullscreenElement === wrapRef.current?.parentElement);
      ctlRef.current && (ctlRef.current.dirty = true);
      scheduleRef.current();
    };
    document.addEventListener("fullscreenchange", onChange);
    return () => document.removeEventListener("fullscreenchange", onChange);
  }, []);

  const act = useCallback((fn: (ctl: TreeController) => void) => {
    const ctl = ctlRef.current;
    if (!ctl) return;
    fn(ctl);
    setInAscendancy(ctl.inAscendancy);
    scheduleRef.current();
  }, []);

  const toggleFullscreen = useCallback(() => {
    if (document.fullscreenElement || stretched) {
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
      setStretched(false);
      return;
    }
    const el = wrapRef.current!.parentElement!;
    const fail = (err?: unknown) => {
      // The spec's fallback: stretch the canvas over the whole window.
      console.error(FULLSCREEN_ERROR, err instanceof Error ? err.message : (err ?? ""));
      setStretched(true);
    };
    try {
      const p = el.requestFullscreen?.();
      if (!p) fail("requestFullscreen is not supported");
      else p.catch(fail);
    } catch (err) {
      fail(err);
    }
  }, [stretched]);

  const desired = hover ? states.has(hover.node.index, NodeState.Desired) : false;
  return (
    <Box
      data-testid="tree-canvas-frame"
      data-stretched={stretched || undefined}
      style={
        stretched
          ? { position: "fixed", inset: 0, zIndex: 400, background: cssColour(COLOURS.background) }
          : canvasFrameStyle(height, props.maxHeight)
      }
    >
      {/* The canvas is adopted from gpu.ts, where it was prepared before the data arrived. */}
      <div ref={wrapRef} style={{ position: "absolute", inset: 0 }} />
      {/* Jewel radius circles: the game's ring art where the art has it, else a plain ring; placed in each frame. */}
      {hasCircles && (
        <svg ref={svgRef} data-testid="tree-jewel-radii" aria-hidden="true"
          style={{ position: "absolute", inset: 0, width: "100%", height: "100%", pointerEvents: "none", overflow: "hidden" }}>
          {props.jewelCircles!.map((c) => {
            const name = props.jewelAt?.(c.socketId)?.name ?? "";
            const sprites = ringArt && ringSprites(name, c.radius, new Set(Object.keys(ringArt.rects)));
            if (ringArt && sprites) return (
              <g key={c.socketId} data-socket={c.socketId} data-size={c.radius.size} data-art={sprites.map((r) => r.sprite).join(" ")} className="tree-jewel-radius">
                {sprites.map((r) => {
                  const [x, y, w, h] = ringArt.rects[r.sprite];
                  return (
                    <svg key={r.sprite} data-half={r.half} viewBox={`${x} ${y} ${w} ${h}`} preserveAspectRatio="none" overflow="hidden">
                      <image href={ringArt.url} width={ringArt.size[0]} height={ringArt.size[1]} />
                    </svg>
                  );
                })}
              </g>
            );
            return (
              <g key={c.socketId} data-socket={c.socketId} data-size={c.radius.size} className="tree-jewel-radius">
                <circle fill="rgba(224, 190, 120, 0.06)" stroke="rgb(224, 190, 120)" strokeWidth={2} />
                {c.radius.inner > 0 && <circle fill="none" stroke="rgb(224, 190, 120)" strokeWidth={2} />}
              </g>
            );
          })}
        </svg>
      )}
      <CanvasToolbar>
        {ascendancyTarget && (
          <AscendancyToggle inAscendancy={inAscendancy} onToggle={() => act((c) => c.toggleAscendancy(ascendancyTarget))} />
        )}
        <CanvasButtons query={query} matches={matches} onQuery={setQuery} expanded={fullscreen || stretched}
          onFullscreen={toggleFullscreen} onReset={() => act((c) => c.reset())} />
      </CanvasToolbar>
      {compare && <CompareLegend />}
      {notice && <VersionNotice text={notice} aboveLegend={compare} />}
      {hover && (
        <NodeTooltip node={hover.node} x={hover.x} y={hover.y} desired={desired} frame={ctlRef.current?.viewport ?? { width: 1e9, height: 1e9 }}
          chosenEffect={hover.node.kind === "mastery" ? masteryChoice.current(hover.node.id) : null}
          jewel={hover.node.kind === "jewel" ? (props.jewelAt?.(hover.node.id) ?? null) : null}
          override={props.overrideAt?.(hover.node.id) ?? null} />
      )}
    </Box>
  );
}
