/** Words for what the log told, for the guide's panel. */
import type { CharacterLog, FollowState } from "./follow";

/** 3,381,000 ms -> "56:21"; an hour or more -> "1:00:30". */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, "0");
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

/** "Wanderer, Deadeye, level 33" with what is known so far. */
export function characterLine(c: CharacterLog): string {
  return [c.name, c.className, c.level !== null ? `level ${c.level}` : null].filter(Boolean).join(", ");
}

/** The acts played, in order, with their time. */
export function actTimes(c: CharacterLog): { act: number; time: string }[] {
  return c.actMs.flatMap((ms, i) => (ms > 0 ? [{ act: i + 1, time: formatDuration(ms) }] : []));
}

/** The level the log last gave a character of this name (the game's names are unique), or null. */
export function logLevelOf(state: FollowState | null, name: string): number | null {
  return state?.characters[name]?.level ?? null;
}

/** The character the panel shows: the one this guide is bound to, else the one playing now. */
export function shownCharacter(state: FollowState | null, boundTo: string | null): CharacterLog | null {
  if (!state) return null;
  const name = boundTo ?? state.current;
  return name ? (state.characters[name] ?? null) : null;
}
