/** The followed log and each guide's tie to it, in the guide's own database (data/guideProgress.ts, version 2). */
import { guideDb, type GameLogBindingRow, type GameLogRow, type GuideDatabase } from "../../../data/guideProgress";
import { emptyFollowState } from "./follow";

export const GAME_LOG_KEY = "client-log";

export async function loadGameLog(db: GuideDatabase = guideDb()): Promise<GameLogRow | null> {
  return (await db.gameLog.get(GAME_LOG_KEY)) ?? null;
}

export async function saveGameLog(row: Omit<GameLogRow, "key" | "savedAt">, db: GuideDatabase = guideDb()): Promise<void> {
  await db.gameLog.put({ ...row, key: GAME_LOG_KEY, savedAt: Date.now() });
}

/**
 * A newly picked file: read from its end. What earlier files told (characters,
 * entry numbers) carries on, so guides that applied entries do not apply them again.
 */
export function pickedRow(handle: FileSystemFileHandle, previous: GameLogRow | null): Omit<GameLogRow, "key" | "savedAt"> {
  const state = previous?.state ?? emptyFollowState();
  return { handle, fileName: handle.name, offset: null, mark: null, state: { ...state, lastTime: null, areaAct: null } };
}

export async function loadBinding(guideCharacterId: string, db: GuideDatabase = guideDb()): Promise<GameLogBindingRow> {
  return (await db.gameLogBindings.get(guideCharacterId)) ?? { key: guideCharacterId, character: null, seq: 0 };
}

export async function saveBinding(row: GameLogBindingRow, db: GuideDatabase = guideDb()): Promise<void> {
  await db.gameLogBindings.put(row);
}
