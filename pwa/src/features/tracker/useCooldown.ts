import { useCallback, useRef, useState } from "react";
import { REFETCH_COOLDOWN_MS } from "./timing";

/**
 * An action throttled to one run per cooldown (Refetch and Refresh: 1.2 times
 * the base interval, spec §4); `cooling` is true while it may not run again.
 */
export function useCooldown(action: () => void, ms = REFETCH_COOLDOWN_MS): [run: () => void, cooling: boolean] {
  const [cooling, setCooling] = useState(false);
  const last = useRef(0);
  const latest = useRef(action);
  latest.current = action;
  const run = useCallback(() => {
    const now = Date.now();
    if (now - last.current < ms) return;
    last.current = now;
    setCooling(true);
    setTimeout(() => setCooling(false), ms);
    latest.current();
  }, [ms]);
  return [run, cooling];
}
