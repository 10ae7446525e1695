import { createContext, createElement, useContext, type ReactNode } from "react";
import type { LikeOverride } from "../../data/db";
import { effectiveLike, readLikeOverrides, type LikeState } from "../../data/likes";
import { useLazyLiveQuery } from "../../data/useLazyLiveQuery";
import { whenIdle } from "../../ui/idle";

const NONE = new Map<string, LikeOverride>();

/**
 * Live like overrides (accepted and pending), so every card and the build view show the same
 * effective count. `initial` shows until the live query, which starts after the first paint
 * (or `start`), answers.
 */
export function useLikeOverrides(
  initial: Map<string, LikeOverride> = NONE,
  enabled = true,
  start?: (go: () => void) => () => void,
): Map<string, LikeOverride> {
  return useLazyLiveQuery(enabled ? readLikeOverrides : null, [enabled], initial, start);
}

const Shared = createContext<Map<string, LikeOverride> | null>(null);

/**
 * One live query for a whole list of cards: each card querying Dexie on its own
 * was a transaction and a re-render per card on the way to the first screen. The list
 * was read with its overrides (`initial`), so the query is boot work the first screen
 * does not need: it starts when the browser is idle after it (ui/idle.ts).
 */
export function LikeOverridesProvider({ initial, children }: { initial?: Map<string, LikeOverride> | null; children: ReactNode }) {
  return createElement(Shared.Provider, { value: useLikeOverrides(initial ?? NONE, true, whenIdle) }, children);
}

/** The effective like of one build; `intent`, a like still on its way, wins over the live overrides. */
export function useEffectiveLike(buildId: string, server: LikeState, intent: boolean | null = null): LikeState {
  const shared = useContext(Shared);
  // Outside a provider (the build view), its own live query; inside, none.
  const own = useLikeOverrides(NONE, shared === null);
  const now = Date.now();
  const override = intent === null ? (shared ?? own).get(buildId) : { buildId, liked: intent, at: now };
  return effectiveLike(server, override, now);
}
