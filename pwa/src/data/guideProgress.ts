/**
 * Campaign progress per character (spec: '{product}:campaign-progress:{characterId}'):
 * the selected act and the selected step of every act. Kept in its own small
 * Dexie database so the guide never needs a migration of the main schema.
 * Progress is local only (DESIGN: "Campaign progress is local").
 */
import Dexie, { type EntityTable } from "dexie";

export const PRODUCT = "waypoint";
export const GUIDE_DB_NAME = "waypoint-guide";

export interface CampaignProgress {
  /** 0-based act tab. */
  act: number;
  /** 0-based selected step per act. */
  steps: number[];
}

interface ProgressRow extends CampaignProgress {
  key: string;
  savedAt: number;
}

export class GuideDatabase extends Dexie {
  progress!: EntityTable<ProgressRow, "key">;

  constructor(name = GUIDE_DB_NAME) {
    super(name);
    this.version(1).stores({ progress: "key" });
  }
}

let shared: GuideDatabase | null = null;
export function guideDb(): GuideDatabase {
  shared ??= new GuideDatabase();
  return shared;
}

export function progressKey(characterId: string): string {
  return `${PRODUCT}:campaign-progress:${characterId}`;
}

function clampInt(value: unknown, max: number): number {
  const n = typeof value === "number" && Number.isFinite(value) ? Math.trunc(value) : 0;
  return Math.min(Math.max(n, 0), Math.max(max, 0));
}

/**
 * Stored progress fitted to the guide as it is now: acts and steps are
 * clamped into range (the route may have changed since it was saved), and
 * anything malformed falls back to the start.
 */
export function clampProgress(stored: unknown, stepCounts: readonly number[]): CampaignProgress {
  const s = (stored ?? {}) as Partial<CampaignProgress>;
  const steps = Array.isArray(s.steps) ? s.steps : [];
  return {
    act: clampInt(s.act, stepCounts.length - 1),
    steps: stepCounts.map((count, i) => clampInt(steps[i], count - 1)),
  };
}

export async function loadProgress(characterId: string, stepCounts: readonly number[], db = guideDb()): Promise<CampaignProgress> {
  const row = await db.progress.get(progressKey(characterId));
  return clampProgress(row, stepCounts);
}

export async function saveProgress(characterId: string, progress: CampaignProgress, db = guideDb()): Promise<void> {
  await db.progress.put({ key: progressKey(characterId), act: progress.act, steps: [...progress.steps], savedAt: Date.now() });
}
