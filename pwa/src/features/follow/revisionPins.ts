/**
 * The revision a character is tracking, when the player chose to stay on an earlier revision of
 * its attached build (issue 36). Kept on this device (localStorage), per character.
 */
export interface RevisionPin {
  buildId: string;
  revision: number;
}

const key = (characterId: string) => `waypoint:tracker-revision:${characterId}`;

export function readPin(characterId: string): RevisionPin | null {
  try {
    const v = JSON.parse(localStorage.getItem(key(characterId)) ?? "null") as RevisionPin | null;
    return v && typeof v.buildId === "string" && Number.isInteger(v.revision) && v.revision >= 1 ? v : null;
  } catch {
    return null;
  }
}

export function writePin(characterId: string, pin: RevisionPin | null): void {
  if (pin) localStorage.setItem(key(characterId), JSON.stringify(pin));
  else localStorage.removeItem(key(characterId));
}

/** The revision to show for the attached build: the pin when it names this build and an earlier revision. */
export function pinnedRevision(pin: RevisionPin | null, buildId: string, newest: number): number | null {
  return pin && pin.buildId === buildId && pin.revision < newest ? pin.revision : null;
}
