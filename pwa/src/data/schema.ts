/**
 * The database's name and the store and index names read outside Dexie: db.ts declares its
 * schema with these, and the boot read (rawDb.ts) opens the same stores by the same names.
 * Types only from db.ts, so this module loads without Dexie.
 */
import type { OutboxEntry, WaypointDb } from "./db";

export const DB_NAME = "waypoint";

export const STORE = {
  lists: "lists",
  likeOverrides: "likeOverrides",
  outbox: "outbox",
} as const satisfies Record<string, keyof WaypointDb>;

/** The outbox's index on the entry kind (Dexie names an index after its key path). */
export const OUTBOX_KIND_INDEX = "kind" satisfies keyof OutboxEntry;
