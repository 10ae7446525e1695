import { useSyncExternalStore } from "react";

/** The browser's online flag as an external store: read during render, so an offline start renders offline once. */
export function subscribeOnline(onChange: () => void): () => void {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
}

export const isOnline = () => navigator.onLine;

export const useOnline = () => useSyncExternalStore(subscribeOnline, isOnline, () => true);
