// Find a planner gem in the gems bundle: by metadata id, by an older id
// spelling, then by display name (with or without " Support").

import type { GemInfo, GemsBundle } from "./gameDataTypes";

export interface FoundGem {
  id: string;
  gem: GemInfo;
}

export function findGem(bundle: GemsBundle, gemId?: string | null, name?: string | null): FoundGem | null {
  const candidates: (string | undefined)[] = [];
  if (gemId) candidates.push(gemId, bundle.aliases?.[gemId]);
  const trimmed = name?.trim();
  if (trimmed) candidates.push(bundle.byName[trimmed], bundle.byName[trimmed.replace(/ Support$/, "")]);
  for (const id of candidates) {
    if (id && bundle.gems[id]) return { id, gem: bundle.gems[id] };
  }
  return null;
}
