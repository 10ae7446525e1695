// Find a planner gem in the gems bundle: its transfigured variant, by metadata
// id, by an older id spelling, then by display name (with or without " Support").

import type { GemInfo, GemsBundle } from "./gameDataTypes";

export interface FoundGem {
  id: string;
  gem: GemInfo;
}

export function findGem(bundle: GemsBundle, gemId?: string | null, name?: string | null): FoundGem | null {
  const candidates: (string | undefined)[] = [];
  const trimmed = name?.trim();
  // A transfigured gem ("Arc of Surging") keeps its base gem's id in planner exports;
  // its own entry is that id plus the variant suffix (SkillGemArcAltX).
  const named = trimmed ? bundle.byName[trimmed] : undefined;
  if (gemId && named && named !== gemId && named.startsWith(gemId) && /Alt[XYZ]$/.test(named)) candidates.push(named);
  if (gemId) candidates.push(gemId, bundle.aliases?.[gemId]);
  if (trimmed) candidates.push(bundle.byName[trimmed], bundle.byName[trimmed.replace(/ Support$/, "")]);
  for (const id of candidates) {
    if (id && bundle.gems[id]) return { id, gem: bundle.gems[id] };
  }
  return null;
}
