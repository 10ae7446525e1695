import { useEffect, useState } from "react";
import type { ItemsBundle } from "../../data/gameDataTypes";

/**
 * The game-data items bundle (item classes for the item glyphs); null while loading or when it cannot
 * load (the glyph then follows the slot). The game-data client keeps the one cache.
 */
export function useItemsBundle(): ItemsBundle | null {
  const [items, setItems] = useState<ItemsBundle | null>(null);
  useEffect(() => {
    let live = true;
    import("../../data/gameData")
      .then((m) => m.loadItems())
      .then(
        (b) => live && setItems(b),
        (err: unknown) => console.warn("items bundle unavailable", err),
      );
    return () => {
      live = false;
    };
  }, []);
  return items;
}
