/**
 * Around every tree view: a tree not drawn within TREE_DRAW_CAP_MS, or one whose code threw while
 * it was built or drawn, gives way to TreeError with what it was waiting for and 'Try again',
 * which mounts the view afresh. Small and loaded with the pages: it also watches the lazy chunks.
 * Nested guards (a page's around PassiveTreeView's own) leave the watching to the outermost.
 */
import { Component, createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { PageLoader } from "../ui/PageLoader";
import { errorReason, sameStatus, timeoutReason, TREE_DRAW_CAP_MS, WAITING_FOR_CODE, WAITING_FOR_DATA, type DrawStatus } from "./drawWatch";
import { TreeError } from "./TreeError";

interface DrawWatch {
  report: (status: DrawStatus) => void;
  retry: () => void;
}

const DrawContext = createContext<DrawWatch | null>(null);

/** The view reports where it is (TreeViewer); the guard times the waiting. */
export function useReportDraw(status: DrawStatus): void {
  const watch = useContext(DrawContext);
  const latest = useRef(status);
  latest.current = status;
  // Reported when it changes, not on every render (a new object each time).
  const key = status.kind === "waiting" ? status.stage : "settled";
  useEffect(() => watch?.report(latest.current), [watch, key]);
}

/** 'Try again' for a view that shows its own error (a tree that could not be loaded). */
export function useTreeRetry(): (() => void) | undefined {
  return useContext(DrawContext)?.retry;
}

class ErrorBoundary extends Component<{ onError: (err: unknown) => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(err: unknown) {
    console.error("passive tree view failed", err);
    this.props.onError(err);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** A wait before the tree view mounts (the page loads the tree it compares on first): reported to the guard. */
export function TreeWaiting({ label = "Loading passive tree" }: { label?: string }) {
  useReportDraw(WAITING_FOR_DATA);
  return <PageLoader label={label} />;
}

function Guard({ children, capMs, onRetry }: { children: ReactNode; capMs: number; onRetry?: () => void }) {
  const [attempt, setAttempt] = useState(0);
  const [status, setStatus] = useState<DrawStatus>(WAITING_FOR_CODE);
  const [failure, setFailure] = useState<string | null>(null);
  const statusRef = useRef(status);
  statusRef.current = status;
  const waiting = status.kind === "waiting";
  useEffect(() => {
    if (!waiting || failure !== null) return;
    const cap = setTimeout(() => setFailure(timeoutReason(statusRef.current, capMs)), capMs);
    return () => clearTimeout(cap);
  }, [waiting, failure, attempt, capMs]);
  const onRetryRef = useRef(onRetry);
  onRetryRef.current = onRetry;
  const retry = useCallback(() => {
    setStatus(WAITING_FOR_CODE);
    setFailure(null);
    setAttempt((n) => n + 1);
    onRetryRef.current?.();
  }, []);
  const watch = useMemo<DrawWatch>(() => ({ report: (s) => setStatus((cur) => (sameStatus(cur, s) ? cur : s)), retry }), [retry]);
  if (failure !== null) return <TreeError reason={failure} onRetry={retry} />;
  return (
    <DrawContext.Provider value={watch}>
      <ErrorBoundary key={attempt} onError={(err) => setFailure(errorReason(err))}>{children}</ErrorBoundary>
    </DrawContext.Provider>
  );
}

/**
 * `capMs`: TREE_DRAW_CAP_MS; tests pass a shorter one. `onRetry`: also called on 'Try again', for
 * what the page loads outside the view (useStepCompare's tree).
 */
export function TreeDrawGuard({ children, capMs = TREE_DRAW_CAP_MS, onRetry }: { children: ReactNode; capMs?: number; onRetry?: () => void }) {
  if (useContext(DrawContext)) return <>{children}</>;
  return <Guard capMs={capMs} onRetry={onRetry}>{children}</Guard>;
}
