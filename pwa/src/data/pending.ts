/** How many outbox entries wait for the server; the sidebar shows it without loading Dexie itself. */
let count = 0;
const listeners = new Set<() => void>();

export const getPendingCount = () => count;

export function setPendingCount(n: number) {
  if (n === count) return;
  count = n;
  for (const l of listeners) l();
}

export function subscribePending(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
