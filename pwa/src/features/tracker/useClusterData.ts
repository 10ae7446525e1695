/** The cluster jewel data, loaded once something to compare or draw holds a cluster jewel. */
import { useEffect, useState } from "react";
import { loadClusters } from "../../data/gameData";
import type { ClustersBundle } from "../../data/gameDataTypes";

/** Null until loaded, when not wanted, or when it cannot load (then ring passives stay counted in the tree's notice). */
export function useClusterData(wanted: boolean): ClustersBundle | null {
  const [bundle, setBundle] = useState<ClustersBundle | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    loadClusters().then((b) => live && setBundle(b), () => undefined);
    return () => {
      live = false;
    };
  }, [wanted]);
  return wanted ? bundle : null;
}
