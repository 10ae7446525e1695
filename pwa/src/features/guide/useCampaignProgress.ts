/** Progress for one character: restored (clamped) once the step counts are known, saved on every change. */
import { useCallback, useEffect, useState } from "react";
import { loadProgress, saveProgress, type CampaignProgress } from "../../data/guideProgress";

export function useCampaignProgress(characterId: string, stepCounts: number[] | null) {
  const [progress, setProgress] = useState<CampaignProgress | null>(null);
  const countsKey = stepCounts?.join(",") ?? null;

  useEffect(() => {
    if (!stepCounts) return;
    let live = true;
    setProgress(null);
    loadProgress(characterId, stepCounts)
      .catch(() => ({ act: 0, steps: stepCounts.map(() => 0) }))
      .then((p) => live && setProgress(p));
    return () => {
      live = false;
    };
    // stepCounts is compared by value through countsKey.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [characterId, countsKey]);

  const update = useCallback(
    (next: CampaignProgress) => {
      setProgress(next);
      saveProgress(characterId, next).catch((e: unknown) => console.warn("guide: could not save progress", e));
    },
    [characterId],
  );

  return [progress, update] as const;
}
