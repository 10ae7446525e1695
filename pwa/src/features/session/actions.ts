/**
 * Session actions shared by the sidebar, the dialogs and the login prompts:
 * login through the server's provider, logout that forgets everything local except
 * the account's unsynced changes.
 */
import { notifications } from "@mantine/notifications";
import { api } from "../../data/api";
import { forgetIdentity, getSession, setRealm } from "../../data/session";
import type { Realm } from "../../data/types";

let loginOpen = false;
const listeners = new Set<() => void>();
export const loginDialog = {
  get: () => loginOpen,
  subscribe: (l: () => void) => {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  open: () => {
    loginOpen = true;
    listeners.forEach((l) => l());
  },
  close: () => {
    loginOpen = false;
    listeners.forEach((l) => l());
  },
};

const currentPath = () => `${window.location.pathname}${window.location.search}`;

/** Ask the server where to sign in, then go there. */
export async function login(realm: Realm, returnPath = currentPath()): Promise<void> {
  setRealm(realm);
  try {
    const data = await api.post<{ returnPath?: string }>("/auth/login", { ReturnPath: returnPath, InitialRealm: realm }, { retries: 0 });
    if (!data?.returnPath) {
      console.error("login answer has no returnPath", data);
      return;
    }
    window.location.assign(data.returnPath);
  } catch (err) {
    console.error("login failed", err);
    notifications.show({ title: "failed to login", message: "please try again", color: "red", autoClose: 3000 });
  }
}

/** Before logging out: try to send what waits in the outbox; resolves with how many changes still wait. */
export async function syncBeforeLogout(): Promise<number> {
  const { getOutbox } = await import("../../data/sync");
  try {
    return (await getOutbox().flush()).remaining;
  } catch (err) {
    console.error("sync before logout failed", err);
    return getOutbox().count();
  }
}

/**
 * Logout clears the session on the server (failures only reported), every cache and the identity.
 * Changes that have not synced are kept for this account (parked) and replayed at its next sign-in.
 */
export async function logout(): Promise<void> {
  const account = getSession().identity?.account;
  await api.post("/auth/logout", undefined, { retries: 0 }).catch((err) => console.error("logout failed", err));
  try {
    const { getDb, clearUserData } = await import("../../data/db");
    if (account) {
      const { parkOutbox } = await import("../../data/parked");
      await parkOutbox(getDb(), account);
    }
    await clearUserData(getDb());
  } catch (err) {
    console.error("clearing local data failed", err);
  }
  if ("caches" in window) {
    const names = await caches.keys();
    await Promise.all(names.filter((n) => n.startsWith("api-")).map((n) => caches.delete(n)));
  }
  forgetIdentity();
}
