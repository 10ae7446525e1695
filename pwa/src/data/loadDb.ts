import type { WaypointDb } from "./db";

/**
 * The app's database (db.ts), loading Dexie on first use: a page that imports this instead
 * of db.ts renders its first screen without Dexie's chunk on the way (the build browser's
 * first page offline is read before Dexie loads, data/rawDb.ts).
 */
export const loadDb = (): Promise<WaypointDb> => import("./db").then((m) => m.getDb());
