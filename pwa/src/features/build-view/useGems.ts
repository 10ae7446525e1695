import { useEffect, useState } from "react";
import type { GemInfo, GemsBundle } from "../../data/gameDataTypes";

let cache: Promise<GemsBundle | null> | undefined;

/** The game-data gem bundle; null when it cannot load (gem tooltips then show planner data only). */
export function useGemsBundle(): GemsBundle | null {
  const [gems, setGems] = useState<GemsBundle | null>(null);
  useEffect(() => {
    cache ??= import("../../data/gameData").then((m) => m.loadGems()).catch((err) => {
      console.warn("gem metadata unavailable", err);
      cache = undefined;
      return null;
    });
    let live = true;
    cache.then((g) => live && setGems(g));
    return () => {
      live = false;
    };
  }, []);
  return gems;
}

export function gemInfo(bundle: GemsBundle | null, gemId: string, name: string): GemInfo | undefined {
  if (!bundle) return undefined;
  return bundle.gems[gemId] ?? bundle.gems[bundle.byName[name] ?? ""] ?? bundle.gems[bundle.byName[name.replace(/ Support$/, "")] ?? ""];
}
