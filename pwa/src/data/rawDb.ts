/**
 * The one read that bypasses Dexie: the landing page's first cached page and the like
 * overrides, read with the IndexedDB API on boot. Offline this read is what the first cards
 * wait for, and it starts in the app's first module (app/boot.ts), before Dexie has loaded;
 * through Dexie it would wait for Dexie's chunk to load and evaluate and for its open. It
 * only reads, at whatever version the database is, and closes again; every write and every
 * other read goes through Dexie (db.ts), whose schema names these stores (schema.ts).
 */
import type { CachedList, LikeOverride, OutboxEntry } from "./db";
import { mergeOverrides, pendingLikes } from "./likes";
import { DB_NAME, OUTBOX_KIND_INDEX, STORE } from "./schema";
import type { BuildPage } from "./types";

const LIKE_KIND: OutboxEntry["kind"] = "like";

/** The database if it exists with the stores we read; null otherwise (a first visit: Dexie creates it, with its schema). */
export function openExisting(name = DB_NAME): Promise<IDBDatabase | null> {
  return new Promise((resolve) => {
    let req: IDBOpenDBRequest;
    try {
      req = indexedDB.open(name);
    } catch {
      resolve(null); // no IndexedDB (some private modes)
      return;
    }
    // Opening without a version creates a missing database at version 1, with no stores, which Dexie would then upgrade
    // from; aborting the upgrade leaves no database behind.
    req.onupgradeneeded = () => req.transaction?.abort();
    req.onerror = (e) => {
      e.preventDefault();
      resolve(null);
    };
    req.onsuccess = () => {
      const db = req.result;
      // Never hold up Dexie's upgrade to a newer schema.
      db.onversionchange = () => db.close();
      if (Object.values(STORE).every((s) => db.objectStoreNames.contains(s))) resolve(db);
      else {
        db.close();
        resolve(null);
      }
    };
  });
}

export interface BootRead {
  /** The list's first cached page, if any. */
  page: BuildPage | undefined;
  /** Accepted overrides and pending likes, as readLikeOverrides (likes.ts) answers them. */
  overrides: Map<string, LikeOverride>;
}

/**
 * The first cached page of the list `key` (what loadListPage answers offline) and the like
 * overrides, in one read transaction. Null when there is no database to read or the read failed.
 */
export async function readFirstPageRaw(key: string, name = DB_NAME): Promise<BootRead | null> {
  const db = await openExisting(name);
  if (!db) return null;
  try {
    return await new Promise<BootRead | null>((resolve) => {
      const tx = db.transaction([STORE.lists, STORE.likeOverrides, STORE.outbox], "readonly");
      const list = tx.objectStore(STORE.lists).get(key) as IDBRequest<CachedList | undefined>;
      const accepted = tx.objectStore(STORE.likeOverrides).getAll() as IDBRequest<LikeOverride[]>;
      const pending = tx.objectStore(STORE.outbox).index(OUTBOX_KIND_INDEX).getAll(LIKE_KIND) as IDBRequest<OutboxEntry[]>;
      // Answered with the last request's result, not the transaction's complete event a task later
      // (requests of one transaction succeed in the order they were made).
      pending.onsuccess = () =>
        resolve({ page: list.result?.pages[0], overrides: mergeOverrides(accepted.result, pendingLikes(pending.result)) });
      tx.onerror = tx.onabort = () => resolve(null);
    });
  } catch {
    return null;
  } finally {
    db.close();
  }
}
