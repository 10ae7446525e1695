/**
 * Character reads and the attach mutation. Reads go to the server and land in
 * Dexie with the time they were fetched; a failed read answers from Dexie with
 * that age (spec §8: a failed fetch returns cached data if present). Attaching
 * is optimistic: the attachment is stored at once and reverted on a refusal;
 * offline it waits in the outbox.
 */
import { ApiRequestError, request, type RequestOptions } from "./api";
import type { Character } from "./character";
import { CHARACTER_KEY } from "./session";
import type { CachedAttachment, WaypointDb } from "./db";
import { attachIntent, type Outbox } from "./outbox";
import { requestPersistence } from "./persist";
import type { AttachedBuild, CharacterSummary, Realm } from "./types";

type Fetch = typeof request;

export interface Cached<T> {
  value: T;
  fromCache: boolean;
  /** ms epoch when the value was fetched from the server. */
  savedAt: number;
  error?: ApiRequestError;
}

/** Answers that must not be hidden behind the cache: the server said no. */
function isDefinitive(err: unknown): boolean {
  return err instanceof ApiRequestError && err.failure.kind === "http" && (err.status ?? 0) < 500 && err.status !== 408 && err.status !== 429;
}

function rethrowUnlessCacheable(err: unknown): void {
  if (isDefinitive(err) || (err as ApiRequestError)?.failure?.kind === "cancelled") throw err;
}

const listPath = (realm: Realm) => `/Character/character/${realm}`;

/** The realm's characters (no retries: a 429 is shown, not hammered). */
export async function loadCharacters(db: WaypointDb, realm: Realm, opts: RequestOptions = {}, fetcher: Fetch = request): Promise<Cached<CharacterSummary[]>> {
  try {
    const list = await fetcher<CharacterSummary[]>("GET", listPath(realm), { retries: 0, ...opts });
    const now = Date.now();
    await db.transaction("rw", db.characters, async () => {
      const gone = (await db.characters.where("realm").equals(realm).primaryKeys()).filter((id) => !list.some((c) => c.id === id));
      await db.characters.bulkDelete(gone);
      for (const c of list) {
        const prev = await db.characters.get(c.id);
        await db.characters.put({ ...prev, ...c, savedAt: now });
      }
    });
    return { value: list, fromCache: false, savedAt: now };
  } catch (err) {
    rethrowUnlessCacheable(err);
    const cached = await db.characters.where("realm").equals(realm).toArray();
    // Every entry of one list answer carries that answer's time; the oldest is the list's age.
    if (!cached.length) throw err;
    const saved = Math.min(...cached.map((c) => c.savedAt));
    return { value: cached.map(({ detail: _d, detailSavedAt: _s, savedAt: _a, ...c }) => c), fromCache: true, savedAt: saved, error: err as ApiRequestError };
  }
}

/** One character in detail, cached with the list entry. */
export async function loadCharacterDetail(
  db: WaypointDb, realm: Realm, id: string, name: string, opts: RequestOptions = {}, fetcher: Fetch = request,
): Promise<Cached<Character>> {
  try {
    const detail = await fetcher<Character>("GET", `${listPath(realm)}/${encodeURIComponent(name)}`, { retries: 0, ...opts });
    const now = Date.now();
    const prev = await db.characters.get(id);
    const summary: CharacterSummary = { id, name: detail.name, realm, class: detail.class, league: detail.league, level: detail.level, experience: detail.experience };
    await db.characters.put({ ...prev, ...summary, detail, detailSavedAt: now, savedAt: prev?.savedAt ?? now });
    return { value: detail, fromCache: false, savedAt: now };
  } catch (err) {
    rethrowUnlessCacheable(err);
    const cached = await db.characters.get(id);
    if (!cached?.detail) throw err;
    return { value: cached.detail as Character, fromCache: true, savedAt: cached.detailSavedAt ?? cached.savedAt, error: err as ApiRequestError };
  }
}

const attachPath = (characterId: string) => `/Character/${encodeURIComponent(characterId)}/attached-build`;

/**
 * The build attached to a character, or null (204). A pending attach in the
 * outbox wins over the server's answer: it is the user's newest intent.
 */
export async function loadAttachment(db: WaypointDb, characterId: string, opts: RequestOptions = {}, fetcher: Fetch = request): Promise<Cached<AttachedBuild | null>> {
  const pending = await db.outbox.where("key").equals(attachIntent(characterId, "").key).count();
  const cached = await db.attachments.get(characterId);
  if (pending && cached?.buildId) return { value: cached as AttachedBuild, fromCache: true, savedAt: cached.savedAt };
  try {
    const att = await fetcher<AttachedBuild | undefined>("GET", attachPath(characterId), opts);
    const now = Date.now();
    await db.attachments.put({ characterId, ...(att ?? {}), savedAt: now });
    return { value: att ?? null, fromCache: false, savedAt: now };
  } catch (err) {
    rethrowUnlessCacheable(err);
    if (!cached) throw err;
    return { value: cached.buildId ? (cached as AttachedBuild) : null, fromCache: true, savedAt: cached.savedAt, error: err as ApiRequestError };
  }
}

export type AttachOutcome = "attached" | "queued";

/**
 * Attach a build: stored locally first (the tracker shows it at once), then
 * sent. Offline or with the server unreachable the intent waits in the outbox;
 * a refusal (class mismatch, unknown build) restores the previous attachment
 * and is thrown.
 */
export async function attachBuild(
  db: WaypointDb,
  outbox: Outbox,
  realm: Realm,
  characterId: string,
  build: { buildId: string; slug: string },
  fetcher: Fetch = request,
): Promise<AttachOutcome> {
  const previous = await db.attachments.get(characterId);
  void requestPersistence("attached character");
  const optimistic: CachedAttachment = { characterId, buildId: build.buildId, slug: build.slug, pobUrl: `/api/Build/${build.slug}`, savedAt: Date.now() };
  await db.attachments.put(optimistic);
  const intent = { ...attachIntent(characterId, build.buildId), path: `${attachIntent(characterId, build.buildId).path}?realm=${realm}` };
  if (typeof navigator !== "undefined" && navigator.onLine === false) {
    await outbox.enqueue(intent);
    return "queued";
  }
  try {
    const att = await fetcher<AttachedBuild>("POST", intent.path, { body: intent.body, retries: 0 });
    await db.attachments.put({ characterId, ...att, savedAt: Date.now() });
    return "attached";
  } catch (err) {
    const e = err as ApiRequestError;
    if (e instanceof ApiRequestError && e.offline) {
      await outbox.enqueue(intent);
      return "queued";
    }
    if (previous) await db.attachments.put(previous);
    else await db.attachments.delete(characterId);
    throw err;
  }
}

// ---- the selected character, remembered per realm (session.ts forgets it when the realm changes) ----

const listeners = new Set<() => void>();

export function selectedCharacterId(): string | null {
  return typeof localStorage === "undefined" ? null : localStorage.getItem(CHARACTER_KEY);
}

export function selectCharacter(id: string | null): void {
  if (id) localStorage.setItem(CHARACTER_KEY, id);
  else localStorage.removeItem(CHARACTER_KEY);
  for (const l of listeners) l();
}

export function subscribeSelectedCharacter(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => e.key === CHARACTER_KEY && listener();
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}
