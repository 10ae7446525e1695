import { useEffect, useState } from "react";
import type { GemsBundle, ItemsBundle } from "../../data/gameDataTypes";

type GameData = typeof import("../../data/gameData");

/**
 * One game-data bundle, loaded lazily; null while loading or when it cannot load (the caller then
 * shows what the planner data alone gives). The game-data client keeps the one cache and retries a
 * failed fetch on the next call.
 */
function useBundle<T>(load: (m: GameData) => Promise<T>, what: string): T | null {
  const [bundle, setBundle] = useState<T | null>(null);
  useEffect(() => {
    let live = true;
    import("../../data/gameData")
      .then(load)
      .then(
        (b) => live && setBundle(b),
        (err: unknown) => console.warn(`${what} unavailable`, err),
      );
    return () => {
      live = false;
    };
    // The loader is one of the module's own functions: the same for the component's whole life.
  }, []);
  return bundle;
}

/** The gem bundle: without it gem tooltips show planner data only. */
export function useGemsBundle(): GemsBundle | null {
  return useBundle((m) => m.loadGems(), "gem metadata");
}

/** The items bundle (item classes for the item glyphs): without it the glyph follows the slot. */
export function useItemsBundle(): ItemsBundle | null {
  return useBundle((m) => m.loadItems(), "items bundle");
}
