/**
 * A 401 on any /api/ call: the one 'Session expired' dialog, and the logout
 * handler's local part. The identity and the user's caches go; the outbox stays,
 * so work not yet synced is sent after the next login.
 */
import { clearUserData, getDb } from "./db";
import { markExpired } from "./session";

export async function sessionExpired(): Promise<void> {
  if (!markExpired()) return;
  try {
    await clearUserData(getDb(), { keepOutbox: true });
  } catch (err) {
    console.error("clearing local data failed", err);
  }
}
