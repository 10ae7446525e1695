import { startTransition, useEffect, useState, type ReactNode } from "react";

/**
 * Children render in a transition after this mounts: the first commit shows
 * what comes before them (the editor's step timeline after a Load) without
 * waiting for the heavier parts below; the fallback holds their place.
 */
export function Later({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const [on, setOn] = useState(false);
  useEffect(() => startTransition(() => setOn(true)), []);
  return <>{on ? children : fallback}</>;
}
