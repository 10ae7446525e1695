import { useEffect, useState } from "react";
import type { GemsBundle } from "../../data/gameDataTypes";

/**
 * The game-data gem bundle; null while loading or when it cannot load (gem
 * tooltips then show planner data only). The game-data client keeps the one
 * cache and retries a failed fetch on the next call.
 */
export function useGemsBundle(): GemsBundle | null {
  const [gems, setGems] = useState<GemsBundle | null>(null);
  useEffect(() => {
    let live = true;
    import("../../data/gameData")
      .then((m) => m.loadGems())
      .then(
        (g) => live && setGems(g),
        (err: unknown) => console.warn("gem metadata unavailable", err),
      );
    return () => {
      live = false;
    };
  }, []);
  return gems;
}
