import { useEffect, useState } from "react";
import type { GemsBundle, ItemsBundle, TreeBundle } from "../../data/gameDataTypes";
import { NO_LEVEL_DATA, type LevelData } from "./approximateLevel";
import { levelData } from "./levelData";

/** Tree, gem and item bundles for the level estimate; estimates use what has loaded so far (offline: what is cached). */
export function useLevelData(treeVersion: string | undefined): LevelData {
  const [data, setData] = useState<LevelData>(NO_LEVEL_DATA);
  useEffect(() => {
    let live = true;
    (async () => {
      const { loadGems, loadItems, loadTreeBundle } = await import("../../data/gameData");
      const [tree, gems, items] = await Promise.all([
        loadTreeBundle(treeVersion).catch(() => null as TreeBundle | null),
        loadGems().catch(() => null as GemsBundle | null),
        loadItems().catch(() => null as ItemsBundle | null),
      ]);
      if (live) setData(levelData(tree, gems, items));
    })();
    return () => {
      live = false;
    };
  }, [treeVersion]);
  return data;
}
