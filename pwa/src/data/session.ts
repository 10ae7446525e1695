/**
 * Session state (spec §3, §4): the identity and the realm live in local
 * storage, so the sidebar knows at first paint who is logged in without
 * opening IndexedDB. A tiny external store lets React subscribe.
 */
import { REALMS, type Identity, type Realm } from "./types";

export const IDENTITY_KEY = "waypoint:identity";
export const REALM_KEY = "waypoint:realm";
export const CHARACTER_KEY = "waypoint:selected-character";

export function parseRealm(value: unknown): Realm {
  return REALMS.some((r) => r.value === value) ? (value as Realm) : "pc";
}

/** Accepted only if both fields are strings. */
export function parseIdentity(value: unknown): Identity | null {
  if (!value || typeof value !== "object") return null;
  const { displayName, expiresOn } = value as Record<string, unknown>;
  if (typeof displayName !== "string" || typeof expiresOn !== "string") return null;
  return { displayName, expiresOn };
}

export function isExpired(identity: Identity, now: number): boolean {
  const t = Date.parse(identity.expiresOn);
  return Number.isNaN(t) || t < now;
}

export interface AuthCompletion {
  identity: Identity;
  realm: Realm;
  returnPath: string;
}

/** The auth-completion query: all of displayName, expiresOn, initialRealm are required. */
export function parseAuthCompletion(params: URLSearchParams): AuthCompletion | null {
  const displayName = params.get("displayName");
  const expiresOn = params.get("expiresOn");
  const initialRealm = params.get("initialRealm");
  if (!displayName || !expiresOn || initialRealm === null) return null;
  return { identity: { displayName, expiresOn }, realm: parseRealm(initialRealm), returnPath: safeReturnPath(params.get("returnPath")) };
}

/** Only same-origin paths: a crafted returnPath must not send the user elsewhere. */
export function safeReturnPath(path: string | null): string {
  if (!path || !path.startsWith("/") || path.startsWith("//")) return "/build/browse";
  return path;
}

export interface SessionSnapshot {
  identity: Identity | null;
  realm: Realm;
  /** A 401 was seen; the 'Session expired' dialog is open. */
  expired: boolean;
}

const listeners = new Set<() => void>();

function read(): SessionSnapshot {
  let identity: Identity | null = null;
  try {
    identity = parseIdentity(JSON.parse(localStorage.getItem(IDENTITY_KEY) ?? "null"));
  } catch {
    identity = null;
  }
  if (identity && isExpired(identity, Date.now())) identity = null;
  return { identity, realm: parseRealm(localStorage.getItem(REALM_KEY)), expired: false };
}

let snapshot: SessionSnapshot | null = null;

function set(next: Partial<SessionSnapshot>) {
  snapshot = { ...getSession(), ...next };
  for (const l of listeners) l();
}

export function getSession(): SessionSnapshot {
  snapshot ??= typeof localStorage === "undefined" ? { identity: null, realm: "pc", expired: false } : read();
  return snapshot;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function storeIdentity(identity: Identity, realm: Realm) {
  localStorage.setItem(IDENTITY_KEY, JSON.stringify(identity));
  writeRealm(realm);
  set({ identity, realm, expired: false });
}

export function setRealm(realm: Realm) {
  writeRealm(realm);
  set({ realm });
}

/** The selected character belongs to a realm, so it is forgotten when the realm changes. */
function writeRealm(realm: Realm) {
  if (localStorage.getItem(REALM_KEY) !== realm) localStorage.removeItem(CHARACTER_KEY);
  localStorage.setItem(REALM_KEY, realm);
}

/** Forget the user locally (the caller also clears the Dexie caches). */
export function forgetIdentity() {
  for (const key of Object.keys(localStorage)) if (key.startsWith("waypoint:") && key !== "waypoint:sidebar-expanded") localStorage.removeItem(key);
  set({ identity: null, expired: false });
}

/**
 * A 401 (spec §4): the 'Session expired' dialog opens, and the identity is
 * forgotten as the logout handler would (the session is gone on the server).
 * Everything else in local storage stays. One dialog at a time: repeated 401s
 * while it is open change nothing, and only a logged-in user can have an
 * expired session. True when this call ended the session.
 */
export function markExpired(): boolean {
  const s = getSession();
  if (s.expired || !s.identity) return false;
  localStorage.removeItem(IDENTITY_KEY);
  set({ expired: true, identity: null });
  return true;
}
