/**
 * Unsynced work survives a logout: entries still in the outbox when a user logs out anyway
 * are parked under that account, and go back into the outbox (same order, same
 * Idempotency-Keys, so a replay the server already has is answered from its record) at the
 * account's next sign-in on this device. Other accounts never see them.
 */
import type { OutboxEntry, ParkedEntry, WaypointDb } from "./db";

/** Move every outbox entry under `account`; returns how many were parked. */
export async function parkOutbox(db: WaypointDb, account: string): Promise<number> {
  return db.transaction("rw", db.outbox, db.parked, async () => {
    const entries = await db.outbox.orderBy("seq").toArray();
    await db.parked.bulkAdd(entries.map(({ seq: _seq, ...entry }) => ({ ...entry, account })));
    await db.outbox.clear();
    return entries.length;
  });
}

/** Put `account`'s parked entries back at the end of the outbox, oldest first; returns how many. */
export async function restoreParked(db: WaypointDb, account: string): Promise<number> {
  return db.transaction("rw", db.outbox, db.parked, async () => {
    const parked = await db.parked.where("account").equals(account).sortBy("id");
    for (const { id: _id, account: _account, ...entry } of parked) {
      // A newer intent for the same like or attachment already queued wins, as in the outbox.
      if (await db.outbox.where("key").equals(entry.key).count()) continue;
      await db.outbox.add(entry as OutboxEntry);
    }
    await db.parked.where("account").equals(account).delete();
    return parked.length;
  });
}
