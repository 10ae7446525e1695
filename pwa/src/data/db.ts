/**
 * The PWA's source of truth (IndexedDB through Dexie). The server is where it
 * syncs: reads are cached here and served from here when the network fails;
 * mutations wait in the outbox until the server has them.
 */
import Dexie, { type EntityTable } from "dexie";
import type { PlannerBuild } from "@workers/planner/types";
import { DB_NAME, OUTBOX_KIND_INDEX, STORE } from "./schema";
import type { AttachedBuild, BuildInfo, BuildPage, BuildSummary, CharacterSummary } from "./types";

export interface CachedBuild {
  buildId: string;
  slug: string;
  summary?: BuildSummary;
  info?: BuildInfo;
  savedAt: number;
}

/** A decoded planner build, keyed by its planner code (decoding is pure, so it is cached forever). */
export interface CachedPlanner {
  code: string;
  build: PlannerBuild;
  savedAt: number;
}

/** Every page loaded so far for one list (source + applied filters). */
export interface CachedList {
  key: string;
  pages: BuildPage[];
  savedAt: number;
}

export interface CachedCharacter extends CharacterSummary {
  detail?: unknown;
  /** When the detail was fetched (the list entry has its own savedAt). */
  detailSavedAt?: number;
  savedAt: number;
}

export interface LikeOverride {
  buildId: string;
  liked: boolean;
  /** ms epoch when the user toggled; the override lapses after 24 h. */
  at: number;
}

export interface CachedAttachment extends Partial<AttachedBuild> {
  characterId: string;
  savedAt: number;
}

export type OutboxKind = "like" | "attach" | "publish" | "follow" | "revision";

export interface OutboxEntry {
  seq?: number;
  kind: OutboxKind;
  /** Entries with the same key coalesce: only the latest intent is kept. */
  key: string;
  method: "POST";
  path: string;
  body: unknown;
  idempotencyKey: string;
  createdAt: number;
  attempts: number;
  lastError?: string;
}

/** Outbox entries of an account that logged out before they synced; replayed at its next sign-in. */
export type ParkedEntry = OutboxEntry & { id?: number; account: string };

/** The step editor's work, saved as the user goes so a reload or a crash loses nothing. */
export interface BuildDraft {
  /** The client build id the publish carries (so a replay is the same build). */
  buildId: string;
  /** What the user loaded: a link, a code or a file name. */
  source: string;
  /** The planner code to publish (raw XML is encoded first). */
  code: string;
  steps: { key: string; title: string; equipmentSetId: string | null; passiveTreeId: string | null; skillSetId: string | null }[];
  active: number;
  /** Main, secondary, tertiary skill. */
  skills: (string | null)[];
  /** editing -> waiting (in the outbox) -> published; a refusal goes back to editing with errors. */
  status: "editing" | "waiting" | "published";
  slug?: string;
  /** The server's messages when it refused the publish (422). */
  errors?: string[];
  /** A new revision of a published build (issue 36): the build, its link and the revision it is based on. */
  revisionOf?: { buildId: string; slug: string; base: number };
  /** The creator's note for the revision. */
  note?: string;
  /** The server refused the revision: its base is not the newest any more (409 stale_revision). */
  stale?: boolean;
  updatedAt: number;
}

/** The last system notification shown for a followed build's revision (issue 36; features/follow/notifyRule.ts). */
export interface NotifiedBuild {
  buildId: string;
  at: number;
  revision: number;
}

/** A setting of this device that the service worker reads too (it has no localStorage). */
export interface DevicePref {
  key: "notifyUpdates";
  value: boolean;
}

export type WaypointDb = Dexie & {
  builds: EntityTable<CachedBuild, "buildId">;
  planner: EntityTable<CachedPlanner, "code">;
  lists: EntityTable<CachedList, "key">;
  characters: EntityTable<CachedCharacter, "id">;
  likeOverrides: EntityTable<LikeOverride, "buildId">;
  attachments: EntityTable<CachedAttachment, "characterId">;
  outbox: EntityTable<OutboxEntry, "seq">;
  parked: EntityTable<ParkedEntry, "id">;
  drafts: EntityTable<BuildDraft, "buildId">;
  notified: EntityTable<NotifiedBuild, "buildId">;
  prefs: EntityTable<DevicePref, "key">;
};

export function openDb(name = DB_NAME): WaypointDb {
  const db = new Dexie(name) as WaypointDb;
  db.version(1).stores({
    builds: "buildId, slug, savedAt",
    planner: "code",
    [STORE.lists]: "key, savedAt",
    characters: "id, realm, name",
    [STORE.likeOverrides]: "buildId, at",
    attachments: "characterId",
    [STORE.outbox]: `++seq, key, ${OUTBOX_KIND_INDEX}`,
    settings: "key",
  });
  // The settings table mirrored the session and was never read.
  db.version(2).stores({ settings: null });
  db.version(3).stores({ drafts: "buildId, updatedAt, status" });
  // Logout keeps unsynced work per account (clearUserData leaves this table alone).
  db.version(4).stores({ parked: "++id, account" });
  // System notifications of followed builds' revisions: the opt-in and one mark a build (the service worker opens this too).
  db.version(5).stores({ notified: "buildId", prefs: "key" });
  return db;
}

let shared: WaypointDb | undefined;

/** The app's database (one per page). */
export function getDb(): WaypointDb {
  shared ??= openDb();
  return shared;
}

/**
 * Logout: everything cached for the user goes; the outbox, build drafts and notification marks too, since they
 * carry the user's intents and follows, unless `keepOutbox` (a 401: unsynced work waits for the next login, and
 * the marks keep a build's revision from being told twice after signing in again).
 */
export async function clearUserData(db: WaypointDb, { keepOutbox = false } = {}): Promise<void> {
  const tables = [db.builds, db.lists, db.characters, db.likeOverrides, db.attachments, ...(keepOutbox ? [] : [db.outbox, db.drafts, db.notified])];
  await db.transaction("rw", tables, () => Promise.all(tables.map((t) => t.clear())));
}
