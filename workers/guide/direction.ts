/**
 * Direction index for `{dir|angle}`: the angle in degrees, normalised to
 * 0-359, divided into 45-degree slices -> 0..7 (0 = up/north, clockwise).
 * Route authors write multiples of 45, which land on the arrows exactly.
 */
export function directionIndex(angle: number): number {
  const normalised = ((angle % 360) + 360) % 360;
  return Math.floor(normalised / 45) % 8;
}

export const DIRECTION_ARROWS = ["↑", "↗", "→", "↘", "↓", "↙", "←", "↖"] as const;

/** Shown as one of 8 arrows by index mod 8. */
export function directionArrow(index: number): string {
  return DIRECTION_ARROWS[((index % 8) + 8) % 8];
}
