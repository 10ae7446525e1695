import { useEffect, useState } from "react";
import type { GemsBundle, TreeBundle } from "../../data/gameDataTypes";
import { NO_LEVEL_DATA, type LevelData } from "./approximateLevel";
import { levelData } from "./levelData";

/** Tree and gem bundles for the level estimate; estimates use what has loaded so far (offline: what is cached). */
export function useLevelData(treeVersion: string | undefined): LevelData {
  const [data, setData] = useState<LevelData>(NO_LEVEL_DATA);
  useEffect(() => {
    let live = true;
    (async () => {
      const { loadGems, loadTreeBundle } = await import("../../data/gameData");
      const [tree, gems] = await Promise.all([
        loadTreeBundle(treeVersion).catch(() => null as TreeBundle | null),
        loadGems().catch(() => null as GemsBundle | null),
      ]);
      if (live) setData(levelData(tree, gems));
    })();
    return () => {
      live = false;
    };
  }, [treeVersion]);
  return data;
}
